"""Multi-agent PPO self-play for any registered game on Ray RLlib, on one machine or a cluster.

    frontierzoo train rllib --game forfort_v0 --iterations 20
    frontierzoo train rllib --game forfort_v0 --iterations 20 --address auto

Without ``--address`` ``ray.init()`` starts a local cluster on this machine; with one it joins a
running cluster (``auto``: the one ``ray start`` made on this node; ``HOST:6379``: another, from a
node of that cluster; ``ray://HOST:10001``: Ray Client, which needs ``ray[client]`` besides).
Every node must have frontierzoo and the ``rllib`` extra installed in the same Python, since the
env runners import the games there.

Every seat of the table is the same learner: one shared policy ("shared") plays all seats and
learns from all of them (self-play with parameter sharing), so a seat's opponents improve with it.
The RLlib environment (:class:`RLlibGameEnv`) is the game's PettingZoo AEC env seen turn by turn:
each step returns an observation only for the seat to act next, a dict of ``"observations"`` and
``"action_mask"`` (the keys of RLlib's action-masking example), and the policy's module adds the
mask's log to its logits, so that it cannot pick an illegal action (the env would raise if it
did). The learner runs on a GPU when ``torch.cuda.is_available()`` on the driver (it is the
driver's own learner), else on the CPU. Before and after training the policy is played against
the random agent, seats rotating, and its win rates printed with 95% intervals.

What it writes to ``--out`` (default ``runs/rllib_GAME``): ``algorithm/``, RLlib's checkpoint of
the whole algorithm (``Algorithm.from_checkpoint`` resumes it), and the trained policy alone:
``policy/`` (the RLModule's checkpoint) and ``policy.json`` (format ``frontierzoo-rllib-1``: the
game, the seats, the command, the seed, the rules' fingerprint and the final win rate). The
policy's path is an agent wherever one is named (``frontierzoo arena --agents
runs/rllib_forfort/policy.json``): :func:`load_agent`. Ray's own log lines (its start-up notices,
RLlib's deprecation warnings) are kept off the console unless ``verbose``; errors still show.
"""
from __future__ import annotations

import json
import logging
import os
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import ray
import torch
from gymnasium import spaces
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.utils.torch_utils import FLOAT_MIN
from ray.tune.registry import register_env

from frontierzoo.agents import RLLIB_FORMAT
from frontierzoo.agents.base import Agent
from frontierzoo.agents.learned import read_description
from frontierzoo.agents.match import head_to_head, wilson_interval
from frontierzoo.envs import get_game, make
from frontierzoo.envs.common.registry import rules_fingerprint, warn_if_other_rules

ENV_NAME = "frontierzoo"   # the name the env is registered under with Ray (register_env)
POLICY = "shared"          # the one module every seat maps to
FORMAT = RLLIB_FORMAT     # policy.json's format (named in agents/, which tells model files apart)


class RLlibGameEnv(MultiAgentEnv):
    """A frontierzoo game as an RLlib ``MultiAgentEnv``, over its PettingZoo AEC env.

    ``config``: ``{"game": "forfort_v0", **env_kwargs}`` (``num_players``, ``reward``,
    ``max_steps`` and the game's own options, as ``frontierzoo.envs.make`` takes them).

    Turn-based as RLlib expects: ``reset`` and ``step`` return an observation only for the seat
    that acts next, and RLlib sends back an action for that seat alone. A seat's reward is what it
    earned since it last acted (the AEC env's rewards of every step summed per seat), handed over
    with its next observation; when the game ends every seat that has played gets its last
    observation and reward with ``terminated`` (or ``truncated`` at ``max_steps``). So each seat's
    rewards over an episode add up to the game's.
    """

    def __init__(self, config: dict | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        self.game_name = config.pop("game", "forfort_v0")
        self.aec = make(self.game_name, **config)
        self.possible_agents = list(self.aec.possible_agents)
        self.agents = []
        first = self.possible_agents[0]
        n = self.aec.action_space(first).n
        size = self.aec.observation_space(first)["observation"].shape
        # float32 mask: the masking module takes its log, and 0/1 floats batch with the observation
        space = spaces.Dict({"observations": spaces.Box(-np.inf, np.inf, size, np.float32),
                             "action_mask": spaces.Box(0.0, 1.0, (n,), np.float32)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._owed = dict.fromkeys(self.possible_agents, 0.0)   # rewards not yet handed over
        self._played = set()                                    # seats observed this episode
        self._deals = None                                      # the seeds of the games to deal

    def _observe(self, agent):
        o = self.aec.observe(agent)
        return {"observations": o["observation"], "action_mask": o["action_mask"].astype(np.float32)}

    def _hand_over(self, agent):
        reward, self._owed[agent] = self._owed[agent], 0.0
        return reward

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        # RLlib seeds only an env's first reset: the deals after it come from a generator seeded
        # then, so that a seeded run deals the same games (never seeded: fresh entropy each game).
        if seed is not None:
            self._deals = np.random.default_rng(seed)
        self.aec.reset(seed=None if self._deals is None else int(self._deals.integers(2**63)))
        self._owed = dict.fromkeys(self.possible_agents, 0.0)
        self._played = set()
        self.agents = list(self.possible_agents)
        mover = self.aec.agent_selection
        self._played.add(mover)
        return {mover: self._observe(mover)}, {}

    def step(self, action_dict: dict) -> tuple[dict, dict, dict, dict, dict]:
        mover = self.aec.agent_selection
        self.aec.step(int(action_dict[mover]))   # an illegal action raises: the mask rules it out
        for agent, r in self.aec.rewards.items():
            self._owed[agent] += r
        terminated = all(self.aec.terminations.values())
        truncated = not terminated and any(self.aec.truncations.values())
        if not (terminated or truncated):
            nxt = self.aec.agent_selection
            self._played.add(nxt)
            return ({nxt: self._observe(nxt)}, {nxt: self._hand_over(nxt)},
                    {"__all__": False}, {"__all__": False}, {})
        # The game is over: every seat that played sees the end and gets what it is owed. (A seat
        # that never acted has no episode in RLlib to end; its reward, if any, is dropped.)
        ended = [a for a in self.possible_agents if a in self._played]
        obs = {a: self._observe(a) for a in ended}
        rewards = {a: self._hand_over(a) for a in ended}
        self.agents = []
        terms = {**{a: terminated for a in ended}, "__all__": terminated}
        truncs = {**{a: truncated for a in ended}, "__all__": truncated}
        return obs, rewards, terms, truncs, {}


def make_env(config: dict) -> RLlibGameEnv:
    """The env creator Ray calls on each env runner (importable there by name)."""
    return RLlibGameEnv(config)


def _split(batch):
    """The batch with the observations alone under OBS, and the mask."""
    obs = batch[Columns.OBS]
    return {**batch, Columns.OBS: obs["observations"]}, obs["action_mask"]


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """PPO's default torch module, built over the ``"observations"`` entry, with the log of the
    ``"action_mask"`` added to its logits: an illegal action's logit becomes the most negative
    float, so it is never sampled and takes no gradient. (What RLlib's ``ActionMaskingTorchRLModule``
    example does, on the non-deprecated base class and without rewriting the batch in place.)"""

    def __init__(self, *, observation_space: spaces.Space | None = None, **kwargs: Any) -> None:
        self.space_with_mask = observation_space
        super().__init__(observation_space=observation_space["observations"], **kwargs)

    def setup(self) -> None:
        super().setup()
        self.observation_space = self.space_with_mask   # what the env runners hand in

    def _masked(self, forward, batch, **kwargs):
        batch, mask = _split(batch)
        out = forward(batch, **kwargs)
        out[Columns.ACTION_DIST_INPUTS] = (out[Columns.ACTION_DIST_INPUTS]
                                           + torch.clamp(torch.log(mask), min=FLOAT_MIN))
        return out

    def _forward(self, batch, **kwargs):
        return self._masked(super()._forward, batch, **kwargs)

    def _forward_train(self, batch, **kwargs):
        return self._masked(super()._forward_train, batch, **kwargs)

    def compute_values(self, batch: dict, embeddings: Any = None) -> torch.Tensor:
        return super().compute_values(_split(batch)[0], embeddings)


class RLModuleAgent(Agent):
    """A trained RLlib module as a frontierzoo agent (``act(observation, action_mask)``), so that
    it plays in ``play_game`` and ``head_to_head`` like any other agent (one a game). It samples from the
    module's masked action distribution (``greedy=True``: its most likely legal action)."""

    name = "rllib_ppo"

    def __init__(self, module: Any, seed: int | None = None, greedy: bool = False) -> None:
        super().__init__(seed)
        self.module = module
        self.greedy = greedy
        self.device = next(module.parameters()).device

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        mask = np.asarray(action_mask, np.float32)
        batch = {Columns.OBS: {
            "observations": torch.as_tensor(observation, dtype=torch.float32, device=self.device)[None],
            "action_mask": torch.as_tensor(mask, device=self.device)[None]}}
        with torch.no_grad():
            logits = self.module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0]
        logits = logits.double().cpu().numpy()
        legal = mask > 0
        if self.greedy:
            return int(np.flatnonzero(legal)[np.argmax(logits[legal])])
        z = np.where(legal, logits, -np.inf)
        p = np.exp(z - z.max())
        return int(self.rng.choice(p.size, p=p / p.sum()))


def evaluate(algo: Any, game: str, games: int, num_players: int, seed: int, env_kwargs: dict | None = None,
             greedy: bool = False) -> tuple[float, int]:
    """The shared policy at one seat against the random agent at the others, seats rotating;
    returns (score, games): a win counts 1, a win shared by k counts 1/k."""
    module = algo.get_module(POLICY)
    options = {k: v for k, v in (env_kwargs or {}).items() if k != "reward"}   # the rules' rewards decide
    return head_to_head(game, lambda: RLModuleAgent(module, greedy=greedy), "random", games, seed=seed,
                        num_players=num_players, **options)


def build_config(game: str, num_players: int | None = None, seed: int = 0, env_kwargs: dict | None = None,
                 num_env_runners: int = 1, envs_per_runner: int = 4, train_batch: int = 4000, minibatch: int = 256,
                 epochs: int = 10, lr: float = 1e-3, hidden: Sequence[int] = (64, 64), gpu: bool | None = None) -> PPOConfig:
    """The PPO config: the env, one shared module with action masking for every seat, and the
    learner on the GPU when there is one (``gpu=None``: ``torch.cuda.is_available()``)."""
    if gpu is None:
        gpu = torch.cuda.is_available()
    register_env(ENV_NAME, make_env)
    env_config = {"game": game, **(env_kwargs or {})}
    if num_players is not None:
        env_config["num_players"] = num_players
    return (
        PPOConfig()
        # RLlib's env check steps the env with unmasked random actions, which the game refuses
        # (illegal moves raise); tests/test_rllib.py checks the env's API with legal ones instead.
        .environment(ENV_NAME, env_config=env_config, disable_env_checking=True)
        .framework("torch")
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=envs_per_runner)
        # num_learners=0: the learner lives in the driver, so the driver's GPU is the one used
        .learners(num_learners=0, num_gpus_per_learner=1 if gpu else 0)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, episode, **kw: POLICY)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY: RLModuleSpec(
            module_class=MaskedPPOModule,
            model_config=DefaultModelConfig(fcnet_hiddens=list(hidden), fcnet_activation="tanh"))}))
        # win/lose rewards come at the end of ~70+ decisions: a long horizon (gamma) to see them
        .training(train_batch_size_per_learner=train_batch, minibatch_size=minibatch,
                  num_epochs=epochs, lr=lr, gamma=0.995, lambda_=0.95, entropy_coeff=0.01)
        .debugging(seed=seed)
    )


def save_policy(algo: Any, out: str | os.PathLike, description: dict) -> Path:
    """The trained policy alone (module docstring): ``out/policy/`` and ``out/policy.json``."""
    out = Path(out)
    algo.get_module(POLICY).save_to_path(str((out / "policy").resolve()))
    path = out / "policy.json"
    path.write_text(json.dumps({"format": FORMAT, **description}, indent=2) + "\n")
    return path


def load_agent(path: str | os.PathLike, game_name: str | None = None, seed: int | None = None,
               greedy: bool = False) -> RLModuleAgent:
    """The policy a run wrote (its ``policy.json``, the module beside it) as an agent; with
    ``game_name`` it must be that game's (``ValueError`` otherwise, as for every model file)."""
    path = Path(path)
    d = read_description(path, "policy description")
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise ValueError(f"{path}: 'format' must be {FORMAT!r}")
    if game_name is not None and d.get("game") != game_name:
        raise ValueError(f"{path}: the policy plays {d.get('game')}, not {game_name}")
    module_dir = path.parent / "policy"
    if not module_dir.is_dir():
        raise ValueError(f"{path}: the module's checkpoint {module_dir} is missing")
    warn_if_other_rules(d.get("rules"), get_game(d["game"]), path)
    from ray.rllib.core.rl_module.rl_module import RLModule
    return RLModuleAgent(RLModule.from_checkpoint(str(module_dir.resolve())), seed=seed, greedy=greedy)


def quiet_ray() -> None:
    """Ray's and RLlib's notices and deprecation warnings off the console (errors still show)."""
    os.environ.setdefault("RAY_DEDUP_LOGS", "1")
    for name in ("ray", "ray.rllib", "ray.tune"):
        logging.getLogger(name).setLevel(logging.ERROR)
    warnings.filterwarnings("ignore", module=r"ray(\.|$)")


def train(game: str = "forfort_v0", iterations: int = 10, num_players: int | None = None, seed: int = 0,
          address: str | None = None, num_cpus: int | None = None, num_env_runners: int = 1, eval_games: int = 200,
          env_kwargs: dict | None = None, train_batch: int = 4000, quiet: bool = False,
          out: str | os.PathLike | None = None, command: str | None = None, verbose: bool = False,
          **ppo: Any) -> dict:
    """Self-play PPO on Ray for ``iterations`` training iterations, with the shared policy played
    against the random agent before and after (``eval_games`` games each, the same deals and seats,
    so the two figures differ by what training changed). ``address=None`` starts a local Ray
    cluster of its own (``num_cpus`` caps it); otherwise it is handed to ``ray.init`` to join a
    running one (``"auto"``: the one ``ray start`` made on this node).
    Ray is shut down at the end only if this call started it. Returns a dict: ``win_rate_before``,
    ``win_rate_vs_random`` and its ``wilson_95``, ``iterations`` (each one's progress line),
    ``env_steps``, ``seconds`` (training alone), ``device``, and ``policy``, the path of the saved
    policy's description (``out``: default ``runs/rllib_GAME``)."""
    if num_players is None:
        num_players = make(game, **(env_kwargs or {})).num_players
    out = Path(out or f"runs/rllib_{game.split('_v')[0]}")
    say = (lambda *a: None) if quiet else print
    if not verbose:
        quiet_ray()
    started = not ray.is_initialized()
    if started:
        # "local": a new cluster of this process's own, even where another runs on this machine
        # (plain ray.init() would join that one)
        ray.init(address="local" if address is None else address,
                 num_cpus=num_cpus if address is None else None,
                 include_dashboard=False, log_to_driver=verbose,
                 logging_level=logging.INFO if verbose else logging.ERROR)
    algo = None
    try:
        gpu = torch.cuda.is_available()
        algo = build_config(game, num_players, seed, env_kwargs, num_env_runners=num_env_runners,
                            train_batch=train_batch, gpu=gpu, **ppo).build_algo()
        say(f"{game}: {num_players} seats, one shared policy, learner on {'GPU' if gpu else 'CPU'}, "
            f"cluster {ray.cluster_resources()}")
        result = {"game": game, "num_players": num_players, "seed": seed, "device": "cuda" if gpu else "cpu"}

        def against_random(when):
            score, n = evaluate(algo, game, eval_games, num_players, seed=10**6 + seed, env_kwargs=env_kwargs)
            lo, hi = wilson_interval(score, n)
            say(f"{game}, {when}: the shared policy won {score:g}/{n} = {score / n:.1%} against random "
                f"(95% Wilson interval {lo:.1%}-{hi:.1%}; {num_players} seats, its seat rotating)")
            return score / n, [lo, hi]

        if eval_games > 0:
            result["win_rate_before"], _ = against_random("before training")
        history, steps, t0 = [], 0, time.perf_counter()
        for it in range(1, iterations + 1):
            r = algo.train()
            runners = r.get("env_runners", {})
            learner = r.get("learners", {}).get(POLICY, {})
            steps = int(runners.get("num_env_steps_sampled_lifetime", steps))
            line = {"iteration": it, "env_steps": steps,
                    "episodes": int(runners.get("num_episodes", 0)),
                    "episode_len_mean": float(runners.get("episode_len_mean", float("nan"))),
                    "entropy": float(learner.get("entropy", float("nan"))),
                    "policy_loss": float(learner.get("policy_loss", float("nan"))),
                    "vf_loss": float(learner.get("vf_loss", float("nan")))}
            history.append(line)
            say(f"iter {it:3d}  steps {steps:7d}  episodes {line['episodes']:4d}  "
                f"len {line['episode_len_mean']:6.1f}  entropy {line['entropy']:.3f}  "
                f"pi_loss {line['policy_loss']:+.4f}  vf_loss {line['vf_loss']:.4f}  "
                f"{time.perf_counter() - t0:6.1f}s")
        result.update(iterations=history, env_steps=steps, seconds=round(time.perf_counter() - t0, 1))
        if eval_games > 0:
            result["win_rate_vs_random"], result["wilson_95"] = against_random(f"after {iterations} iterations")
            result["eval_games"] = eval_games
        out.mkdir(parents=True, exist_ok=True)
        algo.save_to_path(str((out / "algorithm").resolve()))
        result["policy"] = str(save_policy(algo, out, {
            "game": game, "num_players": num_players, "env_options": dict(env_kwargs or {}),
            "rules": rules_fingerprint(get_game(game)),
            "training": {"command": command, "seed": seed, "iterations": iterations, "env_steps": steps},
            "win_rate_vs_random": result.get("win_rate_vs_random")}))
        say(f"{game}: the trained policy is {result['policy']} (an agent wherever one is named); the whole "
            f"algorithm's checkpoint is {out / 'algorithm'}")
        return result
    finally:
        if algo is not None:
            algo.stop()
        if started:
            ray.shutdown()
