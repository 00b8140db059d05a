"""A learned agent: a policy trained with sb3-contrib's MaskablePPO (``frontierzoo.training``).

torch is imported here and in ``training`` only, never by the environments. The agent reads the
observation vector and the action mask like any other agent; it samples from the masked policy
with its own seeded generator (or takes the most likely action), so a seeded game replays exactly.

Policy files. A policy is kept as two files, neither of which can run code when read:

- ``NAME.json``, plain text describing the network: the game and the env options it was trained
  with, the observation and action sizes, the hidden layers' widths and their activation, the
  view of the observation its first layer reads where it has one (``"features"``:
  ``agents/features.py``), the command and seed that trained it, and the fingerprint of the rules
  it was trained on (loading it against other rules warns);
- ``NAME.pt`` beside it, the weights, read with ``torch.load(weights_only=True)``, which refuses
  anything but tensors and plain containers instead of unpickling objects.

The network (``hidden0``, activation, ``hidden1``, ..., ``logits``: the actor of an SB3 MLP
policy) is built from the description and the weights are loaded into it after their names and
shapes are checked against it. A file cannot make the loader ask for unbounded memory: a
description may ask for at most ``MAX_PARAMETERS`` parameters in all (``MAX_HIDDEN_LAYERS``
layers), the weights file may be no larger than those parameters need (plus ``PT_OVERHEAD``), and
each stored tensor must be what it looks like, contiguous with a storage of exactly its elements (a
tensor expanded from one number looks like millions, and touching it allocated them all). The bundled policies (``agents/models``) ship only in this form;
:func:`save_policy` writes it from a MaskablePPO, and the training script writes it beside SB3's
own ``.zip``.

A MaskablePPO ``.zip`` (``MaskablePPO.save``) is read too, for files you made yourself: SB3
unpickles parts of it, so a crafted ``.zip`` runs code on load. Never load one you did not make.
"""
from __future__ import annotations

import copy
import errno
import json
import math
import os
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from frontierzoo.envs.common.registry import get_game, rules_fingerprint, warn_if_other_rules
from frontierzoo.envs.common.saves import MAX_NESTING, nesting

from .base import Agent

if TYPE_CHECKING:
    from torch import nn

    from frontierzoo.envs.common.aec import FrontierZooEnv

MODELS = Path(__file__).parent / "models"
MAX_PARAMETERS = 20_000_000       # parameters a description may ask for in all: 80 MB of float32
MAX_HIDDEN_LAYERS = 32
PT_OVERHEAD = 1 << 20             # bytes a weights file may hold beyond its tensors' (names, the zip)
FORMAT = "frontierzoo-policy-1"   # the description's format; a change to it gets a new name
ACTIVATIONS = {"tanh": "Tanh", "relu": "ReLU"}   # a description's activation -> its torch.nn module


def bundled_model(game_name: str) -> Path:
    """Where the policy shipped for ``game_name`` is described (it may not exist)."""
    return MODELS / f"{game_name.split('_v')[0]}_ppo.json"


def weights_path(description_path: str | os.PathLike) -> Path:
    """The weights file beside a description: the same name, ``.pt``."""
    return Path(description_path).with_suffix(".pt")


def _existing(path) -> Path:
    """``path`` as a Path; ``FileNotFoundError`` under the name the caller gave if there is no file."""
    if not Path(path).is_file():
        raise FileNotFoundError(errno.ENOENT, "no policy file", os.fspath(path))
    return Path(path)


def read_description(path: str | os.PathLike, what: str) -> dict:
    """The JSON object of a model's description file (a policy's, a network's, an RLlib run's):
    one ``ValueError`` naming ``what`` for a missing file's name aside (``FileNotFoundError``),
    anything that is not JSON, nests too deep, or is not an object."""
    where = os.fspath(path)
    try:
        d = json.loads(_existing(path).read_text())
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{where}: not a {what} (JSON): {e}") from None
    except RecursionError:
        raise ValueError(f"{where}: not a {what} (JSON nested too deep)") from None
    if nesting(d) > MAX_NESTING:
        raise ValueError(f"{where}: not a {what} (JSON nested more than {MAX_NESTING} deep)")
    return d


def _check_sizes(where, game_name, observation_size, action_size):
    """A policy's sizes must be the game's: ``ValueError`` naming both otherwise."""
    try:
        game = get_game(game_name)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    for what, mine, theirs in (("observation size", observation_size, game.obs_size),
                               ("action count", action_size, game.num_actions)):
        if mine != theirs:
            raise ValueError(f"{where}: the policy's {what} is {mine} but {game_name}'s is {theirs}")


# --------------------------------------------------------------------------- the description
# how a raw policy plays by default, as its description may say (measured when it was bundled): a
# move drawn from the policy (the default), or its most likely move
MOVES = ("drawn", "most likely")


def _positive_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x > 0


def check_description(d: dict, where: str | os.PathLike) -> dict:
    """The description ``d`` read from ``where``, checked field by field (``ValueError`` naming
    the field), its sizes checked against its game's spaces."""
    def need(ok, field, what):
        if not ok:
            raise ValueError(f"{where}: {field!r} must be {what}, got {d.get(field)!r}")

    if not isinstance(d, dict):
        raise ValueError(f"{where}: not a policy description (a JSON object)")
    need(d.get("format") == FORMAT, "format", repr(FORMAT))
    need(isinstance(d.get("game"), str), "game", "a game's name")
    need(_positive_int(d.get("observation_size")), "observation_size", "a positive int")
    need(_positive_int(d.get("action_size")), "action_size", "a positive int")
    need(isinstance(d.get("hidden"), list) and all(_positive_int(h) for h in d["hidden"])
         and len(d["hidden"]) <= MAX_HIDDEN_LAYERS,
         "hidden", f"a list of at most {MAX_HIDDEN_LAYERS} positive ints (the hidden layers' widths)")
    need(d.get("activation") in ACTIVATIONS, "activation", f"one of {sorted(ACTIVATIONS)}")
    need(isinstance(d.get("env_options"), dict), "env_options", "a dict (the options the env was made with)")
    need(isinstance(d.get("training"), dict), "training", "a dict (the command and seed that trained it)")
    need(d.get("rules") is None or isinstance(d["rules"], str), "rules", "the rules' fingerprint (a string)")
    need(d.get("moves", MOVES[0]) in MOVES, "moves", f"one of {MOVES}")
    _check_sizes(where, d["game"], d["observation_size"], d["action_size"])
    if d.get("features") is not None:
        from .features import check_features
        check_features(d["features"], d["game"], where)
    if d.get("scorers") is not None:
        from .features import check_scorers
        check_scorers(d["scorers"], d.get("features"), where)
    if parameter_count(d) > MAX_PARAMETERS:
        raise ValueError(f"{where}: the network would have {parameter_count(d):,} parameters; "
                         f"a policy may have at most {MAX_PARAMETERS:,}")
    return d


def parameter_count(d: dict) -> int:
    """How many numbers the network ``d`` describes holds."""
    return sum(math.prod(shape) for shape in layer_shapes(d).values())


def layer_shapes(d: dict) -> dict[str, tuple]:
    """Each weight's name and shape, as the description says the network is made."""
    shapes, width = {}, input_width(d)
    for i, h in enumerate(d["hidden"]):
        shapes[f"hidden{i}.weight"], shapes[f"hidden{i}.bias"] = (h, width), (h,)
        width = h
    shapes["logits.weight"], shapes["logits.bias"] = (d["action_size"], width), (d["action_size"],)
    if d.get("scorers") is not None:
        shapes.update({f"scorers.{k}": tuple(v.shape) for k, v in _scorers(d, width).state_dict().items()})
    return shapes


def _scorers(d: dict, trunk_width: int) -> nn.Module:
    """The place scorers ``d["scorers"]`` asks for, over its view, their parameters unallocated."""
    import torch

    from .features import PlaceScorers, build_features

    with torch.device("meta"):
        return PlaceScorers(build_features(d["features"]), input_width(d), trunk_width, d["scorers"]["hidden"])


def input_width(d: dict) -> int:
    """What the first hidden layer reads: the observation, and the view ``"features"`` adds to it."""
    if d.get("features") is None:
        return d["observation_size"]
    from .features import features_width
    return features_width(d["features"], d["observation_size"])


def build_network(d: dict) -> nn.Sequential:
    """The network ``d`` describes, its parameters not yet allocated (torch's meta device): the
    weights are assigned to it when loaded, so building costs nothing and draws no random numbers.
    A view of the observation (``"features"``: ``agents/features.py``) comes first; it has no weights.
    With ``"scorers"``, the place scorers come last and add their scores to the logits."""
    import torch
    from torch import nn

    layers, width = [], input_width(d)
    if d.get("features") is not None:
        from .features import build_features
        layers.append(("features", build_features(d["features"])))
    with torch.device("meta"):
        for i, h in enumerate(d["hidden"]):
            activation = getattr(nn, ACTIVATIONS[d["activation"]])()
            layers += [(f"hidden{i}", nn.Linear(width, h)), (f"{d['activation']}{i}", activation)]
            width = h
        layers.append(("logits", nn.Linear(width, d["action_size"])))
    if d.get("scorers") is not None:
        from .features import ScoredNetwork
        return ScoredNetwork(OrderedDict(layers + [("scorers", _scorers(d, width))]))
    return nn.Sequential(OrderedDict(layers))


# --------------------------------------------------------------------------- the two kinds of policy
class Policy:
    """A policy network read from its description (``.json``) and weights (``.pt``)."""

    def __init__(self, path: str | os.PathLike) -> None:
        import torch

        where = os.fspath(path)
        d = read_description(path, "policy description")
        self.description = check_description(d, where)
        warn_if_other_rules(d.get("rules"), get_game(d["game"]), where)
        wpath = _existing(weights_path(path))
        most = 4 * parameter_count(d) + PT_OVERHEAD
        if wpath.stat().st_size > most:
            raise ValueError(f"{wpath}: {wpath.stat().st_size:,} bytes, more than the {most:,} the network "
                             f"{where} describes can need")
        try:
            weights = torch.load(wpath, map_location="cpu", weights_only=True)
        except Exception as e:   # torch names what it refused; nothing of the file has run
            raise ValueError(f"{wpath}: not a weights file that loads without running code: {e}") from None
        self.net = build_network(d)
        self.net.load_state_dict(_check_weights(weights, layer_shapes(d), wpath, where), assign=True)
        self.net.eval()

    def probabilities(self, observations: np.ndarray, action_masks: np.ndarray) -> np.ndarray:
        """Softmax over the legal actions' logits, one row per observation; zero on the illegal ones."""
        import torch

        with torch.no_grad():
            logits = self.net(torch.as_tensor(np.asarray(observations, np.float32)))
            legal = torch.as_tensor(np.asarray(action_masks, bool))
            return torch.softmax(logits.masked_fill(~legal, -math.inf), 1).numpy().astype(np.float64)


def _check_weights(weights, shapes, wpath, path) -> dict:
    """The weights, if they are exactly the finite float tensors the description needs."""
    import torch

    if not (isinstance(weights, dict) and all(isinstance(v, torch.Tensor) for v in weights.values())):
        raise ValueError(f"{wpath}: not a dict of named tensors")
    for k, v in weights.items():   # before anything reads a tensor's numbers
        if (v.layout != torch.strided or not v.is_contiguous() or v.storage_offset() != 0
                or v.untyped_storage().nbytes() != v.numel() * v.element_size()):
            raise ValueError(f"{wpath}: {k} is not stored as the plain tensor it looks like (its storage holds "
                             f"{v.untyped_storage().nbytes():,} bytes for {v.numel():,} numbers of "
                             f"{v.element_size()} bytes; an expanded or strided view)")
    got = {k: tuple(v.shape) for k, v in weights.items()}
    if got != shapes:
        wrong = sorted(k for k in set(got) | set(shapes) if got.get(k) != shapes.get(k))
        raise ValueError(f"{wpath} does not match {path}: "
                         + "; ".join(f"{k} is {got.get(k, 'missing')}, needs {shapes.get(k, 'nothing')}"
                                     for k in wrong))
    for k, v in weights.items():
        if v.dtype != torch.float32 or not torch.isfinite(v).all():
            raise ValueError(f"{wpath}: {k} must hold finite float32 numbers")
    return weights


class SB3Policy:
    """A MaskablePPO's policy, in memory (self-play plays the model being trained), frozen as it
    stands (a snapshot), or read from a ``.zip`` that ``MaskablePPO.save`` wrote. Loading a
    ``.zip`` unpickles it: only your own."""

    def __init__(self, model: Any = None, path: str | os.PathLike | None = None, frozen: bool = False) -> None:
        if model is None:
            path = _existing(path)
            from sb3_contrib import MaskablePPO
            model = MaskablePPO.load(path, device="cpu")
        self.model = model
        # a snapshot keeps a copy of the network: the model goes on learning
        self.policy = copy.deepcopy(model.policy).eval() if frozen else model.policy

    def probabilities(self, observations: np.ndarray, action_masks: np.ndarray) -> np.ndarray:
        import torch

        policy = self.policy
        obs = torch.as_tensor(np.asarray(observations, np.float32), device=policy.device)
        legal = torch.as_tensor(np.asarray(action_masks, bool), device=policy.device)
        # the actor's logits straight from its layers: the same numbers as the policy's masked
        # distribution, without building one (that costs more than the network for small batches)
        with torch.no_grad():
            features = policy.extract_features(obs)
            if isinstance(features, tuple):   # actor and critic with features of their own
                features = features[0]
            logits = policy.action_net(policy.mlp_extractor.forward_actor(features))
            return torch.softmax(logits.masked_fill(~legal, -math.inf), 1).cpu().numpy().astype(np.float64)


def load_policy(path: str | os.PathLike, game_name: str | None = None) -> Policy | SB3Policy:
    """The policy in ``path``: a description ``.json`` (with its ``.pt``), or a MaskablePPO ``.zip``
    you made. With ``game_name``, the policy must be for that game (``ValueError`` otherwise)."""
    suffix = Path(path).suffix
    if suffix == ".json":
        policy: Policy | SB3Policy = Policy(path)
        if game_name is not None and policy.description["game"] != game_name:
            raise ValueError(f"{os.fspath(path)}: the policy plays {policy.description['game']}, not {game_name}")
        return policy
    if suffix == ".zip":
        policy = SB3Policy(path=path)
        if game_name is not None:
            _check_sizes(os.fspath(path), game_name, policy.model.observation_space.shape[0],
                         int(policy.model.action_space.n))
        return policy
    raise ValueError(f"{os.fspath(path)}: a policy file is a description (.json, with its .pt beside it) "
                     "or a MaskablePPO .zip you made")


# --------------------------------------------------------------------------- writing the safe form
def save_policy(model: Any, path: str | os.PathLike, env: FrontierZooEnv, command: str | None,
                seed: int | None, started_from: dict | None = None) -> Path:
    """Write the actor of ``model`` (a MaskablePPO with an MLP policy, with place scorers or not,
    trained on ``env``, the game's AEC env) as the description ``path`` (``.json``) and its weights beside it (``.pt``);
    ``command`` and ``seed`` say how it was trained, ``started_from`` what policy it was trained
    further from (its path and its own ``training``). Returns the description's path."""
    import torch
    from torch import nn

    policy = model.policy
    names = {getattr(nn, cls): name for name, cls in ACTIVATIONS.items()}
    layers = list(policy.mlp_extractor.policy_net)
    linear = [m for m in layers if isinstance(m, nn.Linear)]
    extractor = policy.features_extractor
    features = getattr(extractor, "spec", None) if type(extractor).__name__ == "FeaturesExtractor" else None
    if (policy.activation_fn not in names or (type(extractor).__name__ != "FlattenExtractor" and features is None)
            or [type(m) for m in layers] != [nn.Linear, policy.activation_fn] * len(linear)):
        raise ValueError("save_policy writes MLP policies (MlpPolicy: Linear and tanh or relu layers, over the "
                         "observation or a view of agents/features.py) only")
    head = policy.action_net
    scorers = getattr(policy, "scorers_spec", None)   # ScoredPolicy: the logits and the place scorers
    d = {
        "format": FORMAT,
        "game": env.game.name,
        "env_options": {"num_players": env.num_players, "reward": env.reward_mode,
                        "illegal_action": env.illegal_action, "max_steps": env.max_steps,
                        **env.game.option_defaults, **env.game_options},
        "observation_size": int(model.observation_space.shape[0]),
        "action_size": int(model.action_space.n),
        "hidden": [m.out_features for m in linear],
        "activation": names[policy.activation_fn],
        **({} if features is None else {"features": features}),
        **({} if scorers is None else {"scorers": scorers}),
        "training": {"command": command, "seed": seed, "timesteps": int(model.num_timesteps),
                     **({} if started_from is None else {"started_from": started_from})},
        "rules": rules_fingerprint(env.game),
    }
    check_description(d, path)
    weights = {}
    for i, m in enumerate(linear):
        weights[f"hidden{i}.weight"], weights[f"hidden{i}.bias"] = m.weight, m.bias
    logits = head if scorers is None else head.linear
    weights["logits.weight"], weights["logits.bias"] = logits.weight, logits.bias
    if scorers is not None:
        weights.update({f"scorers.{k}": v for k, v in head.scorers.state_dict().items()})
    path = Path(path).with_suffix(".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({k: v.detach().cpu().clone() for k, v in weights.items()}, weights_path(path))
    path.write_text(json.dumps(d, indent=2) + "\n")
    return path


# --------------------------------------------------------------------------- the agent
class MaskablePPOAgent(Agent):
    """Plays a MaskablePPO policy.

    Args:
        path: a policy description (``.json``, its weights ``.pt`` beside it: safe to load), or a
            ``.zip`` that ``MaskablePPO.save`` wrote (unpickled on load: only files you made); or
        model: a MaskablePPO in memory (self-play uses the model being trained).
        game_name: when given, the policy must be for this game.
        deterministic: take the most likely legal action instead of sampling; ``None`` (the
            default): as the description says, its ``"moves"`` (chosen by measurement when the
            policy was bundled), else sampled. A model in memory or a ``.zip`` is sampled.
    """

    name = "ppo"

    def __init__(self, path: str | os.PathLike | None = None, model: Any = None, seed: int | None = None,
                 deterministic: bool | None = None, game_name: str | None = None, frozen: bool = False) -> None:
        super().__init__(seed)
        if (path is None) == (model is None):
            raise ValueError("MaskablePPOAgent: give exactly one of path= or model=")
        self.policy = SB3Policy(model=model, frozen=frozen) if path is None else load_policy(path, game_name)
        if deterministic is None:
            description = getattr(self.policy, "description", {})
            deterministic = description.get("moves", MOVES[0]) == "most likely"
        self.deterministic = bool(deterministic)

    def probabilities(self, observation: np.ndarray, action_mask: np.ndarray) -> np.ndarray:
        """The policy's distribution over actions, zero on the illegal ones."""
        return self.policy.probabilities(np.asarray(observation)[None], np.asarray(action_mask)[None])[0]

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        return int(self.act_batch(np.asarray(observation)[None], np.asarray(action_mask)[None])[0])

    def act_batch(self, observations: np.ndarray, action_masks: np.ndarray, infos: Sequence[dict | None] | None = None) -> np.ndarray:
        """One forward pass for every row; each row's action sampled from its legal actions (or
        the most likely one, when deterministic) with the agent's own generator."""
        legal = np.asarray(action_masks, bool)
        p = np.where(legal, self.policy.probabilities(observations, legal), 0.0)
        if self.deterministic:
            return np.argmax(np.where(legal, p, -1.0), axis=1)
        total = p.sum(axis=1)
        lost = ~(total > 0)   # a policy that puts no mass on the legal actions: play uniformly
        if lost.any():
            p[lost] = legal[lost]
            total[lost] = p[lost].sum(axis=1)
        cdf = np.cumsum(p, axis=1)
        u = self.rng.random(len(p)) * total
        a = (cdf <= u[:, None]).sum(axis=1)
        # rounding can carry u past the last legal entry's running sum: take that entry then
        last = legal.shape[1] - 1 - np.argmax(legal[:, ::-1], axis=1)
        return np.minimum(a, last)
