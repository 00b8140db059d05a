"""TorchRL 0.14 on a frontierzoo game: ``PettingZooWrapper`` with its masks, a ``MaskedCategorical``
policy shared by every seat, and a short PPO-style loop over whole games.

    python -m frontierzoo.training.recipes.torchrl_ppo --game forfort_v0 --timesteps 20000 --seed 1
    python -m frontierzoo.training.recipes.torchrl_ppo --game legends_v1 --timesteps 20000 --seed 1

``PettingZooWrapper`` takes the AEC env of a turn-based game and Legends' Parallel env alike
(``use_mask=True``); every seat goes in one group, ``"player"``, so one network plays them all
(parameter sharing, self-play). In each step the wrapper gives the group

- ``("player", "action_mask")``: each seat's legal actions, read by ``MaskedCategorical``. A seat
  not to move in an AEC step gets an all-true mask (its sampled action is not played); in the
  Parallel env a seat with nothing to decide has one legal action, ``wait``;
- ``("player", "mask")``: the seats whose actions the step plays (the mover, in an AEC env; every
  live seat, in the Parallel env): only their decisions go into the loss;
- ``("next", "player", "reward")``: every seat's reward of that step, so a seat's return is the sum
  of its own rewards from its decision on, whoever moved in between.

The loop: play whole games (``env.rollout`` from a seeded ``reset``), give each decision its seat's
discounted return, and take a few clipped-ratio (PPO) steps on ``return - value`` with a value loss
and an entropy bonus. Monte Carlo returns rather than GAE, since in an AEC game a seat's decisions
are not consecutive steps. Every env is made with ``illegal_action="raise"``. Seeded: the same
``--seed`` gives the same numbers. The return printed is player_0's: with every seat the same
policy it hovers round the game's own average, so it shows the run goes, not that it learns.
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.envs.libs.pettingzoo import PettingZooWrapper
from torchrl.modules import MaskedCategorical, ProbabilisticActor

from frontierzoo.envs import game_module, get_game

OBS = ("player", "observation", "observation")


def parse_args(argv=None):
    # The options every recipe has, and run()'s reading of them, are written out in each recipe on
    # purpose: a recipe is one file to read and copy (CleanRL's rule), so none imports another.
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--num-players", type=int, default=None)
    p.add_argument("--timesteps", type=int, default=2048, help="env steps to play in all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--batch-steps", type=int, default=512, help="play whole games until this many steps, then learn")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--max-steps", type=int, default=None, help="cut a game off after this many decisions")
    p.add_argument("--threads", type=int, default=1, help="torch threads (the nets are small: one is fastest)")
    return p.parse_args(argv)


def make_env(game, num_players, max_steps):
    module = game_module(game)
    parallel = get_game(game).no_parallel_reason is None
    pz = (module.parallel_env if parallel else module.env)(num_players=num_players, illegal_action="raise",
                                                            max_steps=max_steps)
    return PettingZooWrapper(pz, use_mask=True, group_map={"player": pz.possible_agents}, categorical_actions=True)


def mlp(n_in, n_out, hidden):
    return nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, n_out))


def discounted_returns(rewards, gamma):
    """rewards [T, seats] -> each step's discounted sum of that seat's rewards from it on."""
    out, acc = torch.zeros_like(rewards), torch.zeros_like(rewards[0])
    for t in reversed(range(len(rewards))):
        out[t] = acc = rewards[t] + gamma * acc
    return out


def run(log=print, **options):
    """Train with the command line's options (as keywords; defaults as there); returns
    ``{"steps", "updates", "episodes", "mean_return", "loss"}``."""
    args = parse_args([])   # the command line's defaults, then the keywords (as in every recipe)
    for k, v in options.items():
        if not hasattr(args, k):
            raise TypeError(f"unknown option {k!r}")
        setattr(args, k, v)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    info = get_game(args.game)
    env = make_env(args.game, args.num_players, args.max_steps)
    logits = mlp(info.obs_size, info.num_actions, args.hidden)
    actor = ProbabilisticActor(
        TensorDictModule(logits, in_keys=[OBS], out_keys=[("player", "logits")]),
        in_keys={"logits": ("player", "logits"), "mask": ("player", "action_mask")}, out_keys=[("player", "action")],
        distribution_class=MaskedCategorical, return_log_prob=True)
    value = mlp(info.obs_size, 1, args.hidden)
    optim = torch.optim.Adam([*actor.parameters(), *value.parameters()], lr=args.lr)
    steps, updates, games, finals, loss, start = 0, 0, 0, [], float("nan"), time.time()
    while steps < args.timesteps:
        batch = []   # --- whole games, until batch_steps
        while sum(len(b[0]) for b in batch) < args.batch_steps:
            first = env.reset(seed=args.seed * 100_003 + games)
            with torch.no_grad():
                roll = env.rollout(100_000, policy=actor, auto_reset=False, tensordict=first, break_when_any_done=True)
            games += 1
            rewards = roll["next", "player", "reward"].squeeze(-1)
            finals.append(rewards[:, 0].sum().item())   # player_0's return (every seat is the policy)
            batch.append((roll[OBS], roll["player", "action_mask"], roll["player", "action"],
                          roll["player", "action_log_prob"], roll["player", "mask"],
                          discounted_returns(rewards, args.gamma)))
            steps += len(roll)
        obs, legal, action, old_logp, acting, ret = (torch.cat(x) for x in zip(*batch))
        obs, legal, action, old_logp, ret = obs[acting], legal[acting], action[acting], old_logp[acting], ret[acting]
        for _ in range(args.epochs):   # --- clipped-ratio steps on the decisions that were played
            dist = MaskedCategorical(logits=logits(obs), mask=legal)
            logp = dist.log_prob(action)
            v = value(obs).squeeze(-1)
            adv = (ret - v).detach()
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            ratio = (logp - old_logp).exp()
            pg = torch.max(-adv * ratio, -adv * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
            total = pg + 0.5 * ((v - ret) ** 2).mean() - args.ent_coef * dist.entropy().mean()
            optim.zero_grad()
            total.backward()
            optim.step()
            loss = total.item()
        updates += 1
        log(f"update {updates}: {steps} steps, {games} games, player_0's mean return {np.mean(finals[-50:]):+.3f}, "
            f"loss {loss:.4f}, {time.time() - start:.1f}s")
    env.close()
    return {"steps": steps, "updates": updates, "episodes": games, "mean_return": float(np.mean(finals)),
            "loss": loss}


def main(argv=None):
    return run(**vars(parse_args(argv)))


if __name__ == "__main__":
    main()
