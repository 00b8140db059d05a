"""Fantasy Frontier's content: the terrains and resources, and what the rulebook leaves out,
designed to fit its figures (RULES.md): the resource dice, the 25 map-card patterns and the 10
development cards (9 kinds). Data, not code; state.py builds the record over it."""
import numpy as np

# --- terrain
PLAINS, FOREST, MOUNTAIN, WATER = 0, 1, 2, 3
TERRAINS = 4
TERRAIN_NAMES = ("plains", "forest", "mountains", "water")

# --- resources (two food types share the food bay)
FISH, TURKEY, GOLD, STONE, WOOD = 0, 1, 2, 3, 4
RESOURCES = 5
RESOURCE_NAMES = ("fish", "turkey leg", "gold", "stone", "wood")

# --- resource dice: FACE_YIELD[terrain, face, resource]; plains need no die (a turkey leg)
# forest: wood, wood, turkey leg, turkey leg, wood & turkey leg, miss
# mountains: stone, stone, gold, stone & gold, miss, miss
# water: fish, fish, gold, fish & gold, miss, miss
FACE_YIELD = np.zeros((4, 6, 5), np.int64)
for _f, _rs in enumerate([(WOOD,), (WOOD,), (TURKEY,), (TURKEY,), (WOOD, TURKEY), ()]):
    for _r in _rs:
        FACE_YIELD[FOREST, _f, _r] += 1
for _f, _rs in enumerate([(STONE,), (STONE,), (GOLD,), (STONE, GOLD), (), ()]):
    for _r in _rs:
        FACE_YIELD[MOUNTAIN, _f, _r] += 1
for _f, _rs in enumerate([(FISH,), (FISH,), (GOLD,), (FISH, GOLD), (), ()]):
    for _r in _rs:
        FACE_YIELD[WATER, _f, _r] += 1
for _f in range(6):
    FACE_YIELD[PLAINS, _f, TURKEY] = 1
BOTH_FACE = np.array([-1, 4, 3, 3], np.int64)   # the face nothing beats (no re-roll offered on it)

# --- map cards: a pattern of 3 or 4 tiles (axial offsets, terrain), turned any of 6 ways
SHAPES = {
    "line3": ((0, 0), (1, 0), (2, 0)),
    "triangle": ((0, 0), (1, 0), (0, 1)),
    "bent": ((0, 0), (1, 0), (1, 1)),
    "line4": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "rhombus": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "propeller": ((0, 0), (1, 0), (-1, 1), (0, -1)),
    "arc": ((0, 0), (1, 0), (1, 1), (0, 2)),
}
P, F, M, W = PLAINS, FOREST, MOUNTAIN, WATER
MAP_DEFS = (
    ("line3", (F, F, F)), ("line3", (M, M, M)), ("line3", (W, W, W)), ("line3", (P, F, M)),
    ("line3", (W, P, F)), ("triangle", (P, P, W)), ("triangle", (F, M, W)), ("triangle", (M, M, P)),
    ("triangle", (P, F, W)), ("bent", (F, F, W)), ("bent", (M, W, P)), ("bent", (W, W, M)),
    ("bent", (P, M, F)),
    ("line4", (P, F, M, W)), ("line4", (W, W, P, P)), ("rhombus", (F, F, M, M)), ("rhombus", (P, W, F, M)),
    ("rhombus", (W, W, W, P)), ("propeller", (P, F, M, W)), ("propeller", (W, W, W, W)),
    ("propeller", (M, F, F, F)), ("arc", (F, W, F, W)), ("arc", (P, M, W, P)), ("arc", (M, M, M, F)),
    ("line4", (F, F, F, F)),
)
MAX_PATTERN = 4
MAP_SIZE = np.array([len(t) for _, t in MAP_DEFS], np.int64)
MAP_DQ = np.zeros((len(MAP_DEFS), MAX_PATTERN), np.int64)
MAP_DR = np.zeros((len(MAP_DEFS), MAX_PATTERN), np.int64)
MAP_TERRAIN = np.full((len(MAP_DEFS), MAX_PATTERN), -1, np.int64)
MAP_SHAPE = tuple(sh for sh, _ in MAP_DEFS)
for _m, (_sh, _ts) in enumerate(MAP_DEFS):
    for _k, ((_dq, _dr), _t) in enumerate(zip(SHAPES[_sh], _ts)):
        MAP_DQ[_m, _k], MAP_DR[_m, _k], MAP_TERRAIN[_m, _k] = _dq, _dr, _t
# 4-7 VP: 3 tiles 4, 4 tiles 6; one more for three or more different terrains
MAP_VP = np.array([(4 if len(t) == 3 else 6) + (1 if len(set(t)) >= 3 else 0) for _, t in MAP_DEFS],
                  np.int64)

# --- development cards: 9 kinds, 10 cards (two expanded cargo bays)
ENGINE, SCOPE, HULL, CARGO, CHART, DEMOLITION, BUILDERS, NETS, LARDER = range(9)
DEV_KIND_NAMES = ("engine upgrade", "targeting scope", "reinforced hull", "expanded cargo bay",
                  "chart table", "demolition charges", "master builders", "deep nets", "larder")
DEV_EFFECTS = (
    "the pilot flies up to 4 spaces",
    "your standard attacks hit one pip lower (3-6; the Juggernaut 4-6)",
    "standard attacks on you need one pip more (5-6; the Juggernaut 6)",
    "each cargo bay holds one more resource",
    "your map-card hand limit is one higher",
    "blast ground needs 2 workers",
    "a township needs 3 exiting workers",
    "any water roll that misses, a gather's or a township's, still lands a fish",
    "a turkey leg from the supply at the start of each of your turns",
)
DEV_KIND = np.array([ENGINE, SCOPE, HULL, CARGO, CARGO, CHART, DEMOLITION, BUILDERS, NETS, LARDER], np.int64)
DEV_SALE = np.zeros((10, 5), np.int64)          # resources the sale brings (1 or 2)
for _d, _sale in enumerate([{WOOD: 1}, {GOLD: 1, STONE: 1}, {STONE: 2}, {WOOD: 1}, {STONE: 1}, {GOLD: 1},
                            {WOOD: 2}, {GOLD: 1, WOOD: 1}, {FISH: 1}, {TURKEY: 2}]):
    for _r, _n in _sale.items():
        DEV_SALE[_d, _r] = _n
