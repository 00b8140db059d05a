"""How well each leaf value predicts how a game ends: the network's value head against the guide's
rollout, the two values the network-guided search mixes at its leaves (``agents/netsearch.py``).

``python -m frontierzoo.benchmarks.values --game forfort_v0 --agents mcts:ms=20 mcts:ms=20 --games 100``

A search can only be as good as what it backs up. This plays ``--games`` seeded games between
``--agents`` (one per seat, seats rotating), keeps every ``--every``-th decision with a choice (the
record and the seat to act) and, when the game ends, that seat's outcome: +1 a win, -1 a loss, 0
a game shared or cut off. Each kept position is then valued as the search values a leaf, in a
world re-dealt for the seat to act (``determinize``, so no value sees what the seat cannot):

- ``network``: the bundled network's value for that seat (``--network``: another one);
- ``rollout``: one of the guide's rollouts, as the search plays them (``guided_rollout``), and
  ``rollouts xK``: the mean of ``--rollouts`` of them, each in a world of its own;
- ``mix w``: ``(1 - w) * network + w * rollout``, the search's leaf value at ``guide_weight`` w.

For each: the mean squared error against the outcome, how often its sign is the outcome's, and its
correlation with the outcome (with a 95% interval, Fisher's z). The correlation is what a search
leans on; two values with the same correlation back up the same ranking of moves, however deep.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np

from frontierzoo.agents.match import Z95


def agent_spec(text: str) -> tuple[str, dict]:
    """``"mcts:ms=20"`` -> ``("mcts", {"ms": 20.0})``: an agent's name and its numeric options."""
    name, _, rest = text.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise argparse.ArgumentTypeError(f"{text!r}: options are key=value, got {item!r}")
        try:
            options[key] = int(value) if value.lstrip("-").isdigit() else float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: {key}'s value must be a number, got {value!r}") from None
    return name, options


def positions(game_name: str, agents: list[tuple[str, dict]], games: int, every: int = 3,
              seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ``every``-th decision with a choice of ``games`` games between ``agents`` (seats
    rotating one place a game): ``(records, seats to act, outcomes)``."""
    from tqdm import tqdm

    from frontierzoo.agents import check_options, make_agent, play_game
    from frontierzoo.envs import get_game, make

    game = get_game(game_name)
    n = len(agents)
    for name, options in agents:   # a bad name or option is refused before any game
        check_options(name, game_name, **options)
    env = make(game_name, num_players=n)
    records, seats, outcomes = [], [], []
    for g in tqdm(range(games), desc="games", unit="game"):
        chosen: list = []   # every decision with a choice, before it is played

        def keep(env, name, action):
            if env.action_masks().sum() > 1:
                chosen.append((np.array(env.record, dtype=game.dtype), int(env.record["actor"])))
        lineup = []
        for seat in range(n):
            name, options = agents[(seat + g) % n]
            lineup.append(make_agent(name, game_name, **options))
        result = play_game(env, lineup, seed=seed + g, agent_seeds=[seed + g * n + k for k in range(n)], on_decision=keep)
        for record, seat in chosen[::every]:
            records.append(record)
            seats.append(seat)
            outcomes.append(0.0 if result.truncated else float(np.sign(result.rewards[seat])))
    return np.array(records, dtype=game.dtype), np.array(seats, np.int64), np.array(outcomes)


def leaf_values(game_name: str, records: np.ndarray, seats: np.ndarray, num_players: int, network,
                rollouts: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Each position's value for its seat to act as the search's leaves get it: the network's
    (one world re-dealt for the seat), and ``rollouts`` guide rollouts (each its own world)."""
    from frontierzoo.agents.mcts import DEFAULT_ROLLOUT_STEPS, _guide, guided_jit, guided_rollout
    from frontierzoo.envs import get_game
    from frontierzoo.envs.common.engine import compiled
    from frontierzoo.envs.common.record import copy_record
    from frontierzoo.envs.common.rng import seed_rng

    game = get_game(game_name)
    g = compiled(game)
    determinize, to_act, observe, legal_mask, recs = g.determinize, g.to_act, g.observe, g.legal_mask, g.records
    rollout_value, _ = guided_rollout(game)
    steps = getattr(_guide(game), "ROLLOUT_STEPS", DEFAULT_ROLLOUT_STEPS)
    itemsize = game.dtype.itemsize

    @guided_jit(game)
    def redeal_and_roll(raw, work, seats, seeds, num_players, steps, roll, obs, masks, out):
        """Row ``b``: a world re-dealt for ``seats[b]`` from seed ``seeds[b]``; with ``roll``, its
        guide rollout's value for that seat into ``out[b]``, else its observation and mask."""
        mask = np.zeros(masks.shape[1], np.bool_)
        value = np.zeros(num_players, np.float32)
        rng = np.zeros(2, np.uint64)
        for b in range(seats.shape[0]):
            w = work[b * itemsize:(b + 1) * itemsize]
            copy_record(w, raw[b * itemsize:(b + 1) * itemsize])
            s = recs(work)[b]
            seed_rng(s['rng'], seeds[b])
            seed_rng(rng, seeds[b] ^ np.uint64(0x9E3779B97F4A7C15))
            determinize(s, seats[b])
            if roll:
                rollout_value(s, num_players, steps, rng, mask, value)
                out[b] = value[seats[b]]
            else:
                observe(s, to_act(s), obs[b])
                legal_mask(s, masks[b])

    B = len(seats)
    raw = np.ascontiguousarray(records).view(np.uint8).reshape(-1)
    work = np.zeros_like(raw)
    rng = np.random.default_rng(seed)
    obs = np.zeros((B, game.obs_size), np.float32)
    masks = np.zeros((B, game.num_actions), np.bool_)
    out = np.zeros(B)
    redeal_and_roll(raw, work, seats, rng.integers(0, 2**63, B).astype(np.uint64), num_players, steps, False,
                    obs, masks, out)
    net = np.concatenate([network.evaluate(obs[i:i + 4096], masks[i:i + 4096])[1][:, 0] for i in range(0, B, 4096)])
    rolled = np.zeros((rollouts, B))
    for k in range(rollouts):
        redeal_and_roll(raw, work, seats, rng.integers(0, 2**63, B).astype(np.uint64), num_players, steps, True,
                        obs, masks, rolled[k])
    return net.astype(np.float64), rolled


def score(values: np.ndarray, outcomes: np.ndarray) -> tuple[float, float, float, float, float]:
    """``(mean squared error, sign agreement, correlation, its 95% interval)`` against the outcomes."""
    mse = float(np.mean((values - outcomes) ** 2))
    sign = float(np.mean(np.sign(values) == np.sign(outcomes)))
    r = float(np.corrcoef(values, outcomes)[0, 1])
    half = Z95 / math.sqrt(max(len(values) - 3, 1))
    z = math.atanh(min(max(r, -0.999999), 0.999999))
    return mse, sign, r, math.tanh(z - half), math.tanh(z + half)


def main(argv=None):
    import torch

    from frontierzoo.agents.network import bundled_network, load_network
    from frontierzoo.cli.argtypes import at_least

    p = argparse.ArgumentParser(prog="python -m frontierzoo.benchmarks.values", description=__doc__.splitlines()[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--agents", type=agent_spec, nargs="+", default=[("heuristic", {}), ("heuristic", {})],
                   help="one per seat: a registered agent, with options as NAME:key=value,...")
    p.add_argument("--games", type=at_least(1), default=100)
    p.add_argument("--every", type=at_least(1), default=3, help="keep every N-th decision with a choice")
    p.add_argument("--rollouts", type=at_least(1), default=4)
    p.add_argument("--network", default=None, help="a network's description (default: the game's bundled one)")
    p.add_argument("--seed", type=at_least(0), default=0)
    args = p.parse_args(argv)
    torch.set_num_threads(1)
    network = load_network(args.network or bundled_network(args.game), args.game)
    t = time.perf_counter()
    try:
        records, seats, outcomes = positions(args.game, args.agents, args.games, args.every, args.seed)
    except ValueError as e:   # an agent, or an option, the game does not have
        p.error(str(e))
    net, rolled = leaf_values(args.game, records, seats, len(args.agents), network, args.rollouts, args.seed)
    print(f"{args.game}, {len(args.agents)} seats: {len(seats):,} positions from {args.games} games of "
          f"{' v '.join(name for name, _ in args.agents)} ({time.perf_counter() - t:.0f} s)")
    print("| leaf value | mean squared error | sign agrees | correlation [95%] |")
    print("|---|---:|---:|---|")
    rows = [("network", net), ("rollout", rolled[0]), (f"rollouts x{args.rollouts}", rolled.mean(axis=0))]
    rows += [(f"mix {w}", (1 - w) * net + w * rolled[0]) for w in (0.25, 0.5, 0.75)]
    for name, values in rows:
        mse, sign, r, lo, hi = score(values, outcomes)
        print(f"| {name} | {mse:.3f} | {sign:.1%} | {r:.3f} [{lo:.3f}, {hi:.3f}] |", flush=True)


if __name__ == "__main__":
    main()
