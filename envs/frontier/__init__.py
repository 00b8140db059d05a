"""Frontier: build and trade on an island of nineteen hexes; the first to ten points wins.

Rules: ``envs/frontier/RULES.md`` (rule → code → test, every interpretation, the designed deck).

| Import             | ``from frontierzoo.envs import frontier_v0``                    |
|--------------------|-----------------------------------------------------------------|
| Actions            | Discrete                                                        |
| Parallel API       | No (AEC; decisions are sequential)                              |
| Manual control     | ``frontierzoo play frontier_v0``                                |
| Agents             | ``agents = ['player_0', 'player_1', ...]`` (3 or 4)             |
| Action shape       | (1,)                                                            |
| Action values      | Discrete(NUM_ACTIONS)                                           |
| Observation shape  | (OBS_SIZE,) float32, plus an int8 action mask                   |

Options
    ``num_players`` 3 or 4 (default 4); ``hidden_harbours`` (house rule: a harbour's rate is
    hidden from everyone until somebody builds on one of its corners); ``fixed_island`` (the fixed
    beginner island instead of one laid out from the seed, 6s and 8s never side by side).

Observation
    A dict ``{"observation": float32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``. The vector
    is seat-relative (the observer first, then the others in turn order, padded to four seats):
    per hex its terrain, number and the bandit; per harbour its rate, or "hidden"; per corner the
    village or keep of each relative seat; per edge the road's relative owner; per seat its hand
    size, opportunity cards held and bought this turn, knights played, villages/keeps/roads left,
    longest road, the awards, public points, discards owed, whether on turn and its answer to the
    offer on the table — and for the observer alone its hand by resource, its cards by kind and
    its points with victory-point cards. Then the bank's stock, the deck's size, the phase, the
    last throw, the turn's flags and the offer on the table. Others' resources and cards appear
    only as counts; the deck order, hidden harbour rates and the rng never appear.

Action mask
    ``action_mask[a] == 1`` for the legal actions of the agent to act, all zeros for the others.
    ``env.action_masks()`` gives it as bool for sb3-contrib. Discards on a 7 and answers to a
    trade offer are off-turn decisions: that seat becomes the agent to act.

Rewards
    At the end +1 to the winner and -1 to each other player; 0 before. ``reward="vp"`` adds each
    step's change in the seat's public score margin.

Version History
    v0: first release.
"""
from ..common.aec import FrontierZooEnv
from ..common.registry import register
from ..common.vector import VectorEnv
from .env import GAME
from .state import NUM_ACTIONS, OBS_SIZE

register(GAME)
__doc__ = __doc__.replace("NUM_ACTIONS", str(NUM_ACTIONS)).replace("OBS_SIZE", str(OBS_SIZE))


def raw_env(num_players=4, hidden_harbours=False, fixed_island=False, render_mode=None, **kwargs):
    """The Frontier AEC env: 3 or 4 players.

    Further keyword arguments: ``illegal_action`` ("raise" or "lose"), ``max_steps``, ``reward``
    ("win" or "vp"); see :class:`~frontierzoo.envs.common.aec.FrontierZooEnv`.
    """
    return FrontierZooEnv(GAME, num_players=num_players, render_mode=render_mode,
                          hidden_harbours=hidden_harbours, fixed_island=fixed_island, **kwargs)


def env(num_players=4, hidden_harbours=False, fixed_island=False, render_mode=None, **kwargs):
    """Same as :func:`raw_env`: the call-order, bounds and illegal-move checks that PettingZoo's
    wrappers add are built into the env itself, at a fraction of their cost."""
    return raw_env(num_players=num_players, hidden_harbours=hidden_harbours, fixed_island=fixed_island,
                   render_mode=render_mode, **kwargs)


def vector_env(num_envs, num_players=4, hidden_harbours=False, fixed_island=False, **kwargs):
    """``num_envs`` Frontier games stepped together in one jitted call."""
    return VectorEnv(GAME, num_envs, num_players=num_players, hidden_harbours=hidden_harbours,
                     fixed_island=fixed_island, **kwargs)


__all__ = ["env", "raw_env", "vector_env", "GAME", "NUM_ACTIONS", "OBS_SIZE"]
