"""Train a MaskablePPO policy for any registered game by play against a pool of opponents.

    python -m frontierzoo.training.selfplay --game forfort_v0 --timesteps 20000 --out runs/forfort_ppo

The learner plays a random seat of each game against opponents drawn from a pool (by default the
random agent, the current policy itself, and past snapshots of it, which join the pool every
``--snapshot-every`` steps). At the end the policy is saved twice: as SB3's ``<out>/final.zip``
(the whole model, to train on; it is unpickled when loaded) and as ``<out>/final.json`` with
``<out>/final.pt``, the network's description (with this command and seed) and its weights, which
load without running code (``frontierzoo.agents.learned``). That pair is what gets bundled: copy
both to ``agents/models/<game>_ppo.json`` and ``.pt``. The policy is then played against the random
agent, seats alternating; the result goes to ``<out>/eval.json``.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

from frontierzoo.agents.argtypes import at_least
from frontierzoo.agents.learned import MaskablePPOAgent, save_policy
from frontierzoo.agents.match import wilson_interval
from frontierzoo.training.evaluate import head_to_head
from frontierzoo.training.wrappers import SELF, SelfPlayEnv

def make_callback(envs, out: Path, snapshot_every: int, pool_size: int, seed: int, total: int):
    """The training loop's hooks: a progress bar, and snapshots that join every env's pool."""
    from stable_baselines3.common.callbacks import BaseCallback
    from tqdm import tqdm

    class SnapshotPool(BaseCallback):
        def _on_training_start(self):
            self.bar = tqdm(total=total, desc="timesteps", unit="step")
            self.next_snapshot = snapshot_every
            self.snapshots = []

        def _on_step(self):
            self.bar.update(self.num_timesteps - self.bar.n)
            if snapshot_every > 0 and self.num_timesteps >= self.next_snapshot:
                self.next_snapshot += snapshot_every
                path = out / "snapshots" / f"step_{self.num_timesteps}.zip"
                self.model.save(path)
                self.snapshots.append(path)
                # Past selves keep the policy honest against what it used to beat; only the
                # latest few stay, so the pool follows the learner.
                agent = MaskablePPOAgent(path=path, seed=seed + len(self.snapshots))
                for env in envs:   # one copy serves every env: they reseed it each episode
                    snaps = [i for i, o in enumerate(env.pool) if isinstance(o, MaskablePPOAgent)]
                    if len(snaps) >= pool_size:
                        del env.pool[snaps[0]], env.weights[snaps[0]]
                    env.add_opponent(agent)
            return True

        def _on_training_end(self):
            self.bar.close()

    return SnapshotPool()

def train(game, timesteps=20000, out="runs/ppo", seed=0, num_players=None,
          opponents=("random", SELF), num_envs=4, snapshot_every=10000, pool_size=4,
          eval_games=200, reward="win", threads=2, n_steps=512, net=(64, 64), command=None):
    """Train, save ``<out>/final.zip`` and ``<out>/final.json`` (+ ``.pt``), evaluate against
    random; returns the evaluation dict. ``command`` is recorded in ``final.json`` as what trained
    the policy (default: this call, written out)."""
    if command is None:   # this call, written out
        call = dict(locals(), out=str(out))
        command = ("frontierzoo.training.selfplay.train("
                   + ", ".join(f"{k}={v!r}" for k, v in call.items() if k != "command") + ")")
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(threads)
    out = Path(out)
    (out / "snapshots").mkdir(parents=True, exist_ok=True)
    envs = [SelfPlayEnv(game, opponents=opponents, num_players=num_players, seed=seed + k, reward=reward)
            for k in range(num_envs)]
    vec = DummyVecEnv([lambda e=e: e for e in envs])
    model = MaskablePPO("MlpPolicy", vec, n_steps=n_steps, batch_size=256, gamma=0.995,
                        learning_rate=3e-4, ent_coef=0.01, seed=seed, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": list(net)})
    me = MaskablePPOAgent(model=model, seed=seed)
    for e in envs:
        e.set_policy(me)
    t0 = time.perf_counter()
    model.learn(total_timesteps=timesteps,
                callback=make_callback(envs, out, snapshot_every, pool_size, seed, timesteps))
    train_s = time.perf_counter() - t0
    model.save(out / "final.zip")
    save_policy(model, out / "final.json", envs[0].aec, command, seed)

    result = {"game": game, "timesteps": int(model.num_timesteps), "train_seconds": round(train_s, 1),
              "seed": seed, "opponents": list(opponents), "reward": reward, "command": command}
    if eval_games > 0:
        player = MaskablePPOAgent(path=out / "final.json", seed=seed, game_name=game)   # what would be bundled
        from frontierzoo.agents import make_agent
        score, n, _ = head_to_head(game, player, make_agent("random", game, seed=seed + 1), eval_games,
                                   seed=10**6 + seed, num_players=envs[0].num_players, progress=True)
        lo, hi = wilson_interval(score, n)
        result.update(eval_games=n, win_rate_vs_random=score / n, wilson_95=[lo, hi])
        print(f"{game}: the trained policy won {score:g}/{n} = {score / n:.1%} against random "
              f"(95% Wilson interval {lo:.1%}-{hi:.1%}), seats alternating")
    (out / "eval.json").write_text(json.dumps(result, indent=2))
    return result

def main(argv=None):
    p = argparse.ArgumentParser(description="Train a MaskablePPO policy by self-play against a pool.")
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--timesteps", type=at_least(1), default=20000)
    p.add_argument("--out", default="runs/ppo")
    p.add_argument("--seed", type=at_least(0), default=0)
    p.add_argument("--players", type=at_least(1), default=None, help="seats (default: the game's default)")
    p.add_argument("--opponents", default="random,self",
                   help="the starting pool: agent names and 'self', comma-separated")
    p.add_argument("--envs", type=at_least(1), default=4, help="games played side by side")
    p.add_argument("--snapshot-every", type=at_least(0), default=10000, help="timesteps between snapshots (0: none)")
    p.add_argument("--pool-size", type=at_least(1), default=4, help="snapshots kept in the pool")
    p.add_argument("--eval-games", type=at_least(0), default=200)
    p.add_argument("--reward", choices=("win", "vp"), default="win")
    p.add_argument("--threads", type=at_least(1), default=2, help="torch threads")
    args = p.parse_args(argv)
    train(game=args.game, timesteps=args.timesteps, out=args.out, seed=args.seed,
          num_players=args.players, opponents=tuple(args.opponents.split(",")), num_envs=args.envs,
          snapshot_every=args.snapshot_every, pool_size=args.pool_size, eval_games=args.eval_games,
          reward=args.reward, threads=args.threads,
          command=shlex.join(["python", "-m", "frontierzoo.training.selfplay",
                              *(sys.argv[1:] if argv is None else argv)]))

if __name__ == "__main__":
    main()
