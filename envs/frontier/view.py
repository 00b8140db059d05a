"""What a seat may know: its observation vector, the full-information vector, and the
re-deal of everything it cannot see (``determinize``). Kernels of envs/common/game.py; core.py
re-exports them.

The vector is written block by block as state.py's ``OBSERVATION`` declares, each feature at its
named place inside its block (``HEX``, ``HARBOUR``, ``CORNER``, ``EDGE``, ``PLAYER``, ``TABLE``,
``OFFER``); counts are divided by their bound or by a named scale.
"""
import numpy as np

from ..common.deal import deal_counts, deal_items, new_future, pool_counts, pool_items, shuffle_pool
from ..common.jit import kernel, rule
from .board import hand_size, public_points, total_points
from .content import (BANK_START, DECK_SIZE, FREE_ROADS, KEEPS_PER_PLAYER, PLENTY_PICKS, ROADS_PER_PLAYER,
                      VILLAGES_PER_PLAYER)
from .state import (CARDS_SCALE, F_BANDIT, F_BANK, F_BUILDING, F_CARD_PLAYED, F_CARDS, F_CARDS_BOUGHT,
                    F_CARDS_HELD, F_CARDS_NEW, F_COUNTER, F_COUNTER_COUNT, F_DECK, F_DICE, F_DISCARDS,
                    F_FREE_ROADS, F_GET, F_GET_COUNT, F_GIVE, F_GIVE_COUNT, F_HAND, F_HAND_SIZE,
                    F_HIDDEN_HARBOURS, F_KEEPS_LEFT, F_KNIGHTS, F_LARGEST_ARMY, F_LONGEST_ROAD, F_NUMBER,
                    F_ON_TABLE, F_ON_TURN, F_PLENTY_LEFT, F_PRESENT, F_PROPOSALS_LEFT, F_PUBLIC_POINTS,
                    F_RATE, F_RATE_HIDDEN, F_REPLY, F_ROAD, F_ROAD_LENGTH, F_ROADS_LEFT, F_ROLLED,
                    F_STAGE, F_TERRAIN, F_TOTAL_POINTS, F_TURN, F_VILLAGES_LEFT, KNIGHT, MAX_PLAYERS,
                    MAX_PROPOSALS_PER_TURN, MIN_THROW, NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES,
                    NUM_HARBOURS, NUM_HEXES, NUM_RESOURCES, OBS_CORNERS, OBS_EDGES, OBS_HARBOURS,
                    OBS_HEXES, OBS_OFFER, OBS_PLAYERS, OBS_SIZE, OBS_TABLE, OPPORTUNITY_SCALE,
                    REPLY_ACCEPT, REPLY_COUNTER, ROAD_LENGTH_SCALE, TURN_SCALE, VILLAGE, WINNING_POINTS)


# =========================================================================== observations
@rule
def see_island(s, out, full):
    """Each hex's terrain, number and the bandit; each harbour's rate, unless it is hidden."""
    for h in range(NUM_HEXES):
        base = OBS_HEXES.at(h, 0)
        out[base + F_TERRAIN.at(s['hex_terrain'][h])] = 1.0
        if s['hex_number'][h] >= MIN_THROW:
            out[base + F_NUMBER.at(s['hex_number'][h] - MIN_THROW)] = 1.0
        if s['bandit'] == h:
            out[base + F_BANDIT.at()] = 1.0
    for hb in range(NUM_HARBOURS):
        base = OBS_HARBOURS.at(hb, 0)
        if full or s['harbour_revealed'][hb] != 0:
            out[base + F_RATE.at(s['harbour_kind'][hb])] = 1.0
        else:
            out[base + F_RATE_HIDDEN.at()] = 1.0


@rule
def see_pieces(s, seat, out):
    """Every village, keep and road, by its owner's seat relative to ``seat``."""
    n = s['num_players']
    for c in range(NUM_CORNERS):
        o = s['corner_owner'][c]
        if o >= 0:
            rel = (o - seat + n) % n
            out[OBS_CORNERS.at(c, 0) + F_BUILDING.at(rel, s['corner_level'][c] - VILLAGE)] = 1.0
    for e in range(NUM_EDGES):
        o = s['edge_owner'][e]
        if o >= 0:
            rel = (o - seat + n) % n
            out[OBS_EDGES.at(e, 0) + F_ROAD.at(rel)] = 1.0


@rule
def see_player(s, q, mine, out, base):
    """Player q's public counts; its hand, cards and hidden points only if ``mine``."""
    out[base + F_PRESENT.at()] = 1.0
    if mine:
        for r in range(NUM_RESOURCES):
            out[base + F_HAND.at(r)] = s['hand'][q, r] / CARDS_SCALE
    out[base + F_HAND_SIZE.at()] = hand_size(s, q) / CARDS_SCALE
    held = 0
    new = 0
    for k in range(NUM_CARD_KINDS):
        held += s['cards'][q, k]
        new += s['cards_new'][q, k]
    if mine:
        for k in range(NUM_CARD_KINDS):
            out[base + F_CARDS.at(k)] = s['cards'][q, k] / OPPORTUNITY_SCALE
            out[base + F_CARDS_NEW.at(k)] = s['cards_new'][q, k]
    out[base + F_CARDS_HELD.at()] = held / OPPORTUNITY_SCALE
    out[base + F_CARDS_BOUGHT.at()] = new
    out[base + F_KNIGHTS.at()] = s['cards_played'][q, KNIGHT] / OPPORTUNITY_SCALE
    out[base + F_VILLAGES_LEFT.at()] = s['villages_left'][q] / VILLAGES_PER_PLAYER
    out[base + F_KEEPS_LEFT.at()] = s['keeps_left'][q] / KEEPS_PER_PLAYER
    out[base + F_ROADS_LEFT.at()] = s['roads_left'][q] / ROADS_PER_PLAYER
    out[base + F_ROAD_LENGTH.at()] = s['road_length'][q] / ROAD_LENGTH_SCALE
    if s['longest_road'] == q:
        out[base + F_LONGEST_ROAD.at()] = 1.0
    if s['largest_army'] == q:
        out[base + F_LARGEST_ARMY.at()] = 1.0
    out[base + F_PUBLIC_POINTS.at()] = public_points(s, q) / WINNING_POINTS
    if mine:
        out[base + F_TOTAL_POINTS.at()] = total_points(s, q) / WINNING_POINTS
    out[base + F_DISCARDS.at()] = s['discard_left'][q] / CARDS_SCALE
    if s['turn_seat'] == q:
        out[base + F_ON_TURN.at()] = 1.0
    out[base + F_REPLY.at(s['trade_reply'][q])] = 1.0
    if s['trade_counter'][q] >= 0:
        out[base + F_COUNTER.at(s['trade_counter'][q])] = 1.0
    out[base + F_COUNTER_COUNT.at()] = s['trade_counter_count'][q]


@rule
def see_table(s, out):
    """The supply, the deck, the stage, the last throw and the turn's counters."""
    base = OBS_TABLE.start
    for r in range(NUM_RESOURCES):
        out[base + F_BANK.at(r)] = s['bank'][r] / BANK_START
    out[base + F_DECK.at()] = (s['deck_size'] - s['deck_top']) / DECK_SIZE
    out[base + F_STAGE.at(s['stage'])] = 1.0
    throw = s['dice'][0] + s['dice'][1]
    if throw >= MIN_THROW:
        out[base + F_DICE.at(throw - MIN_THROW)] = 1.0
    out[base + F_ROLLED.at()] = s['rolled']
    out[base + F_CARD_PLAYED.at()] = s['card_played']
    out[base + F_PROPOSALS_LEFT.at()] = (MAX_PROPOSALS_PER_TURN - s['proposals']) / MAX_PROPOSALS_PER_TURN
    out[base + F_FREE_ROADS.at()] = s['free_roads'] / FREE_ROADS
    out[base + F_PLENTY_LEFT.at()] = s['plenty_left'] / PLENTY_PICKS
    out[base + F_HIDDEN_HARBOURS.at()] = s['hidden_harbours']
    out[base + F_TURN.at()] = s['turn'] / TURN_SCALE


@rule
def see_offer(s, out):
    """The offer on the table: what the proposer gives and asks for."""
    base = OBS_OFFER.start
    if s['trade_get'] >= 0:
        out[base + F_ON_TABLE.at()] = 1.0
    if s['trade_give'] >= 0:
        out[base + F_GIVE.at(s['trade_give'])] = 1.0
    out[base + F_GIVE_COUNT.at()] = s['trade_give_count']
    if s['trade_get'] >= 0:
        out[base + F_GET.at(s['trade_get'])] = 1.0
    out[base + F_GET_COUNT.at()] = s['trade_get_count']


@rule
def encode(s, seat, out, full):
    """``seat``'s view, seat-relative: the island, harbours (hidden ones masked), pieces, each
    player from ``seat`` on in turn order (hands and cards only as counts for others), the bank,
    the stage and the trade on the table. With ``full`` every hidden fact is written too."""
    out[:] = 0.0
    n = s['num_players']
    see_island(s, out, full)
    see_pieces(s, seat, out)
    for rel in range(n):
        q = (seat + rel) % n
        see_player(s, q, full or q == seat, out, OBS_PLAYERS.at(rel, 0))
    see_table(s, out)
    see_offer(s, out)
    return OBS_SIZE


@kernel
def observe(s, seat, out):
    return encode(s, seat, out, False)


@kernel
def state_vector(s, out):
    """Full information, from seat 0's side: every hand, card and harbour rate."""
    encode(s, 0, out, True)


# =========================================================================== determinisation
@rule
def shown_resources(s, seat):
    """The resources the trade table shows a player other than ``seat`` to hold: the proposer's
    offer, and what was asked of each player who accepted, countered or is answering now."""
    n = s['num_players']
    shown = np.zeros((MAX_PLAYERS, NUM_RESOURCES), np.int64)
    if s['trade_give'] >= 0:
        if s['turn_seat'] != seat:
            shown[s['turn_seat'], s['trade_give']] = s['trade_give_count']
        if s['trade_get'] >= 0:
            for q in range(n):
                answered = s['trade_reply'][q] == REPLY_ACCEPT or s['trade_reply'][q] == REPLY_COUNTER
                if q != seat and (answered or q == s['trade_replier']):
                    shown[q, s['trade_get']] = s['trade_get_count']
    return shown


@rule
def redeal_resources(s, seat):
    """The other players' resources, as one pool: each hand keeps its size and what the table
    shows it holds (so the per-resource totals keep what the bank's public stock implies)."""
    n = s['num_players']
    shown = shown_resources(s, seat)
    pool = np.empty(BANK_START * NUM_RESOURCES, np.int64)
    m = 0
    for q in range(n):
        if q != seat:
            m = pool_counts(pool, m, s['hand'][q] - shown[q])
    shuffle_pool(s['rng'], pool, m)
    dealt = np.zeros(NUM_RESOURCES, np.int64)
    j = 0
    for q in range(n):
        if q != seat:
            j = deal_counts(pool, j, dealt, hand_size(s, q) - shown[q].sum())
            for r in range(NUM_RESOURCES):
                s['hand'][q, r] = shown[q, r] + dealt[r]


@rule
def redeal_cards(s, seat):
    """The other players' unplayed cards together with the undrawn deck: each player keeps how
    many it holds and how many it bought this turn."""
    n = s['num_players']
    pool = np.empty(DECK_SIZE, np.int64)
    m = pool_items(pool, 0, s['deck'], s['deck_top'], s['deck_size'])
    for q in range(n):
        if q != seat:
            m = pool_counts(pool, m, s['cards'][q])
    shuffle_pool(s['rng'], pool, m)
    j = 0
    for q in range(n):
        if q != seat:
            held = 0
            new = 0
            for k in range(NUM_CARD_KINDS):
                held += s['cards'][q, k]
                new += s['cards_new'][q, k]
            deal_counts(pool, j, s['cards_new'][q], new)  # the first cards dealt are the new ones
            j = deal_counts(pool, j, s['cards'][q], held)
    deal_items(pool, j, s['deck'], s['deck_top'], s['deck_size'])


@rule
def redeal_harbours(s):
    """The rates of the harbours nobody has built on, among themselves (option hidden_harbours)."""
    pool = np.empty(NUM_HARBOURS, np.int64)
    m = 0
    for hb in range(NUM_HARBOURS):
        if s['harbour_revealed'][hb] == 0:
            m = pool_items(pool, m, s['harbour_kind'], hb, hb + 1)
    shuffle_pool(s['rng'], pool, m)
    j = 0
    for hb in range(NUM_HARBOURS):
        if s['harbour_revealed'][hb] == 0:
            j = deal_items(pool, j, s['harbour_kind'], hb, hb + 1)


@kernel
def determinize(s, seat):
    """Re-deal what ``seat`` cannot see: the other players' resource hands, their unplayed
    opportunity cards together with the undrawn deck, the rates of hidden harbours nobody has
    built on, and the future dice and steals (the rng reseeded from itself)."""
    redeal_resources(s, seat)
    redeal_cards(s, seat)
    redeal_harbours(s)
    new_future(s['rng'])
