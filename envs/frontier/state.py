"""Frontier's state record, its named constants, the action and observation layouts, the island.

The island is the 19-hex hexagon of radius 2 (rows of 3, 4, 5, 4, 3 hexes) with its 54 corners and
72 edges. Geometry is computed once at import in integer "doubled" coordinates (x in units of
sqrt(3)/2, y in units of 1/2 of a hex's circumradius) so that every corner lands on an exact integer
point and two hexes share a corner exactly when they compute the same point. The arrays are module
globals, which Numba freezes as constants when it compiles a kernel.

Ids are stable: hexes in reading order (top row left to right, then the next row), corners sorted
by (y, x), edges sorted by their (lower corner, higher corner) pair, the 30 coastal corners and
edges in clockwise order starting from the top-left.
"""
import math

import numpy as np

from ..common.layout import Layout
from ..common.record import record_dtype
from .content import (BRICK, CARD_NAMES, DECK_SIZE, DESERT, FIELD, FOREST, GENERAL_HARBOUR,  # noqa: F401
                      GRAIN, HILL, KNIGHT, MONOPOLY, MOUNTAIN, NUM_CARD_KINDS, NUM_HARBOUR_KINDS,
                      NUM_PLAYABLE_KINDS, NUM_RESOURCES, NUM_TERRAINS, ORE, PASTURE, RESOURCE_NAMES,
                      ROAD_BUILDING, TERRAIN_NAMES, TERRAIN_RESOURCE, TIMBER, VICTORY_POINT, WOOL,
                      YEAR_OF_PLENTY)

# --------------------------------------------------------------------------- players and pieces
MIN_SEATS, MAX_SEATS = 3, 4

# resources, terrain, opportunity cards and harbour kinds: content.py

# buildings on a corner (corner_level)
EMPTY, VILLAGE, KEEP = 0, 1, 2
NUM_BUILDINGS = 2  # village, keep

# harbours: kinds 0..4 are 2:1 for that resource, GENERAL_HARBOUR (content.py) 3:1 for anything
BANK_RATE, GENERAL_RATE, SPECIAL_RATE = 4, 3, 2

# the dice (rulebook "A turn"): two six-sided dice; a 7 pays nothing and moves the bandit
NUM_DICE, DIE_SIDES = 2, 6
BANDIT_THROW = 7
MIN_THROW, MAX_THROW = 2, 12
NUM_THROWS = MAX_THROW - MIN_THROW + 1  # the totals, and the numbers the hexes carry
# a number's pips, by number: its chances in 36 on the two dice, as often as its hexes pay (the
# bandit's throw pays nothing): what the agents weigh a hex's production by
PIPS = np.array([0 if n == BANDIT_THROW else max(0, DIE_SIDES - abs(n - (DIE_SIDES + 1)))
                 for n in range(MAX_THROW + 1)], np.float64)

# points (rulebook "Points")
WINNING_POINTS = 10
VILLAGE_POINTS, KEEP_POINTS = 1, 2
AWARD_POINTS = 2
LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3
DISCARD_LIMIT = 7           # "more than seven cards discards half of them, rounded down"
MAX_PROPOSALS_PER_TURN = 3  # our bound on the offers of the player on turn (RULES.md, "Trading")
MAX_HEARINGS_PER_TURN = 1   # ... and on the rounds of offers it hears from the others

# --------------------------------------------------------------------------- stages
ST_SETUP_VILLAGE = 0   # opening: place a village (no road needed)
ST_SETUP_ROAD = 1      # opening: place a road touching the village just placed
ST_PRE_ROLL = 2        # start of a turn, holding a card from an earlier turn: throw, or play one first
ST_DISCARD = 3         # a 7: a player over seven cards discards one card per decision
ST_MOVE_BANDIT = 4     # a 7 or a knight: choose the bandit's new hex
ST_STEAL = 5           # choose whom to take a card from
ST_MAIN = 6            # after the throw: build, buy, trade, play, end the turn
ST_ROAD_BUILDING = 7   # placing the free roads of a road-building card
ST_YEAR_OF_PLENTY = 8  # naming the two resources of a year-of-plenty card
ST_MONOPOLY = 9        # naming the resource of a monopoly card
ST_OFFER_GIVE = 10     # the player on turn names what it offers
ST_OFFER_GET = 11      # ... and what it asks for in return
ST_TRADE_REPLY = 12    # another player answers the offer on the table
ST_BID_GIVE = 13       # hearing offers: another player names what it offers the player on turn, or passes
ST_BID_GET = 14        # ... and what it asks for in return
ST_TRADE_CHOOSE = 15   # the player on turn completes one deal put to it, or cancels
ST_GAME_OVER = 16
NUM_STAGES = 17        # the decision stages above are observed; the automatic ones below are passed
# through by turn.settle within the step that reaches them, never left in the record between two decisions
ST_THROW = 17          # the dice are thrown: at the start of a turn with no card to play first, or on "throw"
ST_ROB = 18            # the bandit's hex has a single possible victim: the card is taken at once
ST_RESUME = 19         # after the bandit: back to the main stage, or to the throw
STAGE_NAMES = ("setup village", "setup road", "before the throw", "discard", "move the bandit",
               "take a card", "main", "road building", "year of plenty", "monopoly",
               "offer: give", "offer: ask", "trade reply", "bid: give", "bid: ask", "trade choice",
               "game over")

# the answers of the other players (trade_reply[seat]): to an offer of the player on turn (accept,
# decline, counter) or, when it hears offers, their own offer (REPLY_OFFER) or none (REPLY_DECLINE)
REPLY_NONE, REPLY_ACCEPT, REPLY_DECLINE, REPLY_COUNTER, REPLY_OFFER = 0, 1, 2, 3, 4
NUM_REPLIES = 5

# the discrete trade spaces: an offer gives 1-2 of one resource for 1-2 of another, named in two
# decisions (give, then ask); a counter keeps what the proposer asked for and names what the
# proposer should give instead (1-2 of a resource). See RULES.md, "Trading".
MAX_TRADE_COUNT = 2

# --------------------------------------------------------------------------- actions
NUM_HEXES = 19
NUM_CORNERS = 54
NUM_EDGES = 72
NUM_HARBOURS = 9
# The small ranges of the sub-decisions come first and the long board ranges last: a uniformly
# random pick scans the mask only up to the action it picks, so this order keeps rollouts fast.
ACTIONS = Layout("action")
ROLL = ACTIONS.span("roll", doc="throw the dice")
END_TURN = ACTIONS.span("end_turn", doc="end the turn")
BUY_CARD = ACTIONS.span("buy_card", doc="buy an opportunity card")
PLAY_KNIGHT = ACTIONS.span("play_knight", doc="play a knight")
PLAY_ROAD_BUILDING = ACTIONS.span("play_road_building", doc="play road building")
PLAY_YEAR_OF_PLENTY = ACTIONS.span("play_year_of_plenty", doc="play year of plenty")
PLAY_MONOPOLY = ACTIONS.span("play_monopoly", doc="play monopoly")
TRADE_ACCEPT = ACTIONS.span("trade_accept", doc="accept the offer on the table")
TRADE_DECLINE = ACTIONS.span("trade_decline", doc="decline the offer on the table")
TRADE_CANCEL = ACTIONS.span("trade_cancel", doc="the proposer cancels the offer")
OFFER_TRADE = ACTIONS.span("offer_trade", doc="start an offer to the other players")
HEAR_OFFERS = ACTIONS.span("hear_offers", doc="ask the other players for their offers")
NO_OFFER = ACTIONS.span("no_offer", doc="make the player on turn no offer")
STEAL = ACTIONS.span("steal", MAX_SEATS - 1, doc="take a card from the k-th player after me")
DISCARD = ACTIONS.span("discard", NUM_RESOURCES, doc="discard one card of a resource")
YEAR_OF_PLENTY_PICK = ACTIONS.span("year_of_plenty_pick", NUM_RESOURCES, doc="take a resource (year of plenty)")
MONOPOLY_PICK = ACTIONS.span("monopoly_pick", NUM_RESOURCES, doc="name a resource (monopoly)")
OFFER_GIVE = ACTIONS.span("offer_give", NUM_RESOURCES, MAX_TRADE_COUNT,
                          doc="offer count+1 of a resource (the player on turn, or a bidder)")
OFFER_GET = ACTIONS.span("offer_get", NUM_RESOURCES, MAX_TRADE_COUNT, doc="ask count+1 of a resource")
COUNTER_OFFER = ACTIONS.span("counter_offer", NUM_RESOURCES, MAX_TRADE_COUNT,
                             doc="give what was asked but want count+1 of a resource instead")
TRADE_COMPLETE = ACTIONS.span("trade_complete", MAX_SEATS - 1, doc="complete the answer of the k-th player after me")
BANK_TRADE = ACTIONS.span("bank_trade", NUM_RESOURCES, NUM_RESOURCES, doc="trade give for get with the bank or a harbour")
MOVE_BANDIT = ACTIONS.span("move_bandit", NUM_HEXES, doc="move the bandit to a hex")
BUILD_ROAD = ACTIONS.span("build_road", NUM_EDGES, doc="build a road on an edge")
BUILD_VILLAGE = ACTIONS.span("build_village", NUM_CORNERS, doc="build a village on a corner")
BUILD_KEEP = ACTIONS.span("build_keep", NUM_CORNERS, doc="upgrade the village on a corner to a keep")
NUM_ACTIONS = ACTIONS.size


# --------------------------------------------------------------------------- topology
def _build_topology():
    # axial coordinates of the radius-2 hexagon, in reading order (row r top to bottom, q left to right)
    hexes = []
    for r in range(-2, 3):
        for q in range(max(-2, -r - 2), min(2, -r + 2) + 1):
            hexes.append((q, r))
    # pointy-top hex centre (X, Y) = (2q + r, 3r); corners at these offsets, clockwise from the top
    offs = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]
    centres = [(2 * q + r, 3 * r) for q, r in hexes]
    pts = sorted({(cx + dx, cy + dy) for cx, cy in centres for dx, dy in offs}, key=lambda p: (p[1], p[0]))
    corner_id = {p: i for i, p in enumerate(pts)}
    hex_corners = np.array([[corner_id[(cx + dx, cy + dy)] for dx, dy in offs] for cx, cy in centres], np.int64)
    edges = sorted({tuple(sorted((int(hc[i]), int(hc[(i + 1) % 6])))) for hc in hex_corners for i in range(6)})
    edge_corners = np.array(edges, np.int64)
    nc = len(pts)
    corner_hexes = -np.ones((nc, 3), np.int64)
    corner_corners = -np.ones((nc, 3), np.int64)
    corner_edges = -np.ones((nc, 3), np.int64)
    for h, hc in enumerate(hex_corners):
        for c in hc:
            k = int(np.sum(corner_hexes[c] >= 0))
            corner_hexes[c, k] = h
    for e, (a, b) in enumerate(edges):
        for c, o in ((a, b), (b, a)):
            k = int(np.sum(corner_edges[c] >= 0))
            corner_edges[c, k] = e
            corner_corners[c, k] = o
    # neighbouring hexes (for "6s and 8s never side by side"): hexes sharing an edge
    hex_neighbours = -np.ones((len(hexes), 6), np.int64)
    for a in range(len(hexes)):
        k = 0
        for b in range(len(hexes)):
            if a != b and len(set(hex_corners[a]) & set(hex_corners[b])) == 2:
                hex_neighbours[a, k] = b
                k += 1
    # the coast: corners on fewer than three hexes, clockwise by angle around the centre
    coast = [c for c in range(nc) if np.sum(corner_hexes[c] >= 0) < 3]
    def angle(c):
        x, y = pts[c]
        return math.atan2(y * 0.5, x * math.sqrt(3) / 2)  # y grows downwards: increasing angle is clockwise
    start = min(coast, key=lambda c: (pts[c][1], pts[c][0]))
    coast.sort(key=lambda c: (angle(c) - angle(start)) % (2 * math.pi))
    edge_id = {e: i for i, e in enumerate(edges)}
    coast_edges = [edge_id[tuple(sorted((coast[i], coast[(i + 1) % len(coast)])))] for i in range(len(coast))]
    # nine harbours on the 30 coastal edges, spaced 3, 3, 4 round the coast as on the family's island
    gaps = [3, 3, 4] * 3
    pos, harbour_edges = 1, []
    for g in gaps:
        harbour_edges.append(coast_edges[pos])
        pos += g
    harbour_corners = np.array([edges[e] for e in harbour_edges], np.int64)
    corner_harbour = -np.ones(nc, np.int64)
    for i, (a, b) in enumerate(harbour_corners):
        corner_harbour[a] = i
        corner_harbour[b] = i
    return dict(
        hex_axial=np.array(hexes, np.int64), hex_centre=np.array(centres, np.int64),
        corner_xy=np.array(pts, np.int64), hex_corners=hex_corners, edge_corners=edge_corners,
        corner_hexes=corner_hexes, corner_corners=corner_corners, corner_edges=corner_edges,
        hex_neighbours=hex_neighbours, coast_corners=np.array(coast, np.int64),
        coast_edges=np.array(coast_edges, np.int64), harbour_edges=np.array(harbour_edges, np.int64),
        harbour_corners=harbour_corners, corner_harbour=corner_harbour,
    )


_T = _build_topology()
HEX_AXIAL = _T["hex_axial"]            # (19, 2) axial (q, r)
HEX_CENTRE = _T["hex_centre"]          # (19, 2) doubled (x, y)
CORNER_XY = _T["corner_xy"]            # (54, 2) doubled (x, y)
HEX_CORNERS = _T["hex_corners"]        # (19, 6) clockwise from the top
EDGE_CORNERS = _T["edge_corners"]      # (72, 2)
CORNER_HEXES = _T["corner_hexes"]      # (54, 3), -1 padded
CORNER_CORNERS = _T["corner_corners"]  # (54, 3), -1 padded; CORNER_CORNERS[c, k] is across CORNER_EDGES[c, k]
CORNER_EDGES = _T["corner_edges"]      # (54, 3), -1 padded
HEX_NEIGHBOURS = _T["hex_neighbours"]  # (19, 6), -1 padded
COAST_CORNERS = _T["coast_corners"]    # (30,) clockwise
COAST_EDGES = _T["coast_edges"]        # (30,) clockwise
HARBOUR_EDGES = _T["harbour_edges"]    # (9,)
HARBOUR_CORNERS = _T["harbour_corners"]  # (9, 2)
CORNER_HARBOUR = _T["corner_harbour"]  # (54,), -1 where no harbour
assert HEX_CORNERS.shape == (NUM_HEXES, 6) and CORNER_XY.shape[0] == NUM_CORNERS
assert EDGE_CORNERS.shape[0] == NUM_EDGES and COAST_EDGES.shape[0] == 30

# --------------------------------------------------------------------------- the record
DECK_CAPACITY = 32  # room for the opportunity deck (content.DECK_SIZE cards)
assert DECK_SIZE <= DECK_CAPACITY
RECORD_DTYPE = record_dtype([
    ("hidden_harbours", np.int32),   # option: harbour rates hidden until someone builds there
    ("fixed_island", np.int32),      # option: the fixed beginner island instead of a random one
    ("stage", np.int32),
    ("turn_seat", np.int32),         # the player whose turn it is
    ("first_player", np.int32),      # won the throw for turn order
    ("setup_step", np.int32),        # 0 .. 2n-1 through the opening
    ("setup_corner", np.int32),      # the village just placed in the opening
    ("turn", np.int32),              # turns begun since the opening
    ("rolled", np.int32),            # the dice have been thrown this turn
    ("dice", np.int32, (NUM_DICE,)), # the last throw
    ("card_played", np.int32),       # an opportunity card was played this turn
    ("free_roads", np.int32),        # roads left to place from a road-building card
    ("plenty_left", np.int32),       # resources left to name from a year-of-plenty card
    ("winner", np.int32),
    # the island
    ("hex_terrain", np.int32, (NUM_HEXES,)),
    ("hex_number", np.int32, (NUM_HEXES,)),   # 0 on the desert
    ("bandit", np.int32),
    ("harbour_kind", np.int32, (NUM_HARBOURS,)),
    ("harbour_revealed", np.int32, (NUM_HARBOURS,)),
    ("corner_owner", np.int32, (NUM_CORNERS,)),  # -1 empty
    ("corner_level", np.int32, (NUM_CORNERS,)),  # EMPTY, VILLAGE, KEEP
    ("edge_owner", np.int32, (NUM_EDGES,)),      # -1 empty
    # the supply and the hands
    ("bank", np.int32, (NUM_RESOURCES,)),
    ("hand", np.int32, (MAX_SEATS, NUM_RESOURCES)),
    ("deck", np.int32, (DECK_CAPACITY,)),         # opportunity cards, drawn from deck_top on
    ("deck_size", np.int32),
    ("deck_top", np.int32),
    ("cards", np.int32, (MAX_SEATS, NUM_CARD_KINDS)),      # unplayed cards held (VP cards too)
    ("cards_new", np.int32, (MAX_SEATS, NUM_CARD_KINDS)),  # of those, bought this turn
    ("cards_played", np.int32, (MAX_SEATS, NUM_CARD_KINDS)),  # played face up (knights: the army)
    ("villages_left", np.int32, (MAX_SEATS,)),
    ("keeps_left", np.int32, (MAX_SEATS,)),
    ("roads_left", np.int32, (MAX_SEATS,)),
    ("road_length", np.int32, (MAX_SEATS,)),   # each player's longest road, recomputed on change
    ("longest_road", np.int32),                  # holder, -1 nobody
    ("largest_army", np.int32),                  # holder, -1 nobody
    ("discard_left", np.int32, (MAX_SEATS,)),  # cards each player still has to discard on this 7
    # the trade on the table
    ("proposals", np.int32),                     # offers the player on turn made this turn
    ("hearings", np.int32),                      # rounds of offers it heard this turn
    ("trade_give", np.int32),                    # the proposer gives trade_give_count of trade_give
    ("trade_give_count", np.int32),
    ("trade_get", np.int32),                     # ... for trade_get_count of trade_get
    ("trade_get_count", np.int32),
    ("trade_replier", np.int32),                 # the seat answering (or bidding) now
    ("trade_reply", np.int32, (MAX_SEATS,)),   # REPLY_* per seat
    # the deal each other seat puts to the player on turn (an acceptance, a counter or its own
    # offer): it gives deal_give_count of deal_give for deal_get_count of deal_get
    ("deal_give", np.int32, (MAX_SEATS,)),
    ("deal_give_count", np.int32, (MAX_SEATS,)),
    ("deal_get", np.int32, (MAX_SEATS,)),
    ("deal_get_count", np.int32, (MAX_SEATS,)),
])

# What some seat may not see: others' resources and unplayed cards (kinds; the counts are public),
# the undrawn deck's order, and hidden harbours' rates. determinize re-deals these and nothing else.
HIDDEN_FIELDS = ("hand", "cards", "cards_new", "deck", "harbour_kind")

# --------------------------------------------------------------------------- observation layout
# (see view.encode; the observer first, then the others in turn order, padded to four seats)
# The features inside each repeated block:
HEX = Layout("hex feature")
F_TERRAIN = HEX.span("terrain", NUM_TERRAINS, doc="one-hot")
F_NUMBER = HEX.span("number", NUM_THROWS, doc="the number token 2..12, one-hot (none on the desert)")
F_BANDIT = HEX.span("bandit", doc="the bandit stands here")
HARBOUR = Layout("harbour feature")
F_RATE = HARBOUR.span("rate", NUM_HARBOUR_KINDS, doc="2:1 for a resource or 3:1 general, one-hot")
F_RATE_HIDDEN = HARBOUR.span("rate_hidden", doc="the rate is hidden (option hidden_harbours)")
CORNER = Layout("corner feature")
F_BUILDING = CORNER.span("building", MAX_SEATS, NUM_BUILDINGS, doc="village / keep of each relative seat")
EDGE = Layout("edge feature")
F_ROAD = EDGE.span("road", MAX_SEATS, doc="the road of each relative seat")
PLAYER = Layout("player feature")
F_PRESENT = PLAYER.span("present", doc="the seat is in the game")
F_HAND = PLAYER.span("hand", NUM_RESOURCES, doc="resources by kind (own only)")
F_HAND_SIZE = PLAYER.span("hand_size", doc="resource cards held")
F_CARDS = PLAYER.span("cards", NUM_CARD_KINDS, doc="unplayed opportunity cards by kind (own only)")
F_CARDS_NEW = PLAYER.span("cards_new", NUM_CARD_KINDS, doc="of those, bought this turn (own only)")
F_CARDS_HELD = PLAYER.span("cards_held", doc="unplayed opportunity cards")
F_CARDS_BOUGHT = PLAYER.span("cards_bought", doc="opportunity cards bought this turn")
F_PLAYED = PLAYER.span("played", NUM_PLAYABLE_KINDS, doc="opportunity cards played face up, by kind")
F_VILLAGES_LEFT = PLAYER.span("villages_left")
F_KEEPS_LEFT = PLAYER.span("keeps_left")
F_ROADS_LEFT = PLAYER.span("roads_left")
F_ROAD_LENGTH = PLAYER.span("road_length", doc="the longest road")
F_LONGEST_ROAD = PLAYER.span("longest_road", doc="holds the award")
F_LARGEST_ARMY = PLAYER.span("largest_army", doc="holds the award")
F_PUBLIC_POINTS = PLAYER.span("public_points")
F_TOTAL_POINTS = PLAYER.span("total_points", doc="victory-point cards included (own only)")
F_DISCARDS = PLAYER.span("discards", doc="cards still to discard on this 7")
F_ON_TURN = PLAYER.span("on_turn")
F_TO_ACT = PLAYER.span("to_act", doc="the seat decides now")
F_REPLY = PLAYER.span("reply", NUM_REPLIES, doc="its answer to the offer on the table, or its own offer, one-hot")
F_DEAL_GIVE = PLAYER.span("deal_give", NUM_RESOURCES, doc="what its deal gives the player on turn, one-hot")
F_DEAL_GIVE_COUNT = PLAYER.span("deal_give_count", doc="... and how many")
F_DEAL_GET = PLAYER.span("deal_get", NUM_RESOURCES, doc="what its deal asks of the player on turn, one-hot")
F_DEAL_GET_COUNT = PLAYER.span("deal_get_count", doc="... and how many")
TABLE = Layout("table feature")
F_BANK = TABLE.span("bank", NUM_RESOURCES, doc="the supply by resource")
F_DECK = TABLE.span("deck", doc="opportunity cards left to buy")
F_STAGE = TABLE.span("stage", NUM_STAGES, doc="one-hot")
F_DICE = TABLE.span("dice", NUM_THROWS, doc="the last throw 2..12, one-hot")
F_ROLLED = TABLE.span("rolled", doc="the dice were thrown this turn")
F_CARD_PLAYED = TABLE.span("card_played", doc="a card was played this turn")
F_PROPOSALS_LEFT = TABLE.span("proposals_left", doc="offers the player on turn may still make")
F_HEARINGS_LEFT = TABLE.span("hearings_left", doc="rounds of offers it may still hear")
F_FREE_ROADS = TABLE.span("free_roads", doc="roads left to place (road building)")
F_PLENTY_LEFT = TABLE.span("plenty_left", doc="resources left to name (year of plenty)")
F_HIDDEN_HARBOURS = TABLE.span("hidden_harbours", doc="the option")
F_TURN = TABLE.span("turn", doc="turns begun")
OFFER = Layout("offer feature")
F_ON_TABLE = OFFER.span("on_table", doc="an offer is on the table")
F_GIVE = OFFER.span("give", NUM_RESOURCES, doc="what the proposer gives, one-hot")
F_GIVE_COUNT = OFFER.span("give_count")
F_GET = OFFER.span("get", NUM_RESOURCES, doc="what the proposer asks for, one-hot")
F_GET_COUNT = OFFER.span("get_count")

# Scales: a count is divided by its natural bound, or by one of these where it has none.
CARDS_SCALE = 10         # resource cards (a hand, the discards owed)
OPPORTUNITY_SCALE = 5    # opportunity cards held or played
ROAD_LENGTH_SCALE = 10
TURN_SCALE = 100
# Past this the turn count steps back a round each turn (whose turn it is stays what the count says),
# so that no game counts past what a save may hold; random games end within about 600 turns.
TURNS_MAX = 10**6

OBSERVATION = Layout("block")
OBS_HEXES = OBSERVATION.span("hexes", NUM_HEXES, HEX.size, doc="per hex: terrain, number, bandit")
OBS_HARBOURS = OBSERVATION.span("harbours", NUM_HARBOURS, HARBOUR.size, doc="per harbour: rate, or hidden")
OBS_CORNERS = OBSERVATION.span("corners", NUM_CORNERS, CORNER.size,
                               doc="per corner: village/keep of each relative seat")
OBS_EDGES = OBSERVATION.span("edges", NUM_EDGES, EDGE.size, doc="per edge: the road's relative owner")
OBS_PLAYERS = OBSERVATION.span("players", MAX_SEATS, PLAYER.size,
                               doc="per seat from the observer on: counts, cards played by kind, pieces, awards, "
                                   "points, whether it decides, its answer or offer; own hand")
OBS_TABLE = OBSERVATION.span("table", TABLE.size, doc="bank, deck, stage, last throw, the turn's flags")
OBS_OFFER = OBSERVATION.span("offer", OFFER.size, doc="the offer on the table")
OBS_SIZE = OBSERVATION.size
