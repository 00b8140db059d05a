"""Searched decisions a second: the batched search with a network at every leaf, every game.

``python -m frontierzoo.benchmarks.netsearch --roots 128 --simulations 64 256 --repeats 3``

For each game, ``--roots`` positions (games of random moves, ``--moves-in`` decisions in, those with
a choice) are searched side by side by :class:`~frontierzoo.agents.netsearch.BatchedSearch` with a
fresh block-structured 2x256 network (the trainer's default) at every leaf and the guide's rollout
mixed in where the trainer mixes it (:func:`~frontierzoo.training.expert.default_guide_weight`);
one core (torch on one thread, as the trainer's workers run). A searched decision is one root
searched with its full ``--simulations``; the figure is the median over ``--repeats`` searches of
the roots, after one untimed search that compiles.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def measure(game_name, roots, simulations, repeats, moves_in=20, seed=0):
    """Median searched decisions a second for ``game_name`` (and the median seconds a search)."""
    import torch

    from frontierzoo.agents.netsearch import BatchedSearch
    from frontierzoo.agents.network import Network, describe, new_network
    from frontierzoo.envs import get_game
    from frontierzoo.envs.common.vector import VectorEnv
    from frontierzoo.training.expert import default_guide_weight

    torch.set_num_threads(1)
    game = get_game(game_name)
    v = VectorEnv(game, roots)
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves_in):
        v.step(v.random_actions(rng))
    d = describe(game)
    net = Network(net=new_network(d, seed).eval(), d=d)
    active = v.masks.sum(axis=1) > 1
    search = BatchedSearch(game, roots, simulations, guide_weight=default_guide_weight(game), seed=seed)
    states, seats = v.states.copy(), v.seats.copy()
    search.run(states, seats, active, v.num_players, net.evaluate)   # compiles
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        search.run(states, seats, active, v.num_players, net.evaluate)
        times.append(time.perf_counter() - t)
    secs = float(np.median(times))
    return int(active.sum()) / secs, secs


def main(argv=None):
    from frontierzoo.envs import all_games

    p = argparse.ArgumentParser(prog="python -m frontierzoo.benchmarks.netsearch", description=__doc__.splitlines()[0])
    p.add_argument("--game", nargs="+", default=[g.name for g in all_games()], help="games (default: every game)")
    p.add_argument("--roots", type=int, default=128)
    p.add_argument("--simulations", type=int, nargs="+", default=[64, 256])
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    print(f"| game | roots | " + " | ".join(f"{s} simulations: decisions/s (s a search)" for s in args.simulations) + " |")
    print("|---|---|" + "---|" * len(args.simulations))
    for name in args.game:
        cells = []
        for sims in args.simulations:
            rate, secs = measure(name, args.roots, sims, args.repeats)
            cells.append(f"{rate:,.0f} ({secs:.2f} s)")
        print(f"| {name} | {args.roots} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
