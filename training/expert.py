"""Expert iteration: a policy-and-value network learns from the search it guides.

``frontierzoo train expert --game forfort_v0 --out runs/expert_forfort --max-minutes 90``

Each iteration:

1. **Self-play by search.** Every worker plays ``--games`` games side by side on the vector engine
   (:class:`~frontierzoo.envs.common.vector.VectorEnv`) and searches every decision of all of them
   at once with :class:`~frontierzoo.agents.netsearch.BatchedSearch`: ``--simulations`` single-
   observer ISMCTS simulations a decision, the current network at the leaves (one forward pass per
   simulation step for all the games), Dirichlet noise at the roots. The move played is drawn in
   proportion to the visits for a game's first ``--temperature-moves`` decisions, then the most
   visited (AlphaZero's schedule). A decision with one legal move is played without a search and
   is not learned from.
2. **The targets.** Each searched decision keeps the deciding seat's observation, its mask, the
   visit distribution (the policy target) and, when its game ends, every seat's result from the
   decider on (the value target: +1 a winner, -1 a loser, 0 in a truncated game; the value head
   has one output per seat of the game's largest table, those past the table's size unused).
3. **The replay buffer** keeps the last ``--buffer`` decisions; the network takes ``--reuse``
   passes over each new decision on average, in minibatches drawn uniformly from the buffer:
   cross-entropy to the visit distribution over the legal moves, plus the squared error of the
   values, plus weight decay (Adam).
4. **The curve.** Every ``--eval-every`` minutes (and at the end) the network's raw policy (no
   search, a move drawn from its policy) plays ``--eval-games`` games, seats rotating, against each
   reference: the heuristic, the random agent, and the network of the previous evaluation (the
   "last"; it is evaluated against, not gated: AlphaZero's continual update, since gating at
   55% over a few hundred games mostly measures noise). ``curve.csv`` gets each result with its
   95% Wilson interval, ``curve.png`` is drawn again, and the network is written.

**A head start** (``--imitate heuristic``): before the first iteration the network's policy head
learns ``--imitate-samples`` of the teacher's decisions (``training/imitate.py``, behaviour
cloning, ``--imitate-epochs`` passes). Where the game's heuristic does not guide the search from
inside (Frantic, Legends, Fantasy Frontier: no rollouts to mix into the leaf values), a fresh
network's priors and values are noise, so the search they guide is little better than random and
the network learns from little; the teacher's priors give the search a player to improve on.

**Distilling the search** (``--expert mcts``): the decisions are searched by the compiled,
heuristic-guided ISMCTS of :class:`~frontierzoo.agents.mcts.MCTSAgent` (``--simulations`` a
decision, game by game, no network inside) instead of the network-guided batched search; its root
visits are the policy targets and the games' results the value targets, as above. The network then
learns from a player already far stronger than itself from the first iteration, where expert
iteration's search is only as good as the young network guiding it. ``--student-share P`` plays the
network's own move in a share of the searched decisions (still labelled by the search: DAgger), so
the network also learns the positions its own play leads to. ``--moves "most likely"`` makes the
curve's raw policy, and the bundled agent, play the network's most likely move instead of one
drawn from its policy.

The options are :data:`DEFAULTS`' names (``--max-minutes`` is ``max_minutes``), for :func:`train`.

Workers. ``--workers N`` self-play processes (default: every core; ``0`` plays in this process).
With ``--address`` they are Ray actors on that cluster instead (``auto``, ``ray://HOST:10001``, or
``local`` for a cluster of this machine's own; the ``rllib`` extra's Ray). Training runs on a GPU
when torch sees one (``--device``), self-play on the workers' CPUs.

The output folder holds everything a run needs to go on: ``network.json``/``.pt`` (the latest
network, the safe format of :mod:`agents.network`, with the command and seed), ``best.json``/``.pt``
(the best raw policy against the heuristic so far), ``checkpoint.pt`` (weights, optimizer,
counters, generators), ``buffer.npz``, ``curve.csv``/``.png`` and ``config.json``. ``--resume``
continues a run from its folder (the self-play games in flight at the checkpoint are dealt afresh).
A seeded run with a fixed number of ``--iterations`` replays bit for bit.
"""
from __future__ import annotations

from types import SimpleNamespace
import csv
import json
import math
import os
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from frontierzoo.agents.learned import MOVES
from frontierzoo.agents.match import RecordView, head_to_head, wilson_interval
from frontierzoo.agents.mcts import MCTSAgent, _guide
from frontierzoo.agents.netsearch import BatchedSearch
from frontierzoo.agents.network import (DEFAULT_HIDDEN, Network, NetworkAgent, build_network, describe,
                                        save_network)
from frontierzoo.envs import get_game
from frontierzoo.envs.common.vector import VectorEnv

from .league import CURVE_FIELDS, plot_curve, read_curve

if TYPE_CHECKING:
    import torch
    from torch import nn

    from frontierzoo.envs.common.game import Game

DIRICHLET_SHARE = 0.25   # AlphaZero's root noise share; its alpha is set from the moves a decision has
CHECKPOINT_VERSION = 1


def default_guide_weight(game: Game) -> float:
    """The guide's rollout share in leaf values: half where the game's heuristic guides the search
    (its rollout is a value a search already wins with), none where it does not (a uniform
    rollout of a long game costs more than it tells)."""
    return 0.5 if _guide(game) is not None else 0.0


# ---------------------------------------------------------------------------------------------
# self-play


class SelfPlayWorker:
    """``games`` games of one kind played side by side by the batched search (module docstring,
    step 1), yielding the decisions of the games that finished.

    The same class runs in this process, in a worker process, or as a Ray actor."""

    def __init__(self, config: dict, worker: int, round_seed: int = 0):
        import torch

        torch.set_num_threads(1)   # one core a worker: the workers are the parallelism
        c = config
        self.game = game = get_game(c["game"])
        self.num_players = c["num_players"]
        seed = np.random.SeedSequence([c["seed"], worker, round_seed]).generate_state(3, np.uint64)
        self.env = VectorEnv(game, c["games"], num_players=self.num_players, max_steps=c["max_steps"],
                             **c["env_options"])
        self.env.reset(seed=int(seed[0] >> np.uint64(1)))
        legal_moves = max(2, c["typical_moves"])
        self.expert = c.get("expert", "net")
        if self.expert == "mcts":
            # the heuristic-guided search, a fresh tree a decision (its visits are the target)
            self.search = MCTSAgent(game.name, seed=int(seed[1] >> np.uint64(1)), simulations=c["simulations"],
                                    reuse=False)
        else:
            self.search = BatchedSearch(game, c["games"], c["simulations"], guide_weight=c["guide_weight"],
                                        dirichlet=(min(1.0, 10.0 / legal_moves), DIRICHLET_SHARE),
                                        seed=int(seed[1] >> np.uint64(1)))
        self.student_share = c.get("student_share", 0.0)
        self.rng = np.random.default_rng(int(seed[2] >> np.uint64(1)))
        self.temperature_moves = c["temperature_moves"]
        self.description = c["description"]
        self.net = build_network(self.description).eval()
        self.network = Network(net=self.net, d=self.description)
        B = c["games"]
        self.pending = [[] for _ in range(B)]   # each game's searched decisions, until it ends
        self.decisions = np.zeros(B, np.int64)  # decisions so far in each game

    def play(self, weights: dict[str, np.ndarray], steps: int) -> dict:
        """Play ``steps`` decisions in every game with the network ``weights`` (a state dict of
        NumPy arrays); return the searched decisions of every game that ended, as arrays."""
        import torch

        self.net.load_state_dict({k: torch.as_tensor(v) for k, v in weights.items()})
        env, P, V = self.env, self.num_players, self.description["value_size"]
        out = {"obs": [], "mask": [], "policy": [], "value": []}
        lengths = []
        for _ in range(steps):
            masks = env.masks
            seats = env.seats.copy()
            searched = masks.sum(axis=1) > 1
            visits = self._search(masks, seats, searched)
            actions = np.argmax(masks, axis=1)   # the only move where there is one
            students = self._students(masks, searched)
            for b in np.flatnonzero(searched):
                v = visits[b].astype(np.float64)
                if students[b] >= 0:
                    actions[b] = students[b]
                elif self.decisions[b] < self.temperature_moves:
                    actions[b] = self.rng.choice(v.size, p=v / v.sum())
                else:
                    actions[b] = int(np.argmax(np.where(masks[b], v, -1.0)))
                self.pending[b].append((env.obs[b].copy(), masks[b].copy(), (v / v.sum()).astype(np.float32),
                                        int(seats[b])))
            self.decisions += 1
            _, _, rewards, terminated, truncated, _ = env.step(actions)
            for b in np.flatnonzero(terminated | truncated):
                result = rewards[b] if terminated[b] else np.zeros(P, np.float32)
                for obs, mask, policy, seat in self.pending[b]:
                    value = seat_relative(result, seat, V)
                    for key, x in zip(("obs", "mask", "policy", "value"), (obs, mask, policy, value)):
                        out[key].append(x)
                lengths.append(int(self.decisions[b]))
                self.pending[b] = []
                self.decisions[b] = 0
        arrays = {k: np.stack(v) if v else np.zeros((0,) + shape, dtype)
                  for (k, v), shape, dtype in zip(out.items(),
                                                 ((self.game.obs_size,), (self.game.num_actions,),
                                                  (self.game.num_actions,), (V,)),
                                                 (np.float32, np.bool_, np.float32, np.float32))}
        arrays["lengths"] = np.asarray(lengths, np.int64)
        return arrays


    def _search(self, masks, seats, searched):
        """The root visits of every searched game's decision: all games at once by the network's
        search, or one game at a time by ``mcts`` (whose search reads the live record)."""
        if self.expert != "mcts":
            return self.search.run(self.env.states.copy(), seats, searched, self.num_players, self.network.evaluate)
        visits = np.zeros(masks.shape, np.float64)
        for b in np.flatnonzero(searched):
            view = RecordView(self.env.states[b], self.num_players)
            self.search.act(self.env.obs[b], masks[b], {"env": view})
            visits[b] = self.search.visits
        return visits

    def _students(self, masks, searched):
        """Where the network's own move is played instead of the search's (``student_share`` of the
        searched decisions, drawn afresh each; -1 elsewhere): DAgger's mixture, so the search also
        labels the positions the network's play leads to, those it will meet when it plays alone.
        The network plays as its description says (``moves``)."""
        students = np.full(len(masks), -1, np.int64)
        if self.student_share <= 0:
            return students
        rows = np.flatnonzero(searched & (self.rng.random(len(masks)) < self.student_share))
        if rows.size:
            probs, _ = self.network.evaluate(self.env.obs[rows], masks[rows])
            if self.description.get("moves", "drawn") == "drawn":
                students[rows] = [self.rng.choice(p.size, p=p / p.sum()) for p in probs.astype(np.float64)]
            else:
                students[rows] = np.argmax(np.where(masks[rows], probs, -1.0), axis=1)
        return students


def seat_relative(result: np.ndarray, seat: int, size: int) -> np.ndarray:
    """Every seat's result from ``seat`` on (the value head's order: the observation is
    seat-relative), padded with zeros to the value head's ``size``."""
    value = np.zeros(size, np.float32)
    value[:len(result)] = np.roll(result, -seat)
    return value


def _worker_process(conn, config, worker, round_seed):
    """A worker process: builds its games once, then plays a batch of steps per request."""
    player = SelfPlayWorker(config, worker, round_seed)
    conn.send("ready")
    while True:
        request = conn.recv()
        if request is None:
            return
        conn.send(player.play(*request))


class Workers:
    """The self-play workers: ``n`` processes (``0``: this process), or Ray actors with
    ``address``. ``play(weights, steps)`` returns every worker's decisions, in worker order."""

    def __init__(self, config: dict, n: int, address: str | None = None, round_seed: int = 0) -> None:
        self.address, self.round_seed, self.pending = address, round_seed, None
        if address is not None:
            import ray

            if not ray.is_initialized():
                ray.init(address=address, num_cpus=max(1, n) if address == "local" else None,
                         include_dashboard=False, log_to_driver=False)
            actor = ray.remote(num_cpus=1)(SelfPlayWorker)
            self.actors = [actor.remote(config, w, round_seed) for w in range(max(1, n))]
        elif n == 0:
            self.inline = SelfPlayWorker(config, 0, round_seed)
        else:
            import multiprocessing as mp

            ctx = mp.get_context("spawn")   # fork would copy torch's threads and Numba's state
            self.procs, self.conns = [], []
            for w in range(n):
                ours, theirs = ctx.Pipe()
                p = ctx.Process(target=_worker_process, args=(theirs, config, w, round_seed), daemon=True)
                p.start()
                self.procs.append(p)
                self.conns.append(ours)
            for conn in self.conns:
                if conn.recv() != "ready":
                    raise RuntimeError("a self-play worker failed to start")

    def start(self, weights: dict[str, np.ndarray], steps: int) -> None:
        """Hand every worker ``steps`` decisions to play with ``weights``; :meth:`collect` returns
        what they played. The workers play while the caller trains on what came before."""
        if self.address is not None:
            self.pending = [a.play.remote(weights, steps) for a in self.actors]
        elif hasattr(self, "inline"):
            self.pending = (weights, steps)
        else:
            for conn in self.conns:
                conn.send((weights, steps))
            self.pending = True

    def collect(self) -> list[dict]:
        pending, self.pending = self.pending, None
        if pending is None:
            raise RuntimeError("collect() before start()")
        if self.address is not None:
            import ray

            return ray.get(pending)
        if hasattr(self, "inline"):
            return [self.inline.play(*pending)]
        return [conn.recv() for conn in self.conns]

    def play(self, weights: dict[str, np.ndarray], steps: int) -> list[dict]:
        self.start(weights, steps)
        return self.collect()

    def close(self) -> None:
        if self.address is not None:
            import ray

            for a in self.actors:
                ray.kill(a)
        elif not hasattr(self, "inline"):
            if self.pending is not None:   # a batch still being played: nobody will train on it
                for conn in self.conns:
                    conn.recv()
            for conn in self.conns:
                conn.send(None)
            for p in self.procs:
                p.join(timeout=10)


# ---------------------------------------------------------------------------------------------
# learning


class ReplayBuffer:
    """The last ``capacity`` searched decisions, a ring."""

    KEYS = ("obs", "mask", "policy", "value")

    def __init__(self, capacity: int, game: Game, value_size: int) -> None:
        shapes = {"obs": ((game.obs_size,), np.float32), "mask": ((game.num_actions,), np.bool_),
                  "policy": ((game.num_actions,), np.float32), "value": ((value_size,), np.float32)}
        self.data = {k: np.zeros((capacity,) + s, t) for k, (s, t) in shapes.items()}
        self.capacity, self.size, self.next = int(capacity), 0, 0

    def add(self, batch: dict[str, np.ndarray]) -> None:
        n = len(batch["obs"])
        for start in range(0, n, self.capacity):   # more than the ring holds: the newest win
            part = slice(start, min(n, start + self.capacity))
            m = part.stop - part.start
            idx = (self.next + np.arange(m)) % self.capacity
            for k in self.KEYS:
                self.data[k][idx] = batch[k][part]
            self.next = int((self.next + m) % self.capacity)
            self.size = min(self.capacity, self.size + m)

    def sample(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        idx = rng.integers(0, self.size, n)
        return {k: v[idx] for k, v in self.data.items()}

    def save(self, path: str | os.PathLike) -> None:
        kept = {k: v[:self.size] for k, v in self.data.items()}
        np.savez(path, size=self.size, next=self.next, **kept)  # type: ignore[arg-type]

    def load(self, path: str | os.PathLike) -> None:
        with np.load(path) as f:
            size = int(f["size"])
            if size > self.capacity or any(f[k].shape[1:] != self.data[k].shape[1:] for k in self.KEYS):
                raise ValueError(f"{path}: a buffer of another game or a larger --buffer")
            for k in self.KEYS:
                self.data[k][:size] = f[k]
            self.size, self.next = size, int(f["next"]) % self.capacity


def train_step(net: nn.Module, opt: torch.optim.Optimizer, batch: dict[str, np.ndarray], device: str | torch.device,
               num_players: int) -> tuple[float, float]:
    """One minibatch: cross-entropy to the visit distribution over the legal moves, plus the
    squared error of the seats' values (the table's seats only). Returns the two losses."""
    import torch

    obs = torch.as_tensor(batch["obs"], device=device)
    masks = torch.as_tensor(batch["mask"], device=device)
    target = torch.as_tensor(batch["policy"], device=device)
    value = torch.as_tensor(batch["value"][:, :num_players], device=device)
    logits, v = net(obs)
    logp = torch.log_softmax(logits.masked_fill(~masks, -1e9), 1)
    policy_loss = -(target * logp).sum(1).mean()
    value_loss = ((v[:, :num_players] - value) ** 2).mean()
    opt.zero_grad()
    (policy_loss + value_loss).backward()
    opt.step()
    return policy_loss.item(), value_loss.item()


def weights_of(net: nn.Module) -> dict[str, np.ndarray]:
    return {k: v.detach().cpu().numpy().copy() for k, v in net.state_dict().items()}


# ---------------------------------------------------------------------------------------------
# the run


class Run:
    """One training run in its output folder (module docstring)."""

    def __init__(self, args: SimpleNamespace, command: str | None) -> None:
        import torch

        self.args = args
        self.out = Path(args.out)
        self.game = game = get_game(args.game)
        self.num_players = game.check_players(args.players or game.default_players)
        self.device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
        # one thread: the workers hold the other cores, and torch's threads spinning against
        # them made a minibatch 10x slower (measured, 2 cores)
        torch.set_num_threads(args.threads)
        config_path = self.out / "config.json"
        checkpoint = self.out / "checkpoint.pt"
        if checkpoint.exists() and not args.resume:
            raise SystemExit(f"{self.out} holds a run already: pass --resume to go on with it, or another --out")
        if args.resume and not checkpoint.exists():
            raise SystemExit(f"--resume: {self.out} holds no checkpoint.pt to resume from")
        if args.resume:
            self.config = json.loads(config_path.read_text())
            if self.config["game"] != game.name:
                raise SystemExit(f"--resume: {self.out} trains {self.config['game']}, not {game.name}")
        else:
            guide_weight = default_guide_weight(game) if args.guide_weight is None else args.guide_weight
            training = {"command": command, "seed": args.seed, "expert": args.expert,
                        "simulations": args.simulations, "guide_weight": guide_weight,
                        "student_share": args.student_share, "num_players": self.num_players}
            if args.imitate is not None:
                training["imitation"] = {"teacher": args.imitate, "samples": args.imitate_samples,
                                         "epochs": args.imitate_epochs}
            d = describe(game, hidden=args.hidden, structured=not args.flat, training=training)
            d["moves"] = args.moves
            self.config = {"game": game.name, "num_players": self.num_players, "seed": args.seed,
                           "games": args.games, "expert": args.expert, "simulations": args.simulations,
                           "student_share": args.student_share, "guide_weight": guide_weight,
                           "temperature_moves": args.temperature_moves, "max_steps": args.max_steps,
                           "typical_moves": typical_moves(game, self.num_players), "env_options": {},
                           "description": d}
            self.out.mkdir(parents=True, exist_ok=True)
            config_path.write_text(json.dumps(self.config, indent=2) + "\n")
        self.d = self.config["description"]
        torch.manual_seed(self.config["seed"])
        self.net = build_network(self.d, device=self.device)
        self.opt = torch.optim.AdamW(self.net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
        self.buffer = ReplayBuffer(args.buffer, game, self.d["value_size"])
        self.rng = np.random.default_rng(self.config["seed"])
        self.iteration, self.decisions, self.games, self.seconds = 0, 0, 0, 0.0
        self.last_eval, self.best = -math.inf, -1.0
        self.last_weights = None
        if args.resume:
            self._load(checkpoint)
        elif args.imitate is not None:
            self._imitate(config_path)

    def _imitate(self, config_path):
        """The head start (module docstring): the teacher's decisions learned before the first
        iteration; the agreement reached is kept in the config and the network's description."""
        from .imitate import collect, pretrain_network

        a = self.args
        data = collect(self.game.name, a.imitate_samples, teacher=a.imitate, num_players=self.num_players,
                       seed=self.config["seed"], progress=not a.quiet)
        agreement = pretrain_network(self.net, data, device=self.device, epochs=a.imitate_epochs,
                                     seed=self.config["seed"], progress=not a.quiet)
        self.d["training"]["imitation"]["agreement"] = round(agreement.fitted[-1], 4)
        config_path.write_text(json.dumps(self.config, indent=2) + "\n")

    # checkpoints -------------------------------------------------------------------------------
    def _save(self):
        import torch

        save_network(self.net, self.d, self.out / "network.json")
        state = {"version": CHECKPOINT_VERSION, "net": self.net.state_dict(), "opt": self.opt.state_dict(),
                 "counters": [self.iteration, self.decisions, self.games],
                 "seconds": self.seconds, "best": self.best,
                 "rng": json.dumps(self.rng.bit_generator.state), "torch_rng": torch.get_rng_state(),
                 "last": None if self.last_weights is None else {k: torch.as_tensor(v)
                                                                 for k, v in self.last_weights.items()}}
        self.buffer.save(self.out / "buffer.tmp.npz")
        os.replace(self.out / "buffer.tmp.npz", self.out / "buffer.npz")
        torch.save(state, self.out / "checkpoint.tmp")
        os.replace(self.out / "checkpoint.tmp", self.out / "checkpoint.pt")   # never half a checkpoint

    def _load(self, path):
        import torch

        state = torch.load(path, map_location=self.device, weights_only=True)
        if state.get("version") != CHECKPOINT_VERSION:
            raise SystemExit(f"{path}: a checkpoint of another version of this trainer")
        self.net.load_state_dict(state["net"])
        self.opt.load_state_dict(state["opt"])
        for group in self.opt.param_groups:   # a resumed run goes on at the rate it is given now
            group["lr"], group["weight_decay"] = self.args.lr, self.args.weight_decay
        self.iteration, self.decisions, self.games = (int(x) for x in state["counters"])
        self.seconds, self.best = float(state["seconds"]), float(state["best"])
        self.rng.bit_generator.state = json.loads(state["rng"])
        torch.set_rng_state(state["torch_rng"])
        if state["last"] is not None:
            self.last_weights = {k: v.numpy() for k, v in state["last"].items()}
        self.buffer.load(self.out / "buffer.npz")
        self.last_eval = self.seconds

    # evaluation --------------------------------------------------------------------------------
    def evaluate(self) -> list[dict]:
        """The raw policy against each reference (module docstring, step 4); returns the rows."""
        import torch

        args, name = self.args, self.game.name
        net = build_network(self.d).eval()
        net.load_state_dict({k: v.cpu() for k, v in self.net.state_dict().items()})
        me = NetworkAgent(network=Network(net=net, d=self.d), seed=0)
        refs = [("heuristic", "heuristic"), ("random", "random")]
        if self.last_weights is not None:
            last = build_network(self.d).eval()
            last.load_state_dict({k: torch.as_tensor(v) for k, v in self.last_weights.items()})
            refs.append(("last", NetworkAgent(network=Network(net=last, d=self.d), seed=1)))
        rows = []
        for ref, agent in refs:
            score, n = head_to_head(name, me, agent, args.eval_games, num_players=self.num_players,
                                    seed=10_000 + self.iteration, max_steps=self.config["max_steps"])
            lo, hi = wilson_interval(score, n)
            rows.append({"timesteps": self.decisions, "seconds": round(self.seconds, 1), "opponent": ref,
                         "games": n, "win_rate": round(score / n, 4), "low95": round(lo, 4),
                         "high95": round(hi, 4)})
        self.last_weights = weights_of(self.net)
        return rows

    def _record(self, rows):
        path = self.out / "curve.csv"
        append_rows(path, CURVE_FIELDS, rows)
        plot_curve(read_curve(path), self.out / "curve.png", self.game.name, self.num_players,
                   xlabel="self-play decisions searched")
        rate = next(r["win_rate"] for r in rows if r["opponent"] == "heuristic")
        if rate > self.best:
            self.best = rate
            save_network(self.net, self.d, self.out / "best.json")

    # the loop ----------------------------------------------------------------------------------
    def train(self) -> Run:
        from tqdm import tqdm

        args = self.args
        deadline = None if args.max_minutes is None else time.perf_counter() + 60 * args.max_minutes
        workers = Workers(self.config, args.workers, address=args.address, round_seed=self.iteration)
        bar = tqdm(total=args.iterations, desc=f"expert iteration {self.game.name}", unit="it",
                   disable=args.quiet)
        start = time.perf_counter() - self.seconds
        done = 0
        workers.start(weights_of(self.net), args.steps)
        try:
            while (args.iterations is None or done < args.iterations) and (
                    deadline is None or time.perf_counter() < deadline):
                results = workers.collect()
                # the next batch is played while this one trains: by weights one iteration old
                # (an actor-learner pipeline; two cores do twice the work of play-then-train)
                workers.start(weights_of(self.net), args.steps)
                fresh = 0
                for r in results:
                    self.buffer.add(r)
                    fresh += len(r["obs"])
                    self.games += len(r["lengths"])
                self.decisions += fresh
                losses = [train_step(self.net, self.opt, self.buffer.sample(self.rng, args.batch), self.device,
                                     self.num_players)
                          for _ in range(self._updates(fresh))]
                self.iteration += 1
                done += 1
                self.seconds = time.perf_counter() - start
                policy_loss = float(np.mean([p for p, _ in losses])) if losses else math.nan
                value_loss = float(np.mean([v for _, v in losses])) if losses else math.nan
                self._log({"iteration": self.iteration, "seconds": round(self.seconds, 1),
                           "decisions": self.decisions, "games": self.games, "buffer": self.buffer.size,
                           "policy_loss": round(policy_loss, 4), "value_loss": round(value_loss, 4)})
                last = args.iterations is not None and done >= args.iterations
                out_of_time = deadline is not None and time.perf_counter() >= deadline
                evaluated = self.seconds - self.last_eval >= 60 * args.eval_every or last or out_of_time
                if evaluated:
                    self._evaluate_and_record(bar, start)
                self._save()
                bar.update(1)
            if done and not evaluated:
                # the deadline passed after this iteration's check (while it saved): the run's last
                # network is still evaluated, as --max-minutes promises
                self._evaluate_and_record(bar, start)
                self._save()
        finally:
            bar.close()
            workers.close()
        return self

    def _evaluate_and_record(self, bar, start):
        rows = self.evaluate()
        self._record(rows)
        self.last_eval = self.seconds = time.perf_counter() - start
        bar.set_postfix_str(" ".join(f"{r['opponent']} {r['win_rate']:.0%}" for r in rows))

    def _updates(self, fresh):
        """Minibatches this iteration: ``reuse`` passes over the new decisions on average."""
        return int(math.ceil(self.args.reuse * fresh / self.args.batch)) if self.buffer.size >= self.args.batch else 0

    def _log(self, row):
        append_rows(self.out / "progress.csv", list(row), [row])


def append_rows(path: str | os.PathLike, fields: Sequence[str], rows: Iterable[dict]) -> None:
    """Add ``rows`` to the CSV file ``path``, its header first if the file is new."""
    new = not path.exists()
    with open(path, "a", newline="") as f:
        w = csv.DictWriter(f, fields)
        if new:
            w.writeheader()
        w.writerows(rows)


def typical_moves(game: Game, num_players: int, samples: int = 64, seed: int = 0) -> int:
    """The median number of legal moves over positions of random games: it sets the root noise's
    alpha (AlphaZero's 0.3 for chess's ~30 moves, 0.03 for Go's ~300: about 10 / moves)."""
    v = VectorEnv(game, samples, num_players=num_players)
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    counts = []
    for _ in range(20):
        n = v.masks.sum(axis=1)
        counts.extend(n[n > 1].tolist())
        v.step(v.random_actions(rng))
    return int(np.median(counts)) if counts else 2


# the run's settings and their defaults (``frontierzoo train expert`` lists them with their help)
DEFAULTS = {
    "players": None, "out": None, "resume": False, "seed": 0, "max_minutes": None, "iterations": None,
    "workers": os.cpu_count() or 1, "address": None, "threads": 1, "device": None,
    "games": 64, "steps": 64, "simulations": 64, "guide_weight": None, "temperature_moves": 30,
    "max_steps": None, "hidden": list(DEFAULT_HIDDEN), "flat": False, "buffer": 200_000, "batch": 256,
    "reuse": 4.0, "lr": 1e-3, "weight_decay": 1e-4, "eval_every": 10.0, "eval_games": 200, "quiet": False,
    "imitate": None, "imitate_samples": 50_000, "imitate_epochs": 4,
    "expert": "net", "student_share": 0.0, "moves": "drawn",
}
EXPERTS = ("net", "mcts")   # the search whose visits the network learns (module docstring)


def train(game: str, command: str | None = None, **settings: Any) -> Run:
    """Train by expert iteration (module docstring); ``settings`` are :data:`DEFAULTS`' names.
    ``command`` is recorded in the network's description as what trained it (default: this call,
    written out). Returns the finished :class:`Run` (its ``out``, ``best``, counters)."""
    unknown = set(settings) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown settings {sorted(unknown)}; the settings are {sorted(DEFAULTS)}")
    args = SimpleNamespace(game=game, **{**DEFAULTS, **settings})
    if args.max_minutes is None and args.iterations is None:
        raise ValueError("give max_minutes or iterations (or both): a run must end")
    if args.expert not in EXPERTS:
        raise ValueError(f"expert must be one of {EXPERTS}, got {args.expert!r}")
    if not 0 <= args.student_share <= 1:
        raise ValueError(f"student_share must be in [0, 1], got {args.student_share!r}")
    if args.moves not in MOVES:
        raise ValueError(f"moves must be one of {MOVES}, got {args.moves!r}")
    if args.guide_weight is not None and not 0 <= args.guide_weight <= 1:
        raise ValueError(f"guide_weight must be in [0, 1], got {args.guide_weight!r}")
    if args.out is None:
        args.out = f"runs/expert_{game.split('_v')[0]}"
    if command is None:
        command = f"frontierzoo.training.expert.train({game!r}, " + ", ".join(
            f"{k}={v!r}" for k, v in settings.items()) + ")"
    run = Run(args, command).train()
    if not args.quiet:
        print(f"{run.game.name}: {run.iteration} iterations, {run.decisions} decisions searched in {run.games} "
              f"games, {run.seconds / 60:.1f} min; the network is {run.out / 'network.json'}, the best against "
              f"the heuristic ({run.best:.1%}) {run.out / 'best.json'}")
    return run
