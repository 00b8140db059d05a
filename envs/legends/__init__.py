"""Legends of the American Frontier: frontiersmen's lives for 3-7, an upbringing draft, simultaneous
action cards, adventures resolved with trump skill cards and dealt runs, rewards bought with tokens.

Rules: ``envs/legends/RULES.md``.
"""
from ..common.api import module_api
from .env import GAME

globals().update(module_api(GAME))
__doc__ = GAME.module_doc(__doc__)
