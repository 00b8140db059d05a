"""A batch of games stepped in one jitted call, for batched self-play and throughput.

``VectorEnv`` holds ``num_envs`` state records. Each ``step(actions)`` applies one action per game
(the action of the seat to act there), fills every game's next mask and observation, hands out
per-seat rewards, and restarts finished games with seeds drawn from the batch's own generator, so a
seeded batch replays exactly.
"""
from __future__ import annotations

import numpy as np

from .aec import REWARD_MODES, seed_value
from .engine import kernels
from .rng import seed_rng


class VectorEnv:
    """``num_envs`` games of one kind, stepped together.

    After ``reset`` and each ``step``: ``obs`` (B, obs_size) is the observation of the seat to act
    in each game, ``masks`` (B, num_actions) its legal actions, ``seats`` (B,) that seat. ``step``
    returns ``(obs, masks, rewards, terminated, truncated, seats)`` with ``rewards`` (B, num_players)
    the rewards of the step just taken, per seat; a game that ended on this step has already been
    restarted, its final rewards in ``rewards`` and the new game's first view in ``obs``.
    """

    def __init__(self, game, num_envs, num_players=None, max_steps=None, reward="win", **options):
        if not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if max_steps is not None and (not isinstance(max_steps, (int, np.integer)) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive int or None, got {max_steps!r}")
        self.game = game
        self.num_envs = int(num_envs)
        self.num_players = game.check_players(game.default_players if num_players is None else num_players)
        self._opts = game.options(self.num_players, **options)
        self.max_steps = 0 if max_steps is None else int(max_steps)
        self.vp = reward == "vp"
        self._k = kernels(game)
        B = self.num_envs
        self.states = np.zeros(B, dtype=game.dtype)
        self.obs = np.zeros((B, game.obs_size), np.float32)
        self.masks = np.zeros((B, game.num_actions), np.bool_)
        self.seats = np.zeros(B, np.int64)
        self.rewards = np.zeros((B, self.num_players), np.float32)
        self.terminated = np.zeros(B, np.bool_)
        self.truncated = np.zeros(B, np.bool_)
        self.steps = np.zeros(B, np.int64)
        self._rng = np.zeros(2, np.uint64)
        self._has_reset = False

    def reset(self, seed=None):
        """Start every game afresh; returns ``(obs, masks, seats)``."""
        seed_rng(self._rng, np.uint64(seed_value(seed)))
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self.truncated[:] = False
        no_actions = self.seats   # unread on a reset; same type as actions, so one compiled driver
        self._k.vec(self.states.view(np.uint8), True, no_actions, self.num_players, self._opts, self._rng,
                    self.max_steps, self.vp, self.seats, self.obs, self.masks, self.rewards,
                    self.terminated, self.truncated, self.steps)
        self._has_reset = True
        return self.obs, self.masks, self.seats

    def step(self, actions):
        if not self._has_reset:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be an int array of shape ({self.num_envs},), got {actions.dtype} {actions.shape}")
        bad = self._k.vec(self.states.view(np.uint8), False, actions.astype(np.int64, copy=False),
                          self.num_players, self._opts, self._rng, self.max_steps, self.vp, self.seats,
                          self.obs, self.masks, self.rewards, self.terminated, self.truncated, self.steps)
        if bad >= 0:
            legal = np.flatnonzero(self.masks[bad])[:5].tolist()
            raise ValueError(f"game {bad}: action {int(actions[bad])} is illegal for player_{int(self.seats[bad])} "
                             f"(legal include {legal}); no game was stepped")
        return self.obs, self.masks, self.rewards, self.terminated, self.truncated, self.seats

    def random_actions(self, rng: np.random.Generator):
        """One uniformly random legal action per game (for benchmarks and smoke tests)."""
        u = rng.random(self.masks.shape)
        return np.argmax(np.where(self.masks, u, -1.0), axis=1)
