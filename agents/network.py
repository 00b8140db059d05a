"""Policy-and-value networks that read a game's observation by its named blocks, and the two agents
that play one: the raw policy (``"net"``, one forward pass a decision) and the network-guided search
(``"net_search"``, :mod:`agents.netsearch` over determinised worlds).

The network. A game declares its observation as a :class:`~frontierzoo.envs.common.layout.Layout`
of named blocks; a block of repeated rows (Forfort's four seats, Frontier's 19 hexes, 54 corners
and 72 edges, Fantasy Frontier's 469 cells, Legends' seven seats) is read by one small encoder
shared by its rows (a linear layer and a ReLU), so what the network learns about one seat or hex
holds for every other, and the rows keep their places (the observation is seat-relative: the
observer's row comes first). The encoded rows and the single features go through a trunk of ReLU
layers to two heads: logits over the game's actions, and a value in [-1, 1] for each seat from the
observer on (``value_size`` seats, the game's largest table). ``blocks=[]`` gives the flat MLP the
comparison in ``benchmarks/RESULTS.md`` measures it against.

Files. A network is two files that cannot run code when read, as for :mod:`agents.learned`:
``NAME.json`` (format ``frontierzoo-network-1``: the game, its sizes, the blocks and layers, the env
options, the command and seed that trained it, the rules' fingerprint it was trained on) and
``NAME.pt`` (the weights, ``torch.load(weights_only=True)``; names and shapes checked against the
description before they are used). torch is imported only here and in ``training``.
"""
from __future__ import annotations

import json
import math
import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from frontierzoo.envs.common.registry import rules_fingerprint

from .base import Agent

if TYPE_CHECKING:
    import torch
    from torch import nn

    from frontierzoo.envs.common.game import Game

    from .netsearch import BatchedSearch
from .learned import MODELS, MOVES, _check_sizes, _check_weights, _existing, _positive_int, read_description, weights_path

FORMAT = "frontierzoo-network-1"
DEFAULT_HIDDEN = (256, 256)
MAX_EMBED = 64   # a block's row encoder is at most this wide


def bundled_network(game_name: str) -> Path:
    """Where the network shipped for ``game_name`` is described (it may not exist)."""
    return MODELS / f"{game_name.split('_v')[0]}_net.json"


def value_size(game: Game) -> int:
    return max(game.player_counts)


def observation_blocks(game: Game) -> list[dict]:
    """The observation's blocks of repeated rows (two axes, at least two rows of at least two
    features), each with the width of its shared row encoder: half a row, 4 to ``MAX_EMBED``."""
    blocks = []
    for span in game.observation.spans:
        if len(span.shape) == 2 and span.shape[0] >= 2 and span.shape[1] >= 2:
            rows, width = span.shape
            blocks.append({"name": span.name, "start": span.start, "rows": rows, "width": width,
                           "embed": max(4, min(MAX_EMBED, width // 2))})
    return blocks


def describe(game: Game, hidden: Sequence[int] = DEFAULT_HIDDEN, structured: bool = True,
             env_options: dict | None = None, training: dict | None = None) -> dict:
    """A description of a fresh network for ``game``."""
    d = {
        "format": FORMAT, "game": game.name,
        "observation_size": game.obs_size, "action_size": game.num_actions, "value_size": value_size(game),
        "blocks": observation_blocks(game) if structured else [],
        "hidden": [int(h) for h in hidden],
        "env_options": dict(env_options or {}),
        "training": dict(training or {}),
        "rules": rules_fingerprint(game),
    }
    return check_description(d, "a new network")


def check_description(d: dict, where: str | os.PathLike) -> dict:
    """The description ``d`` read from ``where``, checked field by field (``ValueError`` naming the
    field), its sizes checked against its game's."""
    def need(ok, field, what):
        if not ok:
            raise ValueError(f"{where}: {field!r} must be {what}, got {d.get(field)!r}")

    if not isinstance(d, dict):
        raise ValueError(f"{where}: not a network description (a JSON object)")
    need(d.get("format") == FORMAT, "format", repr(FORMAT))
    need(isinstance(d.get("game"), str), "game", "a game's name")
    for field in ("observation_size", "action_size", "value_size"):
        need(_positive_int(d.get(field)), field, "a positive int")
    need(isinstance(d.get("hidden"), list) and 0 < len(d["hidden"]) <= 8
         and all(_positive_int(h) and h <= 4096 for h in d["hidden"]), "hidden",
         "a list of 1 to 8 layer widths, each 1 to 4096")
    need(isinstance(d.get("env_options"), dict), "env_options", "a dict")
    need(isinstance(d.get("training"), dict), "training", "a dict")
    need(isinstance(d.get("rules"), str), "rules", "the rules' fingerprint (a string)")
    need(d.get("moves", MOVES[0]) in MOVES, "moves", f"one of {MOVES}")
    _check_sizes(where, d["game"], d["observation_size"], d["action_size"])
    blocks = d.get("blocks")
    need(isinstance(blocks, list), "blocks", "a list")
    end = 0
    for b in blocks:
        ok = (isinstance(b, dict) and set(b) == {"name", "start", "rows", "width", "embed"}
              and all(_positive_int(b[k]) for k in ("rows", "width", "embed"))
              and isinstance(b["start"], int) and not isinstance(b["start"], bool) and b["start"] >= end
              and b["embed"] <= MAX_EMBED and b["start"] + b["rows"] * b["width"] <= d["observation_size"])
        need(ok, "blocks", "blocks of rows inside the observation, in order, not overlapping")
        end = b["start"] + b["rows"] * b["width"]
    return d


def layer_shapes(d: dict) -> dict[str, tuple]:
    """Each weight's name and shape, as the description says the network is made."""
    shapes = {}
    width = d["observation_size"]
    for i, b in enumerate(d["blocks"]):
        shapes[f"encoders.{i}.weight"], shapes[f"encoders.{i}.bias"] = (b["embed"], b["width"]), (b["embed"],)
        width += b["rows"] * (b["embed"] - b["width"])
    for i, h in enumerate(d["hidden"]):
        shapes[f"trunk.{2 * i}.weight"], shapes[f"trunk.{2 * i}.bias"] = (h, width), (h,)
        width = h
    shapes["policy.weight"], shapes["policy.bias"] = (d["action_size"], width), (d["action_size"],)
    shapes["value.weight"], shapes["value.bias"] = (d["value_size"], width), (d["value_size"],)
    return shapes


def build_network(d: dict, device: str | torch.device = "cpu") -> nn.Module:
    """The network ``d`` describes, initialised by torch's defaults on ``device``."""
    import torch
    from torch import nn

    class PolicyValueNet(nn.Module):
        def __init__(self):
            super().__init__()
            blocks = d["blocks"]
            self.blocks = [(b["start"], b["rows"], b["width"]) for b in blocks]
            self.encoders = nn.ModuleList(nn.Linear(b["width"], b["embed"]) for b in blocks)
            inside = np.zeros(d["observation_size"], bool)
            for start, rows, width in self.blocks:
                inside[start:start + rows * width] = True
            # the single features: every entry no block covers (not saved: the description says it)
            self.register_buffer("single", torch.as_tensor(np.flatnonzero(~inside)), persistent=False)
            width = int((~inside).sum()) + sum(b["rows"] * b["embed"] for b in blocks)
            layers = []
            for h in d["hidden"]:
                layers += [nn.Linear(width, h), nn.ReLU()]
                width = h
            self.trunk = nn.Sequential(*layers)
            self.policy = nn.Linear(width, d["action_size"])
            self.value = nn.Linear(width, d["value_size"])

        def forward(self, x):
            parts = [x[:, self.single]]
            for (start, rows, width), encode in zip(self.blocks, self.encoders):
                rows_in = x[:, start:start + rows * width].reshape(-1, rows, width)
                parts.append(torch.relu(encode(rows_in)).flatten(1))
            h = self.trunk(torch.cat(parts, 1))
            return self.policy(h), torch.tanh(self.value(h))

    with torch.device(device):
        return PolicyValueNet()


def new_network(d: dict, seed: int, device: str | torch.device = "cpu") -> nn.Module:
    """A freshly initialised network for description ``d`` (torch's default initialisation, from
    ``seed``)."""
    import torch

    torch.manual_seed(seed)
    return build_network(d, device=device)


def masked_softmax(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    """Softmax over the legal moves of each row; zero on the illegal ones."""
    import torch

    return torch.softmax(logits.masked_fill(~masks, -math.inf), 1)


class Network:
    """A policy-and-value network read from its description (``.json``) and weights (``.pt``), or
    given in memory (``net`` with its description ``d``: the trainer's own)."""

    def __init__(self, path: str | os.PathLike | None = None, net: nn.Module | None = None,
                 d: dict | None = None) -> None:
        import torch

        if net is not None:
            self.description, self.net = d, net
            return
        where = os.fspath(path)  # type: ignore[arg-type]
        d = read_description(path, "network description")  # type: ignore[arg-type]
        self.description = check_description(d, where)
        wpath = _existing(weights_path(path))  # type: ignore[arg-type]
        try:
            weights = torch.load(wpath, map_location="cpu", weights_only=True)
        except Exception as e:   # torch names what it refused; nothing of the file has run
            raise ValueError(f"{wpath}: not a weights file that loads without running code: {e}") from None
        weights = _check_weights(weights, layer_shapes(d), wpath, where)
        net = new_network(d, 0)
        net.load_state_dict(weights)
        self.net = net.eval()
        from frontierzoo.envs.common.registry import get_game

        now = rules_fingerprint(get_game(d["game"]))
        if d["rules"] != now:
            warnings.warn(f"{where} was trained on other rules of {d['game']} (fingerprint {d['rules']}, "
                          f"now {now}): it may play worse than its recorded strength", stacklevel=2)

    def evaluate(self, observations: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(probs, values)`` for a batch: the policy over the legal moves (zero elsewhere) and each
        seat's value from the observer on, as NumPy float32 arrays."""
        import torch

        with torch.no_grad():
            logits, values = self.net(torch.as_tensor(np.array(observations, np.float32)))
            probs = masked_softmax(logits, torch.as_tensor(np.asarray(masks, bool)))
        return probs.numpy(), values.numpy()


def save_network(net: nn.Module, d: dict, path: str | os.PathLike) -> Path:
    """Write ``net`` as the description ``path`` (``.json``) and its weights beside it (``.pt``)."""
    import torch

    path = Path(path).with_suffix(".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().cpu().clone().contiguous() for k, v in net.state_dict().items()}
    torch.save(state, weights_path(path))
    path.write_text(json.dumps(d, indent=2) + "\n")
    return path


def load_network(path: str | os.PathLike, game_name: str | None = None) -> Network:
    network = Network(path)
    if game_name is not None and network.description["game"] != game_name:
        raise ValueError(f"{os.fspath(path)}: the network plays {network.description['game']}, not {game_name}")
    return network


class NetworkAgent(Agent):
    """The raw policy: one forward pass, the move drawn from the policy with the agent's generator
    (``sample=False``: the most likely legal move; ``sample=None``, the default: as the network's
    description says, its ``"moves"``, chosen by measurement when it was bundled, else drawn).
    Drawn unless the description says otherwise, as the ``ppo`` agent's are: a
    deterministic policy can repeat itself where a move leaves the position as it was (in Frontier,
    a trade offered and declined), and a game it plays then runs to ``max_steps`` without an end
    (measured: a Frontier network fitted to the heuristic's moves won 1 of 200 games against three
    random seats by its most likely moves).

    Args:
        path: a network description (``.json``, its ``.pt`` beside it); or ``network``: one in memory.
        game_name: when given, the network must be for this game.
    """

    name = "net"

    def __init__(self, path: str | os.PathLike | None = None, network: Network | None = None, seed: int | None = None,
                 sample: bool | None = None, game_name: str | None = None) -> None:
        super().__init__(seed)
        if (path is None) == (network is None):
            raise ValueError("NetworkAgent: give exactly one of path= or network=")
        self.network = network if network is not None else load_network(path, game_name)  # type: ignore[arg-type]
        if sample is None:
            sample = self.network.description.get("moves", MOVES[0]) == "drawn"
        self.sample = bool(sample)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        return int(self.act_batch(np.asarray(observation)[None], np.asarray(action_mask)[None])[0])

    def act_batch(self, observations: np.ndarray, action_masks: np.ndarray, infos: Sequence[dict | None] | None = None) -> np.ndarray:
        legal = np.asarray(action_masks, bool)
        probs, _ = self.network.evaluate(observations, legal)
        p = np.where(legal, probs.astype(np.float64), 0.0)
        if not self.sample:
            return np.argmax(np.where(legal, p, -1.0), axis=1)
        u = self.rng.random(len(p)) * p.sum(axis=1)
        a = (np.cumsum(p, axis=1) <= u[:, None]).sum(axis=1)
        last = legal.shape[1] - 1 - np.argmax(legal[:, ::-1], axis=1)
        return np.minimum(a, last)


class NetworkSearchAgent(Agent):
    """The network-guided search: ISMCTS whose leaves the network evaluates (:mod:`agents.netsearch`),
    its budget in ``simulations`` (exact: a seed replays) or ``ms`` a decision.

    The root is searched as ``trees`` independent trees at once (root parallelisation, each its own
    determinisations), their leaves evaluated in one forward pass, their visit counts summed: a
    forward pass costs about the same for 1 row as for 8, so this multiplies the simulations a
    decision affords. The guide's rollout is mixed into the leaf values with the weight the network
    was trained with (its description's ``training.guide_weight``), unless ``guide_weight`` is given.

    ``prior``: a policy (a ``ppo`` policy's description or ``.zip``; ``"ppo"``: the game's bundled
    one) whose move probabilities are the leaves' priors in place of the network's own, the network
    still giving their values: a stronger raw policy steers the search toward better moves
    (``benchmarks/RESULTS.md``: Forfort's, against ``mcts``).
    """

    name = "net_search"
    needs_env = True

    def __init__(self, path: str | os.PathLike | None = None, network: Network | None = None, seed: int | None = None,
                 simulations: int | None = None, ms: float | None = None, trees: int = 8,
                 guide_weight: float | None = None, c: float | None = None, game_name: str | None = None,
                 prior: str | os.PathLike | None = None) -> None:
        from .netsearch import DEFAULT_C, BatchedSearch

        super().__init__(seed)
        if (path is None) == (network is None):
            raise ValueError("NetworkSearchAgent: give exactly one of path= or network=")
        if simulations is not None and (isinstance(simulations, bool)
                                        or not isinstance(simulations, (int, np.integer)) or simulations < 1):
            raise ValueError(f"simulations must be a positive int, got {simulations!r}")
        if ms is not None and not (isinstance(ms, (int, float, np.number)) and 0 < ms < np.inf):
            raise ValueError(f"ms must be a positive, finite number of milliseconds, got {ms!r}")
        if isinstance(trees, bool) or not isinstance(trees, (int, np.integer)) or not 1 <= trees <= 64:
            raise ValueError(f"trees must be an int from 1 to 64, got {trees!r}")
        self.network = network if network is not None else load_network(path, game_name)  # type: ignore[arg-type]
        from frontierzoo.envs.common.registry import get_game

        self.game = get_game(self.network.description["game"])
        self.evaluate = self.network.evaluate
        if prior is not None:
            from .learned import bundled_model, load_policy

            policy = load_policy(bundled_model(self.game.name) if prior == "ppo" else prior, self.game.name)
            network_evaluate = self.network.evaluate

            def evaluate(observations: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
                _, values = network_evaluate(observations, masks)
                return policy.probabilities(observations, masks).astype(np.float32), values
            self.evaluate = evaluate
        if simulations is None and ms is None:
            simulations = 64
        self.simulations, self.ms, self.trees = simulations, ms, int(trees)
        if guide_weight is None:
            guide_weight = float(self.network.description["training"].get("guide_weight", 0.0))
        per_tree = max(1, -(-(simulations or 4096) // self.trees))
        self._search = BatchedSearch(self.game, self.trees, per_tree, c=DEFAULT_C if c is None else c,
                                     guide_weight=guide_weight, seed=int(self.rng.integers(2**63)))
        self._wide: BatchedSearch | None = None   # act_batch's: the trees of many games at once
        self.visits = np.zeros(self.game.num_actions, np.float32)

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if seed is not None:
            self._search.rng = np.random.default_rng(int(self.rng.integers(2**63)))
            self._wide = None   # made again, from the new seed, when a batch next needs it

    def act_batch(self, observations: np.ndarray, action_masks: np.ndarray,
                  infos: Sequence[dict | None] | None = None) -> np.ndarray:
        """Every game's decision from one search (with a budget in ``simulations``): each game's
        position as ``trees`` roots of one :class:`BatchedSearch`, the leaves of all the games'
        trees evaluated in one forward pass a simulation step, as the self-play trainer searches.
        A budget in ``ms`` is a decision's, so those games are searched one at a time."""
        if infos is None or len(infos) != len(action_masks) or any(i is None or "env" not in i for i in infos):
            raise ValueError("NetworkSearchAgent needs each game's live env as infos[i]['env']")
        if self.ms is not None:
            return super().act_batch(observations, action_masks, infos)
        from .netsearch import BatchedSearch

        masks = np.asarray(action_masks, bool)
        out = np.argmax(masks, axis=1)                     # a forced move is played unsearched
        rows = np.flatnonzero(masks.sum(axis=1) > 1)
        if rows.size:
            n = rows.size * self.trees
            if self._wide is None or self._wide.num_roots < n:
                self._wide = BatchedSearch(self.game, n, self._search.simulations, c=self._search.c,
                                           guide_weight=self._search.guide_weight,
                                           seed=int(self.rng.integers(2**63)))
            games = [infos[i]["env"] for i in rows.tolist()]   # type: ignore[index]
            records = [g.record for g in games]
            roots = np.zeros(self._wide.num_roots, self.game.dtype)
            roots[:] = records[0]                              # the roots past n are not searched
            roots[:n] = np.repeat(np.array(records, dtype=self.game.dtype), self.trees)
            me = np.zeros(self._wide.num_roots, np.int64)
            me[:n] = np.repeat([int(r["actor"]) for r in records], self.trees)
            active = np.arange(self._wide.num_roots) < n
            visits = self._wide.run(roots, me, active, games[0].num_players, self.evaluate)
            total = visits[:n].reshape(rows.size, self.trees, -1).sum(axis=1)
            out[rows] = np.argmax(np.where(masks[rows], total, -1.0), axis=1)
        return out.astype(np.int64)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        if info is None or "env" not in info:
            raise ValueError("NetworkSearchAgent needs the live env as info['env']")
        legal = np.flatnonzero(action_mask)
        if legal.size == 1:
            return int(legal[0])
        env = info["env"]
        record = env.record
        roots = np.repeat(np.array(record, dtype=self.game.dtype).reshape(1), self.trees)
        me = np.full(self.trees, int(record['actor']))
        active = np.ones(self.trees, bool)
        deadline = None if self.ms is None else self.ms / 1000.0
        visits = self._search.run(roots, me, active, env.num_players, self.evaluate, seconds=deadline)
        self.visits = visits.sum(axis=0)
        total = np.where(np.asarray(action_mask, bool), self.visits, -1.0)
        return int(np.argmax(total))
