"""Forfort (フォルフォート): build an 8-space fort round your dungeon while you besiege the others'.

Rules: ``envs/forfort/RULES.md`` (from the Japanese rulebook, English translation beside it).
"""
from ..common.api import module_api
from .env import GAME

globals().update(module_api(GAME))
__doc__ = GAME.module_doc(__doc__)
