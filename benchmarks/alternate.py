"""Two versions of the code measured turn about, each run in a fresh process: the before-and-after
figures of ``benchmarks/RESULTS.md``.

    python -m frontierzoo.benchmarks.alternate BASE [NEW] --measure rollouts --game frontier_v0

``BASE`` and ``NEW`` are git revisions of this checkout (``NEW`` defaults to ``.``, the working
tree as it is, uncommitted changes included). Each is unpacked into a folder of its own and
imported from there, with a Numba cache of its own. The runs alternate A B B A A B ..., so a slow
spell of a shared machine falls on both sides alike; every run's figure is printed, then each
side's median. What is measured (one figure a run):

- ``aec``: the AEC loop (PettingZoo's ``agent_iter`` / ``last`` / ``step``) with a random agent,
  decisions/s over ``--seconds``;
- ``rollouts``: jitted random rollouts, decisions/s over ``--seconds`` (batches of 2,000 games);
- ``vector``: the vector env of 1,024 games stepped with random legal actions, decisions/s;
- ``cold``: import to the first AEC step with an empty cache, seconds;
- ``cached``: launching the interpreter to the first AEC step with the cache warm, seconds;

each by ``frontierzoo bench``'s own code (``throughput.aec_loop``, ``rollouts``, ``vector_loop``, ``run_startup``),
whichever version of the games it imports.

``--env-a`` / ``--env-b NAME=VALUE`` set an environment variable for one side's runs only, so one
revision can be measured against itself under two settings (the hooks against stock Numba:
``alternate . . --env-b FRONTIERZOO_STOCK_NUMBA=1``).
"""
from __future__ import annotations

import argparse
import inspect
import os
import statistics
import subprocess
import sys
import tempfile

from frontierzoo.cli.argtypes import at_least, positive
from frontierzoo.benchmarks import throughput

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The bench's own loops, run in the other version's interpreter: both sides measured alike.
_LOOP = """
import random, sys, time
import numpy as np
from frontierzoo.envs import game_module
{source}
game, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
print({call})
"""
LOOPS = {
    "aec": _LOOP.format(source="".join(inspect.getsource(f) for f in (throughput.pick, throughput.aec_loop,
                                                                     throughput._play_aec)),
                        call="aec_loop(lambda: game_module(game).env(num_players=players), seconds)[0]"),
    "rollouts": _LOOP.format(source=inspect.getsource(throughput.rollouts),
                             call="rollouts(game_module(game), players, 2000, seconds)[0]"),
    "vector": _LOOP.format(source=inspect.getsource(throughput.vector_loop),
                           call="vector_loop(game_module(game), players, 1024, seconds)[0]"),
}
MEASURES = {"aec": "decisions/s", "rollouts": "decisions/s", "vector": "decisions/s", "cold": "s", "cached": "s"}


def alternation(runs: int) -> list:
    """The order of the runs: A B, then B A, then A B, ... (``runs`` of each side)."""
    order = []
    for r in range(runs):
        order += ["A", "B"] if r % 2 == 0 else ["B", "A"]
    return order


def unpack(revision: str, folder: str) -> str:
    """The code at ``revision`` (``.``: the working tree, uncommitted changes included) unpacked as
    the package ``frontierzoo`` under ``folder``; returns the folder to put on ``PYTHONPATH``."""
    if subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=ROOT, capture_output=True).returncode:
        raise SystemExit(f"alternate: {ROOT} is not a git checkout: it compares revisions of one")
    target = os.path.join(folder, "frontierzoo")
    os.makedirs(target)
    if revision == ".":
        files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                               capture_output=True).stdout
        pack = subprocess.run(["tar", "-c", "--null", "-T", "-"], cwd=ROOT, input=files, check=True,
                              capture_output=True).stdout
    else:
        got = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True)
        if got.returncode != 0:
            raise SystemExit(f"alternate: not a revision of this checkout: {revision!r} "
                             f"({got.stderr.decode().strip()})")
        pack = got.stdout
    subprocess.run(["tar", "-x", "-C", target], input=pack, check=True)
    return folder


def run_once(measure, path, cache, game, players, seconds, extra_env=None) -> float:
    """One figure of ``measure``, in a fresh interpreter importing the package from ``path``, with
    ``extra_env`` added to its environment."""
    if measure == "cold":
        start = throughput.run_startup(game, players, cache, pythonpath=path, extra_env=extra_env)
        return start["import"] + start["reset"] + start["step"]
    if measure == "cached":
        return throughput.run_startup(game, players, cache, pythonpath=path, extra_env=extra_env)["to_first_step"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=path, NUMBA_CACHE_DIR=cache, OMP_NUM_THREADS="1", **(extra_env or {}))
    proc = subprocess.run([sys.executable, "-c", LOOPS[measure], game, str(players), str(seconds)],
                          env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if proc.returncode != 0:
        raise SystemExit(f"alternate: a {measure} run failed:\n{proc.stderr[-2000:]}")
    return float(proc.stdout.split()[-1])


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("base", help="the revision before (A)")
    p.add_argument("new", nargs="?", default=".", help="the revision after (B); default: the working tree")
    p.add_argument("--measure", choices=sorted(MEASURES), required=True)
    p.add_argument("--game", default="frontier_v0")
    p.add_argument("--players", type=at_least(1), default=None, help="default: the game's default")
    p.add_argument("--runs", type=at_least(1), default=3, help="runs of each side (default 3)")
    p.add_argument("--seconds", type=positive, default=2.0, help="length of a rollouts or vector run (default 2)")
    for side in "ab":
        p.add_argument(f"--env-{side}", action="append", default=[], metavar="NAME=VALUE", type=_setting,
                       help=f"an environment variable for side {side.upper()}'s runs only (repeatable)")


def _setting(text: str) -> tuple:
    name, eq, value = text.partition("=")
    if not (name and eq):
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, value


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m frontierzoo.benchmarks.alternate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    args = p.parse_args(argv)
    from frontierzoo.envs import get_game

    try:
        game = get_game(args.game)
    except ValueError as e:
        p.error(str(e))
    players = args.players or game.default_players
    with tempfile.TemporaryDirectory(prefix="frontierzoo-alternate-") as tmp:
        paths = {side: unpack(rev, os.path.join(tmp, side)) for side, rev in (("A", args.base), ("B", args.new))}
        caches = {side: os.path.join(tmp, f"cache{side}") for side in paths}
        envs = {"A": dict(args.env_a), "B": dict(args.env_b)}
        if args.measure != "cold":          # warm each side's cache (and the disk) before timing
            for side in paths:
                run_once(args.measure, paths[side], caches[side], game.name, players, 0.1, envs[side])
        figures = {"A": [], "B": []}
        for i, side in enumerate(alternation(args.runs)):
            cache = os.path.join(tmp, f"cold{i}") if args.measure == "cold" else caches[side]
            figures[side].append(run_once(args.measure, paths[side], cache, game.name, players, args.seconds,
                                          envs[side]))
            print(f"{side} {figures[side][-1]:,.3f}", flush=True)
    unit = MEASURES[args.measure]
    for side, rev in (("A", args.base), ("B", args.new)):
        runs = ", ".join(f"{x:,.3f}" for x in figures[side])
        settings = "".join(f" {k}={v}" for k, v in envs[side].items())
        print(f"{side} ({rev}{settings}): {args.measure} of {game.name} ({players}p), {unit}: {runs}; "
              f"median {statistics.median(figures[side]):,.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
