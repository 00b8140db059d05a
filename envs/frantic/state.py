"""Frantic's state record and named constants: stages, the action ranges, the observation layout.

The track is spaces 0 (start) .. 50 (the skull), see content.py. Seats play in increasing order:
the rulebook's anticlockwise order, so "the player to your right" is the next seat.
Cards are ids 0..93 (``content.CARD_KIND``); where each is, ``loc``: a seat's hand (0..5), the
draw pile, the board or the market's open row. The board is a stack per space, kept as a linked
list: ``top[space]`` and ``below[card]``, so covered cards stay where they are (a Magnet taking
the top card uncovers the one beneath).
"""
import numpy as np

from ..common.layout import Layout
from ..common.record import record_dtype
from .content import (D20, NUM_CARDS, NUM_EVENTS, NUM_KINDS, NUM_ORIENTS, NUM_PLAY_KINDS,
                      NUM_REACTIONS, NUM_SPACES, NUM_TELEPORTS)

MIN_SEATS, MAX_SEATS = 2, 6

# Where a card is (``loc``): 0..5 a seat's hand, or one of these.
LOC_DECK = 6
LOC_BOARD = 7
LOC_MARKET = 8

# Turn phases (the rulebook's three actions, and the set-up's placements).
PH_SETUP, PH_PLAY, PH_MOVE, PH_END = 0, 1, 2, 3
PHASE_NAMES = ("set-up", "playing a card", "moving", "end of turn")

# What a throw is for (``roll_for``).
R_NONE, R_MOVE, R_SECOND, R_TELEPORT, R_EVENT, R_TERROR, R_EXPANSION, R_RECESSION, R_MARCH = range(9)
NUM_ROLL_FOR = 9
ROLL_FOR_NAMES = ("", "movement", "Second Chance", "teleport", "event", "Teleport Terror", "Expansion",
                  "Recession", "Marching Orders")

# What a Block would cancel (``block_for``).
B_NONE, B_REMOTE, B_GIFT, B_SWAP, B_RE_ROLL = range(5)
NUM_BLOCK_FOR = 5
BLOCK_FOR_NAMES = ("", "Remote", "Gift", "Swap", "Re-Roll")

# The log of what happened since the last decision (for words and transcripts; public).
LOG_MAX = 32
L_THROW, L_EVENT = 1, 2           # (kind, a, b, c): a throw (sides, number, owner); an event (kind, thrower)

# Decision stages.
ST_SETUP = 0        # set-up: play a card onto the board, its effect not triggered (card, then space)
ST_PLAY = 1         # phase 1: play a card (and trigger it where its colour says): card, then space
ST_REMOTE = 2       # Remote: nominate a token
ST_GIFT = 3         # Gift: someone else's token, 1 or 2 spaces
ST_MAGNET = 4       # Magnet: which card of the board
ST_SWAP = 5         # Swap: which token to swap with
ST_MARCH = 6        # Marching Orders: nominate a token
ST_MARKET = 7       # Market: take one of the open cards
ST_RESTOCK = 8      # Restock: play a hand card onto the board
ST_RE_ROLL = 9      # reaction offer: Re-Roll this die, or pass
ST_BLOCK = 10       # reaction offer: Block this attack, or pass
ST_NICE_TRY = 11    # reaction offer: Nice Try, or pass
ST_OVER = 12
ROUNDS_MAX = 10_000      # the rounds count stops here (random games end within a handful)

# --- who a reaction offer asks (the option ``reaction_windows``)
WINDOWS_COULD_HOLD = 0   # every seat that could hold the card as far as the others know
WINDOWS_HOLDERS = 1      # only the seats holding one: being asked shows the card
WINDOWS_NAMES = ("could_hold", "holders")
NUM_STAGES = 13     # the decision stages above are observed; the automatic ones below pass through
AU_CHAIN_DONE = 13  # an effect chain is over: on to the turn's next phase
AU_WALK = 14        # a movement's steps
AU_LAND = 15        # the effect of the space a token ended on
AU_ROLLED = 16      # a die shows a number: Re-Roll offers, then its consequence
AU_EVENT = 17       # an event's next step
AU_END_TURN = 18    # draw up
AU_NICE_TRY = 19    # Nice Try offers, then the round's end or the next turn
NUM_ALL_STAGES = 20
STAGE_NAMES = ("set-up: play a card", "play a card", "Remote: nominate a token",
               "Gift: choose a token and 1 or 2", "Magnet: take a card", "Swap: choose a token",
               "Marching Orders: nominate a token", "Market: take a card", "Restock: play a card",
               "Re-Roll?", "Block?", "Nice Try?", "game over")

# Action ranges (one flat Discrete space), short sub-decisions first.
ACTIONS = Layout("action")
PASS = ACTIONS.span("pass", doc="decline the reaction offered")
TOKEN = ACTIONS.span("token", MAX_SEATS, doc="the token of seat (me + r): Remote, Swap, Marching Orders")
GIFT_TO = ACTIONS.span("gift", MAX_SEATS, 2, doc="Gift: move the token of seat (me + r) 1 (0) or 2 (1) spaces")
TAKE = ACTIONS.span("take", NUM_KINDS, doc="Market: take an open card of kind k")
CARD = ACTIONS.span("card", NUM_PLAY_KINDS, doc="choose a hand card to play: play-kind k (kind, and an arrow)")
MAGNET_AT = ACTIONS.span("magnet", NUM_SPACES, doc="Magnet: take the top card of space p")
PLACE = ACTIONS.span("place", NUM_SPACES, doc="put the chosen card onto space p")
REACT = ACTIONS.span("react", NUM_REACTIONS, NUM_SPACES,
                     doc="play reaction r (Block, Nice Try, Re-Roll) onto space p")
NUM_ACTIONS = ACTIONS.size

# Observation (seat-relative: the observer first, then the others in turn order).
SPACE_FEATURE = Layout("space feature")
F_KIND = SPACE_FEATURE.span("kind", NUM_KINDS, doc="the kind of the card on top")
F_ORIENT = SPACE_FEATURE.span("orient", NUM_ORIENTS, doc="its arrow: forward, backward, wall up, wall down")
F_HEIGHT = SPACE_FEATURE.span("height", doc="cards on the space / HEIGHT_SCALE")
F_USED = SPACE_FEATURE.span("used", doc="the top card (or teleport) has triggered this turn")
F_TELEPORT = SPACE_FEATURE.span("teleport", NUM_TELEPORTS, doc="the numbered teleport space 1..6")
F_TOKENS = SPACE_FEATURE.span("tokens", MAX_SEATS, doc="tokens here, by seat from the observer on")

SEAT_FEATURE = Layout("seat feature")
S_PRESENT = SEAT_FEATURE.span("present", doc="the seat is at the table")
S_POSITION = SEAT_FEATURE.span("position", doc="token's space / 50")
S_POINTS = SEAT_FEATURE.span("points", doc="minus points so far / point limit")
S_HAND = SEAT_FEATURE.span("hand", doc="cards in hand / HAND_SCALE")
S_TURN = SEAT_FEATURE.span("on_turn", doc="it is this seat's turn")
S_ACTOR = SEAT_FEATURE.span("actor", doc="this seat decides now")
S_FIRST = SEAT_FEATURE.span("first", doc="this seat started the round")

TURN_FEATURE = Layout("turn feature")
T_PHASE = TURN_FEATURE.span("phase", 4, doc="set-up, playing, moving, end of turn")
T_FLAGS = TURN_FEATURE.span("flags", 5, doc="Skip, Reverse, Ghost, Fuck You advance, Troublemaker")
T_REMOTE = TURN_FEATURE.span("remote", MAX_SEATS, doc="the Remote's token, by seat from the observer")
T_MOVER = TURN_FEATURE.span("mover", MAX_SEATS, doc="the token moving, by seat from the observer")
T_BACKWARD = TURN_FEATURE.span("backward", doc="the movement goes backward")
T_STEPS = TURN_FEATURE.span("steps", doc="movement steps left / 6")
T_DIE = TURN_FEATURE.span("die", 2, doc="a die shows a number: D6, D20")
T_VALUE = TURN_FEATURE.span("value", D20, doc="the number it shows, one-hot")
T_ROLL_FOR = TURN_FEATURE.span("roll_for", NUM_ROLL_FOR, doc="what the throw is for")
T_ROLL_OWNER = TURN_FEATURE.span("roll_owner", MAX_SEATS, doc="whose die, by seat from the observer")
T_BLOCK_FOR = TURN_FEATURE.span("block_for", NUM_BLOCK_FOR, doc="the attack a Block would cancel")
T_TARGET = TURN_FEATURE.span("target", MAX_SEATS, doc="the attack's target, by seat from the observer")
T_GIFT = TURN_FEATURE.span("gift", 2, doc="the Gift's 1 or 2 spaces")
T_EVENT = TURN_FEATURE.span("event", NUM_EVENTS, doc="the event being carried out")
T_THROWER = TURN_FEATURE.span("thrower", MAX_SEATS, doc="who threw the event, by seat from the observer")
T_CHOSEN = TURN_FEATURE.span("chosen", NUM_PLAY_KINDS, doc="the card chosen to play, before its space")

TABLE_FEATURE = Layout("table feature")
G_DECK = TABLE_FEATURE.span("deck", doc="cards in the draw pile / NUM_CARDS")
G_ROUND = TABLE_FEATURE.span("round", doc="rounds played / ROUND_SCALE")
G_LIMIT = TABLE_FEATURE.span("limit", doc="the point limit / LIMIT_SCALE")
G_SEATS = TABLE_FEATURE.span("seats", MAX_SEATS - MIN_SEATS + 1, doc="seat count one-hot: 2..6")

HEIGHT_SCALE = 4
HAND_SCALE = 8
ROUND_SCALE = 8
LIMIT_SCALE = 200

OBSERVATION = Layout("block")
OBS_BOARD = OBSERVATION.span("board", NUM_SPACES, SPACE_FEATURE.size, doc="each space 0..50")
OBS_SEATS = OBSERVATION.span("seats", MAX_SEATS, SEAT_FEATURE.size, doc="each seat from the observer on")
OBS_HAND = OBSERVATION.span("hand", NUM_KINDS, doc="my hand: cards of each kind")
OBS_MARKET = OBSERVATION.span("market", NUM_KINDS, doc="the Market's open cards of each kind")
OBS_KNOWN = OBSERVATION.span("known", MAX_SEATS, NUM_KINDS,
                             doc="cards each seat took in everyone's view (Magnet, Fuck You, Market), still in hand")
OBS_STAGE = OBSERVATION.span("stage", NUM_STAGES, doc="the decision stage, one-hot")
OBS_TURN = OBSERVATION.span("turn", TURN_FEATURE.size, doc="the turn in progress: flags, movement, die, attack, event")
OBS_TABLE = OBSERVATION.span("table", TABLE_FEATURE.size, doc="draw pile, round, limit, seat count")
OBS_SIZE = OBSERVATION.size

STATE = Layout("state block")
STATE_VIEW = STATE.span("view", OBS_SIZE, doc="seat 0's observation")
STATE_HANDS = STATE.span("hands", MAX_SEATS, NUM_KINDS, doc="every hand, cards of each kind")
STATE_DECK = STATE.span("deck", NUM_CARDS, doc="the draw pile bottom first: (kind + 1) / NUM_KINDS")
STATE_SIZE = STATE.size

# What some seat may not see: which cards are in which hand and in the draw pile, in what order.
HIDDEN_FIELDS = ("loc", "deck", "hand_kind")

RECORD_DTYPE = record_dtype([
    ("point_limit", np.int32),
    ("round_rewards", np.int32),      # option: +1/-1 at each round's end too
    ("reaction_windows", np.int32),   # option: who a reaction offer asks (WINDOWS_*)
    ("round", np.int32),              # rounds completed
    ("first_player", np.int32),       # who started this round
    ("turn_seat", np.int32),
    ("stage", np.int32),
    ("phase", np.int32),
    ("chosen", np.int32),             # the play-kind chosen, its space still to choose; -1 none
    ("pos", np.int32, (MAX_SEATS,)),
    ("points", np.int32, (MAX_SEATS,)),
    ("round_score", np.int32, (MAX_SEATS,)),   # the last completed round's minus points
    ("loc", np.int8, (NUM_CARDS,)),
    ("deck", np.int8, (NUM_CARDS,)),           # card ids, index deck_size-1 the top
    ("deck_size", np.int32),
    ("hand_kind", np.int8, (MAX_SEATS, NUM_KINDS)),
    ("hand_count", np.int32, (MAX_SEATS,)),
    ("top", np.int8, (NUM_SPACES,)),           # top card of each space, -1 none
    ("below", np.int8, (NUM_CARDS,)),          # the card beneath, -1 none (or not on the board)
    ("card_space", np.int8, (NUM_CARDS,)),     # the space of a board card, -1 elsewhere
    ("orient", np.int8, (NUM_CARDS,)),         # a board card's arrow (0 unless Push/Jump)
    ("height", np.int32, (NUM_SPACES,)),
    ("triggered", np.uint8, (NUM_CARDS,)),     # triggered this turn (FAQ 1, looping)
    ("tele_triggered", np.uint8, (NUM_TELEPORTS,)),
    ("skip_move", np.int32),
    ("reverse", np.int32),
    ("ghost", np.int32),
    ("advance", np.int32),            # Fuck You played: advance 21 before moving
    ("trouble", np.int32),            # Troublemaker played: an event instead of moving
    ("remote_target", np.int32),      # Remote: the token the movement phase moves, -1 own
    ("magnet_card", np.int32),        # the Magnet being used (it may not take itself), -1
    ("mv_token", np.int32),
    ("mv_dir", np.int32),
    ("mv_steps", np.int32),
    ("mv_ghost", np.int32),
    ("roll_die", np.int32),           # 0 none, 6 or 20
    ("roll_owner", np.int32),
    ("roll_value", np.int32),
    ("roll_for", np.int32),
    ("roll_asked", np.int32),         # seats asked about a Re-Roll of this number (bits)
    ("rr_seat", np.int32),            # who played the Re-Roll the die's owner may block, -1
    ("block_for", np.int32),
    ("target", np.int32),             # the attacked (or chosen) token, -1
    ("gift_amount", np.int32),
    ("ev_kind", np.int32),
    ("ev_thrower", np.int32),
    ("ev_index", np.int32),           # players done, in turn order from the thrower's right
    ("ev_seat", np.int32),            # whose throw or choice it is now, -1
    ("nice_asked", np.int32),         # seats asked about Nice Try this turn (bits)
    ("deck_out", np.int32),           # someone could not draw: the round ends
    ("winner", np.uint8, (MAX_SEATS,)),
    ("known", np.uint8, (NUM_CARDS,)),        # a hand card everyone saw go there (public)
    ("log", np.int16, (LOG_MAX, 4)),  # since the last decision: throws and events, in order
    ("log_len", np.int32),
])
