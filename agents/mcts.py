"""Information-set Monte Carlo tree search over any registered game's jitted core.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every simulation copies the live
record, re-seeds the copy's generator from the agent's own and calls the core's
``determinize(s, me)``, so the copy keeps everything this seat can see and re-deals the rest
(others' hands, deck orders, future dice). The tree is keyed by action sequences and shared by all
the determinisations; a node's children that are legal in this determinisation are chosen by UCB1
over their availability counts, an untried legal action is added, and a uniformly random rollout
scores the leaf. The search never plays from the real record, so it cannot use what the player
cannot know.

The whole loop is one jitted function per game, built once from the core's kernels as
``envs/common/engine.py`` builds its drivers, over a fixed-size node arena (one node a simulation).
"""
from __future__ import annotations

import numpy as np

from frontierzoo.envs.common.engine import compiled, pick_legal
from frontierzoo.envs.common.registry import get_game
from frontierzoo.envs.common.rng import random_u64, seed_rng

from .base import Agent

DEFAULT_SIMULATIONS = 1000   # 10-50 ms a decision on one core in a short two-player game
DEFAULT_ROLLOUT_STEPS = 500  # a rollout still running then is scored by the public scores
DEFAULT_C = 1.0              # UCB1's exploration constant, for rewards in [-1, 1]
CUT_ROLLOUT_WEIGHT = 0.5     # a rollout cut short is a guess: half the weight of a real result

_SEARCHES: dict = {}


def search_kernel(game):
    """The jitted search for ``game`` (built on first use, then shared)."""
    if game.name not in _SEARCHES:
        _SEARCHES[game.name] = _build(game)
    return _SEARCHES[game.name]


def _build(game):
    g = compiled(game)
    dtype, num_actions, jit = game.dtype, game.num_actions, g.jit
    determinize, legal_mask, apply, to_act = g.determinize, g.legal_mask, g.step, g.to_act
    rewards, scores = g.rewards, g.scores

    @jit
    def rollout_value(s, num_players, max_steps, rng, mask, out):
        """Random play to the end (the rules' rewards) or for ``max_steps`` decisions (then +w for
        the leaders on public score, -w for the rest)."""
        for _ in range(max_steps):
            if to_act(s) < 0:
                break
            n = legal_mask(s, mask)
            apply(s, pick_legal(mask, n, rng))
        if to_act(s) < 0:
            rewards(s, out)
            return
        scores(s, out)
        best = out[:num_players].max()
        for i in range(num_players):
            out[i] = CUT_ROLLOUT_WEIGHT if out[i] == best else -CUT_ROLLOUT_WEIGHT

    @jit
    def search(root_raw, work_raw, me, num_players, simulations, max_steps, c, rng, visits_out):
        """Run ``simulations`` ISMCTS simulations from the record in ``root_raw`` (its bytes) for
        seat ``me``; fill ``visits_out`` with the root's visit count per action and return the
        most visited action. ``work_raw`` is a scratch record's bytes."""
        cap = simulations + 1
        parent = np.full(cap, -1, np.int64)
        action = np.full(cap, -1, np.int64)
        mover = np.full(cap, -1, np.int64)        # the seat that chose the action into the node
        first_child = np.full(cap, -1, np.int64)
        sibling = np.full(cap, -1, np.int64)
        n_visits = np.zeros(cap, np.float64)
        total = np.zeros(cap, np.float64)         # the mover's summed reward
        avail = np.zeros(cap, np.float64)         # simulations in which the node's action was legal
        used = 1
        mask = np.zeros(num_actions, np.bool_)
        tried = np.zeros(num_actions, np.bool_)
        out = np.zeros(num_players, np.float32)
        path = np.zeros(cap, np.int64)
        s = work_raw.view(dtype)[0]
        for _ in range(simulations):
            work_raw[:] = root_raw
            seed_rng(s['rng'], random_u64(rng))
            determinize(s, me)
            node = 0
            depth = 0
            while to_act(s) >= 0:
                seat = to_act(s)
                n_legal = legal_mask(s, mask)
                child = first_child[node]
                untried = n_legal
                while child >= 0:
                    tried[action[child]] = True
                    if mask[action[child]]:
                        avail[child] += 1.0
                        untried -= 1
                    child = sibling[child]
                if untried > 0 and used < cap:
                    k = np.int64(random_u64(rng) % np.uint64(untried))
                    a = -1
                    for b in range(num_actions):
                        if mask[b] and not tried[b]:
                            if k == 0:
                                a = b
                                break
                            k -= 1
                    new = used
                    used += 1
                    parent[new] = node
                    action[new] = a
                    mover[new] = seat
                    avail[new] = 1.0
                    sibling[new] = first_child[node]
                    first_child[node] = new
                    node = new
                    depth += 1
                    path[depth] = node
                    apply(s, a)
                    child = first_child[parent[node]]
                    while child >= 0:
                        tried[action[child]] = False
                        child = sibling[child]
                    break
                best = -1
                best_score = -1e300
                child = first_child[node]
                while child >= 0:
                    tried[action[child]] = False
                    if mask[action[child]]:
                        score = (total[child] / n_visits[child]
                                 + c * np.sqrt(np.log(avail[child]) / n_visits[child]))
                        if score > best_score:
                            best_score = score
                            best = child
                    child = sibling[child]
                if best < 0:   # the arena is full: score this position by a rollout
                    break
                node = best
                depth += 1
                path[depth] = node
                apply(s, action[node])
            rollout_value(s, num_players, max_steps, rng, mask, out)
            for i in range(depth, 0, -1):
                v = path[i]
                n_visits[v] += 1.0
                total[v] += out[mover[v]]
        visits_out[:] = 0.0
        best = -1
        child = first_child[0]
        while child >= 0:
            visits_out[action[child]] = n_visits[child]
            if best < 0 or n_visits[child] > n_visits[best]:
                best = child
            child = sibling[child]
        return action[best]

    return search


class MCTSAgent(Agent):
    """ISMCTS with random rollouts; plays any registered game through its core.

    Args:
        game_name: the registered game.
        simulations: simulations per decision (each one determinisation, one tree walk, one
            rollout).
        rollout_steps: a rollout's longest random play before it is scored by public scores.
        c: UCB1's exploration constant.
    """

    name = "mcts"
    needs_env = True

    def __init__(self, game_name, seed=None, simulations=DEFAULT_SIMULATIONS,
                 rollout_steps=DEFAULT_ROLLOUT_STEPS, c=DEFAULT_C):
        super().__init__(seed)
        if not isinstance(simulations, (int, np.integer)) or simulations < 1:
            raise ValueError(f"simulations must be a positive int, got {simulations!r}")
        self.game = get_game(game_name)
        self.simulations = int(simulations)
        self.rollout_steps = int(rollout_steps)
        self.c = float(c)
        self._search = search_kernel(self.game)
        self._work_raw = np.zeros(self.game.dtype.itemsize, np.uint8)
        self._rng = np.zeros(2, np.uint64)
        self.visits = np.zeros(self.game.num_actions, np.float64)   # the last search's root visits

    def act(self, observation, action_mask, info=None) -> int:
        if info is None or "env" not in info:
            raise ValueError("MCTSAgent needs the live env as info['env']")
        legal = np.flatnonzero(action_mask)
        if legal.size == 1:
            return int(legal[0])
        record = info["env"].record
        root = np.array(record, dtype=self.game.dtype).reshape(1).view(np.uint8)
        me = int(record['actor'])
        seed_rng(self._rng, np.uint64(self.rng.integers(2**63)))
        a = self._search(root, self._work_raw, me, info["env"].num_players,
                         self.simulations, self.rollout_steps, self.c, self._rng, self.visits)
        if not action_mask[a]:
            raise RuntimeError(f"MCTSAgent chose action {a}, which the mask does not allow")
        return int(a)
