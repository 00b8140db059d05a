"""Legends' cards, tiles and decks: data, not code. The rulebook names these decks and gives their
sizes but not their faces; RULES.md ("Designed content") gives every figure below and its reasons.

Skills: 0 Capitalism, 1 Fight, 2 Frontier, 3 Knowledge, 4 Personality, 5 Providence; the skill
cards add suit 6 Luck (never a skill a character builds) and the wild cards (suit 7).
"""
import numpy as np

SKILLS = 6
CAPITALISM, FIGHT, FRONTIER_SKILL, KNOWLEDGE, PERSONALITY, PROVIDENCE = 0, 1, 2, 3, 4, 5
LUCK = 6
WILD_SUIT = 7
SUITS = 7                       # six skills and Luck
SKILL_NAMES = ("Capitalism", "Fight", "Frontier", "Knowledge", "Personality", "Providence")
SUIT_NAMES = SKILL_NAMES + ("Luck", "Wild")

# --------------------------------------------------------------------------- the 104 skill cards
# Card types: plain suit s value v (1..8): s*8 + v-1 (0..55); the special action cards of suit s:
# 56 + 2s (value 1, Trail Provisions) and 57 + 2s (value 2, Steady Nerves); the wild cards of value
# 5..8: 70..73. Copies: plain 1-4 twice and 5-8 once (12 a suit), one of each special action card
# (2 a suit), wild 5 and 6 twice, 7 and 8 once: 7 * 14 + 6 = 104.
MAX_VALUE = 8
PLAIN_TYPES = SUITS * MAX_VALUE           # 56
FIRST_SPECIAL = PLAIN_TYPES               # 56
SPECIAL_KINDS = 2
TRAIL_PROVISIONS, STEADY_NERVES = 0, 1
SPECIAL_NAMES = ("Trail Provisions", "Steady Nerves")
FIRST_WILD = FIRST_SPECIAL + SUITS * SPECIAL_KINDS   # 70
WILD_VALUES = 4                           # 5, 6, 7, 8
CARD_TYPES = FIRST_WILD + WILD_VALUES     # 74
DECK_SIZE = 104
TRUMP_MIN = 5                             # "1 Skill Card of value 5 or higher"
INGENUITY_MAX = 4                         # "No cards in the skill set can be greater than 4"
PROVISIONS_DRAW = 2                       # Trail Provisions: draw 2 skill cards
NERVES_BONUS = 3                          # Steady Nerves: +3 to the total of this adventure

KIND_PLAIN, KIND_SPECIAL, KIND_WILD = 0, 1, 2
CARD_SUIT = np.zeros(CARD_TYPES, np.int64)
CARD_VALUE = np.zeros(CARD_TYPES, np.int64)
CARD_KIND = np.zeros(CARD_TYPES, np.int64)
CARD_COPIES = np.zeros(CARD_TYPES, np.int64)
for _s in range(SUITS):
    for _v in range(1, MAX_VALUE + 1):
        _t = _s * MAX_VALUE + _v - 1
        CARD_SUIT[_t], CARD_VALUE[_t], CARD_KIND[_t] = _s, _v, KIND_PLAIN
        CARD_COPIES[_t] = 2 if _v <= INGENUITY_MAX else 1
    for _k in range(SPECIAL_KINDS):
        _t = FIRST_SPECIAL + _s * SPECIAL_KINDS + _k
        CARD_SUIT[_t], CARD_VALUE[_t], CARD_KIND[_t], CARD_COPIES[_t] = _s, _k + 1, KIND_SPECIAL, 1
for _w in range(WILD_VALUES):
    _t = FIRST_WILD + _w
    CARD_SUIT[_t], CARD_VALUE[_t], CARD_KIND[_t] = WILD_SUIT, TRUMP_MIN + _w, KIND_WILD
    CARD_COPIES[_t] = 2 if _w < 2 else 1
assert CARD_COPIES.sum() == DECK_SIZE

# --------------------------------------------------------------------------- abilities
# One list serves the characters' special abilities, the upbringing cards' special ability tiles
# and the reward cards that grant one; a seat's abilities are counts (tiles stack).
ABILITIES = 8
AB_STATESMAN, AB_BACKWOODSMAN, AB_EXPLORER, AB_GAMBLER, AB_STALWART, AB_HARDY, AB_PACKER, AB_ORATOR = range(8)
ABILITY_NAMES = ("Statesman", "Backwoodsman", "Explorer", "Gambler", "Stalwart", "Hardy", "Packer", "Orator")
ABILITY_TEXT = ("+2 to your total on a Back East adventure", "+2 to your total on a Frontier adventure",
                "+2 to your total on a Far West adventure", "+1 for each Luck card in your Ingenuity set",
                "+1 to your total on a solo adventure", "resting, take 1 Happiness token",
                "resting, take 1 Wealth token", "+1 to your total on a group adventure")
# No ability changes a figure the rulebook prints (draw 4 when resting, the hand limit of 7, 2 True
# Grit to avoid a penalty): they add to totals or give reward tokens.
LOCATION_BONUS = 2
GAMBLER_BONUS = 1
ORATOR_BONUS = 1
STALWART_BONUS = 1
REST_TOKEN = 1

# --------------------------------------------------------------------------- characters (8)
CHARACTERS = 8
CHARACTER_NAMES = ("Sam Houston", "Daniel Boone", "Meriwether Lewis", "Mike Fink", "Simon Kenton",
                   "Jim Bridger", "William Clark", "Davy Crockett")
CHARACTER_ABILITY = np.arange(CHARACTERS, dtype=np.int64)   # character k has ability k

# --------------------------------------------------------------------------- the 44 upbringing cards
UPBRINGING = 44
UP_DEAL = 5            # five cards dealt
UP_PICKS = 4           # four picks, the last card discarded
RULE_OF_FOUR = 4       # no skill above 4 from the upbringing
UP_POINTS = np.zeros((UPBRINGING, SKILLS), np.int64)
UP_TILE = np.full(UPBRINGING, -1, np.int64)
_UP_NAMES = []
_THEMES = (("Clerk at a trading post", "Apprenticed to a merchant", "Inherited a mill",
            "Ran a river ferry", "Kept the family's accounts", "Sold furs in Philadelphia",
            "Bought land warrants"),
           ("Hunted with a long rifle", "Served with the militia", "Fought at King's Mountain",
            "Wrestled river men", "Learned the tomahawk", "Drilled with the Continentals",
            "Defended the stockade"),
           ("Trapped beaver as a boy", "Lived among the Shawnee", "Tracked game in the Alleghenies",
            "Crossed the Cumberland Gap", "Built a log cabin", "Learned the Cherokee tongue",
            "Wintered in the wilderness"),
           ("Schooled by a parson", "Read law in Virginia", "Studied surveying", "Taught at a log school",
            "Read Franklin's almanac", "Mapped the Ohio valley", "Studied at William & Mary"),
           ("Spun tall tales at the tavern", "Courted a governor's daughter", "Led the barn raising",
            "Stood for the county court", "Sang at camp meetings", "Made friends at every fort",
            "Spoke at the town meeting"),
           ("Raised by a circuit rider", "Baptised in the Holston", "Read the family Bible",
            "Survived the smallpox", "Walked to a revival", "Prayed through a blizzard",
            "Helped build the chapel"))
for _s in range(SKILLS):
    for _k, (_pts, _tile) in enumerate((({_s: 1}, -1), ({_s: 2}, -1), ({_s: 3}, -1),
                                        ({_s: 1, (_s + 1) % SKILLS: 1}, -1), ({_s: 2, (_s + 2) % SKILLS: 1}, -1),
                                        ({_s: 1}, _s), ({_s: 1, (_s + 3) % SKILLS: 1}, -1))):
        _i = _s * 7 + _k
        for _sk, _p in _pts.items():
            UP_POINTS[_i, _sk] = _p
        UP_TILE[_i] = _tile
        _UP_NAMES.append(_THEMES[_s][_k])
UP_TILE[42], UP_TILE[43] = AB_PACKER, AB_ORATOR
_UP_NAMES += ["Orphaned and raised by a peddler", "Ran away to sea"]
UP_NAMES = tuple(_UP_NAMES)

# --------------------------------------------------------------------------- reward tokens and decks
TOKENS = 5             # Status, Fame, Wealth, Happiness reward tokens, and Hardship tokens
STATUS, FAME, WEALTH, HAPPINESS, HARDSHIP = 0, 1, 2, 3, 4
REWARD_TYPES = 4
TOKEN_NAMES = ("Status", "Fame", "Wealth", "Happiness", "Hardship")
TOKEN_SKILL = np.array([PERSONALITY, FIGHT, CAPITALISM, PROVIDENCE], np.int64)   # the skill a token kind pairs with
TRADE_GIVE = 2          # trade 2 non-Hardship tokens for 1 of another type
TOKENS_PER_VP = 4       # 1 VP for each 4 reward tokens
REWARD_DECK = 8
REWARD_REMOVED = 2      # discard two unseen from each reward deck
FIRST_PRICE_MAX = 3     # optional rule: a first card priced over 3 goes to the bottom
# card k of reward deck t: price of kind t, price of kind t+1, VP, skill +1 (or not), grit, ability
_PRICE_MAIN = (1, 1, 2, 2, 3, 3, 4, 4)
_PRICE_NEXT = (0, 1, 0, 1, 0, 1, 1, 2)
_VP = (1, 2, 2, 3, 3, 4, 5, 6)
REWARD_PRICE = np.zeros((REWARD_TYPES, REWARD_DECK, REWARD_TYPES), np.int64)
REWARD_VP = np.zeros((REWARD_TYPES, REWARD_DECK), np.int64)
REWARD_SKILL = np.full((REWARD_TYPES, REWARD_DECK), -1, np.int64)
REWARD_GRIT = np.zeros((REWARD_TYPES, REWARD_DECK), np.int64)
REWARD_ABILITY = np.full((REWARD_TYPES, REWARD_DECK), -1, np.int64)
for _t in range(REWARD_TYPES):
    for _k in range(REWARD_DECK):
        REWARD_PRICE[_t, _k, _t] = _PRICE_MAIN[_k]
        REWARD_PRICE[_t, _k, (_t + 1) % REWARD_TYPES] += _PRICE_NEXT[_k]
        REWARD_VP[_t, _k] = _VP[_k]
        if _k in (1, 5):
            REWARD_SKILL[_t, _k] = TOKEN_SKILL[_t]
        if _k == 2:
            REWARD_GRIT[_t, _k] = 1
        if _k == 6:
            REWARD_ABILITY[_t, _k] = (2 * _t + 1) % ABILITIES
REWARD_NAMES = (
    ("Justice of the Peace", "Militia Captain", "Land Surveyor", "Territorial Delegate", "Indian Agent",
     "Congressman", "Territorial Governor", "Senator"),
    ("Ballad Sung", "Almanac Story", "Newspaper Hero", "Stage Play", "Dime Novel", "Portrait Painted",
     "County Named for You", "Folk Legend"),
    ("Trading Post", "Fur Company Share", "River Mill", "Salt Works", "Land Grant", "Steamboat Share",
     "Plantation", "Bank Charter"),
    ("Married", "First Child", "Family Farm", "Church Elder", "Grandchildren", "Friend of Tecumseh",
     "Homestead in Kentucky", "Peaceful Old Age"))

# --------------------------------------------------------------------------- fate tiles (14)
FATE_NO_CHANGE, FATE_RESHUFFLE, FATE_MINUS5, FATE_PLUS5, FATE_DRAW2, FATE_LOSE2, FATE_SHARE, \
    FATE_ANY_AWARD, FATE_NO_HERO, FATE_NO_LUCK, FATE_DOUBLE = range(11)
FATE_KINDS = 11
FATE_KIND_NAMES = ("No Change", "No Change (Re-shuffle Tiles)", "-5 to Difficulty", "+5 to Difficulty",
                   "Draw 2 Cards", "Lose 2 Cards", "Share Reward", "If Successful Choose Any Award Type",
                   "No Hero Skills May Be Used", "Luck Is Not Treated As Trump",
                   "If Failed - Double the Failure Penalty")
FATE_TILE_KIND = np.array([FATE_NO_CHANGE, FATE_NO_CHANGE, FATE_RESHUFFLE, FATE_MINUS5, FATE_MINUS5,
                           FATE_PLUS5, FATE_PLUS5, FATE_DRAW2, FATE_LOSE2, FATE_SHARE, FATE_ANY_AWARD,
                           FATE_NO_HERO, FATE_NO_LUCK, FATE_DOUBLE], np.int64)
FATE_TILES = 14
FATE_SHIFT = 5          # -5 / +5 to the difficulty
FATE_CARDS = 2          # draw 2 / lose 2

# --------------------------------------------------------------------------- adventures (3 x 16)
LOCATIONS = 3
BACK_EAST, FRONTIER_LOC, FAR_WEST = 0, 1, 2
LOCATION_NAMES = ("Back East", "Frontier", "Far West")
ADVENTURE_DECK = 16
ADVENTURES = LOCATIONS * ADVENTURE_DECK
ADVENTURE_REMOVED = np.array([0, 0, 0, 8, 6, 6, 4, 2], np.int64)   # by seat count
TRACK = 4                                  # spaces of a location's adventure track
FATE_SPACE = np.array([0, 1, 2], np.int64)  # the space with the Fate icon at each location
SINGLE, COMBO, OPTION = 0, 1, 2
MODE_NAMES = ("single", "combo (+)", "option (OR)")
SLOTS, ALTS = 3, 2                          # a group adventure pays up to 3 rewards, each of one or two kinds
PEN_FAILURE, PEN_HARDSHIP = 0, 1
ADV_NAMES = (
    ("Attend the Constitution Conference", "Survey the Northwest Territory", "Negotiate with Spanish Envoys",
     "Found a Philadelphia Bank", "Duel on the Weehawken Heights", "Preach at the Great Revival",
     "Raise a Militia Company", "Argue before the Supreme Court", "Charter a Canal Company",
     "Defend Against the Whiskey Rebels", "Publish a Frontier Almanac", "Win a Seat in Congress",
     "Organise the Virginia Dynasty Ball", "Bring the Gospel to the Tidewater", "Outfit a Merchant Ship",
     "Escort President Washington"),
    ("Scout the Cumberland Gap", "Build Boonesborough", "Trap Beaver on the Kentucky",
     "Fight at Fallen Timbers", "Hunt the Great Bear", "Open a Trading Post", "Parley with Tecumseh",
     "Raft down the Ohio", "Blaze the Wilderness Road", "Defend the Blockhouse",
     "Survey the Western Reserve", "Hold a Camp Meeting", "Run the Natchez Trace",
     "Settle the Chillicothe Claims", "Track Horse Thieves", "Race the Keelboat Men"),
    ("Cross the Great Plains", "Map the Missouri River", "Winter with the Mandan", "Climb the Rocky Mountains",
     "Trap at the Green River Rendezvous", "Find the Northwest Passage", "Reach the Pacific",
     "Trade with the Spanish in Santa Fe", "Guide the Corps of Discovery", "Survive the Blizzard Pass",
     "Hunt Buffalo with the Sioux", "Found Fort Astoria", "Explore Yellowstone",
     "Preach to the Nez Perce", "Stake a Mining Claim", "Ride with the Mountain Men"))
ADV_GROUP = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_MODE = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_SKILL_A = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_SKILL_B = np.full((LOCATIONS, ADVENTURE_DECK), -1, np.int64)
ADV_DIFFICULTY = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_VP = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_SLOTS = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_ALTS = np.zeros((LOCATIONS, ADVENTURE_DECK, SLOTS), np.int64)
ADV_TOKENS = np.zeros((LOCATIONS, ADVENTURE_DECK, SLOTS, ALTS, REWARD_TYPES), np.int64)
ADV_SKILL_MASK = np.zeros((LOCATIONS, ADVENTURE_DECK, SLOTS, ALTS), np.int64)  # +1 to one skill of the mask
ADV_PENALTY = np.zeros((LOCATIONS, ADVENTURE_DECK), np.int64)
ADV_PENALTY_N = np.ones((LOCATIONS, ADVENTURE_DECK), np.int64)
for _l in range(LOCATIONS):
    for _i in range(ADVENTURE_DECK):
        _g = 1 if _i % 4 == 0 else 0
        _m = _i % 3
        _a = (_i + 2 * _l) % SKILLS
        _b = (_a + 1 + _i // 6) % SKILLS
        ADV_GROUP[_l, _i] = _g
        ADV_MODE[_l, _i] = _m
        ADV_SKILL_A[_l, _i] = _a
        ADV_SKILL_B[_l, _i] = -1 if _m == SINGLE else _b
        _kind = _i % REWARD_TYPES
        _both = (1 << _a) | ((1 << _b) if _m != SINGLE else 0)
        if _g:
            ADV_DIFFICULTY[_l, _i] = 24 + 4 * _l + (_i % 3) * 4
            ADV_VP[_l, _i] = 2 + _l
            ADV_SLOTS[_l, _i] = 3
            ADV_ALTS[_l, _i] = (1, 2, 1)
            ADV_TOKENS[_l, _i, 0, 0, _kind] = 1
            ADV_SKILL_MASK[_l, _i, 1, 0] = _both
            ADV_TOKENS[_l, _i, 1, 1, _kind] = 1
            ADV_TOKENS[_l, _i, 1, 1, (_kind + 1) % REWARD_TYPES] = 1
            ADV_TOKENS[_l, _i, 2, 0, (_kind + 2) % REWARD_TYPES] = 1
        else:
            ADV_DIFFICULTY[_l, _i] = 10 + 2 * _l + (_i % 5) * 2 + (3 if _m == COMBO else 0)
            ADV_VP[_l, _i] = 1 + _l + (_i % 2)
            ADV_SLOTS[_l, _i] = 1
            ADV_ALTS[_l, _i, 0] = 2
            ADV_TOKENS[_l, _i, 0, 0, _kind] = 2
            if _l == FAR_WEST:
                ADV_TOKENS[_l, _i, 0, 0, (_kind + 1) % REWARD_TYPES] = 1
            ADV_SKILL_MASK[_l, _i, 0, 1] = _both
        if _l == FAR_WEST and _i % 2 == 0:
            ADV_PENALTY[_l, _i] = PEN_HARDSHIP
        else:
            ADV_PENALTY[_l, _i] = PEN_FAILURE
            ADV_PENALTY_N[_l, _i] = 2 if (_l == FAR_WEST or (_l == FRONTIER_LOC and _i % 2)) else 1
# The rulebook's own example: Attend the Constitution Conference, a group adventure, Knowledge OR
# Personality, 40 or higher; rewards: the card and +2 VP; +1 Knowledge or Personality, or a Status
# and a Fame token; 1 Status token.
ADV_GROUP[0, 0], ADV_MODE[0, 0], ADV_SKILL_A[0, 0], ADV_SKILL_B[0, 0] = 1, OPTION, KNOWLEDGE, PERSONALITY
ADV_DIFFICULTY[0, 0], ADV_VP[0, 0], ADV_SLOTS[0, 0] = 40, 2, 3
ADV_ALTS[0, 0] = (1, 2, 1)
ADV_TOKENS[0, 0] = 0
ADV_SKILL_MASK[0, 0] = 0
ADV_SKILL_MASK[0, 0, 1, 0] = (1 << KNOWLEDGE) | (1 << PERSONALITY)
ADV_TOKENS[0, 0, 1, 1, STATUS] = 1
ADV_TOKENS[0, 0, 1, 1, FAME] = 1
ADV_TOKENS[0, 0, 2, 0, STATUS] = 1
# The rulebook's Ingenuity example: Scout the Cumberland Gap, a solo adventure of the Frontier skill.
ADV_GROUP[1, 0], ADV_MODE[1, 0], ADV_SKILL_A[1, 0], ADV_SKILL_B[1, 0] = 0, SINGLE, FRONTIER_SKILL, -1
ADV_DIFFICULTY[1, 0], ADV_VP[1, 0], ADV_SLOTS[1, 0] = 12, 2, 1
ADV_ALTS[1, 0] = (2, 0, 0)
ADV_TOKENS[1, 0] = 0
ADV_TOKENS[1, 0, 0, 0, FAME] = 2
ADV_SKILL_MASK[1, 0] = 0
ADV_SKILL_MASK[1, 0, 0, 1] = 1 << FRONTIER_SKILL

# --------------------------------------------------------------------------- failure and hardship decks
FAILURE_DECK = 8        # one failure deck for each location (the rulebook: "each Failure deck")
F_NEG_VP, F_LOSE_GRIT, F_LOSE_CARDS, F_TOKEN_OR_SKILL = 0, 1, 2, 3
FAILURE_EFFECT = np.array([F_NEG_VP, F_NEG_VP, F_LOSE_GRIT, F_LOSE_CARDS,
                           F_TOKEN_OR_SKILL, F_TOKEN_OR_SKILL, F_TOKEN_OR_SKILL, F_TOKEN_OR_SKILL], np.int64)
FAILURE_KIND = np.array([-1, -1, -1, -1, WEALTH, FAME, STATUS, HAPPINESS], np.int64)  # token kind of a choice card
FAILURE_NAMES = ("Disgraced (-1 VP)", "Lost Your Way (-1 VP)", "Shaken (lose 1 True Grit)",
                 "Lost Your Pack (discard 2 cards)", "Bad Debts", "Cowardice Rumoured", "Snubbed", "Heartbreak")
LOSE_CARDS = 2
TOKEN_LOSS = 2          # "Discard 2 Wealth tokens or lose 1 Wealth Skill Point"
HARDSHIP_DECK = 8       # the fifth reward deck: every card gives a Hardship token and its effect
H_ROBBED, H_FEVER, H_SCANDAL, H_DROUGHT, H_INJURY, H_DEBT, H_LOST, H_BEREAVED = range(8)
HARDSHIP_NAMES = ("Robbed (lose every Wealth token)", "Fever (discard 2 cards)",
                  "Scandal (lose every Status token)", "Drought (lose every Happiness token)",
                  "Injury (lose 1 True Grit)", "Debt (-1 VP)", "Lost in the Wilds", "Bereaved")
AVOID_COST = 2          # 2 True Grit: no Penalty or Hardship card

# --------------------------------------------------------------------------- the end-game rewards
END_AWARDS = 5          # most Status / Fame / Wealth / Happiness reward cards; most adventures
END_AWARD_VP = 3
END_AWARD_NAMES = ("Statesman of the Republic", "Folktale Icon", "Frontier Tycoon", "Family Patriarch",
                   "Trailblazer")
FIRST_PLAYER_VP = 5

START_HAND = 7
HAND_LIMIT = 7
REST_DRAW = 4
START_GRIT = 1
GRIT_SKILL_COST = 3     # optional rule: 3 True Grit for a skill level
GRIT_SKILL_SPREAD = 4   # never above the lowest skill + 4
