"""Legends' state record and named constants: stages, flow steps, the action ranges and the
observation layout.

Seats sit clockwise in seat order: the player on a seat's left is seat + 1. Every card and token
has exactly one place (invariants.py): a skill card is in a hand, the deck (an ordered pile, top
last) or the discard pile; an upbringing card in a draft hand, a pending pick, a Legend, the box or
the discard; an adventure in its deck, the box (removed unseen), on the board, in a Legend or lost.
"""
import numpy as np

from ..common.layout import Layout
from ..common.record import record_dtype
from .content import (ABILITIES, ADVENTURE_DECK, ALTS, CARD_TYPES, CHARACTERS, DECK_SIZE, END_AWARDS,
                      FAILURE_DECK, FATE_KINDS, FATE_TILES, HARDSHIP_DECK, LOCATIONS, REWARD_DECK,
                      REWARD_TYPES, SKILLS, SLOTS, SPECIAL_KINDS, SUITS, TOKENS, TRACK, UP_PICKS, UPBRINGING,
                      WILD_VALUES)

MIN_SEATS, MAX_SEATS = 3, 7
RUN_MAX = 40              # the longest adventure deal a record keeps (a run ends far sooner)
SKILL_MAX = 40            # skill levels stop here (tokens.py): no game comes near
TOKEN_MAX = 200           # tokens of a kind, True Grit and -1 VP stop here (tokens.py)
TURN_MAX = 1000           # the turn count stops here: random games end within about 50 turns
COMMIT_REST = 3           # commit 0..2: a location; 3: Rest
COMMITS = 4
COMMIT_NAMES = ("Back East", "Frontier", "Far West", "Rest")

# Decision stages (observed one-hot).
ST_DRAFT = 0            # upbringing: pick one card of the draft hand
ST_COMMIT = 1           # daytime: commit an action card face down
ST_DISCARD = 2          # discard one card (hand limit, Lose 2 Cards, a penalty)
ST_PLAY = 3             # an adventure: play a trump card, start an Ingenuity set, a special action
ST_INGENUITY = 4        # add to the Ingenuity set, or finish it
ST_REDRAW = 5           # spend 1 True Grit to redraw the last dealt card, or accept
ST_REWARD = 6           # choose a reward of the adventure
ST_AVOID = 7            # spend True Grit to avoid the penalty, or suffer it
ST_PENALTY_CHOICE = 8   # a failure card's choice: tokens or a skill point
ST_REST_DRAW = 9        # Rest: draw cards or take True Grit
ST_SHOP = 10            # Rest: trade tokens, buy one reward, or end the rest
ST_OVER = 11
NUM_STAGES = 12
STAGE_NAMES = ("upbringing: pick a card", "daytime: commit an action card", "discard a card",
               "adventure: play skill cards", "adventure: American Ingenuity set", "adventure: redraw with True Grit?",
               "adventure: choose a reward", "adventure failed: avoid the penalty?", "failure card: choose the loss",
               "rest: draw or True Grit", "rest: trade and buy", "game over")

# Automatic flow steps (what settle() does next).
FL_NONE = 0
FL_DRAFT = 1           # the next draft pick, or the reveal
FL_COMMIT = 2          # the next commit, or the reveal
FL_LOC_START = 3       # resolve the next location with adventurers
FL_PLAYER_START = 4    # the next adventurer there
FL_PLAYER_PLAY = 5     # the adventurer plays
FL_PLAYER_END = 6      # the adventurer is done
FL_OUTCOME = 7         # success, winner, rewards, penalties
FL_REWARD = 8          # the next recipient chooses
FL_PENALTY = 9         # the next failed adventurer
FL_PENALTY_DRAW = 10   # draw the penalty cards one by one
FL_LOC_END = 11        # clear the location
FL_REST = 12           # the next resting player
FL_REST_LIMIT = 13     # hand limit after the rest draw
FL_EVENING = 14        # end conditions, pass the first player, sunrise
FL_FATE_START = 15     # the fate tile's start effects, every adventurer before anyone plays
NUM_FLOWS = 16

# Places of a fate tile.
FP_POOL, FP_USED, FP_LOC = 0, 1, 2     # FP_LOC + location: on the board there

# Action ranges (one flat Discrete space).
ACTIONS = Layout("action")
COMMIT = ACTIONS.span("commit", COMMITS, doc="commit the action card Back East, Frontier, Far West or Rest")
DRAFT = ACTIONS.span("draft", UPBRINGING, doc="pick upbringing card u from my draft hand")
DISCARD = ACTIONS.span("discard", CARD_TYPES, doc="discard a skill card of type t")
PLAY = ACTIONS.span("play", CARD_TYPES, doc="play a skill card of type t (trump 5+, or to the Ingenuity set)")
WILD = ACTIONS.span("wild", WILD_VALUES, 2, doc="play wild card v as the adventure's first (0) or second (1) skill")
SPECIAL = ACTIONS.span("special", SUITS, SPECIAL_KINDS, doc="use the special action card (suit, kind)")
DONE_SET = ACTIONS.span("done_set", doc="finish the Ingenuity set")
NO_PLAY = ACTIONS.span("no_play", doc="play nothing (only when no card can be played)")
REDRAW = ACTIONS.span("redraw", doc="spend 1 True Grit: redraw the last dealt card")
ACCEPT = ACTIONS.span("accept", doc="keep the adventure deal")
AVOID = ACTIONS.span("avoid", doc="spend True Grit to draw no penalty card")
SUFFER = ACTIONS.span("suffer", doc="take the penalty")
LOSS = ACTIONS.span("loss", 2, doc="failure card: lose the tokens (0) or the skill point (1)")
REWARD = ACTIONS.span("reward", SLOTS, ALTS, SKILLS + 1,
                      doc="take reward slot, alternative, and the skill raised / token kind chosen (6: as listed)")
REST_DRAW = ACTIONS.span("rest_draw", doc="rest: draw 4 cards")
REST_GRIT = ACTIONS.span("rest_grit", doc="rest: take 1 True Grit")
TRADE = ACTIONS.span("trade", REWARD_TYPES, REWARD_TYPES, TOKENS,
                     doc="trade a token of kind a and one of kind b (a <= b) for one of kind c")
GRIT_SKILL = ACTIONS.span("grit_skill", SKILLS, doc="optional rule: 3 True Grit for +1 in skill k")
BUY = ACTIONS.span("buy", REWARD_TYPES, doc="buy the face-up reward of deck t")
END_REST = ACTIONS.span("end_rest", doc="end the rest without buying")
# The parallel env's move for a seat with nothing to decide in a step (envs/common/parallel.py): its
# only legal action there, so every seat's mask has a legal action (a masked sampler needs one). It
# does nothing; the AEC env, which asks only the seat to act, never offers it.
WAIT = ACTIONS.span("wait", doc="wait: no decision pending this step (parallel env only; does nothing)")
NUM_ACTIONS = ACTIONS.size
AS_LISTED = SKILLS      # the REWARD choice that takes the tokens as the card lists them

# Observation (seat-relative: the observer first, then the seats on its left).
# The observation's counts, each divided by its scale so that it reads about 0..1 (deck sizes where
# a count is of a deck's cards; otherwise about the most a game reaches).
SKILL_SCALE = 4           # skill points
TOKEN_SCALE = 4           # tokens of one kind
GRIT_SCALE = 2            # True Grit tokens
NEG_VP_SCALE = 4          # -1 VP tokens
HAND_SCALE = 7            # skill cards in a hand
ADVENTURES_SCALE = 4      # adventures in a Legend
VP_SCALE = 20             # a score, and a total on an adventure
COPIES_SCALE = 2          # skill cards of one type (a hand's, the discard pile's)
UNDER_SCALE = 8           # a card's place in the order of those put under a reward pile
SET_VALUE_SCALE = 8       # the Ingenuity set's value
SET_CARDS_SCALE = 4       # the Ingenuity set's cards
RUN_SUM_SCALE = 10        # the adventure deal's sum
RUN_CARDS_SCALE = 4       # the adventure deal's cards

SEAT_FEATURE = Layout("seat feature")
S_PRESENT = SEAT_FEATURE.span("present", doc="the seat is at the table")
S_FIRST = SEAT_FEATURE.span("first_player", doc="holds the First Player token")
S_CHARACTER = SEAT_FEATURE.span("character", CHARACTERS, doc="its frontiersman, one-hot")
S_SKILLS = SEAT_FEATURE.span("skills", SKILLS, doc=f"skill points / {SKILL_SCALE}")
S_TOKENS = SEAT_FEATURE.span("tokens", TOKENS, doc=f"Status, Fame, Wealth, Happiness, Hardship tokens / {TOKEN_SCALE}")
S_GRIT = SEAT_FEATURE.span("grit", doc=f"True Grit tokens / {GRIT_SCALE}")
S_NEG = SEAT_FEATURE.span("negative", doc=f"-1 VP tokens / {NEG_VP_SCALE}")
S_HAND = SEAT_FEATURE.span("hand", doc=f"skill cards in hand / {HAND_SCALE}")
S_ABILITIES = SEAT_FEATURE.span("abilities", ABILITIES, doc="special abilities held (counts)")
S_COMMITTED = SEAT_FEATURE.span("committed", doc="has committed its action card this turn")
S_ACTION = SEAT_FEATURE.span("action", COMMITS, doc="its revealed action card")
S_REWARDS = SEAT_FEATURE.span("rewards", REWARD_TYPES, doc="reward cards in its Legend, by type")
S_ADVENTURES = SEAT_FEATURE.span("adventures", doc=f"adventures in its Legend / {ADVENTURES_SCALE}")
S_VP = SEAT_FEATURE.span("vp", doc=f"its score now / {VP_SCALE}")
S_UPBRINGING = SEAT_FEATURE.span("upbringing", UPBRINGING, doc="its revealed upbringing cards")
S_TOTAL = SEAT_FEATURE.span("total", doc=f"its total on the adventure being resolved / {VP_SCALE}")
S_DONE = SEAT_FEATURE.span("resolved", doc="it has resolved its part of the adventure being resolved")

LOC_FEATURE = Layout("location feature")
L_ACTIVE = LOC_FEATURE.span("active", doc="an adventure is here")
L_BLOCKED = LOC_FEATURE.span("blocked", doc="the 3-player adventure marker is here")
L_CARD = LOC_FEATURE.span("card", ADVENTURE_DECK, doc="which adventure of this location's deck, one-hot")
L_AGE = LOC_FEATURE.span("age", TRACK, doc="its space on the track, one-hot")
L_FATE_DOWN = LOC_FEATURE.span("fate_down", doc="its fate tile is face down")
L_FATE = LOC_FEATURE.span("fate", FATE_KINDS, doc="its face-up fate tile, one-hot")
L_DECK = LOC_FEATURE.span("deck", doc=f"adventures left in the deck / {ADVENTURE_DECK} (the deck)")

OBSERVATION = Layout("block")
OBS_HAND = OBSERVATION.span("hand", CARD_TYPES, doc=f"my skill cards, count per type / {COPIES_SCALE}")
OBS_DRAFT = OBSERVATION.span("draft", UPBRINGING, doc="my draft hand")
OBS_PICK = OBSERVATION.span("pick", UPBRINGING, doc="my pick waiting for the reveal")
OBS_COMMIT = OBSERVATION.span("my_commit", COMMITS, doc="my committed action card (before the reveal too)")
OBS_SEATS = OBSERVATION.span("seats", MAX_SEATS, SEAT_FEATURE.size, doc="per seat from me on")
OBS_LOCS = OBSERVATION.span("locations", LOCATIONS, LOC_FEATURE.size, doc="the three locations")
OBS_REWARD_TOP = OBSERVATION.span("reward_top", REWARD_TYPES, REWARD_DECK, doc="the face-up reward of each deck")
OBS_REWARD_LEFT = OBSERVATION.span("reward_left", REWARD_TYPES + 1, doc=f"cards left in each reward deck / {REWARD_DECK} and the hardship deck / {HARDSHIP_DECK} (the decks)")
OBS_REWARD_UNDER = OBSERVATION.span("reward_under", REWARD_TYPES, REWARD_DECK,
                                    doc=f"optional first-price rule: the cards put under each pile, seen by all: their order / {UNDER_SCALE}")
OBS_STAGE = OBSERVATION.span("stage", NUM_STAGES, doc="the decision stage, one-hot")
OBS_RES_LOC = OBSERVATION.span("resolving", LOCATIONS, doc="the location being resolved")
OBS_SET = OBSERVATION.span("set", 3, doc=f"Ingenuity set: value / {SET_VALUE_SCALE}, cards / {SET_CARDS_SCALE}, its skill fixed")
OBS_RUN = OBSERVATION.span("run", 2, doc=f"the adventure deal: its sum / {RUN_SUM_SCALE}, cards / {RUN_CARDS_SCALE}")
OBS_SLOTS = OBSERVATION.span("slots_taken", SLOTS, doc="reward slots already taken")
OBS_DISCARD = OBSERVATION.span("discard", CARD_TYPES, doc=f"the discard pile, per type / {COPIES_SCALE}")
# the table: the seat count, and three counts each divided by its scale so that it reads about 0..1
TURN_SCALE = 30           # turns: the observation's turn / TURN_SCALE
OBS_SEAT_COUNT = OBSERVATION.span("seat_count", MAX_SEATS - MIN_SEATS + 1, doc="seat count one-hot (3-7)")
OBS_TURN = OBSERVATION.span("turn", doc=f"the turn / {TURN_SCALE}")
OBS_DRAFT_ROUND = OBSERVATION.span("draft_round", doc=f"the draft round / {UP_PICKS} (its picks)")
OBS_DECK_LEFT = OBSERVATION.span("deck_left", doc=f"skill cards left in the deck / {DECK_SIZE} (the deck)")
OBS_SIZE = OBSERVATION.size

STATE = Layout("state block")
STATE_VIEW = STATE.span("view", OBS_SIZE, doc="seat 0's observation")
STATE_HANDS = STATE.span("hands", MAX_SEATS, CARD_TYPES, doc="every hand")
STATE_COMMITS = STATE.span("commits", MAX_SEATS, COMMITS, doc="every commit")
STATE_DECK = STATE.span("deck", DECK_SIZE, doc=f"the deck from the top: (type + 1) / {CARD_TYPES} (the types)")
STATE_FATE = STATE.span("fate", LOCATIONS, FATE_KINDS, doc="every fate tile on the board")
STATE_SIZE = STATE.size

HIDDEN_FIELDS = ("hand", "deck", "draft", "up_pick", "up_legend", "up_order", "up_box", "up_discard", "commit", "loc_fate",
                 "fate_place", "adv_deck", "adv_box", "rew_pile", "rew_box")

P = MAX_SEATS
RECORD_DTYPE = record_dtype([
    ("opt_first_price", np.int32),    # optional rule: first reward cards priced over three go under
    ("opt_grit_skill", np.int32),     # optional rule: 3 True Grit for a skill level
    ("opt_random_loss", np.int32),    # optional rule: Lose 2 Cards takes them at random
    ("stage", np.int32),
    ("flow", np.int32),
    ("first_player", np.int32),
    ("turn", np.int32),               # frontiersman turns begun
    ("draft_round", np.int32),        # upbringing picks made (0..4)
    ("character", np.int32, (P,)),
    ("skills", np.int32, (P, SKILLS)),
    ("tokens", np.int32, (P, TOKENS)),
    ("grit", np.int32, (P,)),
    ("neg_vp", np.int32, (P,)),
    ("ability", np.int32, (P, ABILITIES)),
    # skill cards
    ("hand", np.uint8, (P, CARD_TYPES)),
    ("deck", np.int32, (DECK_SIZE,)),  # card types, index deck_n - 1 the top
    ("deck_n", np.int32),
    ("discard", np.uint8, (CARD_TYPES,)),
    # upbringing
    ("draft", np.uint8, (P, UPBRINGING)),
    ("up_pick", np.int32, (P,)),      # the pick waiting for the reveal, -1 none
    ("up_legend", np.uint8, (P, UPBRINGING)),
    ("up_order", np.int32, (P, UP_PICKS)),
    ("up_box", np.uint8, (UPBRINGING,)),      # never dealt
    ("up_discard", np.uint8, (UPBRINGING,)),  # the last card of each draft hand
    # adventures
    ("adv_deck", np.uint8, (LOCATIONS, ADVENTURE_DECK)),
    ("adv_box", np.uint8, (LOCATIONS, ADVENTURE_DECK)),
    ("adv_lost", np.uint8, (LOCATIONS, ADVENTURE_DECK)),  # fell off the track unachieved
    ("adv_owner", np.int32, (LOCATIONS, ADVENTURE_DECK)), # in whose Legend, -1 none
    ("active", np.int32, (LOCATIONS,)),       # the adventure on the board, -1 none
    ("age", np.int32, (LOCATIONS,)),
    ("marker", np.int32),                     # 3 players: the location the adventure marker blocks
    ("loc_fate", np.int32, (LOCATIONS,)),     # the fate tile there, -1 none
    ("fate_up", np.int32, (LOCATIONS,)),
    ("fate_place", np.int32, (FATE_TILES,)),
    # rewards
    ("rew_pile", np.uint8, (REWARD_TYPES, REWARD_DECK)),   # face down
    ("rew_box", np.uint8, (REWARD_TYPES, REWARD_DECK)),    # removed unseen
    ("rew_bottom", np.uint8, (REWARD_TYPES, REWARD_DECK)), # optional rule: put under the pile (seen), 1 the first
    ("rew_top", np.int32, (REWARD_TYPES,)),                # the face-up card, -1 none
    ("rew_owner", np.int32, (REWARD_TYPES, REWARD_DECK)),  # -1 none
    ("fail_pile", np.uint8, (LOCATIONS, FAILURE_DECK)),
    ("fail_used", np.uint8, (LOCATIONS, FAILURE_DECK)),   # drawn failure cards, face up until reshuffled
    ("hard_pile", np.uint8, (HARDSHIP_DECK,)),
    ("hard_owner", np.int32, (HARDSHIP_DECK,)),
    # the turn
    ("commit", np.int32, (P,)),               # -1 not yet
    ("revealed", np.int32),
    ("res_loc", np.int32),
    ("res_k", np.int32),                      # offset from the first player of the adventurer resolving
    ("cur", np.int32),                        # that seat
    ("res_done", np.uint8, (P,)),
    ("total", np.int32, (P,)),
    ("failed", np.uint8, (P,)),
    ("bonus", np.int32),                      # Steady Nerves played this adventure
    ("trump", np.int32),                      # bit mask of trump suits of the adventurer's play
    ("set_suit", np.int32),
    ("set_value", np.int32),
    ("set_cards", np.int32),
    ("set_luck", np.int32),
    ("run", np.int32, (RUN_MAX,)),
    ("run_n", np.int32),
    ("rank", np.int32, (P,)),                 # reward recipients in order
    ("rank_n", np.int32),
    ("rank_pos", np.int32),
    ("slot_taken", np.uint8, (SLOTS,)),
    ("pen_k", np.int32),                      # offset of the failed adventurer being penalised
    ("pen_left", np.int32),                   # penalty cards still to draw
    ("pen_card", np.int32),                   # the failure card awaiting a choice, -1 none
    ("discard_left", np.int32),
    ("discard_then", np.int32),               # the flow step after the discards
    ("rest_k", np.int32),
    ("end_award", np.int32, (END_AWARDS,)),   # owner, -1 none
    ("final", np.int32, (P,)),
    ("winner", np.uint8, (P,)),
])
