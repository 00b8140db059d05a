"""Preparation and set-up: factions in player order, a starting map card and two tiles each, the
opening board tile by tile and the airships (rulebook: "Preparation", "Game Set-Up")."""
from ..common.jit import rule
from ..common.rng import randint, shuffle
from .board import can_place_tile, draw_tile, has_tile, place_tile, ship_at
from .state import (CELL, CENTRE, CELLS, FACTION, FACTIONS, MAP_CARDS, START_TILES, ST_FACTION, ST_PHASE1,
                    ST_SETUP_SHIP, ST_SETUP_TILE, ST_TILE_CELL, TERRAINS, TILE)
from .turn import start_turn


@rule
def draw_starting_map(s, seat):
    """"Draws 1 map card ... If a development card is drawn return it to the research deck and draw
    again until a map card is drawn ... Shuffle the research deck again if needed"."""
    while True:
        s['deck_size'] -= 1
        c = s['deck'][0]
        for i in range(s['deck_size']):
            s['deck'][i] = s['deck'][i + 1]
        s['deck'][s['deck_size']] = -1
        if c < MAP_CARDS:
            s['hand'][seat, c] = 1
            s['hand_count'][seat] += 1
            break
        s['deck'][s['deck_size']] = c          # back under the deck
        s['deck_size'] += 1
    shuffle(s['rng'], s['deck'], s['deck_size'])


@rule
def deal_starts(s):
    """Each player: a starting map card and two terrain tiles from the bag."""
    for seat in range(s['num_players']):
        draw_starting_map(s, seat)
        for _ in range(START_TILES):
            t = draw_tile(s)
            s['held'][seat, t] += 1


@rule
def begin_factions(s):
    """"The starting player selects which faction he would like to play then the remaining players
    select their factions in their respective player order" (or, by option, dealt at random)."""
    if s['random_factions']:
        order = [0, 1, 2, 3]
        for i in range(FACTIONS - 1, 0, -1):
            j = randint(s['rng'], i + 1)
            t = order[i]
            order[i] = order[j]
            order[j] = t
        n = s['num_players']
        for k in range(n):
            s['faction'][(s['first_player'] + k) % n] = order[k]
        begin_opening_board(s)
    else:
        s['stage'] = ST_FACTION
        s['actor'] = s['first_player']


@rule
def mask_faction(s, seat, mask):
    count = 0
    for f in range(FACTIONS):
        taken = False
        for j in range(s['num_players']):
            if s['faction'][j] == f:
                taken = True
        if not taken:
            mask[FACTION.at(f)] = True
            count += 1
    return count


@rule
def apply_faction(s, seat, a):
    s['faction'][seat] = FACTION.split(a)
    nxt = (seat + 1) % s['num_players']
    if nxt == s['first_player']:
        begin_opening_board(s)
    else:
        s['actor'] = nxt


@rule
def begin_opening_board(s):
    """The factions chosen, each player "takes the 1 airship player board of their chosen faction",
    draws his map card and his two tiles; then set-up 1: the starting player places his two tiles
    adjacent to each other in the centre."""
    deal_starts(s)
    s['turn_seat'] = s['first_player']
    s['actor'] = s['first_player']
    s['stage'] = ST_SETUP_TILE
    s['setup_left'] = START_TILES


@rule
def mask_setup_tile(s, seat, mask):
    """Which of one's two opening tiles goes down next."""
    count = 0
    for t in range(TERRAINS):
        if s['held'][seat, t] > 0:
            mask[TILE.at(t)] = True
            count += 1
    return count


@rule
def apply_setup_tile(s, seat, a):
    s['placing'] = TILE.split(a)
    s['placing_from'] = ST_SETUP_TILE
    s['stage'] = ST_TILE_CELL


@rule
def mask_tile_cell(s, seat, mask):
    """Where the picked-up tile goes: the very first tile of the game on the centre; every other
    adjacent to a tile already there."""
    if s['board'][CENTRE] < 0 and s['placing_from'] == ST_SETUP_TILE:
        empty = True
        for c in range(CELLS):
            if s['board'][c] >= 0:
                empty = False
        if empty:
            mask[CELL.at(CENTRE)] = True
            return 1
    count = 0
    for c in range(CELLS):
        if can_place_tile(s, c):
            mask[CELL.at(c)] = True
            count += 1
    return count


@rule
def apply_tile_cell(s, seat, a):
    """The tile goes down; back to the set-up (or its airship) or to phase 1."""
    place_tile(s, seat, s['placing'], CELL.split(a))
    s['placing'] = -1
    if s['placing_from'] == ST_SETUP_TILE:
        s['setup_left'] -= 1
        s['stage'] = ST_SETUP_SHIP if s['setup_left'] == 0 else ST_SETUP_TILE
    else:
        s['stage'] = ST_PHASE1


@rule
def mask_setup_ship(s, seat, mask):
    """"Places his airship game piece onto any unoccupied tile"."""
    count = 0
    for c in range(CELLS):
        if has_tile(s, c) and ship_at(s, c) < 0:
            mask[CELL.at(c)] = True
            count += 1
    return count


@rule
def apply_setup_ship(s, seat, a):
    s['ship'][seat] = CELL.split(a)
    nxt = (seat + 1) % s['num_players']
    if nxt == s['first_player']:
        start_turn(s, s['first_player'])       # the opening board is done: the first turn
        return
    s['turn_seat'] = nxt
    s['actor'] = nxt
    s['stage'] = ST_SETUP_TILE
    s['setup_left'] = START_TILES
