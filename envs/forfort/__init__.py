"""Forfort (フォルフォート): build an 8-space fort round your dungeon while you besiege the others'.

Rules: ``envs/forfort/RULES.md`` (from the Japanese rulebook, English translation beside it).

| Import             | ``from frontierzoo.envs import forfort_v0``                     |
|--------------------|-----------------------------------------------------------------|
| Actions            | Discrete                                                        |
| Parallel API       | No (AEC; decisions are sequential)                              |
| Manual control     | ``frontierzoo play forfort_v0``                                 |
| Agents             | ``agents = ['player_0', 'player_1', ...]`` (2, 3 or 4)          |
| Action shape       | (1,)                                                            |
| Action values      | Discrete(364)                                                   |
| Observation shape  | (OBS_SIZE,) float32, plus an int8 action mask                   |

Observation
    A dict ``{"observation": float32[OBS_SIZE], "action_mask": int8[364]}``. The vector is
    seat-relative: a block per seat (the observer first, then the others in turn order; padded
    to 4) with each fort space's visible card (present, wall/camp, kind, shape, symbols), stack
    height, drawbridge and armies by owner; the seat's dungeon size and the arrows on its top
    card's back; hand size; camps and armies left; armies overthrown; drawbridge up; turns taken;
    whose turn; the seat's public discard pile. Then the observer's own hand (which walls, and
    their shapes, kinds and symbols counted), the decision stage, the effect being resolved and
    the pairs waiting to fire, the chosen target, the mason's card, the army being placed, whether
    the end is triggered, the seat count and team flag. Other hands and every dungeon's order are
    never in it.

Action mask
    ``action_mask[a] == 1`` for the legal actions of the agent to act, all zeros for the others.
    ``env.action_masks()`` gives it as bool for sb3-contrib.

Rewards
    At the end +1 to each winner (ties share the win; a team wins together) and -1 to each loser;
    0 before. ``reward="vp"`` adds each step's change in the seat's score margin.

Version History
    v0: first release.
"""
from ..common.aec import FrontierZooEnv
from ..common.registry import register
from ..common.vector import VectorEnv
from .env import GAME
from .state import NUM_ACTIONS, OBS_SIZE

register(GAME)
__doc__ = __doc__.replace("OBS_SIZE", str(OBS_SIZE))


def raw_env(num_players=2, teams=False, render_mode=None, **kwargs):
    """The Forfort AEC env: 2, 3 or 4 players; ``teams=True`` for the 4-player team game.

    Further keyword arguments: ``illegal_action`` ("raise" or "lose"), ``max_steps``, ``reward``
    ("win" or "vp"); see :class:`~frontierzoo.envs.common.aec.FrontierZooEnv`.
    """
    return FrontierZooEnv(GAME, num_players=num_players, render_mode=render_mode, teams=teams, **kwargs)


def env(num_players=2, teams=False, render_mode=None, **kwargs):
    """Same as :func:`raw_env`: the call-order, bounds and illegal-move checks that PettingZoo's
    wrappers add are built into the env itself, at a fraction of their cost."""
    return raw_env(num_players=num_players, teams=teams, render_mode=render_mode, **kwargs)


def vector_env(num_envs, num_players=2, teams=False, **kwargs):
    """``num_envs`` Forfort games stepped together in one jitted call."""
    return VectorEnv(GAME, num_envs, num_players=num_players, teams=teams, **kwargs)


__all__ = ["env", "raw_env", "vector_env", "GAME", "NUM_ACTIONS", "OBS_SIZE"]
