"""Train a MaskablePPO policy for any registered game by self-play in a league.

    frontierzoo train ppo --game forfort_v0 --timesteps 2000000 --out runs/forfort_ppo

The learner plays one seat of each of ``--envs`` games stepped together in compiled code
(:class:`~frontierzoo.training.batched.BatchedSelfPlay`); every other seat of a game is held by one
opponent of the league (:class:`~frontierzoo.training.league.League`): the random agent, the
heuristic, the policy itself, and past snapshots of it, which join every ``--snapshot-every``
steps; opponents it does not yet beat are drawn more often. As it trains, the policy plays the
random agent and the heuristic every ``--eval-every`` steps; the results go to ``<out>/curve.csv``
and ``<out>/curve.png``. At the end the policy is saved twice: as SB3's ``<out>/final.zip`` (the
whole model, to train on; it is unpickled when loaded) and as ``<out>/final.json`` with
``<out>/final.pt``, the network's description (with this command and seed) and its weights, which
load without running code (``frontierzoo.agents.learned``). That pair is what gets bundled: copy
both to ``agents/models/<game>_ppo.json`` and ``.pt``. ``<out>/eval.json`` holds the last
evaluation. Training runs on a GPU when torch sees one (``--device auto``), and needs none.

``--init PATH`` starts from a policy description's actor (a bundled policy, or a run's
``final.json``) instead of a fresh or imitated one, to train it further: the critic starts fresh,
as it does after imitation, and ``final.json`` records what it started from.
"""
from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import configure

from frontierzoo.agents import available_agents
from frontierzoo.agents.base import Agent, usable_cores
from frontierzoo.agents.learned import MaskablePPOAgent, Policy, load_policy, save_policy
from frontierzoo.training.batched import SELF, BatchedSelfPlay
from frontierzoo.training.league import League

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

# PPO's settings for batched self-play: large rollouts (envs x n_steps) and few, large minibatch
# passes keep the update's share of the time small (measured in benchmarks/RESULTS.md).
PPO_SETTINGS = dict(batch_size=1024, n_epochs=4, gamma=0.995, learning_rate=3e-4, ent_coef=0.01)
# Many games and short rollouts a game: each round of opponents' forward passes and each of the
# learner's serves 256 games at once (64 games x 128 steps, the same 8,192 samples an update, was
# 15-25% slower end to end: benchmarks/RESULTS.md).
NUM_ENVS = 256
N_STEPS = 32
NET = (64, 64)   # the hidden layers by default: the 2x64 MLP of the learner-speed figures
HELD_OUT = 20    # imitation judges its copy on a twentieth more of the teacher's decisions than it fits


class UpdateThreads(BaseCallback):
    """Torch's threads: one while the games are played (a forward pass for a few hundred rows is
    too small to share, and the idle threads would spin against the compiled games), ``threads``
    for PPO's update, which is most of the arithmetic and has the machine to itself then; and one
    again when training ends, for whatever plays after it in the process (``exploit``'s games ran
    at two threads beside a busy core, a batch of 64 Frantic games in over 17 minutes where one
    thread plays it in under a minute)."""

    def __init__(self, threads: int | None) -> None:
        super().__init__()
        self.threads = threads

    def _on_rollout_start(self):
        import torch
        torch.set_num_threads(1)

    def _on_rollout_end(self):
        import torch
        torch.set_num_threads(self.threads)

    def _on_training_end(self):
        import torch
        torch.set_num_threads(1)

    def _on_step(self):
        return True


def default_pool(game: str) -> tuple[str, ...]:
    """The league's first members: random, the heuristic where the game has one, and the policy."""
    return tuple(a for a in ("random", "heuristic") if a in available_agents(game)) + (SELF,)


def pick_device(device: str) -> str:
    """``auto``: the GPU when torch sees one, else the CPU."""
    import torch

    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    return device


def train(game: str, timesteps: int = 200_000, out: str | os.PathLike = "runs/ppo", seed: int = 0, num_players: int | None = None,
          opponents: Sequence[str | Agent] | None = None, num_envs: int = NUM_ENVS, n_steps: int = N_STEPS,
          snapshot_every: int = 50_000, pool_size: int = 4, eval_every: int = 50_000, eval_games: int = 200,
          reward: str = "win", threads: int | None = None, net: Sequence[int] = NET, device: str = "auto",
          max_minutes: float | None = None, imitate: str | None = None, imitate_samples: int = 100_000,
          imitate_epochs: int = 4, init: str | os.PathLike | None = None,
          learning_rate: float = PPO_SETTINGS["learning_rate"], features: str | None = None,
          scorers: int | None = None, command: str | None = None) -> dict:
    """Train (after imitating ``imitate``, an agent's name, on ``imitate_samples`` of its decisions,
    when given: ``training/imitate.py``; or from the actor of the policy description ``init``),
    its MLP over the observation and, with ``features``, a view of it (``agents/features.py``),
    and with ``scorers`` (a width), a scorer of that width shared by every place of each kind the
    view has (``PlaceScorers``: Frontier's corners, edges and hexes), save ``<out>/final.zip`` and
    ``<out>/final.json`` (+ ``.pt``), and the curve; returns the evaluation dict. ``command`` is
    recorded in ``final.json`` as what trained the policy (default: this call, written out)."""
    if command is None:   # this call, written out
        call = dict(locals(), out=str(out))
        command = ("frontierzoo.training.selfplay.train("
                   + ", ".join(f"{k}={v!r}" for k, v in call.items() if k != "command") + ")")
    import torch
    from sb3_contrib import MaskablePPO

    if init is not None and imitate is not None:
        raise ValueError("give --init or --imitate, not both: each is where the policy starts")
    start, started_from = None, None
    spec = None if features is None else features_spec(features, game)
    scorer_spec = None if scorers is None else scorers_spec(scorers, spec)
    if init is not None:
        start = starting_policy(init, game, net, spec, scorer_spec)
        started_from = {"path": os.fspath(init), **start.description["training"]}
    threads = usable_cores() if threads is None else threads
    torch.set_num_threads(1)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    env = BatchedSelfPlay(game, num_envs=num_envs, opponents=default_pool(game) if opponents is None else opponents,
                          num_players=num_players, seed=seed, reward=reward)
    policy_class, policy_kwargs = policy_setup(net, spec, scorer_spec)
    model = MaskablePPO(policy_class, env, n_steps=n_steps, seed=seed, device=pick_device(device), verbose=0,
                        policy_kwargs=policy_kwargs, **dict(PPO_SETTINGS, learning_rate=learning_rate))
    if start is not None:
        load_actor(model, start)
    # SB3 would otherwise make a log folder of its own in /tmp on every learn(), and leave it there
    model.set_logger(configure(str(out), []))
    env.set_policy(MaskablePPOAgent(model=model, seed=seed))
    agreement, held = None, 0
    t0 = time.perf_counter()
    if imitate is not None:
        from .imitate import collect, pretrain
        # a twentieth more of the teacher's decisions, judged and not fitted; the fitted ones are the
        # first imitate_samples, as they were before any were held out
        held = max(1, imitate_samples // HELD_OUT)
        obs, masks, actions = collect(game, imitate_samples + held, teacher=imitate, num_players=env.num_players,
                                      seed=seed, reward=reward)
        fit = obs[:imitate_samples], masks[:imitate_samples], actions[:imitate_samples]
        judged = obs[imitate_samples:], masks[imitate_samples:], actions[imitate_samples:]
        agreement = pretrain(model, fit, epochs=imitate_epochs, seed=seed, held_out=judged)
        del obs, fit, judged   # Fantasy Frontier's 300,000 decisions are 7 GB of observations: not kept through PPO
    league = League(env, out, timesteps, snapshot_every=snapshot_every, pool_size=pool_size,
                    eval_every=eval_every, eval_games=eval_games, seed=seed, command=command,
                    max_seconds=None if max_minutes is None else 60.0 * max_minutes - (time.perf_counter() - t0))
    model.learn(total_timesteps=timesteps, callback=[UpdateThreads(threads), league])
    train_s = time.perf_counter() - t0
    model.save(out / "final.zip")
    save_policy(model, out / "final.json", env, command, seed, started_from=started_from)

    result = {"game": game, "num_players": env.num_players, "timesteps": int(model.num_timesteps),
              "train_seconds": round(train_s, 1), "seed": seed, "pool": env.names, "reward": reward,
              "command": command, "curve": str(out / "curve.csv"),
              "imitation": None if agreement is None else {
                  "teacher": imitate, "samples": imitate_samples, "agreement_by_epoch": agreement.fitted,
                  "held_out_samples": held, "held_out_agreement_by_epoch": agreement.held_out},
              "init": None if init is None else os.fspath(init)}
    last = {}
    for ts, _, ref, n, rate, lo, hi in league.curve:
        last[ref] = {"timesteps": ts, "games": n, "win_rate": rate, "wilson_95": [lo, hi]}
    result["evaluation"] = last
    for ref, r in last.items():
        print(f"{game}: the trained policy won {r['win_rate']:.1%} of {r['games']} games against {ref} "
              f"(95% Wilson interval {r['wilson_95'][0]:.1%}-{r['wilson_95'][1]:.1%}), seats rotating")
    (out / "eval.json").write_text(json.dumps(result, indent=2))
    return result


def features_spec(name: str, game: str) -> dict:
    """The view ``--features NAME`` names, as a description records it (``ValueError`` for a view
    that is not ``game``'s)."""
    from frontierzoo.agents.features import default_spec

    return default_spec(name, game, f"--features {name}")


def scorers_spec(hidden: int, features: dict | None) -> dict:
    """The place scorers ``--scorers HIDDEN`` asks for, as a description records them
    (``ValueError`` unless the view ``features`` has places)."""
    from frontierzoo.agents.features import check_scorers

    spec = {"hidden": hidden}
    check_scorers(spec, features, f"--scorers {hidden}")
    return spec


def policy_setup(net: Sequence[int], features: dict | None = None,
                 scorers: dict | None = None) -> tuple[type | str, dict]:
    """MaskablePPO's policy class and ``policy_kwargs`` for hidden layers ``net`` over the view
    ``features`` with place ``scorers`` (each optional, both checked), as the trainer and the
    imitation benchmark build them."""
    kwargs: dict = {"net_arch": list(net)}
    if features is None:
        return "MlpPolicy", kwargs
    from frontierzoo.agents.features import FeaturesExtractor, ScoredPolicy

    kwargs.update(features_extractor_class=FeaturesExtractor, features_extractor_kwargs={"spec": features})
    if scorers is None:
        return "MlpPolicy", kwargs
    return ScoredPolicy, dict(kwargs, scorers=scorers)


def starting_policy(path: str | os.PathLike, game: str, net: Sequence[int], features: dict | None = None,
                    scorers: dict | None = None) -> Policy:
    """The policy description ``path`` to train further: ``ValueError`` unless it plays ``game`` with
    hidden layers ``net`` and tanh over the view ``features`` with place ``scorers``, the trainer's
    network (so its weights fit it one for one)."""
    policy = load_policy(path, game)   # its game checked there
    if not isinstance(policy, Policy):
        raise ValueError(f"{os.fspath(path)}: --init takes a policy description (.json), not a .zip")
    d = policy.description
    if d["hidden"] != list(net) or d["activation"] != "tanh":
        raise ValueError(f"{os.fspath(path)}: its hidden layers are {d['hidden']} ({d['activation']}); "
                         f"train it with --net {','.join(map(str, d['hidden']))} (the trainer's activation is tanh)")
    if d.get("features") != features:
        reads = d.get("features")
        hint = f"--features {reads['name']}" if reads else "no --features"
        raise ValueError(f"{os.fspath(path)}: its first layer reads {reads or 'the observation alone'}; train it with {hint}")
    if d.get("scorers") != scorers:
        has = d.get("scorers")
        raise ValueError(f"{os.fspath(path)}: its place scorers are {has or 'none'}; train it with "
                         + (f"--scorers {has['hidden']}" if has else "no --scorers"))
    return policy


def load_actor(model: MaskablePPO, policy: Policy) -> None:
    """Copy ``policy``'s weights into ``model``'s actor (the hidden layers, the action logits and
    the place scorers where it has them)."""
    import torch
    from torch import nn

    head = model.policy.action_net
    scored = policy.description.get("scorers") is not None
    linear = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
    layers = [m for name, m in policy.net.named_children() if isinstance(m, nn.Linear)]
    with torch.no_grad():
        for mine, theirs in zip(linear + [head.linear if scored else head], layers):
            mine.weight.copy_(theirs.weight)
            mine.bias.copy_(theirs.bias)
        if scored:
            head.scorers.load_state_dict(policy.net.scorers.state_dict())
