"""What a seat may know: its observation vector, the full-information vector, and the
re-deal of everything it cannot see (``determinize``). Kernels of envs/common/game.py; core.py
re-exports them."""
import numpy as np
from numba.extending import register_jitable

from ..common.jit import kernel
from ..common.rng import random_u64, seed_rng, shuffle
from .board import hand_size, public_points, total_points
from .state import (GENERAL_HARBOUR, KNIGHT, MAX_PLAYERS, MAX_PROPOSALS_PER_TURN,
                    NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES, NUM_HARBOURS, NUM_HEXES, NUM_STAGES,
                    NUM_RESOURCES, NUM_TERRAINS, REPLY_ACCEPT, REPLY_COUNTER)


# =========================================================================== observations
@register_jitable
def _put(out, i, v):
    out[i] = v
    return i + 1


@kernel
def encode(s, seat, out, full):
    """``seat``'s view, seat-relative: the island, harbours (hidden ones masked), pieces, each
    player from ``seat`` on in turn order (hands and cards only as counts for others), the bank,
    the phase and the trade on the table. With ``full`` every hidden fact is written too."""
    out[:] = 0.0
    n = s['num_players']
    i = 0
    for h in range(NUM_HEXES):
        out[i + s['hex_terrain'][h]] = 1.0
        i += NUM_TERRAINS
        if s['hex_number'][h] >= 2:
            out[i + s['hex_number'][h] - 2] = 1.0
        i += 11
        i = _put(out, i, 1.0 if s['bandit'] == h else 0.0)
    for hb in range(NUM_HARBOURS):
        if full or s['harbour_revealed'][hb] != 0:
            out[i + s['harbour_kind'][hb]] = 1.0
        else:
            out[i + GENERAL_HARBOUR + 1] = 1.0  # "rate hidden"
        i += GENERAL_HARBOUR + 2
    for c in range(NUM_CORNERS):
        o = s['corner_owner'][c]
        if o >= 0:
            rel = (o - seat + n) % n
            out[i + 2 * rel + s['corner_level'][c] - 1] = 1.0
        i += 2 * MAX_PLAYERS
    for e in range(NUM_EDGES):
        o = s['edge_owner'][e]
        if o >= 0:
            out[i + (o - seat + n) % n] = 1.0
        i += MAX_PLAYERS
    for rel in range(MAX_PLAYERS):
        if rel >= n:
            i += 40
            continue
        q = (seat + rel) % n
        mine = full or q == seat
        i = _put(out, i, 1.0)
        for r in range(NUM_RESOURCES):
            i = _put(out, i, 0.1 * s['hand'][q, r] if mine else 0.0)
        i = _put(out, i, 0.1 * hand_size(s, q))
        held = 0
        new = 0
        for k in range(NUM_CARD_KINDS):
            held += s['cards'][q, k]
            new += s['cards_new'][q, k]
        for k in range(NUM_CARD_KINDS):
            i = _put(out, i, 0.2 * s['cards'][q, k] if mine else 0.0)
        for k in range(NUM_CARD_KINDS):
            i = _put(out, i, 1.0 * s['cards_new'][q, k] if mine else 0.0)
        i = _put(out, i, 0.2 * held)
        i = _put(out, i, 1.0 * new)
        i = _put(out, i, 0.2 * s['cards_played'][q, KNIGHT])
        i = _put(out, i, 0.2 * s['villages_left'][q])
        i = _put(out, i, 0.25 * s['keeps_left'][q])
        i = _put(out, i, 1.0 / 15.0 * s['roads_left'][q])
        i = _put(out, i, 0.1 * s['road_length'][q])
        i = _put(out, i, 1.0 if s['longest_road'] == q else 0.0)
        i = _put(out, i, 1.0 if s['largest_army'] == q else 0.0)
        i = _put(out, i, 0.1 * public_points(s, q))
        i = _put(out, i, 0.1 * total_points(s, q) if mine else 0.0)
        i = _put(out, i, 0.1 * s['discard_left'][q])
        i = _put(out, i, 1.0 if s['turn_seat'] == q else 0.0)
        out[i + s['trade_reply'][q]] = 1.0
        i += 4
        if s['trade_counter'][q] >= 0:
            out[i + s['trade_counter'][q]] = 1.0
        i += NUM_RESOURCES
        i = _put(out, i, 1.0 * s['trade_counter_count'][q])
    for r in range(NUM_RESOURCES):
        i = _put(out, i, s['bank'][r] / 19.0)
    i = _put(out, i, (s['deck_size'] - s['deck_top']) / 25.0)
    out[i + s['stage']] = 1.0
    i += NUM_STAGES
    d = s['dice'][0] + s['dice'][1]
    if d >= 2:
        out[i + d - 2] = 1.0
    i += 11
    i = _put(out, i, 1.0 * s['rolled'])
    i = _put(out, i, 1.0 * s['card_played'])
    i = _put(out, i, (MAX_PROPOSALS_PER_TURN - s['proposals']) / MAX_PROPOSALS_PER_TURN)
    i = _put(out, i, 0.5 * s['free_roads'])
    i = _put(out, i, 0.5 * s['plenty_left'])
    i = _put(out, i, 1.0 * s['hidden_harbours'])
    i = _put(out, i, 0.01 * s['turn'])
    i = _put(out, i, 1.0 if s['trade_get'] >= 0 else 0.0)
    if s['trade_give'] >= 0:
        out[i + s['trade_give']] = 1.0
    i += NUM_RESOURCES
    i = _put(out, i, 1.0 * s['trade_give_count'])
    if s['trade_get'] >= 0:
        out[i + s['trade_get']] = 1.0
    i += NUM_RESOURCES
    i = _put(out, i, 1.0 * s['trade_get_count'])
    return i


@kernel
def observe(s, seat, out):
    return encode(s, seat, out, False)


@kernel
def state_vector(s, out):
    """Full information, from seat 0's side: every hand, card and harbour rate."""
    encode(s, 0, out, True)


# =========================================================================== determinisation
@kernel
def determinize(s, seat):
    """Re-deal what ``seat`` cannot see: the other players' resource hands (as one pool, keeping
    each hand's size, the per-resource totals the bank's public stock implies, and the cards a
    player is known to hold because an offer, an acceptance or being asked to answer shows them),
    the other players' unplayed opportunity cards together with the undrawn deck (keeping how many each holds
    and how many were bought this turn), the rates of hidden harbours nobody has built on, and the
    future dice (the rng reseeded from itself)."""
    n = s['num_players']
    rng = s['rng']
    # --- resources
    reserved = np.zeros((MAX_PLAYERS, NUM_RESOURCES), np.int64)
    if s['trade_give'] >= 0:
        if s['turn_seat'] != seat:
            reserved[s['turn_seat'], s['trade_give']] = s['trade_give_count']
        if s['trade_get'] >= 0:
            for q in range(n):
                answered = s['trade_reply'][q] == REPLY_ACCEPT or s['trade_reply'][q] == REPLY_COUNTER
                if q != seat and (answered or q == s['trade_replier']):
                    reserved[q, s['trade_get']] = s['trade_get_count']
    pool = np.empty(19 * NUM_RESOURCES, np.int64)
    m = 0
    for q in range(n):
        if q == seat:
            continue
        for r in range(NUM_RESOURCES):
            for _ in range(s['hand'][q, r] - reserved[q, r]):
                pool[m] = r
                m += 1
    shuffle(rng, pool, m)
    j = 0
    for q in range(n):
        if q == seat:
            continue
        free = hand_size(s, q)
        for r in range(NUM_RESOURCES):
            free -= reserved[q, r]
            s['hand'][q, r] = reserved[q, r]
        for _ in range(free):
            s['hand'][q, pool[j]] += 1
            j += 1
    # --- opportunity cards
    cards = np.empty(32, np.int64)
    m = 0
    for t in range(s['deck_top'], s['deck_size']):
        cards[m] = s['deck'][t]
        m += 1
    for q in range(n):
        if q == seat:
            continue
        for k in range(NUM_CARD_KINDS):
            for _ in range(s['cards'][q, k]):
                cards[m] = k
                m += 1
    shuffle(rng, cards, m)
    j = 0
    for q in range(n):
        if q == seat:
            continue
        held = 0
        new = 0
        for k in range(NUM_CARD_KINDS):
            held += s['cards'][q, k]
            new += s['cards_new'][q, k]
            s['cards'][q, k] = 0
            s['cards_new'][q, k] = 0
        for t in range(held):
            k = cards[j]
            j += 1
            s['cards'][q, k] += 1
            if t < new:
                s['cards_new'][q, k] += 1
    for t in range(s['deck_top'], s['deck_size']):
        s['deck'][t] = cards[j]
        j += 1
    # --- hidden harbours
    kinds = np.empty(NUM_HARBOURS, np.int64)
    m = 0
    for hb in range(NUM_HARBOURS):
        if s['harbour_revealed'][hb] == 0:
            kinds[m] = s['harbour_kind'][hb]
            m += 1
    shuffle(rng, kinds, m)
    m = 0
    for hb in range(NUM_HARBOURS):
        if s['harbour_revealed'][hb] == 0:
            s['harbour_kind'][hb] = kinds[m]
            m += 1
    # --- the future dice and steals
    seed_rng(rng, random_u64(rng))
