"""Many searches side by side with a network at the leaves: the search half of learning from search.

Each of ``B`` roots (a game's record and the seat deciding there) grows its own tree by
single-observer ISMCTS, as ``agents/mcts.py`` does: every simulation copies the root, re-seeds the
copy's generator and re-deals what the deciding seat cannot see (``determinize``), then walks the
tree by PUCT (AlphaZero's rule) over the moves legal in that world. What differs is the leaf: the
walk stops at the first position the tree has not evaluated, and the network evaluates it, a prior
over its moves and a value for every seat. So one simulation step of all ``B`` trees is

1. :func:`descend` (compiled): every tree walks to a leaf, writes the leaf's observation and mask
   for the seat to act there; a walk that ends the game backs the rules' result up at once;
2. one forward pass of the network over all the leaves (``evaluate``, in Python: torch);
3. :func:`backup` (compiled): each leaf keeps its prior, and its value goes up the path, each node
   crediting the value of the seat that moved into it.

The rules, the tree and the determinisation never leave compiled code; Python makes three calls a
simulation step for the whole batch. A position with one legal move is walked through without being
evaluated (Forfort's forced steps would otherwise cost a forward pass each).

A game whose heuristic guides ``mcts`` from inside (Forfort, Frontier: ``agents/heuristics``) can
mix the guide's scored rollout into every leaf value, ``(1 - w) * network + w * rollout`` (AlphaGo's
mixing): a network early in training values positions badly, and the guide's rollout is a value a
search can already win with. ``w = 0`` is AlphaZero's pure network value.

The trees live in arrays that the caller keeps (:class:`BatchedSearch` allocates them), a node arena
per root: ``nodes`` (int32 rows ``PARENT``, ``ACTION``, ``MOVER``, ``FIRST_CHILD``, ``SIBLING``,
``PRIOR_ROW``), ``stats`` (float32 ``VISITS``, ``TOTAL``), and one prior row per evaluated node.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from frontierzoo.envs.common.engine import compiled
from frontierzoo.envs.common.record import MAX_SEATS, copy_record
from frontierzoo.envs.common.rng import random_u64, seed_rng

from .mcts import FPU_REDUCTION, guided_jit, guided_rollout

if TYPE_CHECKING:
    from frontierzoo.envs.common.game import Game

# rows of the int32 node table
PARENT, ACTION, MOVER, FIRST_CHILD, SIBLING, PRIOR_ROW = range(6)
NODE_ROWS = 6
# rows of the float32 node statistics
VISITS, TOTAL = range(2)
NODES_PER_SIMULATION = 4   # a simulation adds one evaluated node and the forced ones walked through
DEFAULT_C = 1.25           # PUCT's exploration constant (AlphaZero's c_init), rewards in [-1, 1]

_KERNELS: dict = {}


def search_kernels(game: Game) -> tuple[Callable[..., Any], ...]:
    """``(descend, backup, root_visits)`` for ``game``, compiled once and shared."""
    if game.name not in _KERNELS:
        _KERNELS[game.name] = _build(game)
    return _KERNELS[game.name]


def _build(game):
    g = compiled(game)
    itemsize, num_actions = game.dtype.itemsize, game.num_actions
    determinize, legal_mask, apply, to_act = g.determinize, g.legal_mask, g.step, g.to_act
    observe, rewards, records = g.observe, g.rewards, g.records
    rollout_value, _ = guided_rollout(game)
    jit = guided_jit(game)

    @jit
    def credit(nodes, stats, b, path, depth, value):
        """Back a value (one per seat) up a root's path: each node on it gains a visit and the
        value of the seat that moved into it; the root gains the visit."""
        for i in range(depth, 0, -1):
            v = path[i]
            stats[b, VISITS, v] += 1.0
            stats[b, TOTAL, v] += value[nodes[b, MOVER, v]]
        stats[b, VISITS, 0] += 1.0

    @jit
    def select(nodes, stats, priors, b, node, mask, n_legal, c, child_of):
        """PUCT's move at ``node`` among the moves legal in this world: ``q + c * p * sqrt(N) /
        (1 + n)``, ``p`` the node's prior renormalised over them (a move the network saw illegal
        in the world it evaluated gets what is left, shared evenly), an untried move valued at
        its tried siblings' mean less ``FPU_REDUCTION``. Returns the move and its child (-1 if
        none yet)."""
        row = nodes[b, PRIOR_ROW, node]
        p = priors[b, row]
        mass = 0.0
        for a in range(num_actions):
            if mask[a]:
                mass += p[a]
        floor = 0.0 if mass > 0.999 else (1.0 - mass) / n_legal
        sum_total = 0.0
        sum_visits = 0.0
        child = nodes[b, FIRST_CHILD, node]
        while child >= 0:
            a = nodes[b, ACTION, child]
            child_of[a] = child
            if mask[a]:
                sum_total += stats[b, TOTAL, child]
                sum_visits += stats[b, VISITS, child]
            child = nodes[b, SIBLING, child]
        fpu = sum_total / sum_visits - FPU_REDUCTION if sum_visits > 0 else 0.0
        sq = np.sqrt(stats[b, VISITS, node] + 1.0)
        scale = 1.0 / max(mass + floor * n_legal, 1e-12)
        best = -1
        best_score = -1e300
        for a in range(num_actions):
            if not mask[a]:
                continue
            ch = child_of[a]
            nv = 0.0
            q = fpu
            if ch >= 0:
                nv = stats[b, VISITS, ch]
                if nv > 0:
                    q = stats[b, TOTAL, ch] / nv
            score = q + c * (p[a] + floor) * scale * sq / (1.0 + nv)
            if score > best_score:
                best_score = score
                best = a
        found = child_of[best]
        child = nodes[b, FIRST_CHILD, node]
        while child >= 0:
            child_of[nodes[b, ACTION, child]] = -1
            child = nodes[b, SIBLING, child]
        return best, found

    @jit
    def add_child(nodes, stats, b, node, a, seat, used):
        """A new node for move ``a`` of ``seat`` at ``node``: its index, or -1 when the arena is full."""
        fresh = used[b]
        if fresh >= nodes.shape[2]:
            return -1
        used[b] = fresh + 1
        nodes[b, PARENT, fresh] = node
        nodes[b, ACTION, fresh] = a
        nodes[b, MOVER, fresh] = seat
        nodes[b, FIRST_CHILD, fresh] = -1
        nodes[b, PRIOR_ROW, fresh] = -1
        nodes[b, SIBLING, fresh] = nodes[b, FIRST_CHILD, node]
        nodes[b, FIRST_CHILD, node] = fresh
        stats[b, VISITS, fresh] = 0.0
        stats[b, TOTAL, fresh] = 0.0
        return fresh

    @jit
    def descend(roots, work, me, active, num_players, nodes, stats, priors, used, paths, depths,
                leaves, leaf_seats, obs, masks, need, guide_values, guide_weight, rollout_steps, c, rngs):
        """One simulation of every active root ``b`` (its record in row ``b`` of ``roots``, bytes;
        ``me[b]`` the seat deciding there): walk to a leaf in a world re-dealt for ``me[b]``.
        A leaf to evaluate sets ``need[b]``, its node ``leaves[b]`` (-1: the arena was full, so
        the leaf is valued but not kept), the seat to act ``leaf_seats[b]``, that seat's
        observation and mask in row ``b`` of ``obs``/``masks`` and, with a ``guide_weight``, the
        guide's rollout value per seat in ``guide_values[b]``. A walk that ends the game is
        credited with the rules' result here. Returns how many leaves need the network."""
        B = me.shape[0]
        mask = np.zeros(num_actions, np.bool_)
        child_of = np.full(num_actions, -1, np.int64)
        out = np.zeros(num_players, np.float32)
        value = np.zeros(num_players, np.float64)
        count = 0
        for b in range(B):
            need[b] = False
            if not active[b]:
                continue
            w = work[b * itemsize:(b + 1) * itemsize]
            copy_record(w, roots[b * itemsize:(b + 1) * itemsize])
            s = records(work)[b]
            seed_rng(s['rng'], random_u64(rngs[b]))
            determinize(s, me[b])
            node = 0
            depth = 0
            path = paths[b]
            path[0] = 0
            while True:
                seat = to_act(s)
                if seat < 0:   # the game is over in this world: the rules' result
                    rewards(s, out)
                    for i in range(num_players):
                        value[i] = out[i]
                    credit(nodes, stats, b, path, depth, value)
                    break
                n_legal = legal_mask(s, mask)
                evaluated = nodes[b, PRIOR_ROW, node] >= 0
                if not evaluated and (n_legal > 1 or node == 0):
                    leaves[b] = node
                    break
                if evaluated:
                    a, child = select(nodes, stats, priors, b, node, mask, n_legal, c, child_of)
                else:   # one move only: walk through without asking the network
                    a = 0
                    while not mask[a]:
                        a += 1
                    child = nodes[b, FIRST_CHILD, node]
                    while child >= 0 and nodes[b, ACTION, child] != a:
                        child = nodes[b, SIBLING, child]
                if child < 0:
                    child = add_child(nodes, stats, b, node, a, seat, used)
                    if child < 0:   # the arena is full: value this position without keeping it
                        leaves[b] = -1
                        break
                apply(s, a)
                node = child
                depth += 1
                path[depth] = node
            if to_act(s) < 0:
                continue
            need[b] = True
            count += 1
            depths[b] = depth
            seat = to_act(s)
            leaf_seats[b] = seat
            legal_mask(s, masks[b])
            observe(s, seat, obs[b])
            if guide_weight > 0:
                rollout_value(s, num_players, rollout_steps, rngs[b], mask, out)
                for i in range(num_players):
                    guide_values[b, i] = out[i]
        return count

    @jit
    def backup(nodes, stats, priors, evaluated, paths, depths, leaves, leaf_seats, need, probs,
               net_values, guide_values, guide_weight, num_players):
        """Each leaf that needed the network keeps its prior ``probs[b]`` (a new prior row) and
        backs up its value: the network's ``net_values[b, k]`` is seat ``leaf_seat + k``'s (the
        observation is seat-relative), mixed with the guide's rollout by ``guide_weight``."""
        value = np.zeros(num_players, np.float64)
        for b in range(need.shape[0]):
            if not need[b]:
                continue
            leaf = leaves[b]
            if leaf >= 0:
                row = evaluated[b]
                evaluated[b] = row + 1
                nodes[b, PRIOR_ROW, leaf] = row
                for a in range(probs.shape[1]):
                    priors[b, row, a] = probs[b, a]
            for k in range(num_players):
                seat = (leaf_seats[b] + k) % num_players
                value[seat] = ((1.0 - guide_weight) * net_values[b, k]
                               + guide_weight * guide_values[b, seat])
            credit(nodes, stats, b, paths[b], depths[b], value)

    @jit
    def root_visits(nodes, stats, out):
        """Each root's visit count per move (row ``b`` of ``out``)."""
        for b in range(out.shape[0]):
            for a in range(out.shape[1]):
                out[b, a] = 0.0
            child = nodes[b, FIRST_CHILD, 0]
            while child >= 0:
                out[b, nodes[b, ACTION, child]] = stats[b, VISITS, child]
                child = nodes[b, SIBLING, child]

    return descend, backup, root_visits


class BatchedSearch:
    """Searches ``num_roots`` positions of one game side by side, ``simulations`` each, the leaves
    of all of them evaluated by one call of ``evaluate(obs, masks) -> (probs, values)`` per
    simulation step (``probs`` (n, actions), zero on illegal moves; ``values`` (n, ``MAX_SEATS``)
    seat-relative, in [-1, 1]).

    Args:
        game: the registered game.
        num_roots: how many positions one :meth:`run` searches.
        simulations: simulations per root (the first evaluates the root itself).
        c: PUCT's exploration constant.
        guide_weight: the share of the guide's rollout in a leaf's value (0: the network alone;
            only games whose heuristic guides the search have a rollout worth mixing).
        rollout_steps: the guide rollout's longest play (default: the guide's ``ROLLOUT_STEPS``).
        dirichlet: ``(alpha, share)`` of Dirichlet noise mixed into each root's prior (self-play's
            exploration), or None.
        seed: the searches' generator (determinisations, rollouts, noise): a seed replays them.
    """

    def __init__(self, game: Game, num_roots: int, simulations: int, c: float = DEFAULT_C, guide_weight: float = 0.0,
                 rollout_steps: int | None = None, dirichlet: tuple[float, float] | None = None,
                 seed: int | None = 0) -> None:
        from .mcts import DEFAULT_ROLLOUT_STEPS, _guide

        if not isinstance(num_roots, (int, np.integer)) or num_roots < 1:
            raise ValueError(f"num_roots must be a positive int, got {num_roots!r}")
        if isinstance(simulations, bool) or not isinstance(simulations, (int, np.integer)) or simulations < 1:
            raise ValueError(f"simulations must be a positive int, got {simulations!r}")
        if not 0 <= guide_weight <= 1:
            raise ValueError(f"guide_weight must be in [0, 1], got {guide_weight!r}")
        if not 0 <= c < np.inf:
            raise ValueError(f"c must be a finite number >= 0, got {c!r}")
        self.game = game
        self.num_roots = B = int(num_roots)
        self.simulations = int(simulations)
        self.c = float(c)
        self.guide_weight = float(guide_weight)
        guide = _guide(game)
        if rollout_steps is None:
            rollout_steps = getattr(guide, "ROLLOUT_STEPS", DEFAULT_ROLLOUT_STEPS)
        self.rollout_steps = int(rollout_steps)
        self.dirichlet = dirichlet
        self._descend, self._backup, self._root_visits = search_kernels(game)
        A, cap = game.num_actions, NODES_PER_SIMULATION * self.simulations + 1
        self.nodes = np.zeros((B, NODE_ROWS, cap), np.int32)
        self.stats = np.zeros((B, 2, cap), np.float32)
        self.priors = np.zeros((B, self.simulations, A), np.float32)
        self._evaluated = np.zeros(B, np.int64)
        self._used = np.zeros(B, np.int64)
        self._paths = np.zeros((B, cap), np.int64)
        self._depths = np.zeros(B, np.int64)
        self._leaves = np.zeros(B, np.int64)
        self._leaf_seats = np.zeros(B, np.int64)
        self._need = np.zeros(B, np.bool_)
        self.obs = np.zeros((B, game.obs_size), np.float32)
        self.masks = np.zeros((B, A), np.bool_)
        self._guide_values = np.zeros((B, MAX_SEATS), np.float32)
        self._probs = np.zeros((B, A), np.float32)
        self._values = np.zeros((B, MAX_SEATS), np.float32)
        self._work = np.zeros(B * game.dtype.itemsize, np.uint8)
        self._rngs = np.zeros((B, 2), np.uint64)
        self.visits = np.zeros((B, A), np.float32)
        self.rng = np.random.default_rng(seed)

    def run(self, roots: np.ndarray, me: np.ndarray, active: np.ndarray, num_players: int,
            evaluate: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]],
            seconds: float | None = None) -> np.ndarray:
        """Search every active root: ``roots`` the records' bytes (``num_roots`` records), ``me``
        the seat deciding in each, ``active`` which to search. Returns each root's visit count per
        move (rows of inactive roots are zero); the trees stay in ``nodes``/``stats`` until the
        next run. ``seconds``: stop early when that much time has passed (after the first
        simulation step), so a timed search does not replay exactly."""
        start = time.perf_counter()
        B = self.num_roots
        roots = np.ascontiguousarray(roots).view(np.uint8).reshape(-1)
        if roots.size != B * self.game.dtype.itemsize:
            raise ValueError(f"roots must hold {B} records of {self.game.name}, got {roots.size} bytes")
        me = np.asarray(me, np.int64)
        active = np.asarray(active, np.bool_)
        # a fresh tree per root: the root only (its arena entries past ``used`` are written before read)
        self.nodes[:, :, 0] = -1
        self.nodes[:, MOVER, 0] = 0
        self.stats[:, :, 0] = 0.0
        self._used[:] = 1
        self._evaluated[:] = 0
        for b, seed in enumerate(self.rng.integers(0, 2**63, B)):
            seed_rng(self._rngs[b], np.uint64(seed))
        for sim in range(self.simulations):
            if seconds is not None and sim > 0 and time.perf_counter() - start >= seconds:
                break
            n = self._descend(roots, self._work, me, active, num_players, self.nodes, self.stats, self.priors,
                              self._used, self._paths, self._depths, self._leaves, self._leaf_seats, self.obs,
                              self.masks, self._need, self._guide_values, self.guide_weight, self.rollout_steps,
                              self.c, self._rngs)
            if n == 0:
                continue
            rows = np.flatnonzero(self._need)
            probs, values = evaluate(self.obs[rows], self.masks[rows])
            self._probs[rows] = probs
            if sim == 0 and self.dirichlet is not None:
                self._add_noise(rows)
            self._values[rows, :values.shape[1]] = values
            self._backup(self.nodes, self.stats, self.priors, self._evaluated, self._paths, self._depths,
                         self._leaves, self._leaf_seats, self._need, self._probs, self._values,
                         self._guide_values, self.guide_weight, num_players)
        self._root_visits(self.nodes, self.stats, self.visits)
        self.visits[~active] = 0.0
        return self.visits

    def _add_noise(self, rows):
        """Dirichlet noise on the roots' priors (the first simulation evaluates the roots)."""
        alpha, share = self.dirichlet
        for b in rows:
            legal = np.flatnonzero(self.masks[b])
            noise = self.rng.dirichlet(np.full(legal.size, alpha))
            self._probs[b, legal] = (1 - share) * self._probs[b, legal] + share * noise
