"""Frontier's content: the resources, terrains, opportunity cards and harbour kinds, and the
designed terrain and number-token lists, harbour set, opportunity-card deck, costs and piece limits.
Data, not code; RULES.md gives the reasons. state.py builds the record over it.
"""
import numpy as np

# resources (the order of every per-resource array)
TIMBER, BRICK, WOOL, GRAIN, ORE = 0, 1, 2, 3, 4
NUM_RESOURCES = 5
RESOURCE_NAMES = ("timber", "brick", "wool", "grain", "ore")

# terrain; a terrain's resource is TERRAIN_RESOURCE[terrain]
FOREST, HILL, PASTURE, FIELD, MOUNTAIN, DESERT = 0, 1, 2, 3, 4, 5
NUM_TERRAINS = 6
TERRAIN_NAMES = ("forest", "hill", "pasture", "field", "mountain", "desert")
TERRAIN_RESOURCE = np.array([TIMBER, BRICK, WOOL, GRAIN, ORE, -1], np.int64)

# opportunity cards
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = 0, 1, 2, 3, 4
NUM_CARD_KINDS = 5
NUM_PLAYABLE_KINDS = VICTORY_POINT  # the kinds before it are played; a victory point never is
CARD_NAMES = ("knight", "road building", "year of plenty", "monopoly", "victory point")

# harbours: kinds 0..4 are 2:1 for that resource, GENERAL is 3:1 for anything
GENERAL_HARBOUR = 5
NUM_HARBOUR_KINDS = 6

# "four forests ..., four pastures ..., four fields ..., three hills ..., three mountains ..., a desert"
TERRAIN_TILES = np.array([FOREST] * 4 + [PASTURE] * 4 + [FIELD] * 4 + [HILL] * 3 + [MOUNTAIN] * 3 + [DESERT],
                         np.int64)
# "Every hex except the desert carries a number from 2 to 12": the family's 18 tokens, one 2 and one
# 12, two of each other number (7 is never printed: it moves the bandit).
NUMBER_TOKENS = np.array([2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12], np.int64)
# "the 6s and 8s, the numbers rolled most, never sit side by side"
HOT_NUMBERS = np.array([6, 8], np.int64)

# nine harbours: four general 3:1 and one 2:1 for each resource
HARBOUR_KINDS = np.array([GENERAL_HARBOUR] * 4 + [TIMBER, BRICK, WOOL, GRAIN, ORE], np.int64)

# the supply: 19 of each resource
BANK_START = 19

# opportunity cards: the family's 25-card deck (the rulebook names the kinds but not the counts)
CARD_COUNTS = np.zeros(NUM_CARD_KINDS, np.int64)
CARD_COUNTS[KNIGHT] = 14
CARD_COUNTS[ROAD_BUILDING] = 2
CARD_COUNTS[YEAR_OF_PLENTY] = 2
CARD_COUNTS[MONOPOLY] = 2
CARD_COUNTS[VICTORY_POINT] = 5
DECK_SIZE = int(CARD_COUNTS.sum())
DECK_START = np.repeat(np.arange(NUM_CARD_KINDS), CARD_COUNTS).astype(np.int64)
# "Road building: place two roads, free"; "Year of plenty: take any two resources from the supply"
FREE_ROADS = 2
PLENTY_PICKS = 2

# costs, per resource (rulebook "The island and the opening": "Building costs stay the same")
ROAD_COST = np.array([1, 1, 0, 0, 0], np.int64)        # a timber and a brick
VILLAGE_COST = np.array([1, 1, 1, 1, 0], np.int64)     # a timber, a brick, a wool and a grain
KEEP_COST = np.array([0, 0, 0, 2, 3], np.int64)        # three ore and two grain
CARD_COST = np.array([0, 0, 1, 1, 1], np.int64)        # an ore, a wool and a grain
assert ROAD_COST.shape[0] == NUM_RESOURCES and KEEP_COST[ORE] == 3 and KEEP_COST[GRAIN] == 2
assert CARD_COST[WOOL] == 1 and VILLAGE_COST[BRICK] == 1

# "five villages, four keeps and fifteen roads"
VILLAGES_PER_PLAYER = 5
KEEPS_PER_PLAYER = 4
ROADS_PER_PLAYER = 15

# The fixed beginner island (option fixed_island=True): terrain and number per hex in reading order
# (rows of 3, 4, 5, 4, 3), and the harbour kinds clockwise round the coast from the top-left.
FIXED_TERRAIN = np.array([
    MOUNTAIN, PASTURE, FOREST,
    FIELD, HILL, PASTURE, HILL,
    FIELD, FOREST, DESERT, FOREST, MOUNTAIN,
    FOREST, MOUNTAIN, FIELD, PASTURE,
    HILL, FIELD, PASTURE,
], np.int64)
FIXED_NUMBER = np.array([
    10, 2, 9,
    12, 6, 4, 10,
    9, 11, 0, 3, 8,
    8, 3, 4, 5,
    5, 6, 11,
], np.int64)
FIXED_HARBOURS = np.array([GENERAL_HARBOUR, WOOL, GENERAL_HARBOUR, ORE, GRAIN, GENERAL_HARBOUR,
                           BRICK, TIMBER, GENERAL_HARBOUR], np.int64)
assert sorted(FIXED_TERRAIN.tolist()) == sorted(TERRAIN_TILES.tolist())
assert sorted(FIXED_NUMBER[FIXED_NUMBER > 0].tolist()) == sorted(NUMBER_TOKENS.tolist())
assert sorted(FIXED_HARBOURS.tolist()) == sorted(HARBOUR_KINDS.tolist())
