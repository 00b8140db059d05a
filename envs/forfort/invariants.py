"""The game's invariants, checked after every step of the fuzz (``check_invariants``; a kernel of
envs/common/game.py, re-exported by core.py). ``INVARIANT_NAMES`` says what each code means."""
import numpy as np

from ..common.jit import kernel
from .fort import shape_fits
from .places import army_card, camp_card, is_wall, top_card, top_is_wall_of_kind, wall_card
from .state import (ARMIES, CAMPS, CARDS_PER_COLOUR, DOOR, MAX_SEATS, NUM_CARDS, SPACES, ST_OVER,
                    WALLS)

INV_CARD_PLACES = 1
INV_ARMY_ON_CARDS = 2
INV_FOREIGN_WALL = 3
INV_SHAPE = 4
INV_DRAWBRIDGE = 5
INV_COUNTS = 6
INV_TURNS = 7
INV_WINNER = 8

INVARIANT_NAMES = {
    INV_CARD_PLACES: "a card is not in exactly one place",
    INV_ARMY_ON_CARDS: "an army shares its space with fort cards",
    INV_FOREIGN_WALL: "a wall is in another colour's fort or discard pile",
    INV_SHAPE: "a visible wall is on a space of the wrong shape",
    INV_DRAWBRIDGE: "a lowered drawbridge is not on a visible door wall",
    INV_COUNTS: "a hand or army count disagrees with the cards",
    INV_TURNS: "two players' turn counts differ by more than one",
    INV_WINNER: "the game ended without a winner",
}


@kernel
def check_invariants(s):
    """0 if every invariant holds, else the first broken one's code (``INVARIANT_NAMES``)."""
    n = s['num_players']
    where = np.zeros(NUM_CARDS, np.int64)
    for c in range(n * CARDS_PER_COLOUR, NUM_CARDS):
        where[c] += 1                                  # colours not at the table stay boxed
    for j in range(n):
        hand = 0
        for w in range(WALLS):
            if s['hand'][j, w]:
                where[wall_card(j, w)] += 1
                hand += 1
        if hand != s['hand_count'][j] or s['dungeon_size'][j] < 0:
            return INV_COUNTS
        for i in range(s['dungeon_size'][j]):
            where[wall_card(j, s['dungeon'][j, i])] += 1
        for space in range(SPACES):
            for i in range(s['height'][j, space]):
                c = s['fort'][j, space, i]
                where[c] += 1
                if is_wall(c) and c // CARDS_PER_COLOUR != j:
                    return INV_FOREIGN_WALL
            c = top_card(s, j, space)
            if c >= 0 and is_wall(c) and not shape_fits(c % CARDS_PER_COLOUR, space):
                return INV_SHAPE
            if s['armies_here'][j, space] > 0 and s['height'][j, space] > 0:
                return INV_ARMY_ON_CARDS
        for c in range(NUM_CARDS):
            if s['discard'][j, c]:
                where[c] += 1
                if is_wall(c) and c // CARDS_PER_COLOUR != j:
                    return INV_FOREIGN_WALL
        for k in range(CAMPS):
            if s['camp_reserve'][j, k]:
                where[camp_card(j, k)] += 1
        for k in range(ARMIES):
            where[army_card(j, k)] += 1   # in reserve, in a fort or overthrown
        if s['drawbridge'][j] >= 0 and not top_is_wall_of_kind(s, j, s['drawbridge'][j], DOOR):
            return INV_DRAWBRIDGE
    if s['pending_card'] >= 0:
        where[wall_card(s['actor'], s['pending_card'])] += 1
    if s['played_card'] >= 0:
        where[wall_card(s['turn_seat'], s['played_card'])] += 1
    for c in range(NUM_CARDS):
        if where[c] != 1:
            return INV_CARD_PLACES
    here = np.zeros((MAX_SEATS, SPACES), np.int64)
    for j in range(n):
        for k in range(ARMIES):
            if s['army_fort'][j, k] >= 0:
                here[s['army_fort'][j, k], s['army_space'][j, k]] += 1
    for j in range(n):
        for space in range(SPACES):
            if here[j, space] != s['armies_here'][j, space]:
                return INV_COUNTS
    lo = s['turns'][0]
    hi = s['turns'][0]
    for j in range(n):
        lo = min(lo, s['turns'][j])
        hi = max(hi, s['turns'][j])
    if hi - lo > 1:
        return INV_TURNS
    if s['stage'] == ST_OVER:
        any_winner = False
        for j in range(n):
            any_winner = any_winner or s['winner'][j]
        if not any_winner:
            return INV_WINNER
    return 0
