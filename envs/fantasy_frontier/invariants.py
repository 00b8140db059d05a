"""The game's invariants, checked after every step of the fuzz and on every loaded save
(``check_invariants``, re-exported by core.py); ``INVARIANT_NAMES`` says what each code means.

Every component is in exactly one place (80 tiles, 35 research cards, 20 damage markers, 48
resource pieces, the turn player's five workers), the bays hold no more than their capacity,
combat VP covers this turn's hits, and the board, the turn and the end agree with the rules. The
field ranges (``Game.field_ranges``) are checked first, so every index read here is in range.
"""
import numpy as np

from ..common.jit import kernel, rule
from ..common.record import MAX_SEATS as HEADER_SEATS
from .board import adjacent_ships, bay_capacity, bay_load, final_points, hand_limit, victory_points
from .state import (CARDS, CELLS, COMBAT_HITS, COMBAT_VP, DAMAGEABLE, DEV_CARDS, MAP_CARDS, MARKERS, MAX_SEATS,
                    PLAINS, RESOURCES, SPOTS, ST_DISCARD, ST_FACTION, ST_OVER, ST_SETUP_SHIP, ST_SETUP_TILE,
                    SUPPLY_TOTAL, TERRAINS, TILE_COUNTS, TOWNSHIPS, WIN_VP, WORKERS, ST_DEV, ST_COUNTER, ST_AIM,
                    ST_REROLL, ROLL_COMBAT, TURKEY, ST_TAKE, ST_TOWNSHIP, ST_DECLARE, ST_PLACE, ATTACK, DIRS, NEIGHBOUR,
                    ST_TILE_CELL, ST_PHASE1)

INV_TILES = 1
INV_CARDS = 2
INV_MARKERS = 3
INV_RESOURCES = 4
INV_BAYS = 5
INV_POINTS = 6
INV_SHIPS = 7
INV_TOWNSHIPS = 8
INV_HAND = 9
INV_WORKERS = 10
INV_FACTIONS = 11
INV_END = 12
INV_EMPTY_SEAT = 13
INV_BOARD = 14
INV_SEATS = 15
INV_STAGE = 16

INVARIANT_NAMES = {
    INV_TILES: "the 80 terrain tiles are not each in exactly one place (bag, board, a player's hand)",
    INV_CARDS: "the 35 research cards are not each in exactly one place",
    INV_MARKERS: "the 20 damage markers are not each in the supply or on one assignment",
    INV_RESOURCES: "the 48 resource pieces are not each in the supply or in one cargo bay",
    INV_BAYS: "a cargo bay holds more than its capacity",
    INV_POINTS: "combat VP not in fives or short of this turn's hits, or a live game has a player at 40",
    INV_SHIPS: "an airship is off the tiles, or two share a tile",
    INV_TOWNSHIPS: "a township is not on a plains tile, or a player's count disagrees (at most 3)",
    INV_HAND: "a map-card hand is over its limit or disagrees with its count",
    INV_WORKERS: "the turn player's five workers are not each in one place (to place, on a spot, moved on "
                 "by a fish, building, resting), or a spot holds more than were assigned to it",
    INV_FACTIONS: "two players share a faction, or a player lacks one after the set-up",
    INV_END: "the winners or rewards are not those the rules name",
    INV_EMPTY_SEAT: "a seat not at the table holds something",
    INV_BOARD: "a worker stands off the tiles or on a township",
    INV_SEATS: "a field names a seat not at the table",
    INV_STAGE: "the stage disagrees with who acts or with the decision in progress",
}


@rule
def seat_ok(x, n, allow_none):
    return (x == -1 and allow_none) or (0 <= x < n)


@rule
def stage_ok(s):
    """What each stage needs of the record: who acts, and the decision in progress."""
    st = s['stage']
    a = s['actor']
    ts = s['turn_seat']
    n = s['num_players']
    if st == ST_OVER:
        return True
    if st == ST_COUNTER:
        if a == ts or s['counter_ask'] >= s['n_decl'] or s['decl_target'][s['counter_ask']] != a:
            return False
    elif st == ST_AIM:
        sh = s['shooter']
        v = s['victim']
        if sh != a or not seat_ok(v, n, False) or v == sh:
            return False
        if sh == ts:
            if s['shot_kind'] < 0 or s['shot'] >= s['n_decl']:
                return False
        elif s['counter_left'][sh] < 1 or v != ts:
            return False
    elif st == ST_REROLL:
        if s['roll'] < 1:
            return False
        if s['roll_kind'] == ROLL_COMBAT:
            if s['shooter'] != a or not seat_ok(s['victim'], n, False):
                return False
        elif a != ts or s['roll_terrain'] == PLAINS:
            return False
        if s['bays'][a, TURKEY] < 1:
            return False
    elif st == ST_FACTION:
        if s['faction'][a] != -1:
            return False
    elif a != ts:
        return False
    if st == ST_TAKE and (s['owe_res'] < 0 or s['gain'][s['owe_res']] < 1):
        return False
    if (st == ST_DEV) != (s['pending_dev'] >= 0):
        return False
    if st == ST_TOWNSHIP and (s['yield_cell'] < 0 or s['township'][s['yield_cell']] != ts):
        return False
    if st == ST_DECLARE and s['n_decl'] == 0:
        if s['ready'][ATTACK] - s['decl_workers'] < 1:
            return False
        near = False
        for j in range(n):
            if j != a and adjacent_ships(s, a, j):
                near = True
        if not near:
            return False
    if st == ST_PLACE and s['to_place'] < 1:
        return False
    if st == ST_DISCARD and s['hand_count'][a] <= hand_limit(s, a):
        return False
    if st == ST_TOWNSHIP:
        near = False
        for d in range(DIRS):
            x = NEIGHBOUR[s['yield_cell'], d]
            if x >= 0 and s['board'][x] >= 0:
                near = True
        if not near:
            return False
    in_setup = st == ST_TILE_CELL and s['placing_from'] == ST_SETUP_TILE
    setup = st == ST_FACTION or st == ST_SETUP_TILE or st == ST_SETUP_SHIP or in_setup
    if (st == ST_TILE_CELL) != (s['placing'] >= 0):
        return False
    if st == ST_TILE_CELL:
        if s['held'][a, s['placing']] < 1:
            return False
        if s['placing_from'] != ST_SETUP_TILE and s['placing_from'] != ST_PHASE1:
            return False
    f = s['first_player']
    for j in range(n):
        if not setup and s['ship'][j] < 0:
            return False                  # after the set-up every airship is on the board
        if setup:                         # the set-up goes round from the first player
            done = (j - f) % n < (ts - f) % n
            if st == ST_FACTION:
                if s['ship'][j] != -1 or (s['faction'][j] >= 0) != ((j - f) % n < (a - f) % n):
                    return False
            elif (s['ship'][j] >= 0) != done:
                return False
    if st == ST_SETUP_TILE or in_setup:
        if s['ship'][a] != -1 or s['setup_left'] < 1:
            return False
        held = 0
        for t in range(TERRAINS):
            held += s['held'][a, t]
        if held < s['setup_left']:
            return False
    if st == ST_SETUP_SHIP and (s['ship'][a] != -1 or s['setup_left'] != 0):
        return False
    if st == ST_FACTION:                  # nothing is dealt before the factions are chosen
        for c in range(CELLS):
            if s['board'][c] >= 0:
                return False
        for j in range(n):
            if s['hand_count'][j] != 0:
                return False
            for t in range(TERRAINS):
                if s['held'][j, t] != 0:
                    return False
    return True


@kernel
def check_invariants(s):
    n = s['num_players']
    if not (seat_ok(s['first_player'], n, False) and seat_ok(s['turn_seat'], n, False)
            and seat_ok(s['reply_to'], n, True) and seat_ok(s['shooter'], n, True)
            and seat_ok(s['victim'], n, True)):
        return INV_SEATS
    for i in range(s['n_decl']):
        if not seat_ok(s['decl_target'][i], n, False) or s['decl_target'][i] == s['turn_seat']:
            return INV_SEATS
    st = s['stage']
    if s['n_decl'] != 0 and not (st == ST_DECLARE or st == ST_COUNTER or st == ST_AIM or st == ST_OVER
                                 or (st == ST_REROLL and s['roll_kind'] == ROLL_COMBAT)):
        return INV_STAGE                   # a declaration lives only as long as its battle
    if s['stage'] != ST_OVER and not stage_ok(s):
        return INV_STAGE
    # tiles
    for t in range(TERRAINS):
        k = s['bag'][t]
        for c in range(CELLS):
            k += s['board'][c] == t
        for j in range(MAX_SEATS):
            k += s['held'][j, t]
        if k != TILE_COUNTS[t] or s['bag'][t] < 0:
            return INV_TILES
    for j in range(MAX_SEATS):
        for t in range(TERRAINS):
            if s['held'][j, t] < 0:
                return INV_TILES
    # research cards
    seen = np.zeros(CARDS, np.int64)
    for i in range(CARDS):
        c = s['deck'][i]
        if i < s['deck_size']:
            if c < 0:
                return INV_CARDS
            seen[c] += 1
        elif c != -1:
            return INV_CARDS
    for j in range(MAX_SEATS):
        for m in range(MAP_CARDS):
            seen[m] += s['hand'][j, m] + s['scored'][j, m]
        for d in range(DEV_CARDS):
            seen[MAP_CARDS + d] += s['equipped'][j, d]
    for d in range(DEV_CARDS):
        seen[MAP_CARDS + d] += s['sold'][d]
    if s['pending_dev'] >= 0:
        seen[MAP_CARDS + s['pending_dev']] += 1
    for c in range(CARDS):
        if seen[c] != 1:
            return INV_CARDS
    # markers
    k = s['markers']
    for j in range(MAX_SEATS):
        for a in range(DAMAGEABLE):
            k += s['damaged'][j, a]
    if k != MARKERS or s['markers'] < 0:
        return INV_MARKERS
    # resources
    for r in range(RESOURCES):
        k = s['supply'][r]
        for j in range(MAX_SEATS):
            if s['bays'][j, r] < 0:
                return INV_RESOURCES
            k += s['bays'][j, r]
        if k != SUPPLY_TOTAL[r] or s['supply'][r] < 0:
            return INV_RESOURCES
    for j in range(n):
        for r in range(RESOURCES):
            if bay_load(s, j, r) > bay_capacity(s, j):
                return INV_BAYS
    # points (victory_points derives them from their sources, so only combat VP can disagree)
    for j in range(n):
        if s['combat_vp'][j] % COMBAT_VP != 0 or s['combat_vp'][j] < COMBAT_VP * (s['hits'][j] // COMBAT_HITS):
            return INV_POINTS
        if s['stage'] != ST_OVER and victory_points(s, j) >= WIN_VP:
            return INV_POINTS
    # seats not at the table
    for j in range(n, MAX_SEATS):
        if (s['ship'][j] != -1 or s['faction'][j] != -1 or s['hand_count'][j] != 0 or s['combat_vp'][j] != 0
                or s['townships'][j] != 0 or s['winner'][j] != 0 or s['countered'][j] != 0):
            return INV_EMPTY_SEAT
        for r in range(RESOURCES):
            if s['bays'][j, r] != 0:
                return INV_EMPTY_SEAT
        for t in range(TERRAINS):
            if s['held'][j, t] != 0:
                return INV_EMPTY_SEAT
    # airships
    for j in range(n):
        c = s['ship'][j]
        if c >= 0:
            if s['board'][c] < 0:
                return INV_SHIPS
            for i in range(j):
                if s['ship'][i] == c:
                    return INV_SHIPS
    # townships and workers on the ground
    towns = np.zeros(MAX_SEATS, np.int64)
    for c in range(CELLS):
        o = s['township'][c]
        if o >= 0:
            if o >= n or s['board'][c] != PLAINS:
                return INV_TOWNSHIPS
            towns[o] += 1
        g = s['ground'][c]
        if g >= 0:
            if g >= n or s['board'][c] < 0 or o >= 0:
                return INV_BOARD
    for j in range(MAX_SEATS):
        if towns[j] != s['townships'][j] or towns[j] > TOWNSHIPS:
            return INV_TOWNSHIPS
    # hands
    for j in range(n):
        k = 0
        for m in range(MAP_CARDS):
            k += s['hand'][j, m]
        if k != s['hand_count'][j]:
            return INV_HAND
        over = k > hand_limit(s, j)
        if over and not (s['stage'] == ST_DISCARD and j == s['turn_seat'] and k == hand_limit(s, j) + 1):
            return INV_HAND
    # the turn's workers: each of the five once; a fish or a township moves one on from its spot
    if s['stage'] != ST_OVER and s['stage'] != ST_FACTION and s['stage'] != ST_SETUP_TILE \
            and s['stage'] != ST_SETUP_SHIP and not (s['stage'] == ST_TILE_CELL
                                                    and s['placing_from'] == ST_SETUP_TILE):
        ts = s['turn_seat']
        there = 0
        moved = 0
        for sp in range(SPOTS):
            if s['ready'][sp] < 0 or s['spent'][sp] < 0 or s['ready'][sp] + s['spent'][sp] > s['crew'][sp]:
                return INV_WORKERS
            there += s['ready'][sp] + s['spent'][sp]
            moved += s['crew'][sp] - s['ready'][sp] - s['spent'][sp]
        if s['to_place'] + there + s['builders'][ts] + s['resting'] != WORKERS:
            return INV_WORKERS
        if moved != s['fish_used'] + s['builders'][ts]:
            return INV_WORKERS
    # factions
    for j in range(n):
        f = s['faction'][j]
        if f >= 0:
            for i in range(j):
                if s['faction'][i] == f:
                    return INV_FACTIONS
        elif s['stage'] != ST_FACTION:
            return INV_FACTIONS
    # the end
    if s['stage'] == ST_OVER:
        if s['actor'] != -1:
            return INV_END
        best = -1
        for j in range(n):
            if s['final'][j] != final_points(s, j):
                return INV_END
            if s['final'][j] > best:
                best = s['final'][j]
        for j in range(n):
            w = 1 if s['final'][j] == best else 0
            if s['winner'][j] != w:
                return INV_END
            if s['last_rewards'][j] != 0.0 and s['last_rewards'][j] != (1.0 if w else -1.0):
                return INV_END
    else:
        if s['actor'] < 0 or s['actor'] >= n:
            return INV_END
        for j in range(MAX_SEATS):
            if s['winner'][j] != 0:
                return INV_END
        for j in range(HEADER_SEATS):
            if s['last_rewards'][j] != 0.0:
                return INV_END
    return 0
