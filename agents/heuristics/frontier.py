"""Frontier's heuristics as the tools find them (``agents/heuristics/__init__.py``), and the search's
guide.

The agent is the rulebook's advice, :class:`~.frontier_advice.FrontierHeuristic` (with its twin
on trained numbers, ``"tuned"``, and what training/tune.py trains them with), in
``frontier_advice.py``; this module names it for the registry.

The guide is here: the same advice, compiled and simplified, for the rollouts, priors and leaves
of the information-set search (agents/mcts.py reads ``rollout_action``, ``prior``, ``leaf_values``
and ``ROLLOUT_STEPS`` from this module). Every seat builds what it can (keep, village on the most
productive corner, some roads and cards), trades only with the bank, never with players, and ends
its turn; the bandit goes where it hurts the others most. Uniformly random play trades and wanders
for thousands of decisions; this plays a game out in a few hundred. It lives in this file and not
beside the advice because the search's compiled code, cached on disk, is keyed by a digest of the
file the guide comes from (``agents/mcts.py``'s ``guided_jit``): the digest of this file.
"""
from __future__ import annotations

import numpy as np

from frontierzoo.envs.common.engine import compiled, pick_legal
from frontierzoo.envs.common.rng import randint
from frontierzoo.envs.frontier import board
from frontierzoo.envs.frontier.env import GAME
from frontierzoo.envs.frontier.state import (
    BANK_TRADE, BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, BUY_CARD, CORNER_HEXES, DISCARD, DISCARD_LIMIT,
    END_TURN, HEAR_OFFERS, HEX_CORNERS, MOVE_BANDIT, NO_OFFER, NUM_CORNERS, NUM_EDGES, NUM_HEXES,
    NUM_RESOURCES, OFFER_TRADE, PIPS, PLAY_KNIGHT, PLAY_MONOPOLY, PLAY_ROAD_BUILDING, PLAY_YEAR_OF_PLENTY,
    ROLL, ST_BID_GIVE, ST_DISCARD, ST_MAIN, ST_MOVE_BANDIT, ST_PRE_ROLL, ST_SETUP_VILLAGE, ST_TRADE_CHOOSE,
    ST_TRADE_REPLY, TERRAIN_RESOURCE, TRADE_ACCEPT, TRADE_CANCEL, TRADE_COMPLETE, TRADE_DECLINE)

from .frontier_advice import (  # noqa: F401  (the registry and training/tune.py read them here)
    TUNE_SEATS, WEIGHT_NAMES, WEIGHTS, FrontierHeuristic, TunedFrontier, play_against_heuristic)

HEURISTIC = FrontierHeuristic
TUNED_HEURISTIC = TunedFrontier   # the "tuned" agent, where agents/models holds its weights

jit = compiled(GAME).jit

ROLLOUT_STEPS = 100           # a rollout's decisions before leaf_values scores it
PERCENT = 100                 # chances below are in percent
P_ROAD = 50                   # builds a road it can afford when no better build is open
P_CARD = 60                   # buys a card it can afford
P_PLAY = 50                   # plays a card it holds
P_BANK = 30                   # trades its most plentiful resource with the bank when it can
W_POINT = 1.0                 # evaluation: a point
W_PIP = 0.06                  # ... a pip of production (chances in 36) a throw, keeps twice
W_CARD = 0.3                  # ... an opportunity card held
W_HAND = 0.05                 # ... a resource card held, up to DISCARD_LIMIT
TEMPERATURE = 1.5             # a seat's chance to win: softmax of the values at this temperature


@jit
def corner_pips(s, c):
    """A corner's production: the chances in 36 of its hexes' numbers (not the bandit's hex)."""
    v = 0.0
    for k in range(3):
        h = CORNER_HEXES[c, k]
        if h >= 0 and h != s['bandit'] and TERRAIN_RESOURCE[s['hex_terrain'][h]] >= 0:
            v += PIPS[s['hex_number'][h]]
    return v


@jit
def best_corner(s, mask, first, rng):
    """Of the legal actions ``first + c`` (c a corner), the most productive corner's, ties at random."""
    best = -1
    best_v = -1.0
    for c in range(NUM_CORNERS):
        if mask[first + c]:
            v = corner_pips(s, c) + randint(rng, PERCENT) / (10.0 * PERCENT)
            if v > best_v:
                best_v = v
                best = first + c
    return best


@jit
def chance(rng, percent):
    return randint(rng, PERCENT) < percent


@jit
def any_in(mask, first, count):
    for a in range(first, first + count):
        if mask[a]:
            return True
    return False


@jit
def pick_in(mask, first, count, rng):
    """A uniformly random legal action among ``first .. first + count - 1`` (one is legal)."""
    n = 0
    for a in range(first, first + count):
        n += mask[a]
    k = randint(rng, n)
    for a in range(first, first + count):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@jit
def bandit_hex(s, mask, me, rng):
    """The hex where the bandit takes the most production from the others and least from me."""
    best = -1
    best_v = -1e9
    for h in range(NUM_HEXES):
        a = MOVE_BANDIT.at(h)
        if not mask[a]:
            continue
        v = randint(rng, PERCENT) / (10.0 * PERCENT)
        if TERRAIN_RESOURCE[s['hex_terrain'][h]] >= 0:
            for k in range(6):
                q = s['corner_owner'][HEX_CORNERS[h, k]]
                if q >= 0:
                    lvl = s['corner_level'][HEX_CORNERS[h, k]] * PIPS[s['hex_number'][h]]
                    v += -3.0 * lvl if q == me else lvl
        if v > best_v:
            best_v = v
            best = a
    return best


@jit
def rollout_action(s, mask, n, rng):
    """The guide's move for the seat to act (``mask`` its ``n`` legal actions)."""
    stage = s['stage']
    me = s['actor']
    if stage == ST_SETUP_VILLAGE:
        return best_corner(s, mask, BUILD_VILLAGE.at(0), rng)
    if stage == ST_PRE_ROLL:
        if mask[PLAY_KNIGHT.at()] and chance(rng, P_PLAY):
            return PLAY_KNIGHT.at()
        return ROLL.at()
    if stage == ST_MAIN:
        if any_in(mask, BUILD_KEEP.at(0), NUM_CORNERS):
            return best_corner(s, mask, BUILD_KEEP.at(0), rng)
        if any_in(mask, BUILD_VILLAGE.at(0), NUM_CORNERS):
            return best_corner(s, mask, BUILD_VILLAGE.at(0), rng)
        for a in (PLAY_KNIGHT.at(), PLAY_ROAD_BUILDING.at(), PLAY_YEAR_OF_PLENTY.at(), PLAY_MONOPOLY.at()):
            if mask[a] and chance(rng, P_PLAY):
                return a
        if any_in(mask, BUILD_ROAD.at(0), NUM_EDGES) and chance(rng, P_ROAD):
            return pick_in(mask, BUILD_ROAD.at(0), NUM_EDGES, rng)
        if mask[BUY_CARD.at()] and chance(rng, P_CARD):
            return BUY_CARD.at()
        # above the discard limit a 7 costs half the hand: it trades the surplus away first
        if any_in(mask, BANK_TRADE.at(0, 0), NUM_RESOURCES * NUM_RESOURCES) and (
                board.hand_size(s, me) > DISCARD_LIMIT or chance(rng, P_BANK)):
            best = -1
            best_v = -1e9
            for give in range(NUM_RESOURCES):
                for get in range(NUM_RESOURCES):
                    if mask[BANK_TRADE.at(give, get)]:
                        v = s['hand'][me, give] - s['hand'][me, get] + randint(rng, PERCENT) / PERCENT
                        if v > best_v:
                            best_v = v
                            best = BANK_TRADE.at(give, get)
            return best
        return END_TURN.at()
    if stage == ST_DISCARD:
        best = -1
        for r in range(NUM_RESOURCES):
            if mask[DISCARD.at(r)] and (best < 0 or s['hand'][me, r] > s['hand'][me, DISCARD.split(best)]):
                best = DISCARD.at(r)
        return best
    if stage == ST_MOVE_BANDIT:
        return bandit_hex(s, mask, me, rng)
    if stage == ST_TRADE_REPLY:
        return TRADE_DECLINE.at()
    if stage == ST_BID_GIVE:
        return NO_OFFER.at()
    if stage == ST_TRADE_CHOOSE:
        return TRADE_CANCEL.at()
    return pick_legal(mask, n, rng)


# The search's prior in the main stage: a share of the probability for each kind of move, split
# evenly among the legal moves of that kind (kinds with no legal move give their share up).
K_KEEP, K_VILLAGE, K_ROAD, K_BANK, K_TABLE, K_OTHER = range(6)
KIND_SHARE = np.array([0.3, 0.3, 0.1, 0.1, 0.02, 0.18])
# Answering another's trade: decline, accept, counter
REPLY_SHARE = np.array([0.6, 0.3, 0.1])


@jit
def main_kind(a):
    if BUILD_KEEP.has(a):
        return K_KEEP
    if BUILD_VILLAGE.has(a):
        return K_VILLAGE
    if BUILD_ROAD.has(a):
        return K_ROAD
    if BANK_TRADE.has(a):
        return K_BANK
    if a == OFFER_TRADE.at() or a == HEAR_OFFERS.at():
        return K_TABLE
    return K_OTHER


@jit
def reply_kind(a):
    if a == TRADE_DECLINE.at() or a == NO_OFFER.at() or a == TRADE_CANCEL.at():
        return 0
    if a == TRADE_ACCEPT.at() or TRADE_COMPLETE.has(a):
        return 1
    return 2


@jit
def prior(s, mask, n, p):
    """The search's prior over the legal moves: in the main stage by kind of move (building first,
    trading with players last); answering trades mostly no; the opening's villages by production;
    else uniform."""
    stage = s['stage']
    p[:] = 0.0
    if stage == ST_SETUP_VILLAGE:
        for c in range(NUM_CORNERS):
            if mask[BUILD_VILLAGE.at(c)]:
                p[BUILD_VILLAGE.at(c)] = 1.0 + corner_pips(s, c) ** 2
    elif stage == ST_MAIN or stage == ST_TRADE_REPLY or stage == ST_BID_GIVE or stage == ST_TRADE_CHOOSE:
        main = stage == ST_MAIN
        count = np.zeros(KIND_SHARE.shape[0])
        for a in range(mask.shape[0]):
            if mask[a]:
                count[main_kind(a) if main else reply_kind(a)] += 1.0
        for a in range(mask.shape[0]):
            if mask[a]:
                k = main_kind(a) if main else reply_kind(a)
                p[a] = (KIND_SHARE[k] if main else REPLY_SHARE[k]) / count[k]
    else:
        for a in range(mask.shape[0]):
            p[a] = 1.0 if mask[a] else 0.0
    total = p.sum()
    for a in range(mask.shape[0]):
        p[a] /= total


@jit
def seat_value(s, p):
    """A seat's standing in points: its points (the victory-point cards of this world too), its
    production, its cards."""
    pips = 0.0
    for c in range(NUM_CORNERS):
        if s['corner_owner'][c] == p:
            pips += s['corner_level'][c] * corner_pips(s, c)
    cards = 0
    for k in range(s['cards'].shape[1]):
        cards += s['cards'][p, k]
    return (W_POINT * board.total_points(s, p) + W_PIP * pips + W_CARD * cards
            + W_HAND * min(board.hand_size(s, p), DISCARD_LIMIT))


@jit
def leaf_values(s, num_players, out):
    """Each seat's chance to win from its standing (a softmax over the seats' values), as a
    reward: 2 p - 1, in (-1, 1) as the rules' rewards."""
    total = 0.0
    for p in range(num_players):
        out[p] = np.exp(seat_value(s, p) / TEMPERATURE)
        total += out[p]
    for p in range(num_players):
        out[p] = 2.0 * out[p] / total - 1.0
