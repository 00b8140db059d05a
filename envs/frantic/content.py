"""Frantic's content: the cards, the board, the events. Data, not code.

The rulebook gives 94 playing cards of 19 kinds in six colours but not how many of each; the counts
below are designed (RULES.md, "Designed content"). It shows no map: the board below is designed to
fit every figure it gives (start 0, the skull 50, six numbered teleport spaces, walls, bordered
cards pointing with or against the direction of movement).
"""
import numpy as np

# --------------------------------------------------------------------------- colours and kinds
GREEN, RED, BLUE, ORANGE, MULTI, WHITE = 0, 1, 2, 3, 4, 5
NUM_COLOURS = 6
COLOUR_NAMES = ("green", "red", "blue", "orange", "multi-coloured", "white")

SKIP, REVERSE, REMOTE, GHOST = 0, 1, 2, 3
PUSH, JUMP, SECOND_CHANCE, SWAP = 4, 5, 6, 7
GIFT, MAGNET, TELEPORT = 8, 9, 10
STOP, X, SNAIL = 11, 12, 13
BLOCK, NICE_TRY, RE_ROLL = 14, 15, 16
FUCK_YOU, TROUBLEMAKER = 17, 18
NUM_KINDS = 19
KIND_NAMES = ("Skip", "Reverse", "Remote", "Ghost", "Push", "Jump", "Second Chance", "Swap",
              "Gift", "Magnet", "Teleport", "Stop", "X", "Snail", "Block", "Nice Try", "Re-Roll",
              "Fuck You", "Troublemaker")
KIND_COLOUR = np.array([GREEN] * 4 + [RED] * 4 + [BLUE] * 3 + [ORANGE] * 3 + [MULTI] * 3 + [WHITE] * 2,
                       np.int64)

# Designed counts (sum 94): RULES.md says why.
KIND_COUNT = np.array([5, 5, 4, 4,        # green: Skip, Reverse, Remote, Ghost (18)
                       10, 6, 5, 4,       # red: Push, Jump, Second Chance, Swap (25)
                       5, 5, 5,           # blue: Gift, Magnet, Teleport (15)
                       6, 6, 6,           # orange: Stop, X, Snail (18)
                       5, 3, 6,           # multi-coloured: Block, Nice Try, Re-Roll (14)
                       1, 3],             # white: Fuck You, Troublemaker (4)
                      np.int64)
NUM_CARDS = 94
assert int(KIND_COUNT.sum()) == NUM_CARDS
CARD_KIND = np.repeat(np.arange(NUM_KINDS), KIND_COUNT).astype(np.int64)   # card id -> kind
# The colour of a space's top card by its id + 1 (index 0: no card, EMPTY_CODE), for the masks.
EMPTY_CODE = 6
TOP_COLOUR = np.concatenate([[EMPTY_CODE], KIND_COLOUR[CARD_KIND]]).astype(np.int64)
# A byte of a bit set as its 8 flags, and their number (the masks write a byte at a time).
BYTE_FLAGS = np.array([[(b >> i) & 1 for i in range(8)] for b in range(256)], np.bool_)
BYTE_COUNT = BYTE_FLAGS.sum(axis=1).astype(np.int64)
KIND_FIRST = np.concatenate([[0], np.cumsum(KIND_COUNT)]).astype(np.int64)   # ids of kind k: [KIND_FIRST[k], KIND_FIRST[k + 1])

# The three reaction kinds, in the order of the REACT action span.
REACTION_KINDS = np.array([BLOCK, NICE_TRY, RE_ROLL], np.int64)
R_BLOCK, R_NICE_TRY, R_RE_ROLL = 0, 1, 2
NUM_REACTIONS = 3

# Bordered cards: Push points forward, backward or through the wall (up to the next row of the
# track, down to the previous one); Jump forward or backward.
FORWARD, BACKWARD, WALL_UP, WALL_DOWN = 0, 1, 2, 3
NUM_ORIENTS = 4
ORIENT_NAMES = ("forward", "backward", "through the wall (up a row)", "through the wall (down a row)")
ORIENT_ARROWS = (">", "<", "^", "v")

# A play-kind is a card kind with the way it is turned: 23 of them.
_PLAYS = []
for _k in range(NUM_KINDS):
    _n = 4 if _k == PUSH else (2 if _k == JUMP else 1)
    for _o in range(_n):
        _PLAYS.append((_k, _o))
NUM_PLAY_KINDS = len(_PLAYS)
PLAY_CARD_KIND = np.array([p[0] for p in _PLAYS], np.int64)
PLAY_ORIENT = np.array([p[1] for p in _PLAYS], np.int64)
KIND_ORIENTS = np.array([4 if k == PUSH else (2 if k == JUMP else 1) for k in range(NUM_KINDS)], np.int64)

# --------------------------------------------------------------------------- the board
# The track runs from the start space 0 to the skull 50 in rows of ROW_LEN spaces, snaking:
# row 0 holds 0..9 left to right, row 1 holds 10..19 right to left, ... row 5 holds the skull alone,
# above 49. The rows are separated by walls; a Push turned "through the wall" moves a token to the
# space on the other side of the wall, in the same column (a shortcut or a setback).
START, END = 0, 50
NUM_SPACES = 51
ROW_LEN = 10
# Numbered teleport spaces 1..6 (index 0..5): designed (RULES.md). Teleport 6 is where Nice Try
# and Mexican Standoff send tokens; the frontmost is teleport 3.
TELEPORT_SPACE = np.array([27, 15, 40, 8, 33, 20], np.int64)
NUM_TELEPORTS = 6
TELEPORT_6 = 5


def _space_at(row, col):
    off = col if row % 2 == 0 else ROW_LEN - 1 - col
    p = row * ROW_LEN + off
    return p if 0 <= row and p <= END and 0 <= col < ROW_LEN else -1


SPACE_ROW = np.array([p // ROW_LEN for p in range(NUM_SPACES)], np.int64)
SPACE_COL = np.array([(p % ROW_LEN) if (p // ROW_LEN) % 2 == 0 else ROW_LEN - 1 - p % ROW_LEN
                      for p in range(NUM_SPACES)], np.int64)
WALL_UP_SPACE = np.array([_space_at(SPACE_ROW[p] + 1, SPACE_COL[p]) for p in range(NUM_SPACES)], np.int64)
WALL_DOWN_SPACE = np.array([_space_at(SPACE_ROW[p] - 1, SPACE_COL[p]) if SPACE_ROW[p] > 0 else -1
                            for p in range(NUM_SPACES)], np.int64)
TELEPORT_AT = np.full(NUM_SPACES, -1, np.int64)          # space -> teleport index, -1 none
for _i, _p in enumerate(TELEPORT_SPACE):
    TELEPORT_AT[_p] = _i
# Spaces a card may be played on: not the start, not the skull, not a teleport space.
CARD_SPACE = np.array([START < p < END and TELEPORT_AT[p] < 0 for p in range(NUM_SPACES)], np.bool_)
# The same as bit sets over the spaces (bit p: space p), for the placement masks.
CARD_SPACE_BITS = np.uint64(sum(1 << p for p in range(NUM_SPACES) if CARD_SPACE[p]))
WALL_UP_BITS = np.uint64(sum(1 << p for p in range(NUM_SPACES) if WALL_UP_SPACE[p] >= 0))
WALL_DOWN_BITS = np.uint64(sum(1 << p for p in range(NUM_SPACES) if WALL_DOWN_SPACE[p] >= 0))

# --------------------------------------------------------------------------- events (the D20)
EPIC_FAIL, EARTHQUAKE, MARCHING_ORDERS, TELEPORT_TERROR, MARKET = 0, 1, 2, 3, 4
MEXICAN_STANDOFF, EXPANSION, RECESSION, RESTOCK = 5, 6, 7, 8
NUM_EVENTS = 9
EVENT_NAMES = ("Epic Fail", "Earthquake", "Marching Orders", "Teleport Terror", "Market",
               "Mexican Standoff", "Expansion", "Recession", "Restock")
D20 = 20
D6 = 6
# Designed faces (RULES.md): the two movement-heavy events on three faces each, the rest on two.
EVENT_OF_FACE = np.array([-1,
                          EPIC_FAIL, EPIC_FAIL, EARTHQUAKE, EARTHQUAKE, MARCHING_ORDERS, MARCHING_ORDERS,
                          TELEPORT_TERROR, TELEPORT_TERROR, MARKET, MARKET, MEXICAN_STANDOFF,
                          MEXICAN_STANDOFF, EXPANSION, EXPANSION, EXPANSION, RECESSION, RECESSION,
                          RECESSION, RESTOCK, RESTOCK], np.int64)

# --------------------------------------------------------------------------- numbers of the rules
HAND_SIZE = 4                         # draw back up to 4; the set-up plays down to 4
DEAL_BY_SEATS = np.array([0, 0, 8, 7, 6, 6, 6], np.int64)   # 2: 8, 3: 7, 4 or more: 6
FUCK_YOU_POINTS = 21                  # in hand at a round's end
FUCK_YOU_ADVANCE = 21                 # played: advance 21 spaces
# Point limits: (short, medium, long) for 2-3 players and for 4-6.
POINT_LIMITS = {"short": (99, 83), "medium": (121, 99), "long": (157, 121)}
