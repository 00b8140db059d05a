"""Forfort's state record and named constants: sizes, card ids, spaces, stages and action ranges.

Geometry. A fort is the 3x3 square around the dungeon, seen from its owner's chair: row 0 is the
far side (towards the middle of the table), row 2 the near side, column 0 the left. Its 8 spaces
are numbered round the ring, so ring neighbours are ``space +- 1 (mod 8)``:

    0 NW  1 N  2 NE
    7 W   dungeon  3 E
    6 SW  5 S  4 SE

Corner spaces are the even ones, the straight spaces (orthogonally next to the dungeon) the odd.
"""
import numpy as np

from ..common.rng import RNG_WORDS

MAX_SEATS = 4
COLOURS = 4
CARDS_PER_COLOUR = 30
WALLS = 22
CAMPS = 4
ARMIES = 4
FIRST_CAMP = WALLS               # card k of a colour: 0..21 walls, 22..25 camps, 26..29 armies
FIRST_ARMY = WALLS + CAMPS
NUM_CARDS = COLOURS * CARDS_PER_COLOUR   # 120
START_HAND = 3
STACK = 32                       # most cards one space can hold (covered cards stay there)

# Wall shapes and kinds; effect symbols.
CORNER, STRAIGHT = 0, 1
NORMAL, DOOR, DEFENDED = 0, 1, 2
MASON, RAM, CATAPULT, SIEGE_TOWER, GUARD = 0, 1, 2, 3, 4
NUM_SYMBOLS = 5
SYMBOL_NAMES = ("mason", "battering ram", "catapult", "siege tower", "guard")
SHAPE_NAMES = ("corner", "straight")
KIND_NAMES = ("normal", "door", "defended")

# Spaces.
SPACES = 8
SPACE_NAMES = ("NW", "N", "NE", "E", "SE", "S", "SW", "W")
SPACE_ROW = np.array([0, 0, 0, 1, 2, 2, 2, 1], np.int64)
SPACE_COL = np.array([0, 1, 2, 2, 2, 1, 0, 0], np.int64)
GRID_SPACE = np.array([[0, 1, 2], [7, -1, 3], [6, 5, 4]], np.int64)   # (row, col) -> space; -1 dungeon

# Army attack directions, in the attacked fort's frame.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTION_NAMES = ("north", "east", "south", "west")
DIR_DROW = np.array([-1, 0, 1, 0], np.int64)
DIR_DCOL = np.array([0, 1, 0, -1], np.int64)

# The two arrows on a dungeon card's back point at two opposite spaces: four ways to turn a card.
AXIS_SPACES = np.array([[1, 5], [3, 7], [2, 6], [0, 4]], np.int64)
AXIS_NAMES = ("N-S", "E-W", "NE-SW", "NW-SE")
NUM_AXES = 4

# Sides of a fort (front lines) and the lines parallel to them: LINES[side, k] are the spaces of the
# k-th row counted from that side (k = 0 the front line, 1 the second row, 2 the third row).
SIDE_FAR, SIDE_LEFT, SIDE_RIGHT = 0, 1, 2
SIDE_NAMES = ("far", "left", "right")
LINES = np.array([
    [[0, 1, 2], [7, 3, -1], [6, 5, 4]],     # far side: row 0, row 1, row 2
    [[0, 7, 6], [1, 5, -1], [2, 3, 4]],     # left side: column 0, 1, 2
    [[2, 3, 4], [1, 5, -1], [0, 7, 6]],     # right side: column 2, 1, 0
], np.int64)
# Chairs round a square table, clockwise: 0 south, 1 west, 2 north, 3 east. A player at chair p
# sees chair p+1 on their left, p+2 across, p+3 on their right.
TABLE_CHAIRS = np.array([[-1, -1, -1, -1], [-1, -1, -1, -1],   # by seat count, then seat
                         [0, 2, -1, -1], [0, 1, 2, -1], [0, 1, 2, 3]], np.int64)
SIDE_TOWARDS = np.array([-1, SIDE_LEFT, SIDE_FAR, SIDE_RIGHT], np.int64)  # by (chair diff mod 4)

# Where an army is: a fort's seat, or one of these.
ARMY_RESERVE, ARMY_OVERTHROWN = -1, -2

# Decision stages.
ST_MAIN = 0          # play a card: build, use an effect, place a camp, or (only then) discard
ST_CAMP_SPACE = 1    # where the camp card goes
ST_MASON_PICK = 2    # which card the mason builds (discard pile, or the dungeon top for a pair)
ST_MASON_SPACE = 3   # where the mason builds it
ST_TARGET = 4        # which opponent the ram, catapult or siege tower attacks
ST_ROW = 5           # which row the catapult hits
ST_GUARD = 6         # guard: place an army, or overthrow an invader
ST_DIRECTION = 7     # the placed army's attack direction
ST_PAIR = 8          # several pairs formed: which fires next
ST_DRAWBRIDGE = 9    # use the drawbridge, or not
ST_OVER = 10
NUM_STAGES = 11      # the decision stages above are observed; the three below are passed through
ST_RESOLVE = 11      # effects and pairs still to fire
ST_AFTER_PLAY = 12   # the card is played: drawbridge next
ST_END_TURN = 13     # draw, then the next turn
STAGE_NAMES = ("play a card", "place the camp", "mason: choose a card", "mason: choose a space",
               "choose the opponent", "choose the row", "guard", "army direction",
               "choose the pair", "drawbridge", "game over")

# Action ranges (one flat Discrete space).
A_BUILD = 0                                   # + wall*8 + space: build a hand wall
A_EFFECT = A_BUILD + WALLS * SPACES           # + wall*2 + slot: use that symbol of a hand wall
A_CAMP = A_EFFECT + WALLS * 2                 # + wall: discard it to place a camp
A_DISCARD = A_CAMP + WALLS                    # + wall: the forced discard
A_PICK = A_DISCARD + WALLS                    # + wall: the mason takes it from the discard pile
A_PICK_TOP = A_PICK + WALLS                   # the mason pair takes the dungeon's top card
A_SPACE = A_PICK_TOP + 1                      # + rel*8 + space: a space of seat (me + rel)'s fort
A_OPPONENT = A_SPACE + MAX_SEATS * SPACES     # + rel: attack seat (me + rel)
A_ROW = A_OPPONENT + MAX_SEATS                # + k: the second (0) or third (1) row
A_ARMY = A_ROW + 2                            # + rel*4 + k: overthrow army k of seat (me + rel)
A_DIRECTION = A_ARMY + MAX_SEATS * ARMIES     # + direction
A_PAIR = A_DIRECTION + 4                      # + symbol: fire a pending pair of this symbol
A_DRAWBRIDGE = A_PAIR + NUM_SYMBOLS           # + space: lower the drawbridge on this door wall
A_PASS = A_DRAWBRIDGE + SPACES                # keep the drawbridge up
NUM_ACTIONS = A_PASS + 1

# Observation layout (seat-relative blocks, observer first).
SPACE_FEATURES = 19   # present, wall, camp, kind x3, shape x2, symbols x5, height, drawbridge, armies x4
SEAT_FEATURES = SPACES * SPACE_FEATURES + 36
OBS_SIZE = MAX_SEATS * SEAT_FEATURES + WALLS + 10 + NUM_STAGES + 5 + 3 + 5 + MAX_SEATS + WALLS + 32 + 1 + 3 + 1
STATE_SIZE = OBS_SIZE + MAX_SEATS * WALLS + MAX_SEATS * WALLS * 2

# Flags are uint8: Numba cannot hold bool arrays inside records.
STATE_DTYPE = np.dtype([
    ("rng", np.uint64, (RNG_WORDS,)),
    ("num_players", np.int32),
    ("teams", np.int32),
    ("first_player", np.int32),
    ("turn_seat", np.int32),          # whose turn it is
    ("actor", np.int32),              # who decides now (-1: over)
    ("stage", np.int32),
    ("steps", np.int32),
    ("end_triggered", np.int32),      # a dungeon ran out: play to the end of the round
    ("extra_turn", np.int32),         # the drawbridge was lowered this turn
    ("chair", np.int32, (MAX_SEATS,)),
    ("front", np.int32, (MAX_SEATS, MAX_SEATS)),   # side of i's fort facing j
    ("turns", np.int32, (MAX_SEATS,)),             # regular turns completed
    ("dungeon", np.int32, (MAX_SEATS, WALLS)),     # wall ids, index 0 the bottom
    ("dungeon_axis", np.int32, (MAX_SEATS, WALLS)),
    ("dungeon_size", np.int32, (MAX_SEATS,)),
    ("hand", np.uint8, (MAX_SEATS, WALLS)),
    ("hand_count", np.int32, (MAX_SEATS,)),
    ("fort", np.int32, (MAX_SEATS, SPACES, STACK)),  # card ids, index 0 the bottom
    ("height", np.int32, (MAX_SEATS, SPACES)),
    ("discard", np.uint8, (MAX_SEATS, NUM_CARDS)),
    ("camp_reserve", np.uint8, (MAX_SEATS, CAMPS)),
    ("army_fort", np.int32, (MAX_SEATS, ARMIES)),
    ("army_space", np.int32, (MAX_SEATS, ARMIES)),
    ("army_dir", np.int32, (MAX_SEATS, ARMIES)),
    ("armies_here", np.int32, (MAX_SEATS, SPACES)),
    ("drawbridge", np.int32, (MAX_SEATS,)),        # space of the lowered drawbridge, -1 in reserve
    ("played_card", np.int32),        # the hand wall whose effect is being used, -1 none
    ("effect", np.int32),             # the symbol being resolved, -1 none
    ("effect_uses", np.int32),        # uses of it left (pairs of siege towers and guards: 2)
    ("breach", np.int32),             # ram/catapult pair: defended walls fall too
    ("mason_free", np.int32),         # mason pair: any space, the arrows do not matter
    ("target", np.int32),             # the catapult's chosen opponent
    ("pending_card", np.int32),       # the wall the mason holds, -1 none
    ("pending_from_top", np.int32),   # it came from the dungeon top
    ("guard_fort", np.int32),         # the army being placed: fort and space
    ("guard_space", np.int32),
    ("pairs", np.int32, (NUM_SYMBOLS,)),           # pairs formed and not yet fired, per symbol
    ("winner", np.uint8, (MAX_SEATS,)),
    ("last_rewards", np.float32, (MAX_SEATS,)),
], align=True)
