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
from .board import hand_size, points_held_since_own_turn, public_points, total_points
from .content import (BANK_START, DECK_SIZE, FREE_ROADS, KEEPS_PER_PLAYER, PLENTY_PICKS, ROADS_PER_PLAYER,
                      VILLAGES_PER_PLAYER)
from .state import (CARDS_SCALE, F_BANDIT, F_BANK, F_BUILDING, F_CARD_PLAYED, F_CARDS, F_CARDS_BOUGHT,
                    F_CARDS_HELD, F_CARDS_NEW, F_DEAL_GET, F_DEAL_GET_COUNT, F_DEAL_GIVE, F_DEAL_GIVE_COUNT,
                    F_DECK, F_DICE, F_DISCARDS, F_FREE_ROADS, F_GET, F_GET_COUNT, F_GIVE, F_GIVE_COUNT,
                    F_HAND, F_HAND_SIZE, F_HEARINGS_LEFT, F_HIDDEN_HARBOURS, F_KEEPS_LEFT, F_LARGEST_ARMY,
                    F_LONGEST_ROAD, F_NUMBER, F_ON_TABLE, F_ON_TURN, F_PLAYED, F_PLENTY_LEFT, F_PRESENT,
                    F_PROPOSALS_LEFT, F_PUBLIC_POINTS, F_RATE, F_RATE_HIDDEN, F_REPLY, F_ROAD,
                    F_ROAD_LENGTH, F_ROADS_LEFT, F_ROLLED, F_STAGE, F_TERRAIN, F_TO_ACT, F_TOTAL_POINTS,
                    F_TURN, F_VILLAGES_LEFT, MAX_HEARINGS_PER_TURN, MAX_SEATS, MAX_PROPOSALS_PER_TURN,
                    MIN_THROW, NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES, NUM_HARBOURS, NUM_HEXES,
                    NUM_PLAYABLE_KINDS, NUM_RESOURCES, OBS_CORNERS, OBS_EDGES, OBS_HARBOURS, OBS_HEXES,
                    OBS_OFFER, OBS_PLAYERS, OBS_SIZE, OBS_TABLE, OPPORTUNITY_SCALE, ROAD_LENGTH_SCALE,
                    ST_GAME_OVER, ST_SETUP_ROAD, ST_SETUP_VILLAGE, TURN_SCALE, VICTORY_POINT, VILLAGE,
                    WINNING_POINTS)

CARD_DEAL_TRIES = 32   # shuffles of the opportunity cards tried before one is repaired (determinize)


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
    """Player q's public counts (cards played face up by kind among them, so that what is left
    in the deck can be counted); its hand, cards and hidden points only if ``mine``; whether it
    decides now; its answer or offer on the table."""
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
    for k in range(NUM_PLAYABLE_KINDS):
        out[base + F_PLAYED.at(k)] = s['cards_played'][q, k] / OPPORTUNITY_SCALE
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
    if s['actor'] == q:
        out[base + F_TO_ACT.at()] = 1.0
    out[base + F_REPLY.at(s['trade_reply'][q])] = 1.0
    if s['deal_give'][q] >= 0:
        out[base + F_DEAL_GIVE.at(s['deal_give'][q])] = 1.0
    out[base + F_DEAL_GIVE_COUNT.at()] = s['deal_give_count'][q]
    if s['deal_get'][q] >= 0:
        out[base + F_DEAL_GET.at(s['deal_get'][q])] = 1.0
    out[base + F_DEAL_GET_COUNT.at()] = s['deal_get_count'][q]


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
    out[base + F_HEARINGS_LEFT.at()] = (MAX_HEARINGS_PER_TURN - s['hearings']) / MAX_HEARINGS_PER_TURN
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
    """The resources the trade table shows a player other than ``seat`` to hold: the offer of the
    player on turn, and what each deal put to it gives (an acceptance or a counter hands over what
    was asked; a bid what it offers)."""
    n = s['num_players']
    shown = np.zeros((MAX_SEATS, NUM_RESOURCES), np.int64)
    if s['trade_give'] >= 0 and s['turn_seat'] != seat:
        shown[s['turn_seat'], s['trade_give']] = s['trade_give_count']
    for q in range(n):
        if q != seat and s['deal_give'][q] >= 0:
            shown[q, s['deal_give'][q]] += s['deal_give_count'][q]
    return shown


@rule
def redeal_resources(s, seat):
    """The other players' resources, as one pool: each hand keeps its size and what the table
    shows it holds (so the per-resource totals keep what the bank's public stock implies). In the
    opening every card held is what a second village paid, which the table saw: nothing to
    re-deal."""
    if s['stage'] == ST_SETUP_VILLAGE or s['stage'] == ST_SETUP_ROAD:
        return
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
def victory_point_bounds(s, seat, lo, hi):
    """How many victory-point cards each other player may hold, by what the game's flow shows:
    the game goes on, so the player on turn has under 10 points counting its cards; every other
    player had under 10 when its last turn ended, and what of its points grows only on its own turn
    (``board.points_held_since_own_turn``) is still under 10. Once the game is over its winner has
    10 or more. ``lo``/``hi`` per seat; ``seat`` itself keeps its cards."""
    n = s['num_players']
    p = s['turn_seat']
    for q in range(n):
        lo[q] = 0
        own_turn = points_held_since_own_turn(s, q) - s['cards'][q, VICTORY_POINT]
        hi[q] = WINNING_POINTS - 1 - own_turn
    if s['stage'] == ST_GAME_OVER:
        lo[p] = WINNING_POINTS - public_points(s, p)
        hi[p] = DECK_SIZE
    else:
        hi[p] = min(hi[p], WINNING_POINTS - 1 - public_points(s, p))


@rule
def count_kind(pool, a, b, kind):
    t = 0
    for i in range(a, b):
        if pool[i] == kind:
            t += 1
    return t


@rule
def find_card(pool, a, b, kind, same):
    """The first place in pool[a:b] holding ``kind`` (``same``) or any other kind; -1 if none."""
    for i in range(a, b):
        if (pool[i] == kind) == same:
            return i
    return -1


@rule
def within_bounds(pool, start, stop, lo, hi, places):
    for i in range(places):
        v = count_kind(pool, start[i], stop[i], VICTORY_POINT)
        if v < lo[i] or v > hi[i]:
            return False
    return True


@rule
def move_victory_point(pool, start, stop, lo, hi, places, i, out):
    """Swap one victory point out of place i (``out``) or into it, with a card of another kind from
    a place that can take it (below its ``hi``) or give it (above its ``lo``); False if none can."""
    for j in range(places):
        if j == i:
            continue
        v = count_kind(pool, start[j], stop[j], VICTORY_POINT)
        if (out and v >= hi[j]) or (not out and v <= lo[j]):
            continue
        a = find_card(pool, start[i], stop[i], VICTORY_POINT, out)
        b = find_card(pool, start[j], stop[j], VICTORY_POINT, not out)
        if a >= 0 and b >= 0:
            pool[a], pool[b] = pool[b], pool[a]
            return True
    return False


@rule
def repair_victory_points(pool, start, stop, lo, hi, places):
    """Bring every place within its bounds by swapping victory points with other cards. The real
    deal is one within the bounds, so a place over its ``hi`` always finds another with room and a
    card of another kind, and one under its ``lo`` one with a victory point to spare (taking a point
    down to a ``lo`` never breaks a ``hi``)."""
    for i in range(places):
        while count_kind(pool, start[i], stop[i], VICTORY_POINT) > hi[i]:
            if not move_victory_point(pool, start, stop, lo, hi, places, i, True):
                break
    for i in range(places):
        while count_kind(pool, start[i], stop[i], VICTORY_POINT) < lo[i]:
            if not move_victory_point(pool, start, stop, lo, hi, places, i, False):
                break


@rule
def redeal_cards(s, seat):
    """The other players' unplayed cards together with the undrawn deck: each player keeps how
    many it holds and how many it bought this turn, and as many victory points as the game's flow
    allows (``victory_point_bounds``). Shuffles are drawn until one deal keeps every bound (most
    do; CARD_DEAL_TRIES at most), else the last is repaired by swapping victory points."""
    n = s['num_players']
    pool = np.empty(DECK_SIZE, np.int64)
    bound_lo = np.zeros(MAX_SEATS, np.int64)
    bound_hi = np.zeros(MAX_SEATS, np.int64)
    victory_point_bounds(s, seat, bound_lo, bound_hi)
    # the places: each other player in seat order, then the deck (which takes any number)
    start = np.zeros(MAX_SEATS, np.int64)
    stop = np.zeros(MAX_SEATS, np.int64)
    lo = np.zeros(MAX_SEATS, np.int64)
    hi = np.zeros(MAX_SEATS, np.int64)
    m = 0
    places = 0
    for q in range(n):
        if q != seat:
            start[places] = m
            m = pool_counts(pool, m, s['cards'][q])
            stop[places] = m
            lo[places] = bound_lo[q]
            hi[places] = bound_hi[q]
            places += 1
    start[places] = m
    m = pool_items(pool, m, s['deck'], s['deck_top'], s['deck_size'])
    stop[places] = m
    hi[places] = DECK_SIZE
    places += 1
    dealt = False
    for _ in range(CARD_DEAL_TRIES):
        shuffle_pool(s['rng'], pool, m)
        if within_bounds(pool, start, stop, lo, hi, places):
            dealt = True
            break
    if not dealt:
        repair_victory_points(pool, start, stop, lo, hi, places)
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
    """The rates of the harbours nobody has built on, among themselves (option hidden_harbours).
    On the fixed island the harbours are the beginner island's, which everybody knows."""
    if s['fixed_island'] != 0:
        return
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
    """Re-deal what ``seat`` cannot see, into a world consistent with every public fact and with
    what the game's flow has shown: the other players' resource hands (keeping what the trade
    table shows), their unplayed opportunity cards together with the undrawn deck (keeping the
    victory points each may hold), the rates of hidden harbours nobody has built on, and the future
    dice and steals (the rng reseeded from itself)."""
    redeal_resources(s, seat)
    redeal_cards(s, seat)
    redeal_harbours(s)
    new_future(s['rng'])
