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

import os
from collections.abc import Sequence

import numpy as np

from frontierzoo.envs.common.engine import compiled
from frontierzoo.envs.common.jit import rule
from frontierzoo.envs.common.record import copy_record
from frontierzoo.envs.common.rng import random_u64, seed_rng
from frontierzoo.envs.forfort.env import GAME
from frontierzoo.envs.forfort.places import (is_opponent, is_wall, teammate_of, top_card,
                                             top_is_wall_of_kind)
from frontierzoo.envs.forfort.content import WALL_HAS
from frontierzoo.envs.forfort.state import (ARMIES, ARMY_RESERVE, CAMPS, CATAPULT, DEFENDED, FRONT_LINE, GRID,
                                            GUARD, LINES, MASON, NUM_ACTIONS, RAM, RECORD_DTYPE, SIEGE_TOWER,
                                            SPACES, ST_MAIN, WALLS)

from ..base import Agent
from . import NamedWeights

# The game's kernels compiled in place, and a decorator caching these functions under the Forfort
# sources' fingerprint (a plain njit(cache=True) would keep stale code after the game changed).
# The evaluation is two rules, compiled into the searches that call them: as functions of their
# own they were compiled (and optimised to machine code) once for every caller's argument types.
G = compiled(GAME)
jit = G.jit

MAX_DEPTH = 10          # decisions of one turn searched; a chain longer than this is scored as is
BRANCH_BUDGET = 32      # positions searched below each first decision: a pair of guards (two armies,
                        # each a space and a direction) would otherwise branch into thousands
WIN = 1000.0

# The weights of evaluate(), in one vector so that a trained set can stand in for them
# (training/tune.py): the first half values my side (with my teammate's), the second half the best
# opponent's side, which evaluate() subtracts. Two sets, because what a position is worth to me need
# not be what the same position is worth against me (a wall of mine and a wall of the leader's can
# matter differently). WEIGHTS are the heuristic's own, tuned by hand by play against the random
# agent, the same for both sides.
SIDE_FEATURES = (
    "wall",            # a visible wall: 2 points, and one of the 8 that complete the fort
    "wall_squared",    # ... worth more the closer the fort is to complete
    "camp",            # a visible camp: 1 point, and a space one may build on whatever the arrows
    "defended_front",  # a defended wall on a front line resists the ram
    "my_army",         # an army in an opponent's fort: 1 point, and it wrecks a space a turn
    "enemy_army",      # an enemy army in one's own fort (subtracted)
    "hand",            # cards in hand are choices next turn
    "dungeon_bonus",   # the end bonus for walls left in the dungeon, once the end is near (x wall / 2)
    # What the side holds for later turns (the hand-set heuristic gives these no weight; training
    # does): walls in hand by the effect they bring, the camps and armies not yet placed, and the
    # drawbridge's extra turn.
    "hand_attack",     # walls in hand bearing a ram, a catapult or a siege tower
    "hand_guard",      # walls in hand bearing a guard: an army placed, or an invader thrown out
    "hand_mason",      # walls in hand bearing a mason: another wall built
    "camps_left",      # camp cards not yet placed
    "armies_left",     # army cards not yet placed
    "drawbridge_ready",  # the drawbridge not yet lowered
)
(W_WALL, W_WALL_SQ, W_CAMP, W_DEFENDED_FRONT, W_MY_ARMY, W_ENEMY_ARMY, W_HAND, W_DUNGEON_BONUS,
 W_HAND_ATTACK, W_HAND_GUARD, W_HAND_MASON, W_CAMPS_LEFT, W_ARMIES_LEFT, W_DRAWBRIDGE) = range(14)
MINE, THEIRS = 0, len(SIDE_FEATURES)      # where each side's weights start in the vector
WEIGHT_NAMES = SIDE_FEATURES + tuple("opponent_" + f for f in SIDE_FEATURES)
HAND_SET = np.array([10.0, 1.2, 4.0, 2.0, 5.0, 6.0, 1.5, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
WEIGHTS = np.concatenate((HAND_SET, HAND_SET))
TUNE_SEATS = 2   # training/tune.py trains them one against one: the game as two people play it


@rule
def side_value(s, seat, w, o):
    """How good ``seat``'s own position is, in rough wall-points, by the weights starting at ``w[o]``."""
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
    v = w[o + W_WALL] * walls + w[o + W_WALL_SQ] * walls * walls + w[o + W_CAMP] * camps
    n = s['num_players']
    for other in range(n):
        if is_opponent(s, seat, other):
            side = s['front'][seat, other]
            for i in range(GRID):
                if top_is_wall_of_kind(s, seat, LINES[side, FRONT_LINE, i], DEFENDED):
                    v += w[o + W_DEFENDED_FRONT]
        for k in range(ARMIES):
            fort = s['army_fort'][other, k]
            if fort < 0:
                continue
            if other == seat and is_opponent(s, seat, fort):
                v += w[o + W_MY_ARMY]
            elif fort == seat and is_opponent(s, seat, other):
                v -= w[o + W_ENEMY_ARMY]
    v += w[o + W_HAND] * s['hand_count'][seat]
    if s['end_triggered'] != 0 and s['dungeon_size'][seat] > 0:
        v += w[o + W_DUNGEON_BONUS] * w[o + W_WALL] / 2.0
    attacks = 0
    guards = 0
    masons = 0
    for c in range(WALLS):
        if s['hand'][seat, c]:
            attacks += WALL_HAS[c, RAM] or WALL_HAS[c, CATAPULT] or WALL_HAS[c, SIEGE_TOWER]
            guards += WALL_HAS[c, GUARD]
            masons += WALL_HAS[c, MASON]
    camps_left = 0
    for k in range(CAMPS):
        camps_left += s['camp_reserve'][seat, k] != 0
    armies_left = 0
    for k in range(ARMIES):
        armies_left += s['army_fort'][seat, k] == ARMY_RESERVE
    v += (w[o + W_HAND_ATTACK] * attacks + w[o + W_HAND_GUARD] * guards + w[o + W_HAND_MASON] * masons
          + w[o + W_CAMPS_LEFT] * camps_left + w[o + W_ARMIES_LEFT] * armies_left)
    if s['drawbridge'][seat] < 0:
        v += w[o + W_DRAWBRIDGE]
    return v


@rule
def evaluate(s, me, w):
    """The position from ``me``'s side: a won or lost game outright, else my side's value less the
    best opponent's, each by its own half of ``w`` (teammates count with their side)."""
    n = s['num_players']
    if G.to_act(s) < 0:
        if s['winner'][me]:
            for i in range(n):
                if is_opponent(s, me, i) and s['winner'][i]:
                    return WIN / 2.0   # a shared win
            return WIN
        return -WIN
    mine = side_value(s, me, w, MINE)
    if s['teams'] != 0:
        mine += side_value(s, teammate_of(me), w, MINE)
    best = -1e9
    for i in range(n):
        if is_opponent(s, me, i):
            v = side_value(s, i, w, THEIRS)
            if s['teams'] != 0:
                v += side_value(s, teammate_of(i), w, THEIRS)
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
        out[i] = np.tanh(evaluate(s, i, WEIGHTS) / EVAL_SCALE)


@jit
def plan_turn(stack, raw, masks, me, seed, noise, w):
    """Search the rest of ``me``'s turn from ``stack[0]`` (the live record's copy) and return the
    best first decision by the weights ``w``. ``raw`` is ``stack`` viewed as bytes, for copying
    records; ``noise`` breaks ties between first decisions of equal value."""
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
        copy_record(raw[d + 1], raw[d])
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
        v = evaluate(child, me, w)
        if d == 0:
            v += noise[a]
            if v > best_root_value:
                best_root_value = v
                best_root = a
        elif v > best[d]:
            best[d] = v


UNIT = 1.0 / 9007199254740992.0   # 2**-53: a uniform float from the top 53 bits of a u64


@jit
def duel(weights, others, seeds, seat_of, num_players, opts, buf, stack, raw, masks, score):
    """Play one game per seed in compiled code: seat ``seat_of[g]`` plays this heuristic with
    ``weights``, every other seat with ``others``. ``score[g]`` gets that seat's share of the win
    (1/k among k winners, else 0). ``buf`` holds one record's bytes; ``stack``/``raw``/``masks``
    are the turn search's scratch, as the agent keeps them. Training weights against the
    heuristic (training/tune.py) plays thousands of games a minute this way."""
    rng = np.zeros(2, np.uint64)
    noise = np.zeros(NUM_ACTIONS)
    for g in range(seeds.shape[0]):
        s = G.deal(buf, 0, num_players, opts, seeds[g])
        seed_rng(rng, seeds[g] ^ np.uint64(0x9E3779B97F4A7C15))
        while True:
            seat = G.to_act(s)
            if seat < 0:
                break
            copy_record(raw[0], buf)
            for a in range(NUM_ACTIONS):
                noise[a] = (random_u64(rng) >> np.uint64(11)) * UNIT * 1e-3
            w = weights if seat == seat_of[g] else others
            G.step(s, plan_turn(stack, raw, masks, seat, random_u64(rng), noise, w))
        winners = 0
        for k in range(num_players):
            winners += s['last_rewards'][k] > 0
        score[g] = 1.0 / winners if s['last_rewards'][seat_of[g]] > 0 else 0.0


def play_against_heuristic(weights: Sequence[float] | np.ndarray, seeds: Sequence[int] | np.ndarray,
                           num_players: int = 2) -> np.ndarray:
    """The scores (a win shared by k counts 1/k) of ``weights`` in one game per seed against the
    hand-set heuristic at every other seat, its seat going round with the game's number (game k at
    seat k mod the seats): what training/tune.py trains on, all in compiled code (:func:`duel`)."""
    seeds = np.asarray(seeds, np.uint64)
    score = np.zeros(seeds.size)
    stack = np.zeros(MAX_DEPTH + 1, dtype=RECORD_DTYPE)
    duel(check_weights(weights), WEIGHTS, seeds, np.arange(seeds.size, dtype=np.int64) % num_players,
         num_players, GAME.options(num_players), np.zeros(RECORD_DTYPE.itemsize, np.uint8), stack,
         stack.view(np.uint8).reshape(MAX_DEPTH + 1, RECORD_DTYPE.itemsize),
         np.zeros((MAX_DEPTH + 1, NUM_ACTIONS), np.bool_), score)
    return score


class ForfortHeuristic(Agent):
    """Searches its own turn to the end on copies of the record and plays the best start, judged
    by :func:`evaluate` with ``weights`` (default: the hand-set :data:`WEIGHTS`)."""

    name = "heuristic"
    needs_env = True

    def __init__(self, seed: int | None = None, weights: Sequence[float] | np.ndarray | None = None) -> None:
        super().__init__(seed)
        self.weights = check_weights(WEIGHTS if weights is None else weights)
        self._stack = np.zeros(MAX_DEPTH + 1, dtype=RECORD_DTYPE)
        self._raw = self._stack.view(np.uint8).reshape(MAX_DEPTH + 1, RECORD_DTYPE.itemsize)
        self._masks = np.zeros((MAX_DEPTH + 1, NUM_ACTIONS), np.bool_)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        if info is None or "env" not in info:
            raise ValueError("ForfortHeuristic needs the live env as info['env']")
        record = info["env"].record
        me = int(record['actor'])
        self._stack[0] = record
        noise = self.rng.random(NUM_ACTIONS) * 1e-3
        a = plan_turn(self._stack, self._raw, self._masks, me,
                      np.uint64(self.rng.integers(2**63)), noise, self.weights)
        if a < 0 or not action_mask[a]:
            raise RuntimeError(f"ForfortHeuristic chose action {a}, which the mask does not allow")
        return int(a)


NAMED = NamedWeights(GAME, WEIGHT_NAMES, "Forfort evaluation weights")
check_weights = NAMED.check   # a vector of one finite number per WEIGHT_NAMES, else ValueError
load_weights = NAMED.load     # a weights file training/tune.py wrote, checked
TUNED = NAMED.tuned           # the bundled trained weights


class TunedForfort(ForfortHeuristic):
    """The heuristic's turn search judged by trained weights (default: the bundled
    ``agents/models/forfort_tuned.json``; its command and seed are in the file)."""

    name = "tuned"

    def __init__(self, seed: int | None = None, path: str | os.PathLike | None = None) -> None:
        super().__init__(seed, weights=load_weights(TUNED if path is None else path))


HEURISTIC = ForfortHeuristic
TUNED_HEURISTIC = TunedForfort   # the "tuned" agent, where agents/models holds its weights
