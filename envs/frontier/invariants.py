"""The game's invariants, checked after every step of the fuzz (``check_invariants``; a kernel
of envs/common/game.py, re-exported by core.py): 0 when all hold, else the code of the first that
breaks."""
from ..common.jit import kernel
from .board import longest_trail, total_points
from .content import BANK_START, CARD_COUNTS, KEEPS_PER_PLAYER, ROADS_PER_PLAYER, VILLAGES_PER_PLAYER
from .state import (CORNER_CORNERS, CORNER_EDGES, EDGE_CORNERS, KEEP, KNIGHT, LARGEST_ARMY_MIN,
                    LONGEST_ROAD_MIN, NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES, NUM_RESOURCES,
                    ST_DISCARD, ST_GAME_OVER, ST_SETUP_ROAD, ST_SETUP_VILLAGE,
                    ST_TRADE_REPLY, VILLAGE, WINNING_POINTS)


INV_SUPPLY = 1
INV_NEGATIVE = 2
INV_PIECES = 3
INV_LONGEST_ROAD = 4
INV_LARGEST_ARMY = 5
INV_CARD_PLACES = 6
INV_DISTANCE = 7
INV_WINNER = 8
INV_ACTOR = 9
INV_ROAD_NETWORK = 10
INVARIANT_NAMES = {
    INV_SUPPLY: "resources in hands plus the bank are not 19 of each",
    INV_NEGATIVE: "a negative count",
    INV_PIECES: "pieces on the board plus pieces left do not match the limits",
    INV_LONGEST_ROAD: "stored road lengths or the longest-road holder disagree with the board",
    INV_LARGEST_ARMY: "the largest-army holder is wrong",
    INV_CARD_PLACES: "opportunity cards are not all in exactly one place",
    INV_DISTANCE: "two buildings on neighbouring corners",
    INV_WINNER: "a live game whose player on turn has 10 points, or a winner without 10",
    INV_ACTOR: "the seat to act does not match the stage",
    INV_ROAD_NETWORK: "a road not connected to its owner's network",
}


@kernel
def check_invariants(s):
    n = s['num_players']
    for r in range(NUM_RESOURCES):
        t = s['bank'][r]
        if t < 0:
            return INV_NEGATIVE
        for p in range(n):
            if s['hand'][p, r] < 0:
                return INV_NEGATIVE
            t += s['hand'][p, r]
        if t != BANK_START:
            return INV_SUPPLY
    for p in range(n):
        v = 0
        k = 0
        rd = 0
        for c in range(NUM_CORNERS):
            if s['corner_owner'][c] == p:
                if s['corner_level'][c] == VILLAGE:
                    v += 1
                elif s['corner_level'][c] == KEEP:
                    k += 1
        for e in range(NUM_EDGES):
            if s['edge_owner'][e] == p:
                rd += 1
        if (v + s['villages_left'][p] != VILLAGES_PER_PLAYER or k + s['keeps_left'][p] != KEEPS_PER_PLAYER
                or rd + s['roads_left'][p] != ROADS_PER_PLAYER or s['villages_left'][p] < 0
                or s['keeps_left'][p] < 0 or s['roads_left'][p] < 0):
            return INV_PIECES
    best = 0
    for p in range(n):
        if s['road_length'][p] != longest_trail(s, p):
            if s['stage'] != ST_SETUP_VILLAGE and s['stage'] != ST_SETUP_ROAD:
                return INV_LONGEST_ROAD
        if s['road_length'][p] > best:
            best = s['road_length'][p]
    h = s['longest_road']
    if h >= 0 and (s['road_length'][h] < LONGEST_ROAD_MIN or s['road_length'][h] != best):
        return INV_LONGEST_ROAD
    if h < 0 and best >= LONGEST_ROAD_MIN:
        count = 0
        for p in range(n):
            if s['road_length'][p] == best:
                count += 1
        if count == 1:
            return INV_LONGEST_ROAD
    a = s['largest_army']
    for p in range(n):
        if s['cards_played'][p, KNIGHT] >= LARGEST_ARMY_MIN and a < 0:
            return INV_LARGEST_ARMY
        if a >= 0 and s['cards_played'][p, KNIGHT] > s['cards_played'][a, KNIGHT]:
            return INV_LARGEST_ARMY
    if a >= 0 and s['cards_played'][a, KNIGHT] < LARGEST_ARMY_MIN:
        return INV_LARGEST_ARMY
    for k in range(NUM_CARD_KINDS):
        t = 0
        for i in range(s['deck_top'], s['deck_size']):
            if s['deck'][i] == k:
                t += 1
        for p in range(n):
            if s['cards_new'][p, k] > s['cards'][p, k] or s['cards_new'][p, k] < 0:
                return INV_CARD_PLACES
            t += s['cards'][p, k] + s['cards_played'][p, k]
        if t != CARD_COUNTS[k]:
            return INV_CARD_PLACES
    for c in range(NUM_CORNERS):
        if s['corner_owner'][c] >= 0:
            for k in range(3):
                o = CORNER_CORNERS[c, k]
                if o >= 0 and s['corner_owner'][o] >= 0:
                    return INV_DISTANCE
    if s['stage'] == ST_GAME_OVER:
        if s['winner'] < 0 or total_points(s, s['winner']) < WINNING_POINTS:
            return INV_WINNER
    elif s['stage'] != ST_SETUP_VILLAGE and s['stage'] != ST_SETUP_ROAD:
        if total_points(s, s['turn_seat']) >= WINNING_POINTS:
            return INV_WINNER
    stage = s['stage']
    if stage == ST_GAME_OVER:
        if s['actor'] != -1:
            return INV_ACTOR
    elif stage == ST_DISCARD:
        if s['actor'] < 0 or s['discard_left'][s['actor']] <= 0:
            return INV_ACTOR
    elif stage == ST_TRADE_REPLY:
        if s['actor'] == s['turn_seat'] or s['actor'] < 0:
            return INV_ACTOR
    elif s['actor'] != s['turn_seat']:
        return INV_ACTOR
    for e in range(NUM_EDGES):
        p = s['edge_owner'][e]
        if p < 0:
            continue
        ok = False
        for j in range(2):
            c = EDGE_CORNERS[e, j]
            if s['corner_owner'][c] == p:
                ok = True
            for k in range(3):
                f = CORNER_EDGES[c, k]
                if f >= 0 and f != e and s['edge_owner'][f] == p:
                    ok = True
        if not ok:
            return INV_ROAD_NETWORK
    return 0
