"""Frontier beside Catanatron: full 4-player games with random players, measured in the same run.

    python -m frontierzoo.benchmarks.frontier_vs_catanatron [--seconds 5] [--repeats 3]

Rows: Catanatron's own game loop (``Game([RandomPlayer...]).play()``, which builds no observation),
our PettingZoo AEC loop (``frontier_v0.env()`` with observations, a numpy random agent over the
mask), our vector env (batched random legal actions) and our jitted ``random_rollouts`` (one
core). Each row: decisions/s, games/s and decisions per game (the medians of ``--repeats`` runs),
and the ratios to Catanatron. The decisions per game differ: Frontier plays player-to-player
trading (offers, answers, counters), which Catanatron leaves out, and throws the dice for a
player with no card to play without a decision, where Catanatron counts the ROLL action.

Targets (issue 3): jitted rollouts at least 100x Catanatron's games/s; the AEC loop at least 3x
Catanatron's decisions/s.
"""
from __future__ import annotations

import argparse
import platform
import statistics

from frontierzoo.benchmarks.throughput import aec_loop, catanatron_loop, rollouts, vector_loop
from frontierzoo.envs import frontier_v0

TARGET_ROLLOUT_GAMES_RATIO = 100.0
TARGET_AEC_DECISIONS_RATIO = 3.0


def median_run(fn, repeats):
    runs = [fn() for _ in range(repeats)]
    return tuple(statistics.median(r[i] for r in runs) for i in range(3))


def measure(seconds=5.0, repeats=3, num_envs=256, batch=512):
    rows = {}
    rows["Catanatron 3.2 game loop (no observations)"] = median_run(lambda: catanatron_loop(seconds), repeats)
    rows["frontier_v0 AEC loop (observations + mask)"] = median_run(
        lambda: aec_loop(lambda: frontier_v0.env(num_players=4), seconds), repeats)
    rows[f"frontier_v0 vector env ({num_envs} games)"] = median_run(
        lambda: vector_loop(frontier_v0, 4, num_envs, seconds), repeats)
    rows[f"frontier_v0 jitted random_rollouts ({batch} games, 1 core)"] = median_run(
        lambda: rollouts(frontier_v0.GAME, 4, batch, seconds), repeats)
    return rows


def table(rows):
    base = next(iter(rows.values()))
    lines = ["| loop | decisions/s | games/s | decisions/game | decisions/s vs Catanatron | games/s vs Catanatron |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, (dps, gps, dpg) in rows.items():
        lines.append(f"| {name} | {dps:,.0f} | {gps:,.1f} | {dpg:,.0f} | {dps / base[0]:.1f}x | {gps / base[1]:.1f}x |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="length of each timed run")
    ap.add_argument("--repeats", type=int, default=3, help="runs per row; the median is reported")
    args = ap.parse_args(argv)
    rows = measure(args.seconds, args.repeats)
    print(f"Frontier vs Catanatron, 4 players, random play; {platform.processor() or platform.machine()}, "
          f"python {platform.python_version()}, medians of {args.repeats} runs of {args.seconds:g} s\n")
    print(table(rows))
    vals = list(rows.values())
    cat, aec, roll = vals[0], vals[1], vals[3]
    print(f"\njitted rollouts: {roll[1] / cat[1]:.0f}x Catanatron games/s (target {TARGET_ROLLOUT_GAMES_RATIO:.0f}x)")
    print(f"AEC loop: {aec[0] / cat[0]:.1f}x Catanatron decisions/s (target {TARGET_AEC_DECISIONS_RATIO:.0f}x)")
    return rows


if __name__ == "__main__":
    main()
