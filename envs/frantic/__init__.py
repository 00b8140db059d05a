"""Frantic: race away from the skull; cards on the board become shortcuts, obstacles and traps.

Rules: ``envs/frantic/RULES.md``.
"""
from ..common.api import module_api
from .env import GAME

globals().update(module_api(GAME))
__doc__ = GAME.module_doc(__doc__)
