"""What a distilling run's labels cost and how much they agree: the heuristic-guided search
(``mcts``, the trainer's ``--expert mcts``) at several budgets against itself at the largest.

``python -m frontierzoo.benchmarks.labels --game forfort_v0 --positions 400 --simulations 300 400 1000``

The positions are decisions with a choice from seeded random games (``--positions`` of them, at
most one in six of a game's decisions, so that they spread over the games' phases). Each budget
labels every position with a search of its own seed; a second search at the largest budget, of
yet another seed, is the reference. For each budget: milliseconds a label (one core), how often
its most visited move is the reference's, and the mean entropy of its visit distribution (nats).
The largest budget's agreement with the reference is the searches' own noise: a label can agree
with another no better than two searches of the same budget agree with each other.

``--network PATH`` adds a row for a trained network's raw policy (its most likely move, one
forward pass): how far it is from the reference tells whether a distilled network is short of its
teacher by the teacher's noise or by what it learnt.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def positions(game_name: str, count: int, num_players: int | None = None, seed: int = 0) -> list:
    """``count`` (record, observation, mask) decisions with a choice, from seeded random games."""
    from frontierzoo.envs import get_game
    from frontierzoo.envs.common.vector import VectorEnv

    game = get_game(game_name)
    env = VectorEnv(game, 16, num_players=num_players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list = []
    t = 0
    while len(out) < count:
        masks = env.masks
        for b in np.flatnonzero(masks.sum(axis=1) > 1):
            if (t + b) % 6 == 0 and len(out) < count:
                out.append((env.states[b].copy(), env.obs[b].copy(), masks[b].copy()))
        env.step(env.random_actions(rng))
        t += 1
    return out


def label(game_name: str, found: list, simulations: int, num_players: int, seed: int) -> tuple[np.ndarray, float]:
    """Every position's root visits by ``mcts`` at ``simulations`` (a fresh tree each, as the
    trainer labels), and the seconds a label took."""
    from frontierzoo.agents.match import RecordView
    from frontierzoo.agents.mcts import MCTSAgent

    search = MCTSAgent(game_name, seed=seed, simulations=simulations, reuse=False)
    visits = []
    start = time.perf_counter()
    for record, obs, mask in found:
        search.act(obs, mask, {"env": RecordView(record, num_players)})
        visits.append(search.visits.copy())
    return np.array(visits, np.float64), (time.perf_counter() - start) / len(found)


def network_moves(path: str, found: list) -> np.ndarray:
    """The network's most likely legal move at each position (as ``NetworkAgent`` plays it with
    ``sample=False``)."""
    from frontierzoo.agents.network import load_network

    network = load_network(path)
    obs = np.stack([o for _, o, _ in found])
    masks = np.stack([m for _, _, m in found])
    probs, _ = network.evaluate(obs, masks)
    return np.argmax(np.where(masks, probs, -1.0), axis=1)


def entropy(visits: np.ndarray) -> float:
    p = visits / visits.sum(axis=1, keepdims=True)
    logs = np.log(np.where(p > 0, p, 1.0))
    return float(-(p * logs).sum(axis=1).mean())


def main(argv=None):
    from frontierzoo.envs import get_game

    p = argparse.ArgumentParser(prog="python -m frontierzoo.benchmarks.labels", description=__doc__.splitlines()[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--players", type=int, default=None, help="seats (default: the game's)")
    p.add_argument("--positions", type=int, default=400)
    p.add_argument("--simulations", type=int, nargs="+", default=[300, 400, 1000])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--network", default=None, help="a trained network's description (.json): its raw policy's row")
    args = p.parse_args(argv)
    if args.positions < 1 or min(args.simulations) < 2:
        p.error("--positions must be at least 1 and every --simulations at least 2")
    game = get_game(args.game)
    n = game.check_players(args.players or game.default_players)
    found = positions(args.game, args.positions, n, args.seed)
    label(args.game, found[:2], 10, n, args.seed)   # compiles
    budgets = sorted(set(args.simulations))
    reference, _ = label(args.game, found, budgets[-1], n, args.seed + 1000)
    print(f"{args.game} ({n}p), {len(found)} positions; reference: mcts at {budgets[-1]} simulations, another seed")
    print("| simulations | ms a label | most visited move = the reference's | visit entropy (nats) |")
    print("|---:|---:|---:|---:|")
    for i, sims in enumerate(budgets):
        visits, secs = label(args.game, found, sims, n, args.seed + 1 + i)
        agree = float((visits.argmax(axis=1) == reference.argmax(axis=1)).mean())
        print(f"| {sims} | {1000 * secs:.2f} | {100 * agree:.1f}% | {entropy(visits):.3f} |")
    if args.network is not None:
        agree = float((network_moves(args.network, found) == reference.argmax(axis=1)).mean())
        print(f"| the network's most likely move ({args.network}) | - | {100 * agree:.1f}% | - |")


if __name__ == "__main__":
    main()
