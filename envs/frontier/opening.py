"""The island and the opening (rulebook "The island and the opening"): laying out the island,
the throw for turn order, and the two rounds of a village and a road each.
"""
import numpy as np

from ..common.jit import rule
from ..common.rng import roll_die, shuffle
from .board import corner_free_by_distance, pay_second_village, reveal_harbour_at, update_longest_road
from .content import (BANK_START, DECK_SIZE, DECK_START, FIXED_HARBOURS, FIXED_NUMBER, FIXED_TERRAIN,
                      HARBOUR_KINDS, HOT_NUMBERS, KEEPS_PER_PLAYER, NUMBER_TOKENS, ROADS_PER_PLAYER,
                      TERRAIN_TILES, VILLAGES_PER_PLAYER)
from .state import (BUILD_ROAD, BUILD_VILLAGE, CORNER_EDGES, DESERT, DIE_SIDES, HEX_NEIGHBOURS,
                    MAX_SEATS, NUM_CORNERS, NUM_HARBOURS, NUM_HEXES, ST_SETUP_ROAD,
                    ST_SETUP_VILLAGE, VILLAGE)
from .turn import await_throw


# =========================================================================== the table
@rule
def empty_table(s):
    """What is not zero in a fresh record: nothing built, no holders, no trade, a full bank."""
    s['stage'] = ST_SETUP_VILLAGE
    s['setup_corner'] = -1
    s['winner'] = -1
    s['corner_owner'][:] = -1
    s['edge_owner'][:] = -1
    s['bank'][:] = BANK_START
    s['deck'][:] = -1
    s['deck_size'] = DECK_SIZE
    s['longest_road'] = -1
    s['largest_army'] = -1
    s['trade_give'] = -1
    s['trade_get'] = -1
    s['trade_replier'] = -1
    s['deal_give'][:] = -1
    s['deal_get'][:] = -1


@rule
def shuffle_deck(s):
    """The opportunity cards are "bought" from the top of a shuffled deck."""
    for i in range(DECK_SIZE):
        s['deck'][i] = DECK_START[i]
    shuffle(s['rng'], s['deck'], DECK_SIZE)


@rule
def hand_out_pieces(s):
    """"Each player has five villages, four keeps and fifteen roads"."""
    for p in range(s['num_players']):
        s['villages_left'][p] = VILLAGES_PER_PLAYER
        s['keeps_left'][p] = KEEPS_PER_PLAYER
        s['roads_left'][p] = ROADS_PER_PLAYER


# =========================================================================== the island
@rule
def is_hot(number):
    """A 6 or an 8, "the numbers rolled most"."""
    for hot in HOT_NUMBERS:
        if number == hot:
            return True
    return False


@rule
def hot_numbers_adjacent(s):
    """True if a 6 or 8 sits next to another 6 or 8 ("the 6s and 8s ... never sit side by side")."""
    for h in range(NUM_HEXES):
        if not is_hot(s['hex_number'][h]):
            continue
        for k in range(6):
            o = HEX_NEIGHBOURS[h, k]
            if o >= 0 and is_hot(s['hex_number'][o]):
                return True
    return False


@rule
def lay_random_island(s):
    """Shuffle the terrain tiles onto the hexes, then the number tokens onto every non-desert hex,
    dealing the numbers again until no 6 or 8 touches another 6 or 8; shuffle the harbours."""
    terrain = TERRAIN_TILES.copy()
    shuffle(s['rng'], terrain, terrain.shape[0])
    for h in range(NUM_HEXES):
        s['hex_terrain'][h] = terrain[h]
    numbers = NUMBER_TOKENS.copy()
    while True:
        shuffle(s['rng'], numbers, numbers.shape[0])
        k = 0
        for h in range(NUM_HEXES):
            if s['hex_terrain'][h] == DESERT:
                s['hex_number'][h] = 0
            else:
                s['hex_number'][h] = numbers[k]
                k += 1
        if not hot_numbers_adjacent(s):
            break
    kinds = HARBOUR_KINDS.copy()
    shuffle(s['rng'], kinds, kinds.shape[0])
    for i in range(NUM_HARBOURS):
        s['harbour_kind'][i] = kinds[i]


@rule
def lay_fixed_island(s):
    """The fixed beginner island of content.py."""
    for h in range(NUM_HEXES):
        s['hex_terrain'][h] = FIXED_TERRAIN[h]
        s['hex_number'][h] = FIXED_NUMBER[h]
    for i in range(NUM_HARBOURS):
        s['harbour_kind'][i] = FIXED_HARBOURS[i]


@rule
def desert_hex(s):
    for h in range(NUM_HEXES):
        if s['hex_terrain'][h] == DESERT:
            return h
    return 0


@rule
def lay_island(s):
    """The island of the options (fixed or from the seed), its harbours open unless hidden
    harbours are played; "the bandit starts on the desert"."""
    if s['fixed_island'] != 0:
        lay_fixed_island(s)
    else:
        lay_random_island(s)
    if s['hidden_harbours'] == 0:
        s['harbour_revealed'][:] = 1
    s['bandit'] = desert_hex(s)


# =========================================================================== turn order
@rule
def throw_for_turn_order(s):
    """"Everyone throws for turn order": the highest throw of two dice begins, ties throw again;
    play then goes round the seats in order."""
    n = s['num_players']
    tied = np.zeros(MAX_SEATS, np.int64)   # int64, the rules' one array shape (board.produce)
    for p in range(n):
        tied[p] = 1
    while True:
        best = -1
        count = 0
        first = -1
        throws = np.zeros(MAX_SEATS, np.int64)
        for p in range(n):
            if tied[p]:
                throws[p] = roll_die(s['rng'], DIE_SIDES) + roll_die(s['rng'], DIE_SIDES)
                if throws[p] > best:
                    best = throws[p]
        for p in range(n):
            if tied[p] and throws[p] == best:
                count += 1
                first = p
            else:
                tied[p] = 0
        if count == 1:
            return first


@rule
def begin_opening(s):
    """The winner of the throw places first."""
    first = throw_for_turn_order(s)
    s['first_player'] = first
    s['turn_seat'] = first
    s['actor'] = first


@rule
def setup_seat(s, step):
    """The opening goes "round the table once in order and once in reverse" from the first player."""
    n = s['num_players']
    if step < n:
        return (s['first_player'] + step) % n
    return (s['first_player'] + 2 * n - 1 - step) % n


# =========================================================================== a village and a road
@rule
def mask_setup_village(s, seat, mask):
    """An opening village needs no road, only the distance rule."""
    n = 0
    for c in range(NUM_CORNERS):
        if corner_free_by_distance(s, c):
            mask[BUILD_VILLAGE.at(c)] = True
            n += 1
    return n


@rule
def apply_setup_village(s, seat, a):
    """The opening village on the corner chosen."""
    place_setup_village(s, BUILD_VILLAGE.split(a))


@rule
def place_setup_village(s, c):
    """"Your second village pays you one resource from each hex it touches"."""
    p = s['turn_seat']
    s['corner_owner'][c] = p
    s['corner_level'][c] = VILLAGE
    s['villages_left'][p] -= 1
    reveal_harbour_at(s, c)
    if s['setup_step'] >= s['num_players']:
        pay_second_village(s, p, c)
    s['setup_corner'] = c
    s['stage'] = ST_SETUP_ROAD


@rule
def mask_setup_road(s, seat, mask):
    """The opening road touches the village just placed."""
    n = 0
    c = s['setup_corner']
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if e >= 0 and s['edge_owner'][e] < 0:
            mask[BUILD_ROAD.at(e)] = True
            n += 1
    return n


@rule
def apply_setup_road(s, seat, a):
    """The opening road on the edge chosen."""
    place_setup_road(s, BUILD_ROAD.split(a))


@rule
def place_setup_road(s, e):
    """The next seat of the opening places; after the last road the first player's turn begins."""
    p = s['turn_seat']
    s['edge_owner'][e] = p
    s['roads_left'][p] -= 1
    s['setup_step'] += 1
    s['setup_corner'] = -1
    if s['setup_step'] >= 2 * s['num_players']:
        update_longest_road(s)
        s['turn_seat'] = s['first_player']
        s['turn'] = 1
        await_throw(s)
    else:
        s['turn_seat'] = setup_seat(s, s['setup_step'])
        s['stage'] = ST_SETUP_VILLAGE
