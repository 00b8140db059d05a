"""A head start for self-play: the policy first learns to play as a teacher (the heuristic) plays.

PPO from a random policy spends most of its first hours finding out what a legal, sensible move is.
Behaviour cloning (supervised learning of the teacher's decisions, as AlphaStar's league starts from
human play) gives it the teacher's way of playing in minutes; self-play then has to improve on it.

:func:`collect` plays the teacher at one seat of a batch of games against the teacher and the random
agent (so that it also sees positions the teacher itself would not lead to) and records its
observations, masks and decisions; :func:`pretrain` fits a MaskablePPO policy's actor to them by
minimising the cross-entropy of its masked distribution, :func:`pretrain_network` an
expert-iteration network's policy head (``training/expert.py --imitate``). Both say how often the
policy then picks the teacher's move, on the decisions fitted and on decisions held out: a copy
fitted longer agrees more with what it fitted than with the teacher (Fantasy Frontier: 91.9% of
those fitted, 85.4% held out; ``benchmarks/imitation.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from frontierzoo.agents import make_agent

from .batched import BatchedSelfPlay, RecordView

if TYPE_CHECKING:
    import torch
    from torch import nn


class Agreement(NamedTuple):
    """How often the policy's most likely action is the teacher's, after each pass: on the
    decisions fitted, and on decisions held out of the fit (empty when none were)."""
    fitted: list[float]
    held_out: list[float]


def collect(game_name: str, samples: int, teacher: str = "heuristic", num_players: int | None = None, seed: int = 0,
            num_envs: int = 128, progress: bool = True,
            **env_kwargs: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``samples`` decisions of ``teacher`` at one seat: (observations, masks, actions)."""
    env = BatchedSelfPlay(game_name, num_envs=num_envs, opponents=(teacher, "random"), num_players=num_players,
                          seed=seed, **env_kwargs)
    player = make_agent(teacher, game_name, seed=seed + 1)
    B = env.num_envs
    rounds = -(-samples // B)
    obs = np.empty((rounds * B, env.game.obs_size), np.float32)
    masks = np.empty((rounds * B, env.game.num_actions), np.bool_)
    actions = np.empty(rounds * B, np.int64)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=rounds * B, desc=f"{teacher}'s decisions", unit="decision")
    o = env.reset()
    for r in range(rounds):
        m = env.action_masks()
        infos = ([{"env": RecordView(env._states[i], env.num_players)} for i in range(B)]
                 if getattr(player, "needs_env", False) else None)
        a = np.asarray(player.act_batch(o, m, infos), np.int64)
        obs[r * B:(r + 1) * B], masks[r * B:(r + 1) * B], actions[r * B:(r + 1) * B] = o, m, a
        o, _, _, _ = env.step(a)
        if bar is not None:
            bar.update(B)
    if bar is not None:
        bar.close()
    return obs[:samples], masks[:samples], actions[:samples]


def pretrain(model: Any, data: tuple[np.ndarray, np.ndarray, np.ndarray], epochs: int = 4, batch_size: int = 1024,
             learning_rate: float = 1e-3, seed: int = 0, progress: bool = True,
             held_out: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> Agreement:
    """Fit ``model``'s actor (a MaskablePPO) to ``data`` from :func:`collect`; returns the share of
    the teacher's decisions the policy's most likely action matches after each epoch, on ``data``
    and on ``held_out`` (more of the teacher's decisions, judged and not fitted)."""
    import torch

    policy = model.policy

    def loss_and_hits(rows, a, part):
        obs, masks, _ = part
        dist = policy.get_distribution(torch.as_tensor(obs[rows], device=policy.device), action_masks=masks[rows])
        return -dist.log_prob(a).mean(), int((dist.distribution.probs.argmax(1) == a).sum())

    policy.set_training_mode(True)
    agreement = _fit(loss_and_hits, policy.parameters(), data, held_out, policy.device, epochs, batch_size,
                     learning_rate, seed, progress)
    policy.set_training_mode(False)
    return agreement


def pretrain_network(net: nn.Module, data: tuple[np.ndarray, np.ndarray, np.ndarray], device: str | torch.device = "cpu",
                     epochs: int = 4, batch_size: int = 1024, learning_rate: float = 1e-3, seed: int = 0,
                     progress: bool = True,
                     held_out: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> Agreement:
    """Fit the policy head of ``net`` (an expert-iteration network, ``agents/network.py``) to
    ``data`` from :func:`collect`: the masked cross-entropy of the teacher's decisions (the value
    head is left to the games' results). Returns the agreement after each epoch, as :func:`pretrain`."""
    import torch

    def loss_and_hits(rows, a, part):
        obs, masks, _ = part
        m = torch.as_tensor(masks[rows], device=device)
        logits, _ = net(torch.as_tensor(obs[rows], device=device))
        logp = torch.log_softmax(logits.masked_fill(~m, -1e9), 1)
        return -logp.gather(1, a[:, None]).mean(), int((logp.argmax(1) == a).sum())

    net.train()
    return _fit(loss_and_hits, net.parameters(), data, held_out, device, epochs, batch_size, learning_rate, seed,
                progress)


def _fit(loss_and_hits, parameters, data, held_out, device, epochs, batch_size, learning_rate, seed, progress):
    """The imitation loop both learners share: ``epochs`` shuffled passes over ``data`` in
    minibatches, Adam on ``loss_and_hits(rows, actions, part) -> (loss, matches)`` (rows of
    ``part``); after each pass, the agreement on ``data`` as it was fitted and on ``held_out``."""
    import torch

    actions = data[2]
    optimizer = torch.optim.Adam(parameters, lr=learning_rate)
    rng = np.random.default_rng(seed)
    agreement = Agreement([], [])
    epochs_iter = range(epochs)
    if progress:
        from tqdm import tqdm
        epochs_iter = tqdm(epochs_iter, desc="imitating", unit="epoch")
    for _ in epochs_iter:
        order = rng.permutation(len(actions))
        hits = 0
        for start in range(0, len(order), batch_size):
            rows = order[start:start + batch_size]
            loss, matched = loss_and_hits(rows, torch.as_tensor(actions[rows], device=device), data)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            hits += matched
        agreement.fitted.append(hits / len(order))
        if held_out is not None and len(held_out[2]):
            with torch.no_grad():
                judged = sum(loss_and_hits(rows, torch.as_tensor(held_out[2][rows], device=device), held_out)[1]
                             for rows in np.array_split(np.arange(len(held_out[2])), -(-len(held_out[2]) // 4096)))
            agreement.held_out.append(judged / len(held_out[2]))
        if progress:
            epochs_iter.set_postfix(agreement=f"{agreement.fitted[-1]:.1%}",
                                    **({"held_out": f"{agreement.held_out[-1]:.1%}"} if agreement.held_out else {}))
    return agreement
