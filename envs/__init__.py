"""frontierzoo's environments: ``from frontierzoo.envs import forfort_v0``.

Each game module registers itself on import (``frontierzoo.envs.common.registry``).
"""
from .common.registry import all_games, get_game, make
from . import forfort as forfort_v0

__all__ = ["forfort_v0", "all_games", "get_game", "make"]
try:  # Frontier lands game by game; the registry lists what is there.
    from . import frontier as frontier_v0  # noqa: F401
    if hasattr(frontier_v0, "env"):
        __all__.append("frontier_v0")
    else:
        del frontier_v0
except ImportError:
    pass
