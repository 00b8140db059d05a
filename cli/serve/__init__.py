"""``frontierzoo serve``: a local web page to watch, replay and play every game.

On the page a person can watch a seeded game between any registered agents (a decision at a time,
or playing on), replay a game file or a golden transcript forwards and backwards, play any seat
against the bots (moves picked on the board, where a game names its places, or from the list of
moves in the game's words, seeing only what that seat may see), and read the ratings table of the
last arena run. ``app.py`` is the web application (Flask), ``tables.py`` the games it keeps,
``ratings.py`` the arena's table, ``static/`` the page. Flask is imported only when serving.
"""
from __future__ import annotations

import ipaddress
from pathlib import Path

from frontierzoo.cli.argtypes import at_least

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# the repository's golden transcripts, where this runs from a checkout (an editable install)
REPO_GOLDENS = Path(__file__).resolve().parents[2] / "tests" / "golden"

DESCRIPTION = ("Serve a web page (on localhost by default) where you watch a seeded game between any "
               "agents step by step or playing on, replay a game file or a golden transcript forwards "
               "and backwards, play any seat against the bots by clicking on the board or the list of "
               "moves (seeing only what your seat may see), and read the last arena run's ratings. "
               "Needs Flask (pip install 'frontierzoo[serve]').")


def is_loopback(host) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def add_arguments(p) -> None:
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to serve on (default {DEFAULT_HOST}: this machine only; anything else "
                        "lets others on the network play, and is said so)")
    p.add_argument("--port", type=at_least(0), default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--arena", metavar="FILE",
                   help="the arena table to show (default: the one `frontierzoo arena` kept last)")
    p.add_argument("--goldens", metavar="DIR",
                   help="a folder of golden transcripts to offer for replay (default: the repository's "
                        "tests/golden, where there is one)")


def main(args) -> int:
    try:
        from .app import create_app
    except ImportError as e:
        raise SystemExit(f"frontierzoo serve needs Flask: pip install 'frontierzoo[serve]' ({e})")
    goldens = args.goldens if args.goldens is not None else (REPO_GOLDENS if REPO_GOLDENS.is_dir() else None)
    if goldens is not None and not Path(goldens).is_dir():
        raise SystemExit(f"frontierzoo serve: --goldens {goldens!r} is not a folder")
    local = is_loopback(args.host)
    app = create_app(arena_path=args.arena, golden_dir=goldens, loopback_only=local)
    if not local:
        print(f"Serving on {args.host}: anyone who can reach this address can use the page.")
    print(f"frontierzoo serve: open http://{'localhost' if local else args.host}:{args.port}/ (Ctrl-C stops)")
    app.run(host=args.host, port=args.port, threaded=True)
    return 0
