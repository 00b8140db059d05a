"""Learner timesteps per second, end to end: batched self-play beside the old one-game-at-a-time path.

    python -m frontierzoo.benchmarks.speed --game forfort_v0 --players 2 --timesteps 30000

Both paths train MaskablePPO (a 2x64 MLP, on the CPU) for the same number of learner timesteps
against the same pool: the random agent, the heuristic, the policy itself and two frozen snapshots,
drawn equally often (fixed weights, so that the figure does not depend on how the league would
weigh them at one moment of a run). Each path first trains a warm-up round, so compiling is not
timed. Both play with one torch thread and update with ``--threads`` (default: every core), as
``selfplay.train`` does.

- **batched**: :class:`~frontierzoo.training.batched.BatchedSelfPlay` with ``selfplay.train``'s
  settings (``NUM_ENVS`` games, ``N_STEPS`` steps a game a rollout, ``PPO_SETTINGS``);
- **old**: SB3's ``DummyVecEnv`` over :class:`~frontierzoo.training.wrappers.SelfPlayEnv` (each game
  a Python env, every opponent deciding alone) with the settings that path trained with (4 games,
  512 steps a rollout, minibatches of 256, SB3's 10 epochs).

The end-to-end time covers collection and the PPO updates: what a training run waits for.
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np

from frontierzoo.agents.base import usable_cores
from frontierzoo.cli.argtypes import at_least

OLD_PATH = dict(num_envs=4, n_steps=512, batch_size=256)   # training/selfplay.py before batching


def _pool(game):
    from frontierzoo.training.selfplay import default_pool
    return default_pool(game)


def _measure(model, timesteps, threads, label):
    """Timesteps/s of ``model.learn`` after an untimed warm-up, with a progress bar (stderr) for
    each: a run of the default settings takes minutes."""
    from stable_baselines3.common.callbacks import BaseCallback, CallbackList
    from tqdm import tqdm

    from frontierzoo.training.selfplay import UpdateThreads

    class Progress(BaseCallback):
        def __init__(self, bar):
            super().__init__()
            self.bar, self.start = bar, None

        def _on_step(self):
            self.start = self.num_timesteps if self.start is None else self.start
            self.bar.update(self.num_timesteps - self.start - self.bar.n)
            return True

    for what, total in (("warm-up (compiles, untimed)", min(timesteps, 4096)), ("timed", timesteps)):
        with tqdm(total=total, desc=f"{label}: {what}", unit="step", leave=False) as bar:
            t0 = time.perf_counter()
            model.learn(total_timesteps=total, callback=CallbackList([UpdateThreads(threads), Progress(bar)]))
            seconds = time.perf_counter() - t0
    return model.num_timesteps / seconds     # whole rollouts: a little past the total asked


def batched_rate(game, num_players, timesteps, seed=0, threads=1):
    """Learner timesteps/s on the batched path."""
    from sb3_contrib import MaskablePPO

    from frontierzoo.agents.learned import MaskablePPOAgent

    from frontierzoo.training.batched import BatchedSelfPlay
    from frontierzoo.training.selfplay import N_STEPS, NUM_ENVS, PPO_SETTINGS

    env = BatchedSelfPlay(game, num_envs=NUM_ENVS, opponents=_pool(game), num_players=num_players, seed=seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=N_STEPS, seed=seed, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": [64, 64]}, **PPO_SETTINGS)
    env.set_policy(MaskablePPOAgent(model=model, seed=seed))
    for k in range(2):
        env.add_opponent(MaskablePPOAgent(model=model, frozen=True, seed=seed + k), name=f"snapshot{k}")
    return _measure(model, timesteps, threads, f"{game} batched")


def old_rate(game, num_players, timesteps, seed=0, threads=1):
    """Learner timesteps/s on the old path: one Python env a game, opponents one at a time."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from frontierzoo.agents.learned import MaskablePPOAgent

    from frontierzoo.training.wrappers import SelfPlayEnv

    envs = [SelfPlayEnv(game, opponents=_pool(game), num_players=num_players, seed=seed + k)
            for k in range(OLD_PATH["num_envs"])]
    model = MaskablePPO("MlpPolicy", DummyVecEnv([lambda e=e: e for e in envs]), n_steps=OLD_PATH["n_steps"],
                        batch_size=OLD_PATH["batch_size"], gamma=0.995, learning_rate=3e-4, ent_coef=0.01,
                        seed=seed, device="cpu", verbose=0, policy_kwargs={"net_arch": [64, 64]})
    me = MaskablePPOAgent(model=model, seed=seed)
    for e in envs:
        e.set_policy(me)
        for k in range(2):
            e.add_opponent(MaskablePPOAgent(model=model, frozen=True, seed=seed + k))
    return _measure(model, timesteps, threads, f"{game} old path")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--players", type=at_least(1), default=None)
    p.add_argument("--timesteps", type=at_least(1), default=30_000)
    p.add_argument("--repeats", type=at_least(1), default=3, help="runs of each path, alternated; medians quoted")
    p.add_argument("--threads", type=at_least(1), default=usable_cores(),
                   help=f"torch threads for the updates (default: every core, {usable_cores()})")
    args = p.parse_args(argv)
    rates = {"batched": [], "old": []}
    for r in range(args.repeats):
        rates["batched"].append(batched_rate(args.game, args.players, args.timesteps, seed=r, threads=args.threads))
        rates["old"].append(old_rate(args.game, args.players, args.timesteps, seed=r, threads=args.threads))
        print(f"run {r + 1}: batched {rates['batched'][-1]:,.0f}, old {rates['old'][-1]:,.0f} learner timesteps/s",
              flush=True)
    b, o = float(np.median(rates["batched"])), float(np.median(rates["old"]))
    print(f"{args.game} ({args.players or 'default'} players), pool random + heuristic + self + 2 snapshots: "
          f"batched {b:,.0f} vs old {o:,.0f} learner timesteps/s (medians of {args.repeats}, {args.threads} update threads): "
          f"{b / o:.1f}x; the machine's load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end "
          "(other work on the cores lowers both figures)")


if __name__ == "__main__":
    main()
