"""Information-set Monte Carlo tree search over any registered game's jitted core, guided by the
game's heuristic.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every simulation copies the live
record, re-seeds the copy's generator from the agent's own and calls the core's
``determinize(s, me)``, so the copy keeps everything this seat can see and re-deals the rest
(others' hands, deck orders, future dice). The tree is keyed by action sequences and shared by all
the determinisations. At a node, among the moves legal in this determinisation, PUCT (AlphaZero's
rule) picks the one with the best ``q + c * prior * sqrt(N) / (1 + n)``; a move not yet tried
counts as its tried siblings' mean less ``FPU_REDUCTION``; the first untried move picked becomes a
new node, and a rollout scores it. The search never plays from the real record, so it cannot use
what the player cannot know.

Uniform rollouts and priors are weak guides (random Frontier trades and wanders for thousands of
decisions), so the game's heuristic guides the search in two ways:

* every game: the move the heuristic would play now gets ``hint_weight`` of the root's prior;
* a game whose heuristic module (``agents/heuristics/<folder>.py``) defines compiled guides uses
  them inside the search: ``rollout_action(s, mask, n, rng)`` plays the rollouts,
  ``leaf_values(s, num_players, out)`` scores a rollout cut after ``ROLLOUT_STEPS`` decisions,
  ``prior(s, mask, n, p)`` spreads each node's prior. Forfort scores short rollouts (10 moves)
  with the heuristic's evaluation; Frontier plays them with a compiled builder's policy, a prior
  by kind of move and an evaluation by points and production. Without a guide: uniform rollouts
  and priors, and a cut rollout is scored half a win for the leaders.

The budget is ``simulations`` (exact, so a seed replays) or ``ms`` a decision (``DEFAULT_MS``,
100, when neither is given). The whole loop is one jitted function per game, built once from the
core's kernels as ``envs/common/engine.py`` builds its drivers, over a node arena the agent keeps
(one node a simulation). A timed search runs in chunks of simulations that extend the same tree,
the time checked from Python between chunks. When this seat also makes the next decision (a turn
of several decisions), the chosen move's subtree is kept for it.
"""
from __future__ import annotations

import hashlib
import importlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from frontierzoo.envs.common.game import Game

from frontierzoo.envs.common.engine import compiled, pick_legal
from frontierzoo.envs.common.record import copy_record
from frontierzoo.envs.common.registry import get_game
from frontierzoo.envs.common.rng import randint, random_u64, seed_rng

from .base import Agent
from .heuristics import heuristic_modules, make_heuristic

DEFAULT_MS = 100.0           # the time budget of a decision when no simulation count is given
MAX_NODES = 1 << 17          # the node arena under a time budget: a simulation adds at most one
DEFAULT_ROLLOUT_STEPS = 500  # a rollout still running then is scored by the evaluation (a game's
                             # guide may set its own ROLLOUT_STEPS)
DEFAULT_C = 1.0              # PUCT's exploration constant, for rewards in [-1, 1]
DEFAULT_HINT_WEIGHT = 0.5    # the heuristic's move's share of the root's prior
CUT_ROLLOUT_WEIGHT = 0.5     # a rollout cut short is a guess: half the weight of a real result
FIRST_CHUNK = 8              # simulations of a timed search's first chunk, which measures their cost
CHUNK_SHARE = 0.5            # later chunks fill this share of the time left
FPU_REDUCTION = 0.1          # an untried move's value: its tried siblings' mean, less this

# rows of the agent's int64 node table
PARENT, ACTION, MOVER, FIRST_CHILD, SIBLING = range(5)
# rows of the float64 node table
VISITS, TOTAL = range(2)

_SEARCHES: dict = {}


def search_kernel(game: Game) -> Callable[..., Any]:
    """The jitted search for ``game`` (built on first use, then shared)."""
    if game.name not in _SEARCHES:
        _SEARCHES[game.name] = _build(game)
    return _SEARCHES[game.name]


def _guide(game):
    """The module of ``game``'s heuristic if it guides the search from inside (it defines one of
    ``rollout_action``, ``leaf_values``, ``prior``), else None."""
    name = heuristic_modules().get(game.name)
    module = None if name is None else importlib.import_module(name)
    return module if any(hasattr(module, h) for h in ("leaf_values", "rollout_action", "prior")) else None


def guided_jit(game: Game) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The decorator for compiled functions that hold the game's guide (``_guide``): the guide's
    code lives outside the game's folder and the defining file (the two the cache key covers), so
    a digest of the guide's file goes into the functions' names and a changed guide cannot load a
    stale search."""
    g = compiled(game)
    guide = _guide(game)
    digest = "" if guide is None else hashlib.sha256(Path(guide.__file__).read_bytes()).hexdigest()[:16]

    def jit(fn):
        fn.__name__ = fn.__qualname__ = f"{fn.__name__}_{digest}"
        return g.jit(fn)

    return jit


_ROLLOUTS: dict = {}


def guided_rollout(game: Game) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``(rollout_value, prior)`` for ``game``, compiled once and shared by every search: the
    rollout that scores a leaf (played by the guide's ``rollout_action`` to the end, or for
    ``max_steps`` decisions and then scored by the guide's ``leaf_values``; without a guide,
    uniform moves and the public leaders) and the guide's prior over a node's moves."""
    if game.name in _ROLLOUTS:
        return _ROLLOUTS[game.name]
    g = compiled(game)
    legal_mask, apply, to_act = g.legal_mask, g.step, g.to_act
    rewards, scores = g.rewards, g.scores
    guide = _guide(game)
    jit = guided_jit(game)

    @jit
    def uniform_action(s, mask, n, rng):
        return pick_legal(mask, n, rng)

    @jit
    def leaders_win(s, num_players, out):
        """A cut rollout without the guide's evaluation: the leaders by the public scores win it,
        at ``CUT_ROLLOUT_WEIGHT``."""
        scores(s, out)
        best = out[:num_players].max()
        for i in range(num_players):
            out[i] = CUT_ROLLOUT_WEIGHT if out[i] == best else -CUT_ROLLOUT_WEIGHT

    @jit
    def uniform_prior(s, mask, n, p):
        for a in range(mask.shape[0]):
            p[a] = 1.0 / n if mask[a] else 0.0

    rollout_action = getattr(guide, "rollout_action", uniform_action)
    evaluate = getattr(guide, "leaf_values", leaders_win)
    prior = getattr(guide, "prior", uniform_prior)

    @jit
    def rollout_value(s, num_players, max_steps, rng, mask, out):
        """Play to the end (the rules' rewards) or for ``max_steps`` decisions (then the
        evaluation)."""
        for _ in range(max_steps):
            if to_act(s) < 0:
                break
            n = legal_mask(s, mask)
            apply(s, rollout_action(s, mask, n, rng))
        if to_act(s) < 0:
            rewards(s, out)
            return
        evaluate(s, num_players, out)

    _ROLLOUTS[game.name] = rollout_value, prior
    return _ROLLOUTS[game.name]


def _build(game):
    g = compiled(game)
    dtype, num_actions = game.dtype, game.num_actions
    determinize, legal_mask, apply, to_act = g.determinize, g.legal_mask, g.step, g.to_act
    rollout_value, prior = guided_rollout(game)
    jit = guided_jit(game)

    @jit
    def search(root_raw, work_raw, me, num_players, simulations, max_steps, c, rng,
               nodes, stats, path, root, used, hint, hint_weight, visits_out):
        """Run ``simulations`` more ISMCTS simulations from the record in ``root_raw`` (its bytes)
        for seat ``me`` on the tree in ``nodes``/``stats`` whose first ``used`` entries are filled,
        from node ``root`` (``used`` 0: a fresh tree, rooted at 0). Fill ``visits_out`` with the
        root's visit count per action; return the entries now used and the most visited child."""
        cap = nodes.shape[1]
        parent, action, mover = nodes[PARENT], nodes[ACTION], nodes[MOVER]
        first_child, sibling = nodes[FIRST_CHILD], nodes[SIBLING]
        n_visits, total = stats[VISITS], stats[TOTAL]
        if used == 0:
            used = 1
            root = 0
            first_child[0] = -1
            n_visits[0] = 0.0
        mask = np.zeros(num_actions, np.bool_)
        p = np.zeros(num_actions, np.float64)
        child_of = np.full(num_actions, -1, np.int64)
        out = np.zeros(num_players, np.float32)
        s = work_raw.view(dtype)[0]
        for _ in range(simulations):
            copy_record(work_raw, root_raw)
            seed_rng(s['rng'], random_u64(rng))
            determinize(s, me)
            node = root
            depth = 0
            while to_act(s) >= 0:
                seat = to_act(s)
                n_legal = legal_mask(s, mask)
                prior(s, mask, n_legal, p)
                if depth == 0 and hint >= 0:
                    for a in range(num_actions):
                        p[a] *= 1.0 - hint_weight
                    p[hint] += hint_weight
                sum_total = 0.0
                sum_visits = 0.0
                child = first_child[node]
                while child >= 0:
                    a = action[child]
                    child_of[a] = child
                    if mask[a]:
                        sum_total += total[child]
                        sum_visits += n_visits[child]
                    child = sibling[child]
                fpu = sum_total / sum_visits - FPU_REDUCTION if sum_visits > 0 else 0.0
                sq = np.sqrt(n_visits[node] + 1.0)
                best = -1
                best_score = -1e300
                ties = 0
                for a in range(num_actions):
                    if not mask[a]:
                        continue
                    ch = child_of[a]
                    if ch >= 0:
                        nv = n_visits[ch]
                        q = total[ch] / nv if nv > 0 else fpu
                    else:
                        nv = 0.0
                        q = fpu
                    score = q + c * p[a] * sq / (1.0 + nv)
                    if score > best_score:
                        best_score = score
                        best = a
                        ties = 1
                    elif score == best_score:   # ties broken uniformly (reservoir sampling)
                        ties += 1
                        if randint(rng, ties) == 0:
                            best = a
                nxt = child_of[best]
                child = first_child[node]
                while child >= 0:
                    child_of[action[child]] = -1
                    child = sibling[child]
                if nxt < 0:
                    if used >= cap:   # the arena is full: score this position by a rollout
                        break
                    nxt = used
                    used += 1
                    parent[nxt] = node
                    action[nxt] = best
                    mover[nxt] = seat
                    first_child[nxt] = -1
                    n_visits[nxt] = 0.0
                    total[nxt] = 0.0
                    sibling[nxt] = first_child[node]
                    first_child[node] = nxt
                    node = nxt
                    depth += 1
                    path[depth] = node
                    apply(s, best)
                    break
                node = nxt
                depth += 1
                path[depth] = node
                apply(s, best)
            rollout_value(s, num_players, max_steps, rng, mask, out)
            n_visits[root] += 1.0
            for i in range(depth, 0, -1):
                v = path[i]
                n_visits[v] += 1.0
                total[v] += out[mover[v]]
        # A reused tree may hold children that were legal only in the worlds of an earlier
        # search (before a draw this seat has since seen): only the moves legal now count.
        legal_mask(root_raw.view(dtype)[0], mask)
        visits_out[:] = 0.0
        best = -1
        child = first_child[root]
        while child >= 0:
            if mask[action[child]]:
                visits_out[action[child]] = n_visits[child]
                if best < 0 or n_visits[child] > n_visits[best]:
                    best = child
            child = sibling[child]
        return used, best

    return search


class MCTSAgent(Agent):
    """ISMCTS; plays any registered game through its core, guided by the game's heuristic.

    Args:
        game_name: the registered game.
        simulations: simulations per decision (each one determinisation, one tree walk, one
            rollout). Given alone, every decision runs exactly this many, and a seed replays the
            agent bit for bit.
        ms: a time budget per decision in milliseconds, the heuristic's advice included: the search
            runs simulations in chunks and stops before a chunk would pass the budget (at most
            ``simulations`` if that is given too). How many fit depends on the machine and its
            load, so a timed agent does not replay exactly. Neither given: ``DEFAULT_MS``.
        rollout_steps: a rollout's longest play before the evaluation scores it; by default the
            game guide's ``ROLLOUT_STEPS``, else ``DEFAULT_ROLLOUT_STEPS``.
        c: the exploration constant of PUCT (rewards are in [-1, 1]).
        reuse: keep the subtree of the chosen move when this seat also makes the next decision
            (a turn of several decisions), so the next search starts where this one left off.
        hint_weight: the share of the root's prior given to the move the hinting agent would
            play (0: none, and it is never asked).
        hint_agent: the agent whose move that is, by name: the game's heuristic (the default), or
            an agent of the game's own such as a learned policy (``ppo``: its forward pass is
            part of the decision's time). Measured in Forfort at 20 ms, the bundled ``ppo``'s hint
            won 51.1% [48.0, 54.2] of 1,000 games against the heuristic's (``benchmarks/RESULTS.md``).
    """

    name = "mcts"
    needs_env = True

    def __init__(self, game_name: str, seed: int | None = None, simulations: int | None = None,
                 ms: float | None = None, rollout_steps: int | None = None, c: float = DEFAULT_C,
                 reuse: bool = True, hint_weight: float = DEFAULT_HINT_WEIGHT, hint_agent: str = "heuristic") -> None:
        super().__init__(seed)
        if simulations is not None and (isinstance(simulations, bool)
                                        or not isinstance(simulations, (int, np.integer)) or simulations < 1):
            raise ValueError(f"simulations must be a positive int, got {simulations!r}")
        if ms is not None and not (isinstance(ms, (int, float, np.number)) and 0 < ms < np.inf):
            raise ValueError(f"ms must be a positive, finite number of milliseconds, got {ms!r}")
        self.game = get_game(game_name)
        guide = _guide(self.game)
        if rollout_steps is None:
            rollout_steps = getattr(guide, "ROLLOUT_STEPS", DEFAULT_ROLLOUT_STEPS)
        if not isinstance(rollout_steps, (int, np.integer)) or rollout_steps < 0:
            raise ValueError(f"rollout_steps must be an int >= 0, got {rollout_steps!r}")
        if not 0 <= c < np.inf:
            raise ValueError(f"c must be a finite number >= 0, got {c!r}")
        if not 0 <= hint_weight <= 1:
            raise ValueError(f"hint_weight must be in [0, 1], got {hint_weight!r}")
        if simulations is None and ms is None:
            ms = DEFAULT_MS
        self.simulations = None if simulations is None else int(simulations)
        self.ms = None if ms is None else float(ms)
        self.rollout_steps = int(rollout_steps)
        self.c = float(c)
        self.reuse = bool(reuse)
        self.hint_weight = float(hint_weight)
        self._hinter = self._make_hinter(game_name, hint_agent) if hint_weight > 0 else None
        self._search = search_kernel(self.game)
        # the node arena: filled only as far as a search goes, so empty (untouched) memory
        self._nodes = np.empty((5, MAX_NODES), np.int64)
        self._stats = np.empty((2, MAX_NODES), np.float64)
        self._path = np.empty(MAX_NODES, np.int64)
        self._work_raw = np.zeros(self.game.dtype.itemsize, np.uint8)
        self._rng = np.zeros(2, np.uint64)
        self._used = 0
        self._next = None   # (env, seat, steps, node): where the tree goes on if this seat decides next
        self.visits = np.zeros(self.game.num_actions, np.float64)   # the last search's root visits
        self.last_simulations = 0   # how many simulations the last search ran

    def _make_hinter(self, game_name: str, hint_agent: str) -> Agent | None:
        """The agent that hints the root: ``None`` for the heuristic of a game that has none."""
        seed = int(self.rng.integers(2**63))
        if hint_agent == "heuristic":
            return make_heuristic(game_name, seed=seed) if game_name in heuristic_modules() else None
        from . import available_agents, make_agent
        if hint_agent not in available_agents(game_name) or hint_agent == self.name:
            raise ValueError(f"hint_agent must be an agent of {game_name} other than mcts: one of "
                             f"{[a for a in available_agents(game_name) if a != self.name]}, got {hint_agent!r}")
        return make_agent(hint_agent, game_name, seed=seed)

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self._next = None
        if self._hinter is not None and seed is not None:
            self._hinter.reset(int(np.random.default_rng(seed).integers(2**63)))

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        start = time.perf_counter()
        if info is None or "env" not in info:
            raise ValueError("MCTSAgent needs the live env as info['env']")
        env = info["env"]
        record = env.record
        me = int(record['actor'])
        here = (env, me, int(record['steps']))
        root, used = 0, 0   # a fresh tree
        if self.reuse and self._next is not None and self._next[:3] == here:
            root, used = self._next[3], self._used
            # A simulation adds at most one node, and a search must be able to add one at the
            # root: a kept tree's children may all be moves of worlds this seat has since ruled
            # out (a card it has now seen drawn), and with a full arena none legal now would be
            # added. A kept tree that leaves too little room is dropped.
            if used + (self.simulations if self.ms is None else MAX_NODES // 2) > MAX_NODES:
                root, used = 0, 0
        legal = np.flatnonzero(action_mask)
        if legal.size == 1:
            self._go_on(here, root if used else -1, int(legal[0]))
            return int(legal[0])
        hint = -1 if self._hinter is None else int(self._hinter.act(observation, action_mask, info))
        root_raw = np.array(record, dtype=self.game.dtype).reshape(1).view(np.uint8)
        seed_rng(self._rng, np.uint64(self.rng.integers(2**63)))
        args = (root_raw, self._work_raw, me, env.num_players)
        tail = (self.rollout_steps, self.c, self._rng, self._nodes, self._stats, self._path)
        if self.ms is None:
            used, best = self._search(*args, self.simulations, *tail, root, used, hint, self.hint_weight,
                                      self.visits)
            self.last_simulations = self.simulations
        else:
            used, best = self._timed(start, args, tail, root, used, hint)
        self._used = used
        a = int(self._nodes[ACTION, best])
        if best < 0 or not action_mask[a]:
            raise RuntimeError(f"MCTSAgent chose action {a}, which the mask does not allow")
        self._next = (env, me, here[2] + 1, best)
        return a

    def _go_on(self, here, node, a):
        """After a forced move: the tree goes on from the move's child, if the tree has one."""
        child = self._nodes[FIRST_CHILD, node] if node >= 0 else -1
        while child >= 0 and self._nodes[ACTION, child] != a:
            child = self._nodes[SIBLING, child]
        self._next = (here[0], here[1], here[2] + 1, child) if child >= 0 else None

    def _timed(self, start, args, tail, root, used, hint):
        """Chunks of simulations on one tree until the budget is spent: the first chunk measures
        a simulation's cost, each later one fills ``CHUNK_SHARE`` of the time left, and the search
        stops when less than a simulation's mean cost is left (so a decision keeps its budget)."""
        deadline = start + self.ms / 1000.0
        cap = MAX_NODES - used if self.simulations is None else self.simulations
        done, chunk = 0, min(FIRST_CHUNK, cap)
        while True:
            used, best = self._search(*args, chunk, *tail, root, used, hint, self.hint_weight, self.visits)
            root = self._nodes[PARENT, best]
            done += chunk
            now = time.perf_counter()
            per = (now - start) / done
            left = deadline - now
            if left < per or done >= cap:
                break
            chunk = int(min(max(1, left * CHUNK_SHARE / per), cap - done))
        self.last_simulations = done
        return used, best
