"""A Forfort heuristic: play out every choice of this turn on a copy and keep the best position.

A Forfort turn is a short chain of decisions by one seat (a card, then its space, target, row,
pair order, army direction, drawbridge). The agent searches that chain exhaustively on copies of
the record with the real kernels (``G.step``), stops where the turn passes to someone else (the
next player's armies have already advanced by then, so their damage is seen), and scores the
position with :func:`evaluate`: walls towards the 8 that win at once, camps that widen where one can
build, armies in the enemy's forts and enemies' armies in one's own, defended walls on the front
line. The search copy is determinised from the agent's seat first, so the draw at the end of the
turn shows a card the agent could not know, never the real one.
"""
from __future__ import annotations

import numpy as np

from frontierzoo.envs.common.engine import compiled
from frontierzoo.envs.common.rng import seed_rng
from frontierzoo.envs.forfort.env import GAME
from frontierzoo.envs.forfort.places import (is_opponent, is_wall, teammate_of, top_card,
                                             top_is_wall_of_kind)
from frontierzoo.envs.forfort.state import (ARMIES, DEFENDED, FRONT_LINE, GRID, LINES, NUM_ACTIONS,
                                            RECORD_DTYPE, SPACES, ST_MAIN)

from ..base import Agent

# The game's kernels compiled in place, and a decorator caching these functions under the Forfort
# sources' fingerprint (a plain njit(cache=True) would keep stale code after the game changed).
G = compiled(GAME)
jit = G.jit

MAX_DEPTH = 10          # decisions of one turn searched; a chain longer than this is scored as is
BRANCH_BUDGET = 32      # positions searched below each first decision: a pair of guards (two armies,
                        # each a space and a direction) would otherwise branch into thousands
WIN = 1000.0

# Weights of evaluate(), tuned by play against the random agent.
W_WALL = 10.0           # a visible wall: 2 points, and one of the 8 that complete the fort
W_WALL_SQ = 1.2         # ... worth more the closer the fort is to complete
W_CAMP = 4.0            # a visible camp: 1 point, and a space one may build on whatever the arrows
W_DEFENDED_FRONT = 2.0  # a defended wall on a front line resists the ram
W_MY_ARMY = 5.0         # an army in an opponent's fort: 1 point, and it wrecks a space a turn
W_ENEMY_ARMY = 6.0      # an enemy army in one's own fort
W_HAND = 1.5            # cards in hand are choices next turn
W_DUNGEON_BONUS = 2.0   # the end bonus for walls left in the dungeon, once the end is near


@jit
def side_value(s, seat):
    """How good ``seat``'s own position is, in rough wall-points."""
    walls = 0
    camps = 0
    for space in range(SPACES):
        c = top_card(s, seat, space)
        if c < 0:
            continue
        if is_wall(c):
            walls += 1
        else:
            camps += 1
    v = W_WALL * walls + W_WALL_SQ * walls * walls + W_CAMP * camps
    n = s['num_players']
    for other in range(n):
        if is_opponent(s, seat, other):
            side = s['front'][seat, other]
            for i in range(GRID):
                if top_is_wall_of_kind(s, seat, LINES[side, FRONT_LINE, i], DEFENDED):
                    v += W_DEFENDED_FRONT
        for k in range(ARMIES):
            fort = s['army_fort'][other, k]
            if fort < 0:
                continue
            if other == seat and is_opponent(s, seat, fort):
                v += W_MY_ARMY
            elif fort == seat and is_opponent(s, seat, other):
                v -= W_ENEMY_ARMY
    v += W_HAND * s['hand_count'][seat]
    if s['end_triggered'] != 0 and s['dungeon_size'][seat] > 0:
        v += W_DUNGEON_BONUS * W_WALL / 2.0
    return v


@jit
def evaluate(s, me):
    """The position from ``me``'s side: a won or lost game outright, else my side's value less the
    best opponent's (teammates count with me)."""
    n = s['num_players']
    if G.to_act(s) < 0:
        if s['winner'][me]:
            for i in range(n):
                if is_opponent(s, me, i) and s['winner'][i]:
                    return WIN / 2.0   # a shared win
            return WIN
        return -WIN
    mine = side_value(s, me)
    if s['teams'] != 0:
        mine += side_value(s, teammate_of(me))
    best = -1e9
    for i in range(n):
        if is_opponent(s, me, i):
            v = side_value(s, i)
            if s['teams'] != 0:
                v += side_value(s, teammate_of(i))
            best = max(best, v)
    return mine - best


# The search's guide (agents/mcts.py): rollouts stay uniform, but only ROLLOUT_STEPS moves long
# (about a turn), and evaluate() scores where they stop; long random rollouts in Forfort mostly
# measure the dice and who wastes their cards.
ROLLOUT_STEPS = 10
EVAL_SCALE = 30.0       # evaluate() is in wall-points: a lead of 30 scores tanh(1), about 0.76


@jit
def leaf_values(s, num_players, out):
    """The search's leaf evaluation: each seat's :func:`evaluate`, squashed into (-1, 1)."""
    for i in range(num_players):
        out[i] = np.tanh(evaluate(s, i) / EVAL_SCALE)


@jit
def plan_turn(stack, raw, masks, me, seed, noise):
    """Search the rest of ``me``'s turn from ``stack[0]`` (the live record's copy) and return the
    best first decision. ``raw`` is ``stack`` viewed as bytes, for copying records; ``noise``
    breaks ties between first decisions of equal value."""
    seed_rng(stack[0]['rng'], seed)
    G.determinize(stack[0], me)
    G.legal_mask(stack[0], masks[0])
    nxt = np.zeros(MAX_DEPTH + 1, np.int64)       # next action to try at each depth
    best = np.full(MAX_DEPTH + 1, -1e18)          # best value found below each depth
    best_root = -1
    best_root_value = -1e18
    root_action = -1
    spent = 0
    d = 0
    while True:
        a = nxt[d]
        while a < NUM_ACTIONS and not masks[d, a]:
            a += 1
        if a == NUM_ACTIONS:                       # this depth is exhausted: pass its value up
            if d == 0:
                return best_root
            v = best[d]
            d -= 1
            if d == 0:
                v += noise[root_action]
                if v > best_root_value:
                    best_root_value = v
                    best_root = root_action
            elif v > best[d]:
                best[d] = v
            continue
        nxt[d] = a + 1
        if d == 0:
            root_action = a
            spent = 0
        raw[d + 1, :] = raw[d, :]
        child = stack[d + 1]
        G.step(child, a)
        spent += 1
        # The turn goes on while I decide; a fresh play stage is the drawbridge's extra turn,
        # scored as it stands (the next card is as good as a turn's worth). Past the budget the
        # rest of the chain is scored as it stands too.
        if (G.to_act(child) == me and d + 1 < MAX_DEPTH and spent < BRANCH_BUDGET
                and not (child['stage'] == ST_MAIN and child['turn_seat'] == me)):
            d += 1
            G.legal_mask(child, masks[d])
            nxt[d] = 0
            best[d] = -1e18
            continue
        v = evaluate(child, me)
        if d == 0:
            v += noise[a]
            if v > best_root_value:
                best_root_value = v
                best_root = a
        elif v > best[d]:
            best[d] = v


class ForfortHeuristic(Agent):
    """Searches its own turn to the end on copies of the record and plays the best start."""

    name = "heuristic"
    needs_env = True

    def __init__(self, seed=None):
        super().__init__(seed)
        self._stack = np.zeros(MAX_DEPTH + 1, dtype=RECORD_DTYPE)
        self._raw = self._stack.view(np.uint8).reshape(MAX_DEPTH + 1, RECORD_DTYPE.itemsize)
        self._masks = np.zeros((MAX_DEPTH + 1, NUM_ACTIONS), np.bool_)

    def act(self, observation, action_mask, info=None) -> int:
        if info is None or "env" not in info:
            raise ValueError("ForfortHeuristic needs the live env as info['env']")
        record = info["env"].record
        me = int(record['actor'])
        self._stack[0] = record
        noise = self.rng.random(NUM_ACTIONS) * 1e-3
        a = plan_turn(self._stack, self._raw, self._masks, me,
                      np.uint64(self.rng.integers(2**63)), noise)
        if a < 0 or not action_mask[a]:
            raise RuntimeError(f"ForfortHeuristic chose action {a}, which the mask does not allow")
        return int(a)


HEURISTIC = ForfortHeuristic
