"""The ``frontierzoo`` command: ``arena`` (a tournament), ``bench`` (throughput beside peers) and
``play`` (a person against bots in the terminal).

``frontierzoo`` with no subcommand runs ``arena`` with its defaults: the project's main job.
"""
from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    from . import arena, play, throughput

    p = argparse.ArgumentParser(
        prog="frontierzoo",
        description="frontierzoo: board games as fast PettingZoo environments. "
                    "With no subcommand, runs `frontierzoo arena` with its defaults.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
               "  frontierzoo arena                      # every game, every bundled agent\n"
               "  frontierzoo arena --games forfort_v0 --agents random heuristic --games-per-pairing 200\n"
               "  frontierzoo bench --quick              # throughput beside PettingZoo and OpenSpiel\n"
               "  frontierzoo play forfort_v0 --opponent heuristic\n")
    sub = p.add_subparsers(dest="command", metavar="{arena,bench,play}")

    a = sub.add_parser(
        "arena", help="a seeded tournament of the bundled agents: win rates with 95%% intervals",
        description="A tournament of the bundled agents on every registered game (or those chosen). "
                    "Lineups: at 2 seats every pair of agents; at 3+ seats each agent alone against a "
                    "table of each other agent; a lone agent plays itself. Seats rotate one place per "
                    "game so each agent sits in each seat equally often. Prints, per game and seat "
                    "count, each agent's win rate with a 95% Wilson interval and the mean decisions "
                    "per game, then the tournament's decisions/s and games/s. A shared win counts as "
                    "a win for each winner. The same --seed gives the same table.")
    arena.add_arguments(a)

    b = sub.add_parser(
        "bench", help="steps/s of the AEC loop, vector env and jitted rollouts beside PettingZoo and OpenSpiel",
        description="Throughput of (a) the AEC loop with a random agent, (b) the vector env with batched "
                    "random actions, (c) jitted random rollouts, each the median of --repeats runs; "
                    "the cold JIT compile time and the cached start-up time (subprocesses); and, in the "
                    "same run, PettingZoo connect_four_v3 and texas_holdem_no_limit_v6 AEC loops, "
                    "OpenSpiel connect_four (and Catanatron beside frontier_v0), with ratios. Peers "
                    "that are not installed are reported as such. Prints a markdown table.")
    throughput.add_arguments(b)

    c = sub.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play GAME in the terminal against bots: the board is drawn each time you are to "
                    "act (others' hands hidden), your legal moves are listed in words and numbered; "
                    "type a number to move, `b` to redraw the board, `q` (or end of input) to quit.")
    play.add_arguments(c)
    return p


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["arena"] + argv
    args = parser.parse_args(argv)
    args.argv = argv[1:]
    if args.command == "arena":
        from .arena import main as run
    elif args.command == "bench":
        from .throughput import main as run
    elif args.command == "play":
        from .play import main as run
    else:
        parser.print_help()
        return 2
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
