"""Train a heuristic's weights by the cross-entropy method, against the hand-set heuristic.

    frontierzoo tune --game forfort_v0 --minutes 55 --out runs/forfort_tuned
    frontierzoo tune --game frontier_v0 --minutes 40 --out runs/frontier_tuned

Two heuristics are policies with a vector of numbers (``WEIGHT_NAMES`` and the hand-set ``WEIGHTS``
of ``agents/heuristics/<game>.py``, which also says at how many seats they train, ``TUNE_SEATS``;
:func:`~frontierzoo.agents.heuristics.tunable_games` lists them):

* **Forfort** searches its whole turn on copies of the record and judges where each line of play
  ends with :func:`~frontierzoo.agents.heuristics.forfort.evaluate`: a weighted sum of fourteen
  features of my side (walls, camps, defended walls on the front line, armies, hand, the dungeon
  bonus, and what the side holds for later: its hand's walls by effect, the camps and armies not
  yet placed, the drawbridge), less the same of the best opponent's side, each side with its own
  weights: 28. The hand-set ones give what a side holds no weight. Its games against the
  heuristic run in compiled code (:func:`~frontierzoo.agents.heuristics.forfort.duel`), two seats.
* **Frontier** follows the rulebook's advice with 21 numbers: what a pip of each resource, a new
  resource, a harbour and a road towards an open corner are worth where it builds; the thresholds
  of its trades, cards and knights; where it sends the bandit. Its games are played side by side
  (``play_rotated``), four seats.

This trains them: a policy with that many parameters, improved by the cross-entropy method, a
policy-search method of reinforcement learning, on the win rate against the hand-set heuristic
itself.

Each generation draws ``--population`` weight vectors around the current mean (in log space: every
weight keeps its sign, and moves by a factor), plays each of them ``--games`` games against the
heuristic on the same fresh deals (common random numbers: the candidates meet the same games, so
the comparison between them is sharper), each deal once from each seat (the luck of the deal
cancels within the set), spread over ``--processes`` cores. The mean moves to the ``--elite``
best; the spread narrows with them, never below ``MIN_SPREAD``. Every ``--eval-every`` generations
the mean plays ``--eval-games`` fresh games against the heuristic: the curve (``<out>/curve.csv``,
``<out>/curve.png``, with 95% intervals). A progress bar shows the time and the latest rate.

The result is ``<out>/<game>_tuned.json``: the weights of the curve's best point (kept, as one
keeps the best checkpoint of a run; being the best of several noisy points, its figure reads high:
judge the weights by a fresh evaluation) by name, with the command and seed that
trained them; plain numbers, nothing that runs on load. Copy it to
``agents/models/<game>_tuned.json`` to bundle it as the game's ``"tuned"`` agent.
"""
from __future__ import annotations

import json
import os
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from frontierzoo.agents.base import usable_cores
from frontierzoo.agents.heuristics import WEIGHTS_FORMAT, heuristic_module, tunable_games
from frontierzoo.agents.match import wilson_interval
from frontierzoo.envs import get_game
from frontierzoo.envs.common.registry import rules_fingerprint

MIN_SPREAD = 0.05     # the least spread (log scale: about 5% either way) a generation samples with
SMOOTHING = 0.7       # each generation's mean and spread: this much of the elites', the rest kept
FIRST_SPREAD = 0.5    # the first generation's spread: weights from about 0.6x to 1.6x the heuristic's
UNWEIGHED_START = 1.0  # where a feature the hand-set heuristic gives no weight starts (about a card
                       # in hand's worth): the search is in log space, where a weight of 0 cannot move


def _task(args):
    """The summed score of ``weights`` over every deal played once from each seat."""
    game, weights, deals, num_players = args
    scores = heuristic_module(game).play_against_heuristic(weights, np.repeat(deals, num_players), num_players)
    return float(scores.sum())


def train(minutes: float = 55.0, out: str | os.PathLike | None = None, seed: int = 0, population: int = 16,
          elite: int = 4, games: int = 400, eval_every: int = 5, eval_games: int = 1000, num_players: int | None = None,
          processes: int | None = None, command: str | None = None, game: str = "forfort_v0") -> dict:
    """Run the cross-entropy method for ``minutes`` on ``game``'s heuristic (module docstring);
    returns the result dict and writes ``<out>/<game>_tuned.json``, ``curve.csv`` and ``curve.png``
    (``out``: ``runs/<game>_tuned``)."""
    from tqdm import tqdm

    from .league import plot_curve

    if game not in tunable_games():
        raise ValueError(f"no heuristic with weights to tune for {game!r}; choose from {sorted(tunable_games())}")
    heuristic = heuristic_module(game)
    WEIGHT_NAMES, WEIGHTS = heuristic.WEIGHT_NAMES, heuristic.WEIGHTS
    folder = get_game(game).folder
    num_players = heuristic.TUNE_SEATS if num_players is None else get_game(game).check_players(num_players)
    out = f"runs/{folder}_tuned" if out is None else out
    if not 1 <= elite <= population:
        raise ValueError(f"elite must be between 1 and the population ({population}), got {elite}")
    for name, n in (("games", games), ("eval_games", eval_games)):
        if n < num_players or n % num_players:
            raise ValueError(f"{name} must be a positive multiple of the {num_players} seats (each deal is "
                             f"played from every seat), got {n}")
    if command is None:
        command = f"frontierzoo.training.tune.train(game={game!r}, minutes={minutes}, seed={seed}, " \
                  f"population={population}, elite={elite}, games={games})"
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    mean = np.log(np.where(WEIGHTS > 0, WEIGHTS, UNWEIGHED_START))
    spread = np.full(WEIGHTS.size, FIRST_SPREAD)
    processes = processes or usable_cores()
    curve, played = [], 0
    t0 = time.perf_counter()
    deadline = t0 + 60.0 * minutes
    bar = tqdm(total=round(60.0 * minutes), unit="s", desc=f"tuning {game}", dynamic_ncols=True)
    with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("forkserver")) as pool:

        def rate(weights, n):
            """The mean score of ``weights`` over ``n`` fresh games (each deal from every seat),
            split across the workers."""
            deals = rng.integers(0, 2**63, n // num_players, dtype=np.uint64)
            parts = np.array_split(deals, processes)
            return sum(pool.map(_task, [(game, weights, p, num_players) for p in parts])) / n

        def point(generation):
            r = rate(np.exp(mean), eval_games)
            if not curve or r > max(c[4] for c in curve):
                kept[:] = np.exp(mean)
            lo, hi = wilson_interval(r * eval_games, eval_games)
            curve.append((played, round(time.perf_counter() - t0, 1), "heuristic", eval_games, round(r, 4),
                          round(lo, 4), round(hi, 4), generation,
                          " ".join(f"{w:.4g}" for w in np.exp(mean))))
            bar.set_postfix({"v heuristic": f"{r:.1%}", "generation": generation})
            _write_curve(out, curve)
            plot_curve([c[:7] for c in curve], out / "curve.png", game, num_players,
                       xlabel="training games played")

        kept = np.exp(mean)   # the weights the best point of the curve scored with: the result
        point(0)
        generation = 0
        while generation == 0 or time.perf_counter() < deadline:   # one generation at least
            generation += 1
            candidates = np.exp(mean + spread * rng.standard_normal((population, WEIGHTS.size)))
            deals = rng.integers(0, 2**63, games // num_players, dtype=np.uint64)   # the same for every candidate
            scores = np.array(list(pool.map(_task, [(game, w, deals, num_players) for w in candidates]))) / games
            played += population * games
            best = np.argsort(-scores, kind="stable")[:elite]
            logs = np.log(candidates[best])
            mean = SMOOTHING * logs.mean(axis=0) + (1 - SMOOTHING) * mean
            spread = np.maximum(MIN_SPREAD, SMOOTHING * logs.std(axis=0) + (1 - SMOOTHING) * spread)
            if generation % eval_every == 0:
                point(generation)
            bar.update(min(round(time.perf_counter() - t0), bar.total) - bar.n)
        if not curve or curve[-1][7] != generation:
            point(generation)
    bar.close()
    chosen = max(curve, key=lambda c: c[4])
    result = {"format": WEIGHTS_FORMAT, "game": game, "rules": rules_fingerprint(get_game(game)),
              "num_players": num_players,
              "weights": {k: float(v) for k, v in zip(WEIGHT_NAMES, kept)},
              "hand_set": {k: float(v) for k, v in zip(WEIGHT_NAMES, WEIGHTS)},
              "training": {"command": command, "seed": seed, "generations": generation, "games": played,
                           "seconds": round(time.perf_counter() - t0, 1), "population": population,
                           "elite": elite, "games_per_candidate": games},
              "chosen": {"generation": chosen[7], "games": chosen[3], "win_rate": chosen[4],
                         "wilson_95": [chosen[5], chosen[6]],
                         "why": "the curve's best point; a best of several noisy points reads high, "
                                "so judge it by a fresh evaluation"}}
    (out / f"{folder}_tuned.json").write_text(json.dumps(result, indent=2) + "\n")
    return result


CURVE_FIELDS = ("games_played", "seconds", "opponent", "games", "win_rate", "low95", "high95", "generation",
                "weights")   # the mean's weights, in WEIGHT_NAMES order


def _write_curve(out, curve):
    import csv
    with open(out / "curve.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CURVE_FIELDS)
        w.writerows(curve)
