"""``frontierzoo tune``: train a heuristic's numbers by the cross-entropy method
(``training/tune.py`` says how)."""
from __future__ import annotations

import math
import shlex

from frontierzoo.agents.base import usable_cores
from frontierzoo.agents.heuristics import tunable_games
from frontierzoo.envs import get_game

from .argtypes import at_least

DESCRIPTION = ("Train a heuristic's numbers by the cross-entropy method against the hand-set heuristic "
               "itself, for --minutes, and write <out>/<game>_tuned.json (the weights of the curve's best "
               "point) beside the curve (curve.csv, curve.png). Copy it to agents/models/ to bundle it as "
               "the game's \"tuned\" agent.")


def add_arguments(p) -> None:
    games = tunable_games()
    p.add_argument("--game", choices=sorted(games), default="forfort_v0")
    p.add_argument("--players", type=at_least(2), default=None,
                   help="seats (default: " + ", ".join(f"{n} for {g}" for g, n in games.items()) + ")")
    p.add_argument("--minutes", type=float, default=55.0, help="training time (the last evaluation comes after)")
    p.add_argument("--out", default=None, help="the run's folder (default: runs/<game>_tuned)")
    p.add_argument("--seed", type=at_least(0), default=0)
    p.add_argument("--population", type=at_least(2), default=16, help="weight vectors tried a generation")
    p.add_argument("--elite", type=at_least(1), default=4, help="of them, the best the mean moves to")
    p.add_argument("--games", type=at_least(2), default=400, help="games each candidate plays a generation")
    p.add_argument("--eval-every", type=at_least(1), default=5, help="generations between points of the curve")
    p.add_argument("--eval-games", type=at_least(1), default=1000, help="games of the mean a point")
    p.add_argument("--processes", type=at_least(1), default=usable_cores())


def main(args) -> int:
    from frontierzoo.training.tune import train

    if not math.isfinite(args.minutes) or args.minutes <= 0:
        raise SystemExit(f"frontierzoo tune: --minutes must be a positive number, got {args.minutes}")
    folder = get_game(args.game).folder
    out = args.out or f"runs/{folder}_tuned"
    try:
        result = train(game=args.game, num_players=args.players, minutes=args.minutes, out=out, seed=args.seed,
                       population=args.population, elite=args.elite, games=args.games,
                       eval_every=args.eval_every, eval_games=args.eval_games, processes=args.processes,
                       command=shlex.join(["frontierzoo", "tune", *args.argv]))
    except ValueError as e:
        raise SystemExit(f"frontierzoo tune: {e}")
    e = result["chosen"]
    print(f"kept the weights of generation {e['generation']}, which won {e['win_rate']:.1%} of {e['games']} games "
          f"against the heuristic (95% Wilson {e['wilson_95'][0]:.1%}-{e['wilson_95'][1]:.1%}; the best of the "
          f"curve's points, so evaluate them afresh): {out}/{folder}_tuned.json")
    return 0
