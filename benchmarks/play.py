"""``frontierzoo play GAME``: a person plays in the terminal against bots.

Each time the person is to decide, the board is drawn as text from their seat (others' hands
hidden) and their legal moves are listed in words, numbered. They answer with a number; anything
else gets a clear message and a new prompt. ``q`` or the end of input quits. The bots' moves are
printed in words as they are made. At the end the whole board is shown, hands and all, with the
result.
"""
from __future__ import annotations

import sys

import numpy as np

QUIT = {"q", "quit", "exit"}
BOARD = {"b", "board"}
HELP = {"?", "h", "help"}


def _read(stdin, stdout, prompt):
    """One line of input, stripped; None at end of input."""
    stdout.write(prompt)
    stdout.flush()
    line = stdin.readline()
    if not line:
        return None
    return line.strip()


def _board(env, seat):
    game = env.game
    try:
        return game.render_text(env.record, seat)
    except NotImplementedError:
        return "(this game has no text board yet)"


def choose(env, seat, legal, stdin, stdout):
    """Ask the person for one of ``legal``; returns the action, or None to quit."""
    while True:
        answer = _read(stdin, stdout, f"Your move, player_{seat} [1-{len(legal)}, b = board, q = quit]: ")
        if answer is None:
            stdout.write("\n")
            return None
        low = answer.lower()
        if low in QUIT:
            return None
        if low in BOARD:
            stdout.write(_board(env, seat) + "\n")
            _list_moves(env, legal, stdout)
            continue
        if low in HELP:
            stdout.write("Type the number of a move from the list, b to see the board and moves again, "
                         "or q to quit.\n")
            continue
        if not answer:
            stdout.write(f"Please type a number from 1 to {len(legal)} (q quits).\n")
            continue
        try:
            k = int(answer)
        except ValueError:
            stdout.write(f"'{answer}' is not a move: type a number from 1 to {len(legal)}, or q to quit.\n")
            continue
        if not 1 <= k <= len(legal):
            stdout.write(f"{k} is not on the list: type a number from 1 to {len(legal)}, or q to quit.\n")
            continue
        return int(legal[k - 1])


def _list_moves(env, legal, stdout):
    width = len(str(len(legal)))
    for i, a in enumerate(legal, 1):
        stdout.write(f"  {i:>{width}}. {env.describe_action(int(a))}\n")


def play(game_name, players=None, seat=0, opponent="random", seed=None, stdin=None, stdout=None) -> int:
    """Play one game; returns 0 when it ends or the person quits."""
    from frontierzoo.agents import make_agent
    from frontierzoo.envs import get_game, make

    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    game = get_game(game_name)
    n = game.default_players if players is None else players
    env = make(game_name, num_players=n)
    if not 0 <= seat < env.num_players:
        raise ValueError(f"--seat must be in [0, {env.num_players - 1}] for {env.num_players} players, got {seat}")
    ss = np.random.SeedSequence(seed)
    env_seed, *bot_seeds = (int(w) for w in ss.generate_state(1 + n, np.uint64))
    bots = {s: make_agent(opponent, game_name, seed=bot_seeds[s]) for s in range(n) if s != seat}
    env.reset(seed=env_seed)
    me = env.possible_agents[seat]
    stdout.write(f"{game_name}, {n} players: you are {me}; the others are '{opponent}' bots. "
                 f"Seed {seed if seed is not None else '(random)'}.\n")
    while True:
        name = env.agent_selection
        if env.terminations[name] or env.truncations[name]:
            break
        s = env.agent_name_mapping[name]
        obs = env.observe(name)
        if s == seat:
            legal = np.flatnonzero(obs["action_mask"])
            stdout.write("\n" + _board(env, seat) + "\n\nYour legal moves:\n")
            _list_moves(env, legal, stdout)
            action = choose(env, seat, legal, stdin, stdout)
            if action is None:
                stdout.write("You left the game.\n")
                return 0
            stdout.write(f"You: {env.describe_action(action)}\n")
        else:
            bot = bots[s]
            info = {"env": env} if getattr(bot, "needs_env", False) else None
            action = int(bot.act(obs["observation"], obs["action_mask"], info))
            stdout.write(f"{name} ({opponent}): {env.describe_action(action)}\n")
        env.step(action)
    stdout.write("\n" + _board(env, None) + "\n\n")
    won = [a for a in env.possible_agents if env.rewards[a] > 0]
    if env.truncations[env.agent_selection] and not won:
        stdout.write("The game was cut off before its end.\n")
    elif me in won:
        stdout.write("You won" + (f", with {', '.join(a for a in won if a != me)}" if len(won) > 1 else "") + "!\n")
    else:
        stdout.write(f"You lost: {', '.join(won) or 'nobody'} won.\n")
    return 0


def add_arguments(p) -> None:
    p.add_argument("game", metavar="GAME", help="the game, e.g. forfort_v0")
    p.add_argument("--players", type=int, help="seats at the table (default: the game's default)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 = player_0 (default 0)")
    p.add_argument("--opponent", default="random", metavar="AGENT",
                   help="the bots' agent (default random; see frontierzoo.agents.available_agents)")
    p.add_argument("--seed", type=int, help="seed of the deal and the bots (default: a fresh one)")


def main(args) -> int:
    try:
        return play(args.game, players=args.players, seat=args.seat, opponent=args.opponent, seed=args.seed)
    except ValueError as e:
        raise SystemExit(f"frontierzoo play: {e}")
    except KeyboardInterrupt:
        print("\nBye.")
        return 0
