"""The ``frontierzoo`` command: ``arena`` (a tournament), ``bench`` (throughput beside peers) and
``play`` (a person against bots in the terminal) and ``serve`` (a web page to watch, replay and play).

It only dispatches: each tool's module parses its own options (``add_arguments``), runs them
(``main``) and says what it is (``HELP``, ``DESCRIPTION``). ``frontierzoo`` with no subcommand
runs ``arena`` with its defaults: the project's main job.
"""
from __future__ import annotations

import argparse
import importlib
import sys

TOOLS = {
    "arena": "frontierzoo.agents.arena",
    "bench": "frontierzoo.benchmarks.throughput",
    "play": "frontierzoo.agents.human",
    "serve": "frontierzoo.serve",
}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="frontierzoo",
        description="frontierzoo: board games as fast PettingZoo environments. "
                    "With no subcommand, runs `frontierzoo arena` with its defaults.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
               "  frontierzoo arena                      # every game, every bundled agent\n"
               "  frontierzoo arena --games forfort_v0 --agents random heuristic --games-per-pairing 200\n"
               "  frontierzoo bench --quick              # throughput beside PettingZoo and OpenSpiel\n"
               "  frontierzoo play forfort_v0 --opponent heuristic\n"
               "  frontierzoo serve                      # watch, replay and play in the browser\n")
    sub = p.add_subparsers(dest="command", metavar="{" + ",".join(TOOLS) + "}")
    for name, module_name in TOOLS.items():
        tool = importlib.import_module(module_name)
        tool.add_arguments(sub.add_parser(name, help=tool.HELP, description=tool.DESCRIPTION))
    return p


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["arena"] + argv
    args = parser.parse_args(argv)
    args.argv = argv[1:]
    return importlib.import_module(TOOLS[args.command]).main(args)


if __name__ == "__main__":
    sys.exit(main())
