"""Fantasy Frontier's state record and named constants: the hex window, terrain, resources, the
airship board, the stages, the action ranges and the observation layout.

Geometry (RULES.md, "The tiles"). Terrain tiles are hexagons in axial coordinates (q, r); the
board lives in a hexagonal window of radius ``RADIUS`` round the first tile, ``CELLS`` cells,
numbered row by row. ``NEIGHBOUR[c, d]`` is the cell in direction d (0..5, clockwise from east),
-1 outside the window. Direction ``HERE`` (6) names the cell itself (the tile under an airship).
"""
import numpy as np

from ..common.layout import Layout
from ..common.record import record_dtype
from .content import (FISH, FOREST, GOLD, MOUNTAIN, PLAINS, RESOURCE_NAMES, RESOURCES, STONE,  # noqa: F401
                      TERRAIN_NAMES, TERRAINS, TURKEY, WATER, WOOD)

MIN_SEATS, MAX_SEATS = 2, 4
WORKERS = 5
WIN_VP = 40

# --- the hex window
RADIUS = 12
_cells = [(q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
          if abs(q) <= RADIUS and abs(r) <= RADIUS and abs(q + r) <= RADIUS]
CELLS = len(_cells)                                  # 469
CELL_Q = np.array([c[0] for c in _cells], np.int64)
CELL_R = np.array([c[1] for c in _cells], np.int64)
CELL_AT = np.full((2 * RADIUS + 1, 2 * RADIUS + 1), -1, np.int64)   # [q + RADIUS, r + RADIUS]
for _i, (_q, _r) in enumerate(_cells):
    CELL_AT[_q + RADIUS, _r + RADIUS] = _i
DIRS = 6
HERE = 6                                             # "direction" 6: the cell itself
DIR_DQ = np.array([1, 1, 0, -1, -1, 0], np.int64)     # E, NE, NW, W, SW, SE (pointy-top hexes, r down)
DIR_DR = np.array([0, -1, -1, 0, 1, 1], np.int64)
NEIGHBOUR = np.full((CELLS, DIRS), -1, np.int64)
for _i, (_q, _r) in enumerate(_cells):
    for _d in range(DIRS):
        _nq, _nr = _q + DIR_DQ[_d], _r + DIR_DR[_d]
        if abs(_nq) <= RADIUS and abs(_nr) <= RADIUS and abs(_nq + _nr) <= RADIUS:
            NEIGHBOUR[_i, _d] = CELL_AT[_nq + RADIUS, _nr + RADIUS]
CENTRE = int(CELL_AT[RADIUS, RADIUS])
DIR_NAMES = ("E", "NE", "NW", "W", "SW", "SE", "here")

# --- terrain (its ids: content.py)
TILE_COUNTS = np.array([26, 18, 18, 18], np.int64)   # 80 tiles
NUM_TILES = 80
START_TILES = 2
TILES_PER_SCOUT = 2
HELD_MAX = 4                                         # two scouts, two tiles each

# --- resources (two food types share the food bay; their ids: content.py)
SUPPLY_TOTAL = np.array([6, 6, 12, 12, 12], np.int64)   # 48 pieces
BAY_OF = np.array([0, 0, 1, 2, 3], np.int64)             # food, gold, stone, wood
BAYS = 4
BAY_NAMES = ("food", "gold", "stone", "wood")
BAY_NAMED_BY = np.array([FISH, GOLD, STONE, WOOD], np.int64)   # the aim at each bay when it is empty
BAY_SIZE = 4
FISH_PER_TURN = 4

# --- the airship board: six assignments, each of which a damage marker can take
PILOT, BLAST, ATTACK, EXIT, RESEARCH, SCOUT = 0, 1, 2, 3, 4, 5
ASSIGNMENTS = 6
DAMAGEABLE = ASSIGNMENTS                             # "All assignments are eligible to be targeted"
ASSIGNMENT_NAMES = ("pilot", "blast ground", "attack", "exit", "research", "scout")
CAPACITY = np.array([1, 3, 5, 5, 3, 2], np.int64)    # the rulebook's worker counts per assignment
SPOTS = ASSIGNMENTS + DAMAGEABLE                      # a worker spot: an assignment, or repairing one
REPAIR_SPOT = ASSIGNMENTS                             # spot REPAIR_SPOT + k repairs assignment k
MARKERS = 20                                          # the rulebook's count; fewer than 4 x 6 assignments
PILOT_MOVES = 3
BLAST_CREW = 3
TOWNSHIP_CREW = 4
TOWNSHIPS = 3
TOWNSHIP_VP = 10
COMBAT_HITS, COMBAT_VP = 3, 5
HIT_MIN = 4                                          # standard attacks hit on 4-6
ARMOUR_HIT_MIN = 5                                   # the Juggernaut is hit on 5-6 only
DIE = 6
FOCUS_CREW = 2
# aims: an assignment 0..5, or a cargo bay 6..10 named by the resource the hit takes from it (the food
# bay by fish or turkey leg: the attacker picks the piece; an empty bay by BAY_NAMED_BY)
AIMS = DAMAGEABLE + RESOURCES
AIM_BAY = DAMAGEABLE

# --- factions
MARKET, STUDY, ARMOUR, DRIFT = 0, 1, 2, 3
FACTIONS = 4
FACTION_NAMES = ("Royal Vanguard (resource market)", "Academy (improved study)",
                 "Juggernaut (armour plating)", "Skyflower (drift)")
HAND_LIMIT = 3

# --- research cards: 0..24 map cards, 25..34 development cards
MAP_CARDS = 25
DEV_CARDS = 10
CARDS = MAP_CARDS + DEV_CARDS
DEV_KINDS = 9
MAX_ROUNDS = 100                                     # our bound (RULES.md, "End of the game")
ROLLS_MAX = 2**31 - 1                                # the dice count stops here (it only feeds the words)

# payment combinations of 6 non-food resources (gold, stone, wood) for the market
PAY_COMBOS = np.array([(g, st, 6 - g - st) for g in range(7) for st in range(7 - g)], np.int64)
NUM_COMBOS = PAY_COMBOS.shape[0]                     # 28
STANDARD_COMBO = int(np.flatnonzero((PAY_COMBOS == (2, 2, 2)).all(axis=1))[0])

# --- decision stages
ST_FACTION = 0       # set-up: choose a faction
ST_SETUP_TILE = 1    # set-up: place an opening tile
ST_SETUP_SHIP = 2    # set-up: place one's airship
ST_TOWNSHIP = 3      # turn start: which terrain round a township yields
ST_PLACE = 4         # worker placement phase
ST_PHASE1 = 5        # tiles, pilot, blast, attack, repair, fish, score, end phase 1
ST_DECLARE = 6       # attack: declare the shots and targets in order
ST_COUNTER = 7       # a targeted player: how many workers counter-attack
ST_AIM = 8           # a shooter: the assignment (or bay) aimed at, and for a counter-attack the kind
ST_REROLL = 9        # a turkey leg to re-roll one's own roll, or keep it
ST_TAKE = 10         # a resource owed and not in the supply: whom to take it from
ST_PHASE2 = 11       # exit: gather, build, fish, score, end phase 2
ST_DEV = 12          # equip or sell a development card
ST_DISCARD = 13      # over the hand limit: score a map card or return one
ST_REDRAW = 14       # scouted tiles: redraw a pair with a turkey leg, or keep them
ST_PHASE3 = 15       # score, end the turn
ST_OVER = 16
ST_TILE_CELL = 17    # where the picked-up tile goes (set-up or phase 1)
NUM_STAGES = 18      # the decision stages above are observed; the automatic ones below pass through
AU_PHASE3 = 18       # phase 2 is over: on to phase 3 (flow.settle)
AU_RESUME = 19       # the owed resources are settled: back to where they were owed (flow.settle)
NUM_ALL_STAGES = 20
STAGE_NAMES = ("set-up: choose a faction", "set-up: place an opening tile", "set-up: place the airship",
               "township yield", "place workers", "phase 1", "declare attacks", "counter-attack",
               "aim", "re-roll?", "take an owed resource", "phase 2", "development card",
               "over the hand limit: score or return a map card", "redraw scouted tiles?", "phase 3",
               "game over", "place the tile")

# what a roll waiting for the re-roll decision was
ROLL_COMBAT, ROLL_GATHER, ROLL_YIELD = 0, 1, 2
# where a resource owed resumes
RESUME_PHASE2, RESUME_TURN_START, RESUME_PHASE3 = 0, 1, 2

# --- actions
ACTIONS = Layout("action")
FACTION = ACTIONS.span("faction", FACTIONS, doc="choose faction f")
PLACE_WORKER = ACTIONS.span("place_worker", SPOTS,
                            doc="a worker onto assignment k (0-5), or onto damaged assignment k-6 to repair it")
YIELD = ACTIONS.span("yield", TERRAINS, doc="a township yields from an adjacent tile of terrain t")
MOVE = ACTIONS.span("move", DIRS, doc="fly one space in direction d (pilot or drift)")
BLAST_DIR = ACTIONS.span("blast", DIRS, doc="blast the tile in direction d back into the bag")
START_ATTACK = ACTIONS.span("start_attack", doc="declare an attack with the ready attack workers")
REPAIR = ACTIONS.span("repair", DAMAGEABLE, doc="remove the damage marker from assignment k")
FISH_ACTION = ACTIONS.span("fish", SPOTS, doc="eat a fish: a spent worker takes spot k")
SCORE = ACTIONS.span("score", MAP_CARDS, doc="score map card m")
DECLARE = ACTIONS.span("declare", MAX_SEATS, 2, doc="next shot: at seat (me + r), standard (0) or focused (1)")
FIRE = ACTIONS.span("fire", doc="declaration done: the battle begins")
COUNTER = ACTIONS.span("counter", WORKERS + 1, doc="counter-attack with n workers")
AIM = ACTIONS.span("aim", 2, AIMS,
                   doc="standard (0) or focused (1) shot at assignment k (0-5), or at the cargo bay of resource "
                       "k-6 taking that resource")
REROLL = ACTIONS.span("reroll", 2, doc="keep the roll (0) or eat a turkey leg to re-roll (1)")
TAKE = ACTIONS.span("take", MAX_SEATS, doc="take the owed resource from seat (me + r); r = 0: go without")
GATHER = ACTIONS.span("gather", DIRS + 1, doc="an exit worker gathers on the tile in direction d (6: below)")
BUILD = ACTIONS.span("build", DIRS + 1, NUM_COMBOS, doc="build a township in direction d paying combo k")
DEV = ACTIONS.span("dev", 2, doc="equip (0) or sell (1) the development card")
DISCARD = ACTIONS.span("discard", MAP_CARDS, doc="return map card m to the deck")
REDRAW = ACTIONS.span("redraw", 3, doc="keep the scouted tiles (0), redraw pair 1 or 2 with a turkey leg")
END = ACTIONS.span("end", doc="end this phase (phase 3: end the turn)")
TILE = ACTIONS.span("tile", TERRAINS, doc="pick up a held tile of terrain t to place it")
CELL = ACTIONS.span("cell", CELLS, doc="cell c: where the picked-up tile goes; at the set-up, where my airship goes")
NUM_ACTIONS = ACTIONS.size

# --- observation
CELL_FEATURE = Layout("cell feature")
C_TERRAIN = CELL_FEATURE.span("terrain", TERRAINS, doc="terrain one-hot (all zero: no tile)")
C_SHIP = CELL_FEATURE.span("ship", MAX_SEATS, doc="the airship of seat (me + r)")
C_TOWNSHIP = CELL_FEATURE.span("township", 2, doc="a township: mine (0) or another player's (1)")
C_WORKER = CELL_FEATURE.span("worker", 2, doc="a worker on the ground: mine (0) or another player's (1)")

SEAT_FEATURE = Layout("seat feature")
S_PRESENT = SEAT_FEATURE.span("present", doc="the seat is at the table")
S_FACTION = SEAT_FEATURE.span("faction", FACTIONS, doc="faction one-hot")
S_VP = SEAT_FEATURE.span("vp", doc="victory points / WIN_VP")
S_COMBAT = SEAT_FEATURE.span("combat", doc="combat VP / WIN_VP")
S_HITS = SEAT_FEATURE.span("hits", doc="hits this turn / COMBAT_HITS")
S_TOWNSHIPS = SEAT_FEATURE.span("townships", doc="townships / TOWNSHIPS")
S_BAYS = SEAT_FEATURE.span("bays", RESOURCES, doc="resources held / BAY_SIZE")
S_DAMAGE = SEAT_FEATURE.span("damage", DAMAGEABLE, doc="damaged assignments")
S_HAND = SEAT_FEATURE.span("hand", doc="map cards in hand / HAND_LIMIT")
S_SCORED = SEAT_FEATURE.span("scored", MAP_CARDS, doc="map cards scored (public)")
S_EQUIPPED = SEAT_FEATURE.span("equipped", DEV_KINDS, doc="development cards equipped, by kind")
S_HELD = SEAT_FEATURE.span("held", TERRAINS, doc="scouted tiles held / HELD_MAX")
S_COUNTERED = SEAT_FEATURE.span("countered", doc="workers committed to counter-attacks / WORKERS")
S_OFFBOARD = SEAT_FEATURE.span("offboard", doc="workers off the ship (ground, building) / WORKERS")
S_ON_TURN = SEAT_FEATURE.span("on_turn", doc="it is this seat's turn")

TURN_FEATURE = Layout("turn feature")
T_CREW = TURN_FEATURE.span("crew", SPOTS, doc="workers assigned to each spot this turn / WORKERS")
T_READY = TURN_FEATURE.span("ready", SPOTS, doc="of them, still there and not yet used / WORKERS")
T_TO_PLACE = TURN_FEATURE.span("to_place", doc="workers left to place / WORKERS")
T_MOVES = TURN_FEATURE.span("moves", doc="pilot moves left / PILOT_MOVES")
T_DRIFT = TURN_FEATURE.span("drift", doc="the drift move is left")
T_FISH = TURN_FEATURE.span("fish", doc="fish eaten this turn / FISH_PER_TURN")
T_ROLL = TURN_FEATURE.span("roll", DIE, doc="the roll waiting for the re-roll decision")
T_DECL = TURN_FEATURE.span("declared", WORKERS, MAX_SEATS + 2,
                           doc="declared shots: target seat (me + r) one-hot, focused, fired")
T_COUNTER = TURN_FEATURE.span("counter_left", MAX_SEATS, doc="counter shots left per seat / WORKERS")
T_SHOOTER = TURN_FEATURE.span("shooter", MAX_SEATS, doc="the seat aiming now")
T_OWED = TURN_FEATURE.span("owed", RESOURCES, doc="the resource owed")
T_DEV = TURN_FEATURE.span("dev", DEV_KINDS, doc="the development card to equip or sell")
T_SCOUTED = TURN_FEATURE.span("scouted", 4, TERRAINS, doc="the tiles just scouted, by pair slot")

TABLE_FEATURE = Layout("table feature")
TB_SEATS = TABLE_FEATURE.span("seats", MAX_SEATS - MIN_SEATS + 1, doc="seat count one-hot")
TB_BAG = TABLE_FEATURE.span("bag", TERRAINS, doc="tiles in the bag / NUM_TILES")
TB_SUPPLY = TABLE_FEATURE.span("supply", RESOURCES, doc="resources in the supply / 12")
TB_DECK = TABLE_FEATURE.span("deck", doc="research cards in the deck / CARDS")
TB_DEVS_OUT = TABLE_FEATURE.span("devs_out", DEV_KINDS, doc="development cards out of the deck, by kind")
TB_ROUND = TABLE_FEATURE.span("round", doc="round / MAX_ROUNDS")

OBSERVATION = Layout("block")
OBS_BOARD = OBSERVATION.span("board", CELLS, CELL_FEATURE.size, doc="each cell of the hex window")
OBS_SEATS = OBSERVATION.span("seats", MAX_SEATS, SEAT_FEATURE.size, doc="per seat from the observer on")
OBS_HAND = OBSERVATION.span("hand", MAP_CARDS, doc="my map cards")
OBS_STAGE = OBSERVATION.span("stage", NUM_STAGES, doc="the decision stage, one-hot")
OBS_TURN = OBSERVATION.span("turn", TURN_FEATURE.size, doc="the turn in progress")
OBS_TABLE = OBSERVATION.span("table", TABLE_FEATURE.size, doc="seats, bag, supply, deck, round")
OBS_SIZE = OBSERVATION.size

STATE = Layout("state block")
STATE_VIEW = STATE.span("view", OBS_SIZE, doc="seat 0's observation")
STATE_HANDS = STATE.span("hands", MAX_SEATS, MAP_CARDS, doc="every hand")
STATE_DECK = STATE.span("deck", CARDS, doc="the deck from the top: (card + 1) / CARDS")
STATE_SIZE = STATE.size

HIDDEN_FIELDS = ("hand", "deck")

RECORD_DTYPE = record_dtype([
    ("random_factions", np.int32),
    ("first_player", np.int32),
    ("turn_seat", np.int32),
    ("stage", np.int32),
    ("round", np.int32),
    ("setup_left", np.int32),                       # opening tiles still to place by the seat to act
    ("placing", np.int32),                          # terrain of the tile picked up, -1 none
    ("placing_from", np.int32),                     # the stage it was picked up in
    ("faction", np.int32, (MAX_SEATS,)),
    ("board", np.int32, (CELLS,)),                  # terrain, -1 no tile
    ("ship", np.int32, (MAX_SEATS,)),               # cell, -1 not placed
    ("township", np.int32, (CELLS,)),               # owner, -1 none
    ("ground", np.int32, (CELLS,)),                 # owner of the worker standing there, -1 none
    ("bag", np.int32, (TERRAINS,)),
    ("held", np.int32, (MAX_SEATS, TERRAINS)),
    ("deck", np.int32, (CARDS,)),                   # card ids from the top, deck_size of them
    ("deck_size", np.int32),
    ("hand", np.uint8, (MAX_SEATS, MAP_CARDS)),
    ("hand_count", np.int32, (MAX_SEATS,)),
    ("scored", np.uint8, (MAX_SEATS, MAP_CARDS)),
    ("equipped", np.uint8, (MAX_SEATS, DEV_CARDS)),
    ("sold", np.uint8, (DEV_CARDS,)),
    ("pending_dev", np.int32),                      # dev card (0..9) awaiting equip/sell, -1 none
    ("bays", np.int32, (MAX_SEATS, RESOURCES)),
    ("supply", np.int32, (RESOURCES,)),
    ("damaged", np.uint8, (MAX_SEATS, DAMAGEABLE)),
    ("markers", np.int32),                          # damage markers in the supply
    ("combat_vp", np.int32, (MAX_SEATS,)),
    ("hits", np.int32, (MAX_SEATS,)),               # hits this turn
    ("townships", np.int32, (MAX_SEATS,)),
    ("countered", np.int32, (MAX_SEATS,)),          # workers spent counter-attacking since own last turn
    ("builders", np.int32, (MAX_SEATS,)),           # workers off the ship having built a township
    ("crew", np.int32, (SPOTS,)),                   # the turn seat's workers assigned to each spot this turn
                                                    # (those a fish moved on or who left to build count on)
    ("ready", np.int32, (SPOTS,)),                  # of them, still there and not yet used
    ("spent", np.int32, (SPOTS,)),                  # of them, still there and used (a fish can move them on)
    ("resting", np.int32),                          # the turn seat's workers sitting this turn out
    ("to_place", np.int32),
    ("moves_left", np.int32),
    ("drift_left", np.int32),
    ("fish_used", np.int32),
    ("yield_cell", np.int32),                       # the township yielding now, -1 none
    ("research_left", np.int32),
    ("scout_left", np.int32),
    ("scouted", np.int32, (4,)),                    # tiles just scouted (terrain, -1 none), pairs 0-1 / 2-3
    ("decl_target", np.int32, (WORKERS,)),
    ("decl_kind", np.int32, (WORKERS,)),
    ("n_decl", np.int32),
    ("decl_workers", np.int32),
    ("shot", np.int32),                             # attacker's next declared shot
    ("counter_ask", np.int32),                      # declared shot whose target is asked next
    ("counter_left", np.int32, (MAX_SEATS,)),       # counter-attack workers still to shoot
    ("reply_to", np.int32),                         # the seat that counters next, -1 none
    ("shooter", np.int32),                          # the seat aiming / rolling, -1 none
    ("victim", np.int32),
    ("shot_kind", np.int32),
    ("shot_aim", np.int32),
    ("roll", np.int32),                             # die face 1..6 waiting on a re-roll decision, 0 none
    ("roll_kind", np.int32),
    ("roll_terrain", np.int32),
    ("last_roll", np.int32),                        # the last face any die showed (for the record's readers)
    ("rolls", np.int32),                            # dice rolled so far
    ("gain", np.int32, (RESOURCES,)),              # pieces still to hand to the turn player
    ("owe_res", np.int32),                          # resource owed, -1 none
    ("owe_left", np.int32),
    ("owe_resume", np.int32),
    ("final", np.int32, (MAX_SEATS,)),
    ("winner", np.uint8, (MAX_SEATS,)),
])
