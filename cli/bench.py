"""``frontierzoo bench``: the command over :mod:`frontierzoo.benchmarks.throughput`, which says what
is measured and how; here are its options and the ``--output`` file it writes into."""
from __future__ import annotations

import sys

from frontierzoo.benchmarks import throughput

from .argtypes import at_least, positive
from .output import add_output_flags, machine_readable, print_rows

DESCRIPTION = ("Throughput of (a) the AEC loop with a random agent, (b) the vector env with batched "
               "random actions, (c) jitted random rollouts, each the median of --repeats runs; "
               "the cold JIT compile time and the cached start-up time (subprocesses); and, in the "
               "same run, PettingZoo connect_four_v3 and texas_holdem_no_limit_v6 AEC loops and "
               "OpenSpiel connect_four, with ratios, and beside each game the peers it names "
               "(Game.bench_peers). Peers that are not installed are reported as such. Prints a "
               "markdown table and checks each game's targets (Game.bench_targets).")


def add_arguments(p) -> None:
    p.add_argument("--game", action="append", metavar="GAME",
                   help="a game to measure (repeatable; default: every registered game)")
    p.add_argument("--players", type=at_least(1), help="seats (default: each game's default)")
    p.add_argument("--repeats", type=at_least(1), default=5,
                   help="rounds, each running every loop once, peers included; each figure is the "
                        "median of its runs (default 5)")
    p.add_argument("--seconds", type=positive, default=2.0, help="length of each run in seconds (default 2)")
    p.add_argument("--num-envs", type=at_least(1), default=1024, help="games in the vector env (default 1024)")
    p.add_argument("--batch", type=at_least(1), default=2000, help="games per random_rollouts call (default 2000)")
    p.add_argument("--quick", action="store_true",
                   help="a short run (1 repeat of 0.25 s, small batches, no start-up subprocesses unless "
                        "--startup): checks that everything runs, not the figures")
    p.add_argument("--startup", action="store_true", help="time the cold compile and cached start even with --quick")
    p.add_argument("--no-startup", action="store_true", help="skip the cold compile and cached start (~1 min)")
    p.add_argument("--output", metavar="FILE",
                   help="also write the report as markdown into FILE (e.g. benchmarks/RESULTS.md), between "
                        "its markers: the rest of the file is kept")
    add_output_flags(p)


# The part of an --output file the bench writes; what stands outside the markers is kept.
OUTPUT_START = "<!-- written by frontierzoo bench --output: start -->"
OUTPUT_END = "<!-- written by frontierzoo bench --output: end -->"


def write_report(path, text) -> None:
    """Put ``text`` between the markers of the markdown file at ``path`` (a new file: a heading,
    then the markers), keeping everything outside them."""
    block = f"{OUTPUT_START}\n{text}\n{OUTPUT_END}"
    try:
        with open(path) as f:
            old = f.read()
    except FileNotFoundError:
        old = "# frontierzoo throughput\n\n" + OUTPUT_START + OUTPUT_END + "\n"
    if OUTPUT_START not in old or OUTPUT_END not in old:
        raise SystemExit(f"frontierzoo bench: {path} has no markers to write between ({OUTPUT_START} ... "
                         f"{OUTPUT_END}); add them where the table goes")
    head, rest = old.split(OUTPUT_START, 1)
    tail = rest.split(OUTPUT_END, 1)[1]
    with open(path, "w") as f:
        f.write(head + block + tail)


def main(args) -> int:
    from frontierzoo.envs import all_games

    games = args.game or [g.name for g in all_games()]
    startup = (args.startup or not args.quick) and not args.no_startup
    command = "frontierzoo bench" + "".join(" " + a for a in (args.argv or []))
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    try:
        res = throughput.run_bench(games, args.players, args.repeats, args.seconds, args.num_envs, args.batch,
                        startup=startup, quick=args.quick, log=log)
    except ValueError as e:
        raise SystemExit(f"frontierzoo bench: {e}")
    text = throughput.report(res, command)
    if machine_readable(args):
        print_rows(args, throughput.rows(res), {"command": command, "machine": res["machine"],
                                                "repeats": res["repeats"], "seconds": res["seconds"]})
    else:
        print(text)
    if args.output:
        write_report(args.output, text)
    return 0
