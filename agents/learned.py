"""A learned agent: a policy trained with sb3-contrib's MaskablePPO (``frontierzoo.training``).

torch is imported here and in ``training`` only, never by the environments. The agent reads the
observation vector and the action mask like any other agent; it samples from the masked policy
with its own seeded generator (or takes the most likely action), so a seeded game replays exactly.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from .base import Agent

MODELS = Path(__file__).parent / "models"


def bundled_model(game_name: str) -> Path:
    """Where the policy shipped for ``game_name`` lives (it may not exist)."""
    return MODELS / f"{game_name.split('_v')[0]}_ppo.zip"


class MaskablePPOAgent(Agent):
    """Plays a MaskablePPO policy.

    Args:
        path: a policy saved by ``MaskablePPO.save`` (``.zip``); or
        model: a MaskablePPO in memory (self-play uses the model being trained).
        deterministic: take the most likely legal action instead of sampling.
    """

    name = "ppo"

    def __init__(self, path=None, model=None, seed=None, deterministic=False):
        super().__init__(seed)
        if (path is None) == (model is None):
            raise ValueError("MaskablePPOAgent: give exactly one of path= or model=")
        if model is None:
            from sb3_contrib import MaskablePPO
            model = MaskablePPO.load(str(path), device="cpu")
        self.model = model
        self.deterministic = deterministic

    def probabilities(self, observation, action_mask) -> np.ndarray:
        """The policy's distribution over actions, zero on the illegal ones."""
        import torch

        policy = self.model.policy
        obs = torch.as_tensor(np.asarray(observation, np.float32)[None], device=policy.device)
        with torch.no_grad():
            dist = policy.get_distribution(obs, action_masks=np.asarray(action_mask, bool)[None])
            return dist.distribution.probs[0].cpu().numpy().astype(np.float64)

    def act(self, observation, action_mask, info=None) -> int:
        p = self.probabilities(observation, action_mask)
        legal = np.asarray(action_mask, bool)
        p = np.where(legal, p, 0.0)
        if self.deterministic:
            return int(np.argmax(np.where(legal, p, -1.0)))
        total = p.sum()
        if not total > 0:   # a policy that puts no mass on the legal actions: play uniformly
            p = legal.astype(np.float64)
            total = p.sum()
        return int(self.rng.choice(p.size, p=p / total))
