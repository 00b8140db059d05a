"""frontierzoo's environments, PettingZoo style: ``from frontierzoo.envs import forfort_v0`` or
``import frontierzoo.envs.forfort_v0``; then ``forfort_v0.env()``.

Every game folder here is found and registered on import (``common/registry.py``); the module of a
game is its folder, importable under its environment name.
"""
import sys as _sys
from importlib.metadata import PackageNotFoundError as _NotInstalled, version as _version

from .common.registry import RetiredGameError, all_games, discover as _discover, game_module, get_game, make

_found, _retired = _discover(_sys.modules[__name__])
globals().update(_found)
globals().update(_retired)      # earlier versions' names: using one raises RetiredGameError

try:
    __version__ = _version("frontierzoo")   # the distribution's (pyproject.toml; CHANGELOG.md's policy)
except _NotInstalled:                      # the source tree on sys.path, not installed
    __version__ = "unknown"

__all__ = sorted(_found) + ["RetiredGameError", "__version__", "all_games", "game_module", "get_game", "make"]
