"""frontierzoo's environments: ``from frontierzoo.envs import forfort_v0, frontier_v0``.

Each game module registers itself on import (``frontierzoo.envs.common.registry``).
"""
from .common.registry import all_games, get_game, make
from . import forfort as forfort_v0
from . import frontier as frontier_v0

__all__ = ["forfort_v0", "frontier_v0", "all_games", "get_game", "make"]
