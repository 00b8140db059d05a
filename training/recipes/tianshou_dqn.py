"""Tianshou 2.0's DQN on a frontierzoo game, with the action mask in the observation.

    python -m frontierzoo.training.recipes.tianshou_dqn --game forfort_v0 --timesteps 20000 --seed 1
    python -m frontierzoo.training.recipes.tianshou_dqn --game legends_v1 --timesteps 20000 --seed 1

Tianshou's DQN masks Q-values itself when an observation is ``{"obs": ..., "mask": ...}`` (its
``DiscreteQLearningPolicy`` pushes the masked values below the minimum, for the greedy choice and
for the random one of epsilon-greedy), so each env below hands out exactly that. Every env is made
with ``illegal_action="raise"``.

The views, and why these:

- a turn-based game (``forfort_v0``): the Gymnasium self-play view ``gymnasium.make("frontierzoo/
  <game>")``, the learner at one seat (a random one each game) and the random agent at the others.
  Not ``tianshou.env.PettingZooEnv`` with its multi-agent manager: that stores one transition per
  AEC step under the mover's id, so a seat's final reward is lost whenever another seat makes the
  last move (every lost game, in Forfort), and a seat's TD target is read from the next seat's
  observation. The single-seat view gives every transition the learner's own reward and next state.
- Legends' Parallel env (Tianshou has no wrapper for PettingZoo's Parallel API): ``OneSeat``, a
  small Gymnasium env over ``parallel_env()``. The learner holds one seat (a random one each game);
  every other seat is played by the same Q-network, greedily within its mask (one network for the
  whole table; only the learner's seat's transitions train it, so each carries that seat's own
  reward). A step is one parallel step: a seat with nothing to decide has one legal action, ``wait``.

Seeded through NumPy's global generator (Tianshou's exploration and replay sampling use it), torch's,
and each env's own: the same ``--seed`` gives the same numbers.
"""
from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
import torch
from gymnasium import spaces
from tianshou.algorithm import DQN
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.utils.net.common import Net
from tianshou.utils.torch_utils import policy_within_training_step

from frontierzoo.envs import game_module, get_game


def parse_args(argv=None):
    # The options every recipe has, and run()'s reading of them, are written out in each recipe on
    # purpose: a recipe is one file to read and copy (CleanRL's rule), so none imports another.
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--num-players", type=int, default=None)
    p.add_argument("--timesteps", type=int, default=4096, help="env steps to collect, all envs together")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--num-envs", type=int, default=4)
    p.add_argument("--collect", type=int, default=64, help="env steps between gradient steps")
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--buffer", type=int, default=20_000)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--eps", type=float, default=0.1, help="epsilon-greedy while collecting")
    p.add_argument("--target-update", type=int, default=100, help="gradient steps between target syncs")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--max-steps", type=int, default=None, help="cut a game off after this many decisions")
    p.add_argument("--threads", type=int, default=1, help="torch threads (the net is small: one is fastest)")
    return p.parse_args(argv)


def masked_space(game):
    info = get_game(game)
    return spaces.Dict({"obs": spaces.Box(-np.inf, np.inf, (info.obs_size,), np.float32),
                        "mask": spaces.MultiBinary(info.num_actions)})


class TurnBased(gymnasium.Wrapper):
    """The self-play view with its mask in the observation, as Tianshou's DQN reads it."""

    def __init__(self, game, seed, num_players, max_steps):
        super().__init__(gymnasium.make(f"frontierzoo/{game}", opponents=("random",), num_players=num_players,
                                        illegal_action="raise", max_steps=max_steps, seed=seed))
        self.observation_space = masked_space(game)

    def _masked(self, obs):
        return {"obs": obs, "mask": self.env.unwrapped.action_masks().astype(bool)}

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return self._masked(obs), info

    def step(self, action):
        obs, r, term, trunc, info = self.env.step(action)
        return self._masked(obs), r, term, trunc, info


class OneSeat(gymnasium.Env):
    """One seat of a Parallel env; ``table(obs, mask) -> actions`` plays every other seat."""

    def __init__(self, game, seed, num_players, max_steps, table):
        self.par = game_module(game).parallel_env(num_players=num_players, illegal_action="raise",
                                                  max_steps=max_steps)
        self.agents = self.par.possible_agents
        self.table = table
        self.rng = np.random.default_rng(seed)
        self.observation_space = masked_space(game)
        self.action_space = spaces.Discrete(get_game(game).num_actions)

    def _mine(self):
        o = self._obs[self.me]
        return {"obs": o["observation"], "mask": o["action_mask"].astype(bool)}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self._obs, _ = self.par.reset(seed=int(self.rng.integers(2**63)))
        self.me = self.agents[int(self.rng.integers(len(self.agents)))]
        return self._mine(), {}

    def step(self, action):
        others = [a for a in self.agents if a != self.me]
        acts = self.table(np.stack([self._obs[a]["observation"] for a in others]),
                          np.stack([self._obs[a]["action_mask"] for a in others]).astype(bool))
        actions = dict(zip(others, acts.tolist()), **{self.me: int(action)})
        self._obs, rew, term, trunc, _ = self.par.step(actions)
        return self._mine(), float(rew[self.me]), bool(term[self.me]), bool(trunc[self.me]), {}


def run(log=print, **options):
    """Train with the command line's options (as keywords; defaults as there); returns
    ``{"steps", "updates", "episodes", "mean_return", "loss"}``."""
    args = parse_args([])   # the command line's defaults, then the keywords (as in every recipe)
    for k, v in options.items():
        if not hasattr(args, k):
            raise TypeError(f"unknown option {k!r}")
        setattr(args, k, v)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    info = get_game(args.game)
    net = Net(state_shape=info.obs_size, action_shape=info.num_actions, hidden_sizes=[args.hidden, args.hidden])

    def table(obs, mask):   # the other seats of the Parallel view: the same network, greedy
        with torch.no_grad():
            q = net(torch.as_tensor(obs))[0]
        return q.masked_fill(~torch.as_tensor(mask), -torch.inf).argmax(1).numpy()

    def make(i):
        seed = args.seed * 1000 + i
        if info.no_parallel_reason is None:
            return lambda: OneSeat(args.game, seed, args.num_players, args.max_steps, table)
        return lambda: TurnBased(args.game, seed, args.num_players, args.max_steps)

    envs = DummyVectorEnv([make(i) for i in range(args.num_envs)])
    space = envs.get_env_attr("action_space")[0]
    policy = DiscreteQLearningPolicy(model=net, action_space=space, eps_training=args.eps)
    algorithm = DQN(policy=policy, optim=AdamOptimizerFactory(lr=args.lr), gamma=args.gamma,
                    target_update_freq=args.target_update)
    collector = Collector(algorithm, envs, VectorReplayBuffer(args.buffer, args.num_envs), exploration_noise=True)
    collector.reset()
    steps, updates, returns, loss, start = 0, 0, [], float("nan"), time.time()
    while steps < args.timesteps:
        with policy_within_training_step(policy):   # what Tianshou's trainer does: exploration on
            stats = collector.collect(n_step=args.collect)
            steps += stats.n_collected_steps
            returns += list(stats.returns)
            if len(collector.buffer) >= args.batch_size:
                loss = float(algorithm.update(buffer=collector.buffer, sample_size=args.batch_size).loss)
                updates += 1
        if updates % 20 == 1 or steps >= args.timesteps:
            recent = returns[-50:]
            log(f"{steps} steps, {updates} updates, {len(returns)} games, mean return (last 50) "
                f"{np.mean(recent) if recent else float('nan'):+.3f}, loss {loss:.4f}, {time.time() - start:.1f}s")
    envs.close()
    return {"steps": steps, "updates": updates, "episodes": len(returns),
            "mean_return": float(np.mean(returns)) if returns else float("nan"), "loss": loss}


def main(argv=None):
    return run(**vars(parse_args(argv)))


if __name__ == "__main__":
    main()
