"""The agent protocol every frontierzoo agent keeps.

An agent answers ``act(observation, action_mask, info=None) -> int`` with a legal action id.
``observation`` is the float32 vector the env gives the seat to act, ``action_mask`` its int8 or
bool mask. Agents that need more than the observation (search agents clone the game; heuristics
read the board) get the live env as ``info["env"]`` and must not change it. Every agent takes a
``seed`` so a tournament replays exactly; ``act_batch`` plays many games at once where that helps.
The arena makes an agent without a batched path again for each game, so it may remember a game's
earlier decisions; the self-play batch does not (it hands one agent the games waiting on it one
after another), so an agent used there must decide from the position alone, as the bundled ones do.
"""
from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np


def usable_cores() -> int:
    """The cores this process may use (its CPU affinity, which containers narrow)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


class Agent:
    """Base class: a name, a seeded generator, ``act`` and a default ``act_batch``."""

    name = "agent"
    needs_env = False   # True: act() reads info["env"]

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        """Called at the start of each game; reseeds when given a seed."""
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        raise NotImplementedError

    def act_batch(self, observations: np.ndarray, action_masks: np.ndarray, infos: Sequence[dict | None] | None = None) -> np.ndarray:
        """One action per row; agents with a faster batched path override this."""
        return np.array([self.act(o, m, None if infos is None else infos[i])
                         for i, (o, m) in enumerate(zip(observations, action_masks))], np.int64)


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("RandomAgent: the action mask has no legal action")
        return int(legal[self.rng.integers(legal.size)])

    def act_batch(self, observations: np.ndarray, action_masks: np.ndarray, infos: Sequence[dict | None] | None = None) -> np.ndarray:
        masks = np.asarray(action_masks, bool)
        u = self.rng.random(masks.shape)
        return np.argmax(np.where(masks, u, -1.0), axis=1)
