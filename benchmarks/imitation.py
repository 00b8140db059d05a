"""How well a policy network can copy the heuristic, and where it cannot: behaviour cloning measured
on decisions it did not learn from.

``python -m frontierzoo.benchmarks.imitation --game fantasy_frontier_v1 --samples 200000 --epochs 4,10 --features none,airship_window``

The trainer's head start (``frontierzoo train ppo --imitate heuristic``) fits the PPO policy to the
heuristic's decisions (``training/imitate.py``); what it reaches bounds where PPO starts. This
collects ``--samples`` of the heuristic's decisions once (``imitate.collect``, seed 0), fits one
fresh 2x256 policy per ``--features`` choice (``none``: the observation alone, the trainer's
default; else a view of ``agents/features.py``) to the same 90% of them in the same order, and
after each stage of ``--epochs`` reports, on the other 10%:

- how often the policy's most likely move is the heuristic's, in all and by the action's span
  (the kind of decision: a worker placed, a flight, a gather, ...), with the share of decisions of
  each span and how many of them had one legal move;
- the clone's strength: its most likely move and a move drawn from it against the heuristic over
  ``--games`` games, seats rotating, 95% Wilson intervals.

Each stage runs the trainer's own imitation pass (``imitate.pretrain``: Adam, a fresh optimiser a
stage). Torch on one thread.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np


def held_out_moves(policy, obs: np.ndarray, masks: np.ndarray, batch: int = 4096) -> np.ndarray:
    """The policy's most likely legal move for each row."""
    import torch

    with torch.no_grad():
        return np.concatenate([
            policy.get_distribution(torch.as_tensor(obs[s:s + batch]), action_masks=masks[s:s + batch])
            .distribution.probs.argmax(1).numpy() for s in range(0, len(obs), batch)])


def by_span(game, actions: np.ndarray, masks: np.ndarray, moves: np.ndarray) -> list[tuple[str, float, float, float]]:
    """(span, share of the decisions, agreement, share with one legal move), commonest span first."""
    span = np.array([game.actions.span_of(int(a)).name for a in actions])
    forced = masks.sum(1) == 1
    rows = []
    for name, n in Counter(span.tolist()).most_common():
        rows.append((name, n / len(actions), float((moves[span == name] == actions[span == name]).mean()),
                     float(forced[span == name].mean())))
    return rows


def compare(game_name: str, samples: int = 200_000, epochs: tuple[int, ...] = (4, 10),
            features: tuple[str, ...] = ("none", "airship_window"), games: int = 200, net: tuple[int, ...] = (256, 256),
            num_players: int | None = None, seed: int = 0, scorers: int | None = None) -> list[dict]:
    import torch
    from sb3_contrib import MaskablePPO

    from frontierzoo.agents.learned import MaskablePPOAgent
    from frontierzoo.agents.match import head_to_head, wilson_interval
    from frontierzoo.envs import get_game
    from frontierzoo.training.batched import BatchedSelfPlay
    from frontierzoo.training.imitate import collect, pretrain
    from frontierzoo.training.selfplay import PPO_SETTINGS, features_spec, policy_setup, scorers_spec

    torch.set_num_threads(1)
    game = get_game(game_name)
    P = game.check_players(num_players or game.default_players)
    specs = {view: None if view == "none" else features_spec(view, game_name) for view in features}  # checked first
    scorer_specs = {view: scorers_spec(scorers, specs[view]) if scorers and specs[view] else None for view in features}
    t = time.perf_counter()
    data = collect(game_name, samples, num_players=P, seed=seed, progress=False)
    print(f"{game_name}: {samples:,} of the heuristic's decisions in {time.perf_counter() - t:.0f} s; "
          f"fitted on {samples - samples // 10:,}, judged on {samples // 10:,}")
    cut = samples - samples // 10
    fit, test = tuple(x[:cut] for x in data), tuple(x[cut:] for x in data)
    env = BatchedSelfPlay(game_name, num_envs=2, opponents=("random",), num_players=P, seed=seed)
    results = []
    for view in features:
        policy_class, kwargs = policy_setup(net, specs[view], scorer_specs[view])
        model = MaskablePPO(policy_class, env, seed=seed, device="cpu", policy_kwargs=kwargs, **PPO_SETTINGS)
        done = 0
        for stage in epochs:
            t = time.perf_counter()
            fitted = pretrain(model, fit, epochs=stage - done, seed=seed + done, progress=False).fitted[-1]
            secs, done = time.perf_counter() - t, stage
            moves = held_out_moves(model.policy, test[0], test[1])
            row = {"features": view, "epochs": stage, "fit_agreement": fitted,
                   "held_out_agreement": float((moves == test[2]).mean()), "fit_seconds": round(secs, 1),
                   "spans": by_span(game, test[2], test[1], moves)}
            print(f"\n{view}, {stage} passes: {row['held_out_agreement']:.1%} of held-out decisions agree "
                  f"({fitted:.1%} of those fitted; {secs:.0f} s)")
            print("| span | share | agreement | one legal move |\n|---|---:|---:|---:|")
            for name, share, agree, forced in row["spans"]:
                print(f"| {name} | {share:.1%} | {agree:.1%} | {forced:.0%} |")
            for moves_kind, deterministic in (("most likely", True), ("drawn", False)) if games else ():
                score, n = head_to_head(game_name, lambda: MaskablePPOAgent(model=model, deterministic=deterministic,
                                                                            seed=seed + 1),
                                        "heuristic", games, num_players=P, seed=seed + 1)
                lo, hi = wilson_interval(score, n)
                row[moves_kind] = (score / n, lo, hi)
                print(f"clone ({moves_kind}) v heuristic: {score:g}/{n} = {score / n:.1%} [{lo:.1%}, {hi:.1%}]")
            results.append(row)
    return results


def main(argv=None) -> None:
    from frontierzoo.cli.argtypes import at_least, layer_sizes

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=at_least(2), default=None)
    p.add_argument("--samples", type=at_least(20), default=200_000, help="the heuristic's decisions collected")
    p.add_argument("--epochs", default="4,10", help="passes over them after which to judge, ascending")
    p.add_argument("--features", default="none", help="comma-separated: none (the observation alone) or a view "
                                                       "of agents/features.py")
    p.add_argument("--net", type=layer_sizes, default=(256, 256))
    p.add_argument("--scorers", type=at_least(1), default=None, metavar="HIDDEN",
                   help="scorers of HIDDEN units shared across the places of each view given (none aside; "
                        "the view must have places: the trainer's --scorers)")
    p.add_argument("--games", type=at_least(0), default=200, help="games of each clone against the heuristic")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    stages = tuple(int(x) for x in a.epochs.split(","))
    if not stages or stages[0] < 1 or list(stages) != sorted(set(stages)):
        p.error(f"--epochs: ascending positive pass counts, got {a.epochs!r}")
    compare(a.game, a.samples, stages, tuple(a.features.split(",")), a.games, tuple(a.net), a.players, a.seed,
            a.scorers)


if __name__ == "__main__":
    main()
