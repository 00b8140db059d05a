"""A Frantic heuristic: try every decision on sampled worlds, play the chain out, keep the best.

For each decision the agent deals ``SAMPLES`` worlds consistent with what it sees
(``determinize`` from its seat: the others' hands, the pile's order and every die still to come are
re-dealt), and in each world tries every legal action. After the action the world is played on:
the agent's own further decisions of the chain (a Remote's token, a Gift's amount, a Magnet's card)
are searched depth-first, the other seats' answers are the quickest (they pass a reaction, or play
at random), until the chain ends — the next player's turn begins, a round ends, or the agent is
asked again in a new situation. The end position is scored by :func:`evaluate`: the best
opponent's minus points less mine (points so far, the token's position, 21 for the white card in
hand), plus what the cards in my hand are worth. Every action meets the same dice in a world
(common random numbers), so actions are compared on equal luck.
"""
from __future__ import annotations

import numpy as np

from frontierzoo.envs.common.engine import compiled, pick_legal
from frontierzoo.envs.common.record import copy_record
from frontierzoo.envs.common.rng import seed_rng
from frontierzoo.envs.frantic.content import (BLOCK, FUCK_YOU, FUCK_YOU_POINTS, NICE_TRY, NUM_KINDS,
                                              RE_ROLL, REVERSE, SKIP, REMOTE, GHOST)
from frontierzoo.envs.frantic.env import GAME
from frontierzoo.envs.frantic.state import (NUM_ACTIONS, PASS, RECORD_DTYPE, ST_PLAY, ST_RE_ROLL,
                                            ST_BLOCK, ST_NICE_TRY, ST_SETUP)

from ..base import Agent

G = compiled(GAME)
jit = G.jit

SAMPLES = 4             # worlds dealt per decision
MAX_DEPTH = 6           # own decisions of one chain searched
BRANCH_BUDGET = 64      # positions searched below each first decision (a card's spaces)
OTHERS_LIMIT = 64       # the others' answers played out before a position is scored as it stands
WIN = 10000.0

# What a card in my hand is worth, in minus points saved (tuned by play against random).
CARD_VALUE = np.zeros(NUM_KINDS, np.float64)
CARD_VALUE[SKIP] = 3.0
CARD_VALUE[REVERSE] = 5.0
CARD_VALUE[REMOTE] = 2.0
CARD_VALUE[GHOST] = 0.5
CARD_VALUE[BLOCK] = 2.0
CARD_VALUE[RE_ROLL] = 1.5
CARD_VALUE[NICE_TRY] = 6.0


@jit
def total(s, i):
    """Seat i's minus points if the round ended now (the white card counted where the world holds it)."""
    return s['points'][i] + s['pos'][i] + (FUCK_YOU_POINTS if s['hand_kind'][i, FUCK_YOU] > 0 else 0)


@jit
def evaluate(s, me):
    """The position for ``me``: a won or lost game outright, else the best opponent's minus points
    less mine, plus my hand's worth."""
    n = s['num_players']
    if G.to_act(s) < 0:
        return WIN if s['winner'][me] else -WIN
    best = 1e9
    for i in range(n):
        if i != me:
            best = min(best, total(s, i))
    v = best - total(s, me)
    for k in range(NUM_KINDS):
        if s['hand_kind'][me, k] > 0:
            v += CARD_VALUE[k] * min(s['hand_kind'][me, k], 2)
    return v


@jit
def others_answer(s, me, mask, rng):
    """Play the other seats' decisions quickly (pass a reaction, else at random) until I decide or
    the chain is over; True if I am to decide within the same chain."""
    for _ in range(OTHERS_LIMIT):
        a = G.to_act(s)
        if a < 0:
            return False
        st = s['stage']
        if (st == ST_PLAY or st == ST_SETUP) and s['chosen'] < 0:
            return False                          # a new turn (or a new round): the chain is over
        if a == me:
            return True
        n = G.legal_mask(s, mask)
        if st == ST_RE_ROLL or st == ST_BLOCK or st == ST_NICE_TRY:
            G.step(s, PASS.at())
        else:
            G.step(s, pick_legal(mask, n, rng))
    return False


@jit
def plan(stack, raw, masks, me, seed, noise, values):
    """Sum into ``values[a]`` the value of each first decision ``a`` over SAMPLES worlds; return
    the best (ties broken by ``noise``)."""
    rng = np.zeros(2, np.uint64)
    seed_rng(rng, seed)
    G.legal_mask(stack[0], masks[0])
    values[:] = 0.0
    base = stack.shape[0] - 1                      # the last slot holds the world being searched
    first = stack[0]['stage']
    for k in range(SAMPLES):
        copy_record(raw[base], raw[0])
        seed_rng(stack[base]['rng'], np.uint64(seed + 7919 * (k + 1)))
        G.determinize(stack[base], me)
        for a in range(NUM_ACTIONS):
            if not masks[0, a]:
                continue
            values[a] += search(stack, raw, masks, me, base, a, rng, first)
    best = -1
    best_v = -1e18
    for a in range(NUM_ACTIONS):
        if masks[0, a] and values[a] + noise[a] > best_v:
            best_v = values[a] + noise[a]
            best = a
    return best


@jit
def search(stack, raw, masks, me, base, first_action, rng, first_stage):
    """The best value reachable from world ``stack[base]`` after ``first_action``, searching my own
    further decisions of the chain depth-first within BRANCH_BUDGET positions."""
    copy_record(raw[1], raw[base])
    G.step(stack[1], first_action)
    if not chain_goes_on(stack[1], me, masks[1], rng, first_stage):
        return evaluate(stack[1], me)
    nxt = np.zeros(MAX_DEPTH + 2, np.int64)
    best = np.full(MAX_DEPTH + 2, -1e18)
    G.legal_mask(stack[1], masks[1])
    d = 1
    spent = 0
    while True:
        a = nxt[d]
        while a < NUM_ACTIONS and not masks[d, a]:
            a += 1
        if a == NUM_ACTIONS:
            v = best[d]
            if d == 1:
                return v
            d -= 1
            if v > best[d]:
                best[d] = v
            continue
        nxt[d] = a + 1
        copy_record(raw[d + 1], raw[d])
        child = stack[d + 1]
        G.step(child, a)
        spent += 1
        if (d + 1 <= MAX_DEPTH and spent < BRANCH_BUDGET
                and chain_goes_on(child, me, masks[d + 1], rng, first_stage)):
            d += 1
            G.legal_mask(child, masks[d])
            nxt[d] = 0
            best[d] = -1e18
            continue
        v = evaluate(child, me)
        if v > best[d]:
            best[d] = v


@jit
def chain_goes_on(s, me, mask, rng, first_stage):
    """After a decision: the others answer; True if I decide again within the same chain."""
    if not others_answer(s, me, mask, rng):
        return False
    st = s['stage']
    return not ((st == ST_PLAY or st == ST_SETUP) and s['chosen'] < 0)


class FranticHeuristic(Agent):
    """Tries each decision on sampled worlds, plays the chain out, keeps the best on average."""

    name = "heuristic"
    needs_env = True

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._stack = np.zeros(MAX_DEPTH + 3, dtype=RECORD_DTYPE)
        self._raw = self._stack.view(np.uint8).reshape(MAX_DEPTH + 3, RECORD_DTYPE.itemsize)
        self._masks = np.zeros((MAX_DEPTH + 3, NUM_ACTIONS), np.bool_)
        self._values = np.zeros(NUM_ACTIONS, np.float64)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        if info is None or "env" not in info:
            raise ValueError("FranticHeuristic needs the live env as info['env']")
        record = info["env"].record
        me = int(record['actor'])
        legal = np.flatnonzero(action_mask)
        if legal.size == 1:
            return int(legal[0])
        self._stack[0] = record
        noise = self.rng.random(NUM_ACTIONS) * 1e-3
        a = plan(self._stack, self._raw, self._masks, me, np.uint64(self.rng.integers(2**62)), noise,
                 self._values)
        if a < 0 or not action_mask[a]:
            raise RuntimeError(f"FranticHeuristic chose action {a}, which the mask does not allow")
        return int(a)


HEURISTIC = FranticHeuristic
