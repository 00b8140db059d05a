"""One heuristic per game: ``agents/heuristics/<game folder>.py`` defines ``HEURISTIC``, an
:class:`~frontierzoo.agents.base.Agent` class taking ``seed``, for the game of the same folder name.

They are found by file name, not listed: a new game's heuristic is one new file here, imported only
when an agent of that game is made (a heuristic may compile code of its own).
"""
from __future__ import annotations

import importlib
import pkgutil

from frontierzoo.envs import all_games


def heuristic_modules() -> dict:
    """``{env name: module name}`` of every game that has a heuristic file here."""
    files = {m.name for m in pkgutil.iter_modules(__path__)}
    out = {}
    for game in all_games():
        if game.folder in files:
            out[game.name] = f"{__name__}.{game.folder}"
    return out


def make_heuristic(game_name, seed=None, **kwargs):
    """The heuristic agent of ``game_name``."""
    module = heuristic_modules().get(game_name)
    if module is None:
        raise ValueError(f"no heuristic for {game_name}")
    return importlib.import_module(module).HEURISTIC(seed=seed, **kwargs)
