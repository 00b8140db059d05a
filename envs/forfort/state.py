"""Forfort's state record and named constants: sizes, spaces, stages, the action ranges and the
observation layout (the cards, their ids and kinds: content.py).

Geometry. A fort is the 3x3 square around the dungeon, seen from its owner's chair: row 0 is the
far side (towards the middle of the table), row 2 the near side, column 0 the left. Its 8 spaces
are numbered round the ring, so ring neighbours are ``space +- 1 (mod 8)``:

    0 NW  1 N  2 NE
    7 W   dungeon  3 E
    6 SW  5 S  4 SE

Corner spaces are the even ones, the straight spaces (orthogonally next to the dungeon) the odd.
"""
import numpy as np

from ..common.layout import Layout
from ..common.record import record_dtype
from .content import (ARMIES, CAMPS, CARDS_PER_COLOUR, CATAPULT, COLOURS, CORNER, DEFENDED, DOOR,  # noqa: F401
                      FIRST_ARMY, FIRST_CAMP, GUARD, KIND_NAMES, MASON, NORMAL, NUM_CARDS, NUM_KINDS, NUM_SHAPES,
                      NUM_SYMBOLS, RAM, SHAPE_NAMES, SIEGE_TOWER, SLOTS, STRAIGHT, SYMBOL_NAMES, WALLS)

MIN_SEATS, MAX_SEATS = 2, 4
# Whether each card id is a camp, read with one load where the rules ask it of a card in a fort:
# the division card % CARDS_PER_COLOUR was most of the work of asking it of every space at once
# (a wall's kind, and so whether a card is a wall at all, is content.CARD_WALL_KIND).
CARD_IS_CAMP = np.array([FIRST_CAMP <= c % CARDS_PER_COLOUR < FIRST_ARMY for c in range(NUM_CARDS)], np.bool_)
START_HAND = 3
STACK = 32                       # most cards one space can hold (covered cards stay there)

PAIR_USES = 2                    # a pair of siege towers or of guards fires its effect twice

# Spaces.
SPACES = 8
SPACE_NAMES = ("NW", "N", "NE", "E", "SE", "S", "SW", "W")
SPACE_ROW = np.array([0, 0, 0, 1, 2, 2, 2, 1], np.int64)
SPACE_COL = np.array([0, 1, 2, 2, 2, 1, 0, 0], np.int64)
GRID = 3                         # a fort is a GRID x GRID square, the dungeon in the middle
DUNGEON_ROW, DUNGEON_COL = 1, 1
GRID_SPACE = np.array([[0, 1, 2], [7, -1, 3], [6, 5, 4]], np.int64)   # (row, col) -> space; -1 dungeon
# The spaces each wall shape goes on, as bit sets (bit k: space k): corners even, straights odd.
SHAPE_SPACES = np.array([sum(1 << k for k in range(SPACES) if (k % 2 == 0) == (shape == CORNER))
                         for shape in range(NUM_SHAPES)], np.int64)

# Army attack directions, in the attacked fort's frame.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
NUM_DIRECTIONS = 4
DIRECTION_NAMES = ("north", "east", "south", "west")
DIR_DROW = np.array([-1, 0, 1, 0], np.int64)
DIR_DCOL = np.array([0, 1, 0, -1], np.int64)

# The two arrows on a dungeon card's back point at two opposite spaces, along one of four axes
# (RULES.md, "The arrows"). The ``arrows`` option: "four" turns the cards to all four axes (the
# default), "two" to the first two only (quarter turns of a card with orthogonal arrows).
AXIS_SPACES = np.array([[1, 5], [3, 7], [2, 6], [0, 4]], np.int64)
AXIS_NAMES = ("N-S", "E-W", "NE-SW", "NW-SE")
NUM_AXES = 4
TWO_AXES = 2                     # N-S and E-W only
ARROW_READINGS = {"four": NUM_AXES, "two": TWO_AXES}   # the option -> axes the cards are turned to

# Sides of a fort (front lines) and the lines parallel to them: LINES[side, k] are the spaces of the
# k-th row counted from that side (k = 0 the front line, 1 the second row, 2 the third row).
SIDE_FAR, SIDE_LEFT, SIDE_RIGHT = 0, 1, 2
SIDE_NAMES = ("far", "left", "right")
LINES = np.array([
    [[0, 1, 2], [7, 3, -1], [6, 5, 4]],     # far side: row 0, row 1, row 2
    [[0, 7, 6], [1, 5, -1], [2, 3, 4]],     # left side: column 0, 1, 2
    [[2, 3, 4], [1, 5, -1], [0, 7, 6]],     # right side: column 2, 1, 0
], np.int64)
FRONT_LINE, SECOND_ROW, THIRD_ROW = 0, 1, 2   # k: the ram hits the front line, the catapult a row
# LINE_SPACES[side, k]: the spaces of LINES[side, k] as a bit set (bit s: space s).
LINE_SPACES = np.array([[sum(1 << int(sp) for sp in LINES[side, k] if sp >= 0) for k in range(GRID)]
                        for side in range(len(SIDE_NAMES))], np.int64)

# Chairs round a square table, clockwise: 0 south, 1 west, 2 north, 3 east. A player at chair p
# sees chair p+1 on their left, p+2 across, p+3 on their right.
CHAIRS = 4
TABLE_CHAIRS = np.array([[-1, -1, -1, -1], [-1, -1, -1, -1],   # by seat count, then seat
                         [0, 2, -1, -1], [0, 1, 2, -1], [0, 1, 2, 3]], np.int64)
SIDE_TOWARDS = np.array([-1, SIDE_LEFT, SIDE_FAR, SIDE_RIGHT], np.int64)  # by chair difference mod CHAIRS

# Where an army is: a fort's seat, or one of these.
ARMY_RESERVE, ARMY_OVERTHROWN = -1, -2

# Scoring at the dungeon-out ending.
WALL_POINTS = 2                  # a visible wall
CAMP_POINTS = 1                  # a visible camp
ARMY_POINTS = 1                  # one's army in an opponent's fort
DUNGEON_BONUS = 2                # walls still in one's dungeon

# Decision stages.
ST_FIRST_CAMP = 0    # set-up: where one's first camp goes (each seat in turn order)
ST_MAIN = 1          # play a card: build, use an effect, place a camp, or (only then) discard
ST_CAMP_SPACE = 2    # where the camp card goes
ST_MASON_PICK = 3    # which card the mason builds (discard pile, or the dungeon top for a pair)
ST_MASON_SPACE = 4   # where the mason builds it
ST_TARGET = 5        # which opponent the ram, catapult or siege tower attacks
ST_ROW = 6           # which row the catapult hits
ST_GUARD = 7         # guard: place an army, or overthrow an invader
ST_DIRECTION = 8     # the placed army's attack direction
ST_PAIR = 9          # several pairs formed: which fires next
ST_DRAWBRIDGE = 10   # use the drawbridge, or not
ST_OVER = 11
NUM_STAGES = 12      # the decision stages above are observed; the three below are passed through
ST_RESOLVE = 12      # effects and pairs still to fire
ST_AFTER_PLAY = 13   # the card is played: drawbridge next
ST_END_TURN = 14     # draw, then the next turn
STAGE_NAMES = ("set-up: place the first camp", "play a card", "place the camp",
               "mason: choose a card", "mason: choose a space", "choose the opponent",
               "choose the row", "guard: place or overthrow an army", "army direction",
               "choose the pair", "drawbridge", "game over")

# Action ranges (one flat Discrete space).
ACTIONS = Layout("action")
BUILD = ACTIONS.span("build", WALLS, SPACES, doc="build hand wall w on space s of my fort")
EFFECT = ACTIONS.span("effect", WALLS, SLOTS, doc="use symbol slot k of hand wall w")
CAMP = ACTIONS.span("camp", WALLS, doc="discard hand wall w to place a camp")
DISCARD = ACTIONS.span("discard", WALLS, doc="the forced discard of hand wall w")
PICK = ACTIONS.span("pick", WALLS, doc="the mason takes wall w from my discard pile")
PICK_TOP = ACTIONS.span("pick_top", doc="the mason pair takes my dungeon's top card")
SPACE = ACTIONS.span("space", MAX_SEATS, SPACES, doc="space s of the fort of seat (me + r)")
OPPONENT = ACTIONS.span("opponent", MAX_SEATS, doc="attack seat (me + r)")
ROW = ACTIONS.span("row", 2, doc="the catapult hits the second (0) or third (1) row")
ARMY = ACTIONS.span("army", MAX_SEATS, ARMIES, doc="overthrow army k of seat (me + r)")
DIRECTION = ACTIONS.span("direction", NUM_DIRECTIONS,
                         doc="the placed army attacks north, east, south or west")
PAIR = ACTIONS.span("pair", NUM_SYMBOLS, doc="fire a pending pair of this symbol")
DRAWBRIDGE = ACTIONS.span("drawbridge", SPACES, doc="lower the drawbridge on the door wall at space s")
PASS = ACTIONS.span("pass", doc="keep the drawbridge up")
NUM_ACTIONS = ACTIONS.size

# Observation layout (seat-relative blocks, observer first). The features of one fort space and
# of one seat are nested layouts, so observe() names every offset it writes.
SPACE_FEATURE = Layout("space feature")
F_PRESENT = SPACE_FEATURE.span("present", doc="a card is visible here")
F_WALL = SPACE_FEATURE.span("wall", doc="the visible card is a wall")
F_CAMP = SPACE_FEATURE.span("camp", doc="the visible card is a camp")
F_KIND = SPACE_FEATURE.span("kind", NUM_KINDS, doc="the wall's kind: normal, door, defended")
F_SHAPE = SPACE_FEATURE.span("shape", NUM_SHAPES, doc="the wall's shape: corner, straight")
F_SYMBOLS = SPACE_FEATURE.span("symbols", NUM_SYMBOLS, doc="the wall's effect symbols")
F_HEIGHT = SPACE_FEATURE.span("height", doc="cards on the space, covered ones too, / HEIGHT_SCALE")
F_DRAWBRIDGE = SPACE_FEATURE.span("drawbridge", doc="the owner's drawbridge is down here")
F_ARMIES = SPACE_FEATURE.span("armies", MAX_SEATS, doc="armies here, per owner from the observer on")

SEAT_FEATURE = Layout("seat feature")
SEAT_FORT = SEAT_FEATURE.span("fort", SPACES, SPACE_FEATURE.size, doc="each space of the fort")
SEAT_PRESENT = SEAT_FEATURE.span("present", doc="the seat is at the table")
SEAT_TEAMMATE = SEAT_FEATURE.span("teammate", doc="the seat is the observer's teammate")
SEAT_DUNGEON = SEAT_FEATURE.span("dungeon", doc="walls left in the dungeon / WALLS")
SEAT_ARROWS = SEAT_FEATURE.span("arrows", NUM_AXES, doc="the axis of the arrows on the dungeon's top card")
SEAT_HAND = SEAT_FEATURE.span("hand", doc="cards in hand / WALLS")
SEAT_CAMPS = SEAT_FEATURE.span("camps", doc="camps in reserve / CAMPS")
SEAT_ARMIES_READY = SEAT_FEATURE.span("armies_ready", doc="armies in reserve / ARMIES")
SEAT_ARMIES_DOWN = SEAT_FEATURE.span("armies_down", doc="armies overthrown / ARMIES")
SEAT_DRAWBRIDGE_UP = SEAT_FEATURE.span("drawbridge_up", doc="the drawbridge token is in reserve")
SEAT_TURNS = SEAT_FEATURE.span("turns", doc="regular turns completed / TURN_SCALE")
SEAT_ON_TURN = SEAT_FEATURE.span("on_turn", doc="it is this seat's turn")
SEAT_DISCARD = SEAT_FEATURE.span("discard", WALLS, doc="which of its walls are in its discard pile")

HAND_FEATURE = Layout("hand feature")
H_WALLS = HAND_FEATURE.span("walls", WALLS, doc="which walls are in my hand")
H_SHAPES = HAND_FEATURE.span("shapes", NUM_SHAPES, doc="how many corner and straight walls")
H_KINDS = HAND_FEATURE.span("kinds", NUM_KINDS, doc="how many normal, door and defended walls")
H_SYMBOLS = HAND_FEATURE.span("symbols", NUM_SYMBOLS, doc="how many walls bear each symbol")

EFFECT_FLAG = Layout("effect flag")
E_USES = EFFECT_FLAG.span("uses", doc="uses of the effect left / PAIR_USES")
E_BREACH = EFFECT_FLAG.span("breach", doc="a ram or catapult pair: defended walls fall too")
E_MASON_FREE = EFFECT_FLAG.span("mason_free", doc="a mason pair: any space, arrows aside")

TABLE_FEATURE = Layout("table feature")
T_END = TABLE_FEATURE.span("end_triggered", doc="a dungeon ran out: the last round")
T_SEATS = TABLE_FEATURE.span("seats", MAX_SEATS - MIN_SEATS + 1, doc="seat count one-hot: 2, 3, 4")
T_TEAMS = TABLE_FEATURE.span("teams", doc="the team game")
T_TWO_AXES = TABLE_FEATURE.span("two_axes", doc='the arrows are turned two ways only (arrows="two")')

HEIGHT_SCALE = 8          # stack heights are seen in eighths: a space rarely holds more
TURN_SCALE = WALLS        # a player draws one wall a turn, so a game lasts about this many turns

OBSERVATION = Layout("block")
OBS_SEATS = OBSERVATION.span("seats", MAX_SEATS, SEAT_FEATURE.size,
                             doc="per seat from the observer on: fort spaces, dungeon, counts, discards")
OBS_HAND = OBSERVATION.span("hand", HAND_FEATURE.size, doc="my hand: which walls, shapes, kinds, symbols")
OBS_STAGE = OBSERVATION.span("stage", NUM_STAGES, doc="the decision stage, one-hot")
OBS_EFFECT = OBSERVATION.span("effect", NUM_SYMBOLS, doc="the effect being resolved")
OBS_EFFECT_FLAGS = OBSERVATION.span("effect_flags", EFFECT_FLAG.size, doc="uses left, breach, mason free")
OBS_PAIRS = OBSERVATION.span("pairs", NUM_SYMBOLS, doc="pairs waiting to fire, per symbol")
OBS_TARGET = OBSERVATION.span("target", MAX_SEATS, doc="the catapult's chosen opponent")
OBS_MASON = OBSERVATION.span("mason_card", WALLS, doc="the wall the mason holds")
OBS_GUARD = OBSERVATION.span("guard_space", MAX_SEATS, SPACES, doc="the space of the army being placed")
OBS_TABLE = OBSERVATION.span("table", TABLE_FEATURE.size,
                             doc="end triggered, seat count one-hot (2-4), team game, two axes")
OBS_SIZE = OBSERVATION.size

# The full-information vector (state_vector): seat 0's observation, then what it hides.
STATE = Layout("state block")
STATE_VIEW = STATE.span("view", OBS_SIZE, doc="seat 0's observation")
STATE_HANDS = STATE.span("hands", MAX_SEATS, WALLS, doc="every hand")
DUNGEON_WALL, DUNGEON_ARROWS = 0, 1   # the two entries of each dungeon card below
STATE_DUNGEONS = STATE.span("dungeons", MAX_SEATS, WALLS, 2,
                            doc="every dungeon, bottom first: (wall + 1) / WALLS, (axis + 1) / NUM_AXES")
STATE_SIZE = STATE.size

# What some seat may not see: other players' hands, and the order (and, below the top card, the
# arrows) of every dungeon. determinize re-deals these and nothing else (besides the rng).
HIDDEN_FIELDS = ("hand", "dungeon", "dungeon_axis")

# Flags are uint8: Numba cannot hold bool arrays inside records.
RECORD_DTYPE = record_dtype([
    ("teams", np.int32),
    ("arrow_axes", np.int32),         # axes the dungeon cards are turned to: 4, or 2 (arrows="two")
    ("first_player", np.int32),
    ("turn_seat", np.int32),          # whose turn it is
    ("stage", np.int32),
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
    ("fort", np.int8, (MAX_SEATS, SPACES, STACK)),   # card ids, index 0 the bottom
    ("height", np.int8, (MAX_SEATS, SPACES)),
    ("discard", np.uint8, (MAX_SEATS, NUM_CARDS)),
    ("camp_reserve", np.uint8, (MAX_SEATS, CAMPS)),
    ("army_fort", np.int32, (MAX_SEATS, ARMIES)),
    ("army_space", np.int32, (MAX_SEATS, ARMIES)),
    ("army_dir", np.int32, (MAX_SEATS, ARMIES)),
    ("armies_here", np.int32, (MAX_SEATS, SPACES)),
    ("drawbridge", np.int32, (MAX_SEATS,)),        # space of the lowered drawbridge, -1 in reserve
    ("played_card", np.int32),        # the hand wall whose effect is being used, -1 none
    ("effect", np.int32),             # the symbol being resolved, -1 none
    ("effect_uses", np.int32),        # uses of it left (pairs of siege towers and guards: PAIR_USES)
    ("breach", np.int32),             # ram/catapult pair: defended walls fall too
    ("mason_free", np.int32),         # mason pair: any space, the arrows do not matter
    ("target", np.int32),             # the catapult's chosen opponent
    ("pending_card", np.int32),       # the wall the mason holds, -1 none
    ("pending_from_top", np.int32),   # it came from the dungeon top
    ("guard_fort", np.int32),         # the army being placed: fort and space
    ("guard_space", np.int32),
    ("pairs", np.int32, (NUM_SYMBOLS,)),           # pairs formed and not yet fired, per symbol
    ("winner", np.uint8, (MAX_SEATS,)),
])
