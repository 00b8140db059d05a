"""Head-to-head strength: play two agents against each other with seats alternating.

``python -m frontierzoo.training.evaluate --game forfort_v0 --agent heuristic --opponent random
--games 1000`` prints the agent's win rate with a 95% Wilson interval and the agent's time a
decision (median and 95th percentile over the decisions with a choice). A win shared by k counts
1/k. ``--ms`` and ``--simulations`` set the search agent's budget (``--agent mcts``).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from frontierzoo.agents import Agent, make_agent
from frontierzoo.agents.argtypes import at_least, positive
from frontierzoo.agents.match import play_game, wilson_interval
from frontierzoo.envs import make


class Timed(Agent):
    """An agent whose decisions with a choice (more than one legal action) are timed, in ms."""

    def __init__(self, agent):
        self.agent, self.ms = agent, []
        self.name, self.needs_env = agent.name, agent.needs_env

    def reset(self, seed=None):
        self.agent.reset(seed)

    def act(self, observation, action_mask, info=None):
        start = time.perf_counter()
        a = self.agent.act(observation, action_mask, info)
        if np.count_nonzero(action_mask) > 1:
            self.ms.append((time.perf_counter() - start) * 1e3)
        return a


def head_to_head(game_name, agent, opponent, games, seed=0, num_players=2, progress=False, decision_ms=None,
                 **env_kwargs):
    """``agent`` at one seat against ``opponent`` at every other, the agent's seat rotating game by
    game. Returns (score, games, seconds): score counts each win 1, a win shared by k 1/k.
    ``decision_ms``, a list, gets the agent's time in ms of each decision that had a choice."""
    env = make(game_name, num_players=num_players, **env_kwargs)
    score = 0.0
    t0 = time.perf_counter()
    seats = range(games)
    if progress:
        from tqdm import tqdm
        seats = tqdm(seats, desc=f"{getattr(agent, 'name', agent)} v {getattr(opponent, 'name', opponent)}")
    timed = agent if decision_ms is None else Timed(agent)
    for g in seats:
        mine = g % num_players
        agents = [timed if i == mine else opponent for i in range(num_players)]
        # the agents' seeds follow the game's (7919, a prime, keeps the two sets of seeds apart)
        result = play_game(env, agents, seed=seed + g,
                           agent_seeds=[(seed + g) * 7919 + i for i in range(num_players)])
        if mine in result.winners:
            score += 1.0 / len(result.winners)
    if decision_ms is not None:
        decision_ms.extend(timed.ms)
    return score, games, time.perf_counter() - t0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--agent", default="heuristic")
    p.add_argument("--opponent", default="random")
    p.add_argument("--games", type=at_least(1), default=1000)
    p.add_argument("--players", type=at_least(1), default=2)
    p.add_argument("--seed", type=at_least(0), default=0)
    p.add_argument("--ms", type=positive, default=None, help="the search agent's time a decision, in ms")
    p.add_argument("--simulations", type=at_least(1), default=None,
                   help="the search agent's simulations a decision (with --ms: at most this many)")
    p.add_argument("--path", default=None,
                   help="a policy to play as the agent: a .json description (its .pt beside it), or a "
                        "MaskablePPO .zip you made (unpickled on load)")
    p.add_argument("--batched", action="store_true",
                   help="play the games side by side through the compiled engine, each agent deciding for all "
                        "its games at once (training/batched.py; needs the train extra): the same games' "
                        "statistics, much faster for learned agents")
    args = p.parse_args(argv)
    if args.path:   # the policy must be for --game
        from frontierzoo.agents.learned import MaskablePPOAgent
        agent = MaskablePPOAgent(path=args.path, seed=args.seed, game_name=args.game)
    else:
        budget = {k: v for k, v in (("ms", args.ms), ("simulations", args.simulations)) if v is not None}
        agent = make_agent(args.agent, args.game, seed=args.seed, **budget)
    opponent = make_agent(args.opponent, args.game, seed=args.seed + 1)
    ms = []
    if args.batched:
        from tqdm import tqdm

        from .batched import play_batched
        t0 = time.perf_counter()
        with tqdm(total=args.games, desc=f"{args.agent} v {args.opponent}", unit="game") as bar:
            score, n = play_batched(args.game, agent, opponent, args.games, num_players=args.players,
                                    seed=args.seed, progress=bar)
        secs = time.perf_counter() - t0
    else:
        score, n, secs = head_to_head(args.game, agent, opponent, args.games, seed=args.seed,
                                      num_players=args.players, progress=True, decision_ms=ms)
    lo, hi = wilson_interval(score, n)
    timing = (f"; {np.median(ms):.1f} ms a decision (median), {np.percentile(ms, 95):.1f} (95th percentile) "
              f"over {len(ms)} decisions with a choice") if ms else ""
    print(f"{args.agent} v {args.opponent} on {args.game} ({args.players} players, seats rotating): "
          f"won {score:g}/{n} = {score / n:.1%} (95% Wilson interval {lo:.1%}-{hi:.1%}), "
          f"{secs / n:.2f} s a game{timing}")


if __name__ == "__main__":
    main()
