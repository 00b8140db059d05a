"""Fantasy Frontier: airships, five workers, terrain tiles and dice; grow the board, fly, fight,
gather, build townships and match secret map cards to reach 40 victory points.

Rules: ``envs/fantasy_frontier/RULES.md``.
"""
from ..common.api import module_api
from .env import GAME

globals().update(module_api(GAME))
__doc__ = GAME.module_doc(__doc__)
