"""The game's invariants (``check_invariants``; a kernel of envs/common/game.py, re-exported by
core.py): 0 when all hold, else the code of the first that breaks.

They run after every step of the fuzz, and on every loaded save before compiled code plays it
(common/saves.py), so they say what a position that can really arise looks like: the island is the
game's tiles, tokens and harbours; pieces, cards and resources are all in one place each; the
opening, the stage and the trade table agree with the turn's flags and with who decides; seats not
at the table are as the deal left them. Each check is one rule, cheap enough to run at every step.
"""
import numpy as np

from ..common.jit import kernel, rule
from ..common.record import MAX_SEATS as HEADER_SEATS
from .bandit import victim_count
from .board import (any_road_placeable, bank_total, has_road_at, hand_size, longest_trail,
                    points_held_since_own_turn, total_points)
from .content import (BANK_START, CARD_COUNTS, FIXED_HARBOURS, FIXED_NUMBER, FIXED_TERRAIN, HARBOUR_KINDS,
                      KEEPS_PER_PLAYER, NUMBER_TOKENS, ROADS_PER_PLAYER, TERRAIN_TILES, VILLAGES_PER_PLAYER)
from .dice import next_discarder
from .opening import hot_numbers_adjacent, setup_seat
from .state import (BANDIT_THROW, CORNER_CORNERS, CORNER_EDGES, CORNER_HEXES, DESERT, DISCARD_LIMIT, EMPTY,
                    HARBOUR_CORNERS, KEEP, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, MAX_SEATS, MAX_THROW,
                    MAX_TRADE_COUNT, MIN_SEATS, MONOPOLY, NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES,
                    NUM_HARBOUR_KINDS, NUM_HARBOURS, NUM_TERRAINS,
                    NUM_HEXES, NUM_RESOURCES, REPLY_ACCEPT, REPLY_COUNTER, REPLY_DECLINE, REPLY_NONE, ROAD_BUILDING,
                    REPLY_OFFER, ST_BID_GET, ST_BID_GIVE, ST_DISCARD, ST_GAME_OVER, ST_MONOPOLY,
                    ST_MOVE_BANDIT, ST_OFFER_GET, ST_OFFER_GIVE, ST_PRE_ROLL, ST_ROAD_BUILDING,
                    ST_SETUP_ROAD, ST_SETUP_VILLAGE, ST_STEAL, ST_TRADE_CHOOSE, ST_TRADE_REPLY,
                    ST_YEAR_OF_PLENTY, TERRAIN_RESOURCE, VICTORY_POINT, VILLAGE, WINNING_POINTS,
                    YEAR_OF_PLENTY)
from .turn import old_cards

INV_SUPPLY = 1
INV_NEGATIVE = 2
INV_PIECES = 3
INV_LONGEST_ROAD = 4
INV_LARGEST_ARMY = 5
INV_CARD_PLACES = 6
INV_DISTANCE = 7
INV_WINNER = 8
INV_ACTOR = 9
INV_ROAD_NETWORK = 10
INV_SEATS = 11
INV_ISLAND = 12
INV_BUILDINGS = 13
INV_OPENING = 14
INV_TURN = 15
INV_TRADE = 16
INV_LAST_TURN = 17
INV_REWARDS = 18
INVARIANT_NAMES = {
    INV_SUPPLY: "resources in hands plus the bank are not 19 of each",
    INV_NEGATIVE: "a negative count",
    INV_PIECES: "pieces on the board plus pieces left do not match the limits",
    INV_LONGEST_ROAD: "stored road lengths or the longest-road holder disagree with the board",
    INV_LARGEST_ARMY: "the largest-army holder is wrong",
    INV_CARD_PLACES: "opportunity cards are not all in exactly one place (the deck, a hand, played)",
    INV_DISTANCE: "two buildings on neighbouring corners",
    INV_WINNER: "a live game whose player on turn has 10 points, or a winner without 10 or not on turn",
    INV_ACTOR: "the seat to act does not match the stage",
    INV_ROAD_NETWORK: "a road not connected to a building of its owner",
    INV_SEATS: "a seat outside the table named, or an absent seat's fields not as the deal left them",
    INV_ISLAND: "the island is not the game's tiles, tokens and harbours, or a harbour shown without a building",
    INV_BUILDINGS: "a corner's owner and building disagree, or a building without a road of its owner",
    INV_OPENING: "the opening's step, seats, pieces or payouts disagree, or the turn order does",
    INV_TURN: "the stage disagrees with the turn's flags (throw, card, free roads, picks, discards)",
    INV_TRADE: "the trade table disagrees with the stage, or a deal its maker cannot give",
    INV_LAST_TURN: "a player not on turn would have won on its own last turn",
    INV_REWARDS: "rewards before the end, or end rewards not +1 to the winner and -1 to the others",
}
TRADE_STAGES = (ST_OFFER_GIVE, ST_OFFER_GET, ST_TRADE_REPLY, ST_BID_GIVE, ST_BID_GET, ST_TRADE_CHOOSE)
# how many of each terrain, number (0 on the desert) and harbour kind the island holds
TERRAIN_COUNTS = np.bincount(TERRAIN_TILES, minlength=NUM_TERRAINS)
NUMBER_COUNTS = np.bincount(NUMBER_TOKENS, minlength=MAX_THROW + 1)
NUMBER_COUNTS[0] = 1
HARBOUR_COUNTS = np.bincount(HARBOUR_KINDS, minlength=NUM_HARBOUR_KINDS)


# =========================================================================== the seats
@rule
def seat_or_none(x, n):
    return -1 <= x < n


@rule
def seats_ok(s):
    """Every seat named is at the table; a seat not at the table holds nothing, has no pieces in
    its supply and no trade answer (as the deal left it; none on the island: ``pieces_ok``)."""
    n = s['num_players']
    if n < MIN_SEATS or n > MAX_SEATS:
        return False
    if not (0 <= s['turn_seat'] < n and 0 <= s['first_player'] < n and seat_or_none(s['actor'], n)
            and seat_or_none(s['winner'], n) and seat_or_none(s['longest_road'], n)
            and seat_or_none(s['largest_army'], n) and seat_or_none(s['trade_replier'], n)):
        return False
    for q in range(n, MAX_SEATS):
        for r in range(NUM_RESOURCES):
            if s['hand'][q, r] != 0:
                return False
        for k in range(NUM_CARD_KINDS):
            if s['cards'][q, k] != 0 or s['cards_new'][q, k] != 0 or s['cards_played'][q, k] != 0:
                return False
        if (s['villages_left'][q] != 0 or s['keeps_left'][q] != 0 or s['roads_left'][q] != 0
                or s['road_length'][q] != 0 or s['discard_left'][q] != 0 or s['trade_reply'][q] != REPLY_NONE
                or not deal_clear(s, q)):
            return False
    return True


@rule
def rewards_ok(s):
    """Rewards are paid only at the end: +1 to the winner, -1 to each other seat at the table."""
    n = s['num_players']
    over = s['stage'] == ST_GAME_OVER
    for q in range(HEADER_SEATS):
        want = 0.0
        if over and q < n:
            want = 1.0 if q == s['winner'] else -1.0
        if s['last_rewards'][q] != want:
            return False
    return True


# =========================================================================== the island
@rule
def island_ok(s):
    """The terrain is the game's nineteen tiles, the numbers its eighteen tokens on every hex but
    the desert (6s and 8s never side by side), the harbours its nine; the fixed island, harbours
    included, where the option says so. A harbour's rate is shown from the start without hidden
    harbours, else exactly once somebody has built on one of its corners."""
    terrain = s['hex_terrain']
    number = s['hex_number']
    fixed = s['fixed_island'] != 0
    for h in range(NUM_HEXES):
        if (terrain[h] == DESERT) != (number[h] == 0):
            return False
        if fixed and (terrain[h] != FIXED_TERRAIN[h] or number[h] != FIXED_NUMBER[h]):
            return False
    if not (counts_match(terrain, TERRAIN_COUNTS) and counts_match(number, NUMBER_COUNTS)
            and counts_match(s['harbour_kind'], HARBOUR_COUNTS)):
        return False
    if hot_numbers_adjacent(s):
        return False
    owner = s['corner_owner']
    for hb in range(NUM_HARBOURS):
        built = owner[HARBOUR_CORNERS[hb, 0]] >= 0 or owner[HARBOUR_CORNERS[hb, 1]] >= 0
        shown = s['harbour_revealed'][hb] != 0
        if shown != (s['hidden_harbours'] == 0 or built):
            return False
        if fixed and s['harbour_kind'][hb] != FIXED_HARBOURS[hb]:
            return False
    return True


@rule
def counts_match(values, counts):
    """``values`` hold each value v exactly counts[v] times (values are within range: saves check)."""
    for v in range(counts.shape[0]):
        k = 0
        for i in range(values.shape[0]):
            if values[i] == v:
                k += 1
        if k != counts[v]:
            return False
    return True


# =========================================================================== pieces
@rule
def counts_ok(s):
    """No negative count; each resource's cards in the hands and the bank are 19."""
    n = s['num_players']
    for r in range(NUM_RESOURCES):
        t = s['bank'][r]
        for p in range(n):
            t += s['hand'][p, r]
        if t != BANK_START:
            return False
    return True


@rule
def buildings_ok(s):
    """An owner stands on a corner exactly when a village or keep does; every building has a road
    of its owner (the opening road touches its village, a later village needs one), except the
    opening village still waiting for its road."""
    owner = s['corner_owner']
    level = s['corner_level']
    for c in range(NUM_CORNERS):
        p = owner[c]
        if (p < 0) != (level[c] == EMPTY):
            return False
        if p >= 0 and not has_road_at(s, p, c):
            if not (s['stage'] == ST_SETUP_ROAD and c == s['setup_corner']):
                return False
    return True


@rule
def distance_ok(s):
    """No two buildings on neighbouring corners."""
    owner = s['corner_owner']
    for c in range(NUM_CORNERS):
        if owner[c] >= 0:
            for k in range(3):
                o = CORNER_CORNERS[c, k]
                if o >= 0 and owner[o] >= 0:
                    return False
    return True


@rule
def pieces_ok(s):
    """Pieces on the island plus pieces left are five villages, four keeps, fifteen roads; after
    the opening every player has two buildings and two roads at least; a seat not at the table
    has none on the island."""
    n = s['num_players']
    opening = s['stage'] == ST_SETUP_VILLAGE or s['stage'] == ST_SETUP_ROAD
    villages = np.zeros(MAX_SEATS, np.int64)
    keeps = np.zeros(MAX_SEATS, np.int64)
    roads = np.zeros(MAX_SEATS, np.int64)
    owner = s['corner_owner']
    level = s['corner_level']
    for c in range(NUM_CORNERS):
        if owner[c] >= 0:
            if level[c] == VILLAGE:
                villages[owner[c]] += 1
            elif level[c] == KEEP:
                keeps[owner[c]] += 1
    edge_owner = s['edge_owner']
    for e in range(NUM_EDGES):
        if edge_owner[e] >= 0:
            roads[edge_owner[e]] += 1
    for p in range(n):
        if (villages[p] + s['villages_left'][p] != VILLAGES_PER_PLAYER
                or keeps[p] + s['keeps_left'][p] != KEEPS_PER_PLAYER
                or roads[p] + s['roads_left'][p] != ROADS_PER_PLAYER):
            return False
        if not opening and (villages[p] + keeps[p] < 2 or roads[p] < 2):
            return False
    for q in range(n, MAX_SEATS):
        if villages[q] + keeps[q] + roads[q] != 0:
            return False
    return True


@rule
def road_network_ok(s):
    """Every road is joined, road to road through any corner, to a building of its owner: a road is
    built touching its owner's network, and a later building of another player may break the
    network at its corner but never removes a road."""
    corner_owner = s['corner_owner']
    edge_owner = s['edge_owner']
    reached = np.zeros(NUM_EDGES, np.bool_)
    stack = np.empty(NUM_CORNERS + NUM_EDGES, np.int64)   # each corner pushed once, each road once
    top = 0
    for c in range(NUM_CORNERS):
        if corner_owner[c] >= 0:
            stack[top] = c
            top += 1
    while top > 0:
        top -= 1
        c = stack[top]
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e < 0 or reached[e]:
                continue
            # a road is joined at c to its owner's building there, or to a road of its owner already
            # joined (whoever's building stands on c: it came later)
            p = edge_owner[e]
            if p >= 0 and (corner_owner[c] == p or reaches_by_road(s, p, c, reached)):
                reached[e] = True
                stack[top] = CORNER_CORNERS[c, k]
                top += 1
    for e in range(NUM_EDGES):
        if edge_owner[e] >= 0 and not reached[e]:
            return False
    return True


@rule
def reaches_by_road(s, p, c, reached):
    """A road of p already reached ends at c."""
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if e >= 0 and reached[e] and s['edge_owner'][e] == p:
            return True
    return False


@rule
def longest_road_ok(s):
    """Stored road lengths are the board's longest trails (zero until the opening ends, when they
    are first counted) and the award is where ``award_longest_road`` would leave it."""
    n = s['num_players']
    opening = s['stage'] == ST_SETUP_VILLAGE or s['stage'] == ST_SETUP_ROAD
    best = 0
    for p in range(n):
        if opening:
            if s['road_length'][p] != 0:
                return False
        elif s['road_length'][p] != longest_trail(s, p):
            return False
        if s['road_length'][p] > best:
            best = s['road_length'][p]
    h = s['longest_road']
    if h >= 0 and (s['road_length'][h] < LONGEST_ROAD_MIN or s['road_length'][h] != best):
        return False
    if h < 0 and best >= LONGEST_ROAD_MIN:
        count = 0
        for p in range(n):
            if s['road_length'][p] == best:
                count += 1
        if count == 1:
            return False
    return True


@rule
def largest_army_ok(s):
    n = s['num_players']
    a = s['largest_army']
    for p in range(n):
        if s['cards_played'][p, KNIGHT] >= LARGEST_ARMY_MIN and a < 0:
            return False
        if a >= 0 and s['cards_played'][p, KNIGHT] > s['cards_played'][a, KNIGHT]:
            return False
    return not (a >= 0 and s['cards_played'][a, KNIGHT] < LARGEST_ARMY_MIN)


# =========================================================================== cards
@rule
def card_places_ok(s):
    """Every opportunity card is in one place: the undrawn deck (real cards from ``deck_top`` to
    ``deck_size``, empty places around them), a hand, or played face up (victory points never);
    cards bought this turn are among those held, and only the player on turn, after its throw,
    has any."""
    n = s['num_players']
    for i in range(s['deck'].shape[0]):
        undrawn = s['deck_top'] <= i < s['deck_size']
        if undrawn != (s['deck'][i] >= 0):
            return False
    for k in range(NUM_CARD_KINDS):
        t = 0
        for i in range(s['deck_top'], s['deck_size']):
            if s['deck'][i] == k:
                t += 1
        for p in range(n):
            if s['cards_new'][p, k] > s['cards'][p, k]:
                return False
            if s['cards_new'][p, k] > 0 and (p != s['turn_seat'] or s['rolled'] == 0):
                return False
            t += s['cards'][p, k] + s['cards_played'][p, k]
        if t != CARD_COUNTS[k]:
            return False
    for p in range(n):
        if s['cards_played'][p, VICTORY_POINT] != 0:
            return False
    return True


# =========================================================================== the opening and the turn order
@rule
def opening_payout(s, p, c, r):
    """How many of resource r an opening village of p on c was paid."""
    t = 0
    for k in range(3):
        h = CORNER_HEXES[c, k]
        if h >= 0 and TERRAIN_RESOURCE[s['hex_terrain'][h]] == r:
            t += 1
    return t


@rule
def paid_by_a_village(s, p):
    """p's hand is what one of its villages paid (its second opening village)."""
    for c in range(NUM_CORNERS):
        if s['corner_owner'][c] != p:
            continue
        same = True
        for r in range(NUM_RESOURCES):
            if s['hand'][p, r] != opening_payout(s, p, c, r):
                same = False
        if same:
            return True
    return False


@rule
def opening_ok(s):
    """In the opening: the step, and the seat placing, follow the order round the table and back;
    each player has placed one village and one road per step of its own (the village of this step
    may wait for its road); only a second village has paid, one card per hex; nothing else has
    happened yet. After it: every step is done and the turns go round from the first player."""
    n = s['num_players']
    stage = s['stage']
    if stage != ST_SETUP_VILLAGE and stage != ST_SETUP_ROAD:
        if s['setup_step'] != 2 * n or s['setup_corner'] != -1 or s['turn'] < 1:
            return False
        if s['turn_seat'] != (s['first_player'] + s['turn'] - 1) % n:
            return False
        for q in range(n):      # players whose first turn has not come bought and played nothing
            if (q - s['first_player'] + n) % n >= s['turn']:
                for k in range(NUM_CARD_KINDS):
                    if s['cards'][q, k] != 0 or s['cards_played'][q, k] != 0:
                        return False
        return True
    step = s['setup_step']
    if not 0 <= step < 2 * n or s['turn'] != 0 or s['turn_seat'] != setup_seat(s, step):
        return False
    if s['rolled'] != 0 or s['dice'][0] != 0 or s['dice'][1] != 0 or s['deck_top'] != 0:
        return False
    if s['winner'] != -1 or s['longest_road'] != -1 or s['largest_army'] != -1 or s['bandit'] != desert(s):
        return False
    waiting = stage == ST_SETUP_ROAD
    c = s['setup_corner']
    if waiting != (c >= 0):
        return False
    if waiting and (s['corner_owner'][c] != s['turn_seat'] or s['corner_level'][c] != VILLAGE):
        return False
    for p in range(n):
        placed = 0
        for j in range(step):
            if setup_seat(s, j) == p:
                placed += 1
        villages = placed + (1 if waiting and p == s['turn_seat'] else 0)
        if VILLAGES_PER_PLAYER - s['villages_left'][p] != villages or ROADS_PER_PLAYER - s['roads_left'][p] != placed:
            return False
        if KEEPS_PER_PLAYER - s['keeps_left'][p] != 0:
            return False
        if villages == 2:
            if not paid_by_a_village(s, p):
                return False
        elif hand_size(s, p) != 0:
            return False
    return True


@rule
def desert(s):
    for h in range(NUM_HEXES):
        if s['hex_terrain'][h] == DESERT:
            return h
    return -1


# =========================================================================== the turn
@rule
def throw_ok(s):
    """Dice are both 0 until the first throw (in the opening) and both 1-6 after it."""
    opening = s['stage'] == ST_SETUP_VILLAGE or s['stage'] == ST_SETUP_ROAD
    for d in range(2):
        if opening != (s['dice'][d] == 0):
            return False
    return True


@rule
def turn_ok(s):
    """The stage agrees with the turn's flags. Before the throw only a player holding a card from
    an earlier turn waits (else it throws at once), and only a card played before the throw leads
    anywhere but the throw; after it the turn's stages follow. Discards are owed only on a 7, and a
    discarder keeps half its hand at least; free roads and picks only while their card is being
    played; a steal waits only with two players to choose from. Once the game is over the flags
    stay as the winning decision left them."""
    n = s['num_players']
    stage = s['stage']
    p = s['turn_seat']
    if stage == ST_SETUP_VILLAGE or stage == ST_SETUP_ROAD or stage == ST_GAME_OVER:
        if stage != ST_GAME_OVER:
            if s['card_played'] != 0 or s['free_roads'] != 0 or s['plenty_left'] != 0:
                return False
            if s['proposals'] != 0 or s['hearings'] != 0:
                return False
            for q in range(n):
                if s['discard_left'][q] != 0:
                    return False
        return True
    played = 0
    for k in range(NUM_CARD_KINDS):
        played += s['cards_played'][p, k]
    if s['card_played'] != 0 and played == 0:
        return False
    throw = s['dice'][0] + s['dice'][1]
    seven = s['rolled'] != 0 and throw == BANDIT_THROW
    if s['rolled'] == 0:
        if s['proposals'] != 0 or s['hearings'] != 0:
            return False
        if stage == ST_PRE_ROLL:
            if s['card_played'] != 0 or old_cards(s, p) == 0:
                return False
        elif s['card_played'] == 0 or not (stage == ST_MOVE_BANDIT or stage == ST_STEAL or stage == ST_ROAD_BUILDING
                                            or stage == ST_YEAR_OF_PLENTY or stage == ST_MONOPOLY):
            return False
    elif stage == ST_PRE_ROLL:
        return False
    owed = False
    for q in range(n):
        if s['discard_left'][q] > 0:
            owed = True
            if hand_size(s, q) - s['discard_left'][q] <= DISCARD_LIMIT // 2:
                return False
    if owed != (stage == ST_DISCARD) or (owed and not seven):
        return False
    if (stage == ST_MOVE_BANDIT or stage == ST_STEAL) and not (seven or played_one(s, p, KNIGHT)):
        return False
    if stage == ST_STEAL and victim_count(s, p, s['bandit']) < 2:
        return False
    if (s['free_roads'] > 0) != (stage == ST_ROAD_BUILDING):
        return False
    if stage == ST_ROAD_BUILDING and (not played_one(s, p, ROAD_BUILDING) or s['roads_left'][p] == 0
                                      or not any_road_placeable(s, p)):
        return False
    if (s['plenty_left'] > 0) != (stage == ST_YEAR_OF_PLENTY):
        return False
    if stage == ST_YEAR_OF_PLENTY and (not played_one(s, p, YEAR_OF_PLENTY) or bank_total(s) == 0):
        return False
    return not (stage == ST_MONOPOLY and not played_one(s, p, MONOPOLY))


@rule
def played_one(s, p, kind):
    """A card of ``kind`` may be the one p played this turn."""
    return s['card_played'] != 0 and s['cards_played'][p, kind] > 0


@rule
def actor_ok(s):
    """The seat to act is the one the stage names."""
    stage = s['stage']
    a = s['actor']
    if stage == ST_GAME_OVER:
        return a == -1
    if stage == ST_DISCARD:
        return a >= 0 and a == next_discarder(s)
    if stage == ST_TRADE_REPLY or stage == ST_BID_GIVE or stage == ST_BID_GET:
        return a >= 0 and a == s['trade_replier'] and a != s['turn_seat']
    return a == s['turn_seat']


@rule
def winner_ok(s):
    """A live game's player on turn has under 10 points, cards counted (it would have won); a
    finished game's winner is the player on turn, with 10 or more."""
    p = s['turn_seat']
    if s['stage'] == ST_GAME_OVER:
        return s['winner'] == p and total_points(s, p) >= WINNING_POINTS
    if s['winner'] != -1:
        return False
    opening = s['stage'] == ST_SETUP_VILLAGE or s['stage'] == ST_SETUP_ROAD
    return opening or total_points(s, p) < WINNING_POINTS


@rule
def last_turns_ok(s):
    """Every player not on turn had under 10 points when its own last turn ended; what of its
    points grows only on its own turn (``board.points_held_since_own_turn``) is still under 10."""
    for q in range(s['num_players']):
        if q != s['turn_seat'] and points_held_since_own_turn(s, q) >= WINNING_POINTS:
            return False
    return True


# =========================================================================== the trade table
@rule
def deal_clear(s, q):
    return (s['deal_give'][q] == -1 and s['deal_give_count'][q] == 0 and s['deal_get'][q] == -1
            and s['deal_get_count'][q] == 0)


@rule
def amount_ok(r, count):
    return 0 <= r < NUM_RESOURCES and 1 <= count <= MAX_TRADE_COUNT


@rule
def deal_ok(s, q):
    """q's deal gives one resource for another, 1-2 of each, and q holds what it gives."""
    give = s['deal_give'][q]
    get = s['deal_get'][q]
    return (amount_ok(give, s['deal_give_count'][q]) and amount_ok(get, s['deal_get_count'][q]) and give != get
            and s['hand'][q, give] >= s['deal_give_count'][q])


@rule
def answer_ok(s, q):
    """An answer to the offer of the player on turn: a decline puts no deal; an acceptance takes
    the offer as it stands; a counter gives what was asked for something else than the offer."""
    reply = s['trade_reply'][q]
    if reply == REPLY_DECLINE:
        return deal_clear(s, q)
    if reply != REPLY_ACCEPT and reply != REPLY_COUNTER:
        return False
    if not deal_ok(s, q) or s['deal_give'][q] != s['trade_get'] or s['deal_give_count'][q] != s['trade_get_count']:
        return False
    same = s['deal_get'][q] == s['trade_give'] and s['deal_get_count'][q] == s['trade_give_count']
    return same == (reply == REPLY_ACCEPT)


@rule
def bid_ok(s, q):
    """A bid when the player on turn hears offers: none, or a deal of q's own."""
    reply = s['trade_reply'][q]
    if reply == REPLY_DECLINE:
        return deal_clear(s, q)
    return reply == REPLY_OFFER and deal_ok(s, q)


@rule
def trade_ok(s):
    """Outside the trade stages the table is clear. An offer of the player on turn is 1-2 of a
    resource it holds for 1-2 of another; the players after it in turn order answer it one by one
    up to the one answering now (those after have not); hearing offers, they bid one by one the
    same way; the player on turn chooses once everyone has answered and some deal is on the
    table. Every deal is one its maker can give."""
    n = s['num_players']
    stage = s['stage']
    p = s['turn_seat']
    trading = False
    for st in TRADE_STAGES:
        if stage == st:
            trading = True
    if not trading:
        if s['trade_give'] != -1 or s['trade_give_count'] != 0 or s['trade_replier'] != -1:
            return False
        if s['trade_get'] != -1 or s['trade_get_count'] != 0:
            return False
        for q in range(n):
            if s['trade_reply'][q] != REPLY_NONE or not deal_clear(s, q):
                return False
        return True
    if s['rolled'] == 0:
        return False
    hearing = stage == ST_BID_GIVE or stage == ST_BID_GET or (stage == ST_TRADE_CHOOSE and s['trade_give'] < 0)
    if hearing:
        if s['hearings'] == 0 or s['trade_give'] != -1 or s['trade_give_count'] != 0:
            return False
        if s['trade_get'] != -1 or s['trade_get_count'] != 0:
            return False
    else:
        if s['proposals'] == 0:
            return False
        offered = stage != ST_OFFER_GIVE
        asked = offered and stage != ST_OFFER_GET
        if offered != (s['trade_give'] >= 0) or asked != (s['trade_get'] >= 0):
            return False
        if offered and (not amount_ok(s['trade_give'], s['trade_give_count'])
                        or s['hand'][p, s['trade_give']] < s['trade_give_count']):
            return False
        if not offered and s['trade_give_count'] != 0:
            return False
        if asked and (not amount_ok(s['trade_get'], s['trade_get_count']) or s['trade_get'] == s['trade_give']):
            return False
        if not asked and s['trade_get_count'] != 0:
            return False
    # the answers, in turn order from the player after the player on turn
    answering = stage == ST_TRADE_REPLY or stage == ST_BID_GIVE or stage == ST_BID_GET
    if answering != (s['trade_replier'] >= 0):
        return False
    if answering and s['trade_replier'] == p:
        return False
    if s['trade_reply'][p] != REPLY_NONE or not deal_clear(s, p):
        return False
    before = answering or stage == ST_TRADE_CHOOSE   # still among those who have answered
    deals = 0
    for k in range(1, n):
        q = (p + k) % n
        if answering and q == s['trade_replier']:
            before = False
            if s['trade_reply'][q] != REPLY_NONE:
                return False
            if stage == ST_TRADE_REPLY and hand_size(s, q) < s['trade_get_count']:
                return False
            if stage == ST_BID_GIVE and (hand_size(s, q) == 0 or not deal_clear(s, q)):
                return False
            if stage == ST_BID_GET and not (amount_ok(s['deal_give'][q], s['deal_give_count'][q])
                                            and s['hand'][q, s['deal_give'][q]] >= s['deal_give_count'][q]
                                            and s['deal_get'][q] == -1 and s['deal_get_count'][q] == 0):
                return False
            if stage == ST_TRADE_REPLY and not deal_clear(s, q):
                return False
        elif before:
            ok = bid_ok(s, q) if hearing else answer_ok(s, q)
            if not ok:
                return False
            if s['trade_reply'][q] != REPLY_DECLINE:
                deals += 1
        elif s['trade_reply'][q] != REPLY_NONE or not deal_clear(s, q):
            return False
    return stage != ST_TRADE_CHOOSE or deals > 0


# =========================================================================== all of them
@kernel
def check_invariants(s):
    """0 if every invariant holds, else the first broken one's code (``INVARIANT_NAMES``). The
    seats are checked first: every later check indexes by them."""
    if not seats_ok(s):
        return INV_SEATS
    if not island_ok(s):
        return INV_ISLAND
    n = s['num_players']
    for r in range(NUM_RESOURCES):
        if s['bank'][r] < 0:
            return INV_NEGATIVE
        for p in range(n):
            if s['hand'][p, r] < 0:
                return INV_NEGATIVE
    if not counts_ok(s):
        return INV_SUPPLY
    if not pieces_ok(s):
        return INV_PIECES
    if not buildings_ok(s):
        return INV_BUILDINGS
    if not distance_ok(s):
        return INV_DISTANCE
    if not road_network_ok(s):
        return INV_ROAD_NETWORK
    if not longest_road_ok(s):
        return INV_LONGEST_ROAD
    if not card_places_ok(s):
        return INV_CARD_PLACES
    if not largest_army_ok(s):
        return INV_LARGEST_ARMY
    if not opening_ok(s):
        return INV_OPENING
    if not (throw_ok(s) and turn_ok(s)):
        return INV_TURN
    if not trade_ok(s):
        return INV_TRADE
    if not actor_ok(s):
        return INV_ACTOR
    if not winner_ok(s):
        return INV_WINNER
    if not last_turns_ok(s):
        return INV_LAST_TURN
    if not rewards_ok(s):
        return INV_REWARDS
    return 0
