"""argparse types the command-line tools share: numbers with a lower bound, checked while parsing,
so that a bad value is an argparse error naming its flag (``argument --seed: must be at least 0,
got -5``) rather than a failure deep in a run."""
from __future__ import annotations

import argparse


def at_least(minimum, kind=int):
    """A ``type=`` for argparse: ``kind(text)``, which must be ``>= minimum``."""
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {'an integer' if kind is int else 'a number'}, "
                                             f"got {text!r}") from None
        if not value >= minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {text}")
        return value
    return parse


def positive(text) -> float:
    """A ``type=`` for argparse: a number above 0 (a length of time)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value


def share(text) -> float:
    """A ``type=`` for argparse: a share, from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1, got {text}")
    return value


def layer_sizes(text) -> tuple:
    """A ``type=`` for argparse: a network's hidden layer sizes, comma-separated (``256,256``)."""
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected sizes separated by commas, such as 64,64, got {text!r}") from None
    if not all(n >= 1 for n in sizes):
        raise argparse.ArgumentTypeError(f"every layer needs at least 1 unit, got {text}")
    return sizes


def game_count(text) -> int:
    """A ``type=`` for ``--games``, which is a number of games in every tool (``--game`` names
    games): a game's name given to it is pointed to ``--game``."""
    if text.rsplit("_v", 1)[-1].isdigit() and not text.isdigit():
        raise argparse.ArgumentTypeError(f"--games is how many games; name the game with --game ({text})")
    return at_least(1)(text)


def add_search_budget(p) -> None:
    """``--ms`` and ``--simulations``: a search agent's budget a decision (``mcts``, ``net_search``)."""
    p.add_argument("--ms", type=positive, default=None, help="the search agent's time a decision, in ms")
    p.add_argument("--simulations", type=at_least(1), default=None,
                   help="the search agent's simulations a decision (with --ms: at most this many)")


def search_budget(args) -> dict:
    """The budget :func:`add_search_budget`'s flags gave, as the agent's options."""
    return {k: v for k, v in (("ms", args.ms), ("simulations", args.simulations)) if v is not None}
