"""Forfort's cards: the data, not the rules.

The rulebook gives each colour 30 cards: 22 wall cards — 14 normal, 4 with a door, 4 defended —
each a corner or a straight wall bearing one or two of the five effect symbols, plus the camp and
army cards. It lists no card faces, so this deck is designed to fit every figure it does give
(see RULES.md, "Designed content"):

- 22 walls = 11 corner + 11 straight (a complete fort needs 4 of each);
  normal 7 corner + 7 straight, door 2 + 2, defended 2 + 2.
- 12 walls with one symbol, 10 with two; the 10 two-symbol walls carry the 10 different pairs of
  symbols, so two walls never share two symbols and a wall forms at most one pair with each
  neighbour.
- Mason and guard appear on 7 walls each, ram, catapult and siege tower on 6 each (32 symbols).
- The 8 cards besides the walls: 4 camp cards and 4 army cards.
Every colour has the same 22 walls.
"""
import numpy as np

from .state import (CARDS_PER_COLOUR, CATAPULT, CORNER, DEFENDED, DOOR, F_CAMP, F_KIND, F_PRESENT, F_SHAPE,
                    F_SYMBOLS, F_WALL, GUARD, MASON, NORMAL, NUM_CARDS,
                    NUM_SHAPES, NUM_SYMBOLS, RAM, SIEGE_TOWER, SLOTS, STRAIGHT, WALLS)

# (shape, kind, symbols) of wall 0..21 of every colour.
WALL_LIST = (
    (CORNER, NORMAL, (MASON,)),
    (STRAIGHT, NORMAL, (MASON,)),
    (CORNER, NORMAL, (RAM,)),
    (STRAIGHT, NORMAL, (RAM,)),
    (CORNER, NORMAL, (CATAPULT,)),
    (STRAIGHT, NORMAL, (CATAPULT,)),
    (CORNER, NORMAL, (SIEGE_TOWER,)),
    (STRAIGHT, NORMAL, (SIEGE_TOWER,)),
    (CORNER, NORMAL, (GUARD,)),
    (STRAIGHT, NORMAL, (GUARD,)),
    (CORNER, DOOR, (MASON,)),
    (STRAIGHT, DOOR, (GUARD,)),
    (CORNER, NORMAL, (MASON, RAM)),
    (STRAIGHT, NORMAL, (MASON, CATAPULT)),
    (CORNER, NORMAL, (MASON, SIEGE_TOWER)),
    (STRAIGHT, NORMAL, (MASON, GUARD)),
    (CORNER, DOOR, (RAM, CATAPULT)),
    (STRAIGHT, DOOR, (RAM, SIEGE_TOWER)),
    (CORNER, DEFENDED, (RAM, GUARD)),
    (STRAIGHT, DEFENDED, (CATAPULT, SIEGE_TOWER)),
    (CORNER, DEFENDED, (CATAPULT, GUARD)),
    (STRAIGHT, DEFENDED, (SIEGE_TOWER, GUARD)),
)
assert len(WALL_LIST) == WALLS

WALL_SHAPE = np.array([w[0] for w in WALL_LIST], np.int64)
WALL_KIND = np.array([w[1] for w in WALL_LIST], np.int64)
# WALL_SYMBOLS[w] = (first symbol, second symbol or -1): the symbol slots a player chooses from.
WALL_SYMBOLS = np.array([(w[2] + (-1,))[:SLOTS] for w in WALL_LIST], np.int64)
WALL_HAS = np.zeros((WALLS, NUM_SYMBOLS), np.bool_)
for _w, (_shape, _kind, _syms) in enumerate(WALL_LIST):
    for _y in _syms:
        WALL_HAS[_w, _y] = True
# CARD_WALL_KIND[card]: the kind of a card id that is a wall, -1 for a camp or an army (one load
# where a rule asks it of a fort's top card, instead of a division card % CARDS_PER_COLOUR).
CARD_WALL_KIND = np.array([WALL_KIND[c % CARDS_PER_COLOUR] if c % CARDS_PER_COLOUR < WALLS else -1
                           for c in range(NUM_CARDS)], np.int64)
# SHAPE_WALLS[shape]: the walls of that shape, as a bit set (bit w: wall w).
SHAPE_WALLS = np.array([sum(1 << w for w in range(WALLS) if WALL_SHAPE[w] == shape)
                        for shape in range(NUM_SHAPES)], np.int64)
# WALL_SYMBOL_SET[w]: the symbols wall w bears, as a bit set (bit y: symbol y).
WALL_SYMBOL_SET = np.array([sum(1 << y for y in w[2]) for w in WALL_LIST], np.int64)

# CARD_FACE[card]: what a card on top of a space shows in the observation (SPACE_FEATURE's entries
# F_PRESENT to F_SYMBOLS: a card is there, wall or camp, and a wall's kind, shape and symbols). The
# extra last row, read as CARD_FACE[-1] for an empty space (top_card -1), is all zeros. The view
# copies one row per space instead of asking each feature in turn (RESULTS.md: a few per cent of
# Forfort's vector env at most, within the host's noise; the same observations bit for bit).
FACE_SIZE = F_SYMBOLS.stop
assert F_PRESENT.start == 0 and F_SYMBOLS.stop == F_SHAPE.stop + NUM_SYMBOLS   # the face spans lie first, in a run
CARD_FACE = np.zeros((NUM_CARDS + 1, FACE_SIZE), np.float32)
for _c in range(NUM_CARDS):
    _face = CARD_FACE[_c]
    _face[F_PRESENT.start] = 1.0
    if CARD_WALL_KIND[_c] >= 0:
        _w = _c % CARDS_PER_COLOUR
        _face[F_WALL.start] = 1.0
        _face[F_KIND.at(CARD_WALL_KIND[_c])] = 1.0
        _face[F_SHAPE.at(WALL_SHAPE[_w])] = 1.0
        _face[F_SYMBOLS.start:F_SYMBOLS.stop] = WALL_HAS[_w]
    else:
        _face[F_CAMP.start] = 1.0
