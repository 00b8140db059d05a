"""Frontier: build and trade on an island of nineteen hexes; the first to ten points wins.

Rules: ``envs/frontier/RULES.md`` (rule → code → test, every interpretation, the designed deck).
"""
from ..common.api import module_api
from .env import GAME

globals().update(module_api(GAME))
__doc__ = GAME.module_doc(__doc__)
