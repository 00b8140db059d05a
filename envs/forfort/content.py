"""Forfort's cards: the data, not the rules (state.py builds the record over it).

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

# The cards of a colour and their ids.
COLOURS = 4
CARDS_PER_COLOUR = 30
WALLS = 22
CAMPS = 4
ARMIES = 4
FIRST_CAMP = WALLS               # card k of a colour: 0..21 walls, 22..25 camps, 26..29 armies
FIRST_ARMY = WALLS + CAMPS
NUM_CARDS = COLOURS * CARDS_PER_COLOUR   # 120

# Wall shapes and kinds; effect symbols.
CORNER, STRAIGHT = 0, 1
NUM_SHAPES = 2
NORMAL, DOOR, DEFENDED = 0, 1, 2
NUM_KINDS = 3
SLOTS = 2                        # a wall bears one or two symbols: the slots a player picks from
MASON, RAM, CATAPULT, SIEGE_TOWER, GUARD = 0, 1, 2, 3, 4
NUM_SYMBOLS = 5
SYMBOL_NAMES = ("mason", "battering ram", "catapult", "siege tower", "guard")
SHAPE_NAMES = ("corner", "straight")
KIND_NAMES = ("normal", "door", "defended")

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
