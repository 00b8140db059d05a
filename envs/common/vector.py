"""A batch of games stepped in one jitted call, for batched self-play and throughput.

``VectorEnv`` holds ``num_envs`` state records. Each ``step(actions)`` applies one action per game
(the action of the seat to act there), fills every game's next mask and observation, hands out
per-seat rewards, and restarts finished games with seeds drawn from the batch's own generator, so a
seeded batch replays exactly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .aec import check_max_steps, check_reward, is_int, read_only, seed_value
from .engine import count_legal, kernels, kth_legal
from .jit import common_jit
from .rng import seed_rng

if TYPE_CHECKING:
    from .game import Game


@common_jit
def pick_uniform(masks, u, out):
    """Row ``i``'s legal action number ``floor(u[i] * legal actions)``: a uniformly random legal
    action per row from one uniform number in [0, 1) each (-1 for a row with none)."""
    for i in range(masks.shape[0]):
        n = count_legal(masks[i])
        out[i] = kth_legal(masks[i], min(int(u[i] * n), n - 1)) if n > 0 else -1


class VectorEnv:
    """``num_envs`` games of one kind, stepped together.

    After ``reset`` and each ``step``: ``obs`` (B, obs_size) is the observation of the seat to act
    in each game, ``masks`` (B, num_actions) its legal actions, ``seats`` (B,) that seat. ``step``
    returns ``(obs, masks, rewards, terminated, truncated, seats)`` with ``rewards`` (B, num_players)
    the rewards of the step just taken, per seat; a game that ended on this step has already been
    restarted, its final rewards in ``rewards`` and the new game's first view in ``obs``.

    Gymnasium's vector convention for an auto-reset in the same step: where ``terminated |
    truncated``, ``final_obs[i, p]`` is seat ``p``'s observation of game ``i``'s last position
    (before the restart), so a learner can bootstrap a truncated game's value from it; ``infos``
    gives it under Gymnasium's keys (``"final_obs"``, ``"_final_obs"``). Rows of games that did not
    end hold the last final position of that row; read them only where the game ended. Each seat's
    row is that seat's own view: hand seat ``p``'s learner ``final_obs[:, p]`` only.

    The arrays handed out are the env's own buffers, read-only, and **reused**: the next ``step``
    overwrites them in place (that is what makes a step cheap). Copy what you keep
    (``obs.copy()``), e.g. in a rollout buffer. They are read-only for good (NumPy refuses
    ``flags.writeable = True`` on them), and ``masks`` is moreover a copy: legality is decided from
    the env's private masks, so nothing done to the arrays handed out makes an illegal action legal.
    """

    # the read-only views handed out, set in __init__ (see above)
    states: np.ndarray
    obs: np.ndarray
    masks: np.ndarray
    seats: np.ndarray
    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    steps: np.ndarray
    final_obs: np.ndarray

    def __init__(self, game: Game, num_envs: int, num_players: int | None = None, max_steps: int | None = None,
                 reward: str = "win", **options: Any) -> None:
        if not is_int(num_envs) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        check_reward(reward)
        self.game = game
        self.num_envs = int(num_envs)
        self.num_players = game.check_players(game.default_players if num_players is None else num_players)
        self._opts = game.options(self.num_players, **options)
        self.max_steps = check_max_steps(max_steps) or 0
        self.vp = reward == "vp"
        self._k = kernels(game)
        B = self.num_envs
        self._states = np.zeros(B, dtype=game.dtype)
        self._obs = np.zeros((B, game.obs_size), np.float32)
        self._masks = np.zeros((B, game.num_actions), np.bool_)     # what step checks actions against
        self._masks_out = np.zeros((B, game.num_actions), np.bool_)   # the copy handed out
        self._seats = np.zeros(B, np.int64)
        self._rewards = np.zeros((B, self.num_players), np.float32)
        self._terminated = np.zeros(B, np.bool_)
        self._truncated = np.zeros(B, np.bool_)
        self._steps = np.zeros(B, np.int64)
        self._final_obs = np.zeros((B, self.num_players, game.obs_size), np.float32)
        # what users see: read-only views of the buffers above (of the masks' copy)
        for name in ("states", "obs", "masks_out", "seats", "rewards", "terminated", "truncated", "steps",
                     "final_obs"):
            setattr(self, name.removesuffix("_out"), read_only(getattr(self, "_" + name)))
        self._rng = np.zeros(2, np.uint64)
        self._has_reset = False

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start every game afresh; returns ``(obs, masks, seats)``."""
        seed_rng(self._rng, np.uint64(seed_value(seed)))
        self._rewards[:] = 0.0
        self._terminated[:] = False
        self._truncated[:] = False
        no_actions = self._seats   # unread on a reset; same type as actions, so one compiled driver
        self._k.vec(self._states.view(np.uint8), True, no_actions, self.num_players, self._opts, self._rng,
                    self.max_steps, self.vp, self._seats, self._obs, self._masks, self._rewards,
                    self._terminated, self._truncated, self._steps, self._final_obs)
        np.copyto(self._masks_out, self._masks)
        self._has_reset = True
        return self.obs, self.masks, self.seats

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        if not self._has_reset:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be an int array of shape ({self.num_envs},), got {actions.dtype} {actions.shape}")
        bad = self._k.vec(self._states.view(np.uint8), False, actions.astype(np.int64, copy=False),
                          self.num_players, self._opts, self._rng, self.max_steps, self.vp, self._seats,
                          self._obs, self._masks, self._rewards, self._terminated, self._truncated, self._steps,
                          self._final_obs)
        if bad >= 0:
            legal = np.flatnonzero(self._masks[bad])[:5].tolist()
            raise ValueError(f"game {bad}: action {int(actions[bad])} is illegal for player_{int(self.seats[bad])} "
                             f"(legal include {legal}); no game was stepped")
        np.copyto(self._masks_out, self._masks)
        return self.obs, self.masks, self.rewards, self.terminated, self.truncated, self.seats

    @property
    def infos(self) -> dict:
        """The last step's infos under Gymnasium's vector keys: ``"final_obs"`` (B, players,
        obs_size), each ended game's final views (see the class), and ``"_final_obs"`` (B,), which
        games ended on the step."""
        return {"final_obs": self.final_obs, "_final_obs": self.terminated | self.truncated}

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal action per game (for benchmarks and smoke tests), from one
        draw of ``rng`` per game, picked in compiled code: a NumPy pick over the whole
        (games, actions) mask cost more than the step itself."""
        actions = np.empty(self.num_envs, np.int64)
        pick_uniform(self._masks, rng.random(self.num_envs), actions)
        return actions
