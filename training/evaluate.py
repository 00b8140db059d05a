"""Head-to-head strength: play two agents against each other with seats alternating.

``python -m frontierzoo.training.evaluate --game forfort_v0 --agent heuristic --opponent random
--games 1000`` prints the agent's win rate with a 95% Wilson interval. A shared win counts half.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np

from frontierzoo.agents import make_agent
from frontierzoo.envs import make


def wilson(successes: float, n: int, z: float = 1.96):
    """The 95% Wilson score interval of a rate (Wilson, 1927)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def play_game(env, agents, seed):
    """Play one game; ``agents[seat]`` plays seat ``seat``. Returns the final rewards by seat."""
    env.reset(seed=seed)
    for i, agent in enumerate(agents):
        agent.reset(seed=None if seed is None else seed * 7919 + i)
    info = {"env": env}
    while True:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        seat = env.agent_name_mapping[env.agent_selection]
        env.step(agents[seat].act(obs["observation"], obs["action_mask"], info))
    return np.array([env.rewards[name] for name in env.possible_agents])


def head_to_head(game_name, agent, opponent, games, seed=0, num_players=2, progress=False, **env_kwargs):
    """``agent`` at one seat against ``opponent`` at every other, the agent's seat rotating game by
    game. Returns (score, games, seconds): score counts each win 1, each shared win 1/2."""
    env = make(game_name, num_players=num_players, **env_kwargs)
    score = 0.0
    t0 = time.perf_counter()
    seats = range(games)
    if progress:
        from tqdm import tqdm
        seats = tqdm(seats, desc=f"{getattr(agent, 'name', agent)} v {getattr(opponent, 'name', opponent)}")
    for g in seats:
        mine = g % num_players
        agents = [agent if i == mine else opponent for i in range(num_players)]
        rew = play_game(env, agents, seed + g)
        if rew[mine] > 0:
            winners = int((rew > 0).sum())
            score += 1.0 / winners
    return score, games, time.perf_counter() - t0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--agent", default="heuristic")
    p.add_argument("--opponent", default="random")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--path", default=None, help="a MaskablePPO policy file to play as the agent")
    args = p.parse_args(argv)
    if args.path:   # a policy file plays whatever game it was trained on
        from frontierzoo.agents.learned import MaskablePPOAgent
        agent = MaskablePPOAgent(path=args.path, seed=args.seed)
    else:
        agent = make_agent(args.agent, args.game, seed=args.seed)
    opponent = make_agent(args.opponent, args.game, seed=args.seed + 1)
    score, n, secs = head_to_head(args.game, agent, opponent, args.games, seed=args.seed,
                                  num_players=args.players, progress=True)
    lo, hi = wilson(score, n)
    print(f"{args.agent} v {args.opponent} on {args.game} ({args.players} players, seats rotating): "
          f"won {score:g}/{n} = {score / n:.1%} (95% Wilson interval {lo:.1%}-{hi:.1%}), "
          f"{n / secs:.1f} games/s")


if __name__ == "__main__":
    main()
