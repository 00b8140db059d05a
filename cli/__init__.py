"""The ``frontierzoo`` command and its tools: ``arena`` (a tournament), ``bench`` (throughput beside
peers), ``play`` (a person against bots in the terminal), ``train`` (a learned agent), ``tune`` (a
heuristic's numbers), ``evaluate`` (one agent against another, head to head), ``exploit`` (an
approximate best response to an agent) and ``serve`` (a web page to watch, replay and play every
game: ``serve/``).

This package is the project's room for tools; the library under them (agents, training, benchmarks)
never imports it. The command only dispatches: each tool's module here parses its own options
(``add_arguments``), runs them (``main``) and says what it is (``DESCRIPTION``); its one-line help
is in :data:`TOOLS`, so that listing the tools imports none of them (``train`` alone would import
torch). ``frontierzoo`` with no subcommand runs ``arena`` with its defaults: the project's main job.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

# name -> (its module, its line in ``frontierzoo --help``)
TOOLS = {
    "arena": ("frontierzoo.cli.arena",
              "a seeded tournament of the bundled agents: ratings, and win rates with 95%% intervals"),
    "bench": ("frontierzoo.cli.bench",
              "steps/s of the AEC loop, vector env and jitted rollouts beside PettingZoo and OpenSpiel"),
    "play": ("frontierzoo.cli.play", "play a game in the terminal against bots"),
    "train": ("frontierzoo.cli.train", "train a learned agent (the train extra)"),
    "tune": ("frontierzoo.cli.tune", "train a heuristic's numbers against the hand-set heuristic"),
    "evaluate": ("frontierzoo.cli.evaluate",
                 "one agent against another, seats rotating: a win rate with its 95%% interval"),
    "exploit": ("frontierzoo.cli.exploit",
                "how exploitable an agent is: a fresh learner's win rate against it (the train extra)"),
    "serve": ("frontierzoo.cli.serve", "a local web page to watch, replay and play every game (Flask)"),
}


def add_tools(sub, tools, chosen) -> None:
    """A subparser per tool of ``tools`` (name -> (module, help)) under ``sub``; only the
    ``chosen`` one's module is imported, to add its options and description."""
    for name, (module_name, help_line) in tools.items():
        p = sub.add_parser(name, help=help_line)
        if name == chosen:
            tool = importlib.import_module(module_name)
            p.description = tool.DESCRIPTION
            tool.add_arguments(p)
            p.set_defaults(run=tool.main)


def build_parser(command=None) -> argparse.ArgumentParser:
    """The command's parser, with the options of the tool ``command`` (None: the list only)."""
    p = argparse.ArgumentParser(
        prog="frontierzoo",
        description="frontierzoo: board games as fast PettingZoo environments. "
                    "With no subcommand, runs `frontierzoo arena` with its defaults.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
               "  frontierzoo arena                      # every game, every bundled agent\n"
               "  frontierzoo arena --game forfort_v0 --agents random heuristic --games 200\n"
               "  frontierzoo bench --quick              # throughput beside PettingZoo and OpenSpiel\n"
               "  frontierzoo play forfort_v0 --opponent heuristic\n"
               "  frontierzoo train ppo --game forfort_v0 --timesteps 2000000 --out runs/forfort_ppo\n"
               "  frontierzoo train expert --game forfort_v0 --max-minutes 90\n"
               "  frontierzoo tune --game forfort_v0 --minutes 50\n"
               "  frontierzoo evaluate --game forfort_v0 --agent heuristic --opponent random --games 1000\n"
               "  frontierzoo serve                      # watch, replay and play in the browser\n")
    add_tools(p.add_subparsers(dest="command", metavar="{" + ",".join(TOOLS) + "}"), TOOLS, command)
    return p


def tool_parser(name) -> argparse.ArgumentParser:
    """The parser of ``frontierzoo NAME``, its options built: what ``frontierzoo NAME --help`` prints
    (the documentation site's command pages are made from it)."""
    parser = build_parser(name)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]


def one_math_thread(tool: str) -> None:
    """Every tool but ``train`` (whose ``--threads`` sets its own, as it does for ``exploit``'s
    learner's updates) runs torch's and NumPy's math on one thread, unless ``OMP_NUM_THREADS`` says
    otherwise. Their forward passes are of one position or one batch of games, where a second
    thread gains little; and at torch's default, a thread per core, two of them side by side on
    this project's 2-core machine (two ``frontierzoo evaluate`` of Frontier's ``ppo``) took 18
    times as long, 33.7 ms a decision against 0.6 ms, each process's threads spinning for the core
    the other held (benchmarks/RESULTS.md)."""
    if tool == "train" or "OMP_NUM_THREADS" in os.environ:
        return
    os.environ["OMP_NUM_THREADS"] = "1"   # read by torch and NumPy's BLAS when they start
    torch = sys.modules.get("torch")      # already started (main called from Python): told directly
    if torch is not None:
        torch.set_num_threads(1)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["arena"] + argv
    one_math_thread(argv[0])
    args = build_parser(argv[0]).parse_args(argv)
    args.argv = argv[1:]
    return args.run(args)
