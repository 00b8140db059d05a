"""The game's invariants, checked after every step of the fuzz and on every loaded save
(``check_invariants``; a kernel of envs/common/game.py, re-exported by core.py).
``INVARIANT_NAMES`` says what each code means.

Together they say that a record is a position the rules can really reach from some set-up, so
that every kernel handles it safely: the table as the set-up lays it (and nothing of the seats not
at it), each card in exactly one place it can reach, stacks of real cards, armies where armies can
stand, the stage agreeing with whose turn it is and with the effect in progress, turn counts in
turn order, the last round flagged exactly when a dungeon is empty, and the winners and rewards
the rules name. The field ranges (``ForfortGame.field_ranges``) are checked first, so every index
read here is in range. The inner loops are reductions without early exits, which the compiler
vectorises: the fuzz calls this after every step.
"""
import numpy as np

from ..common.jit import kernel, rule
from ..common.record import MAX_SEATS as HEADER_SEATS
from .armies import army_direction_ok
from .content import WALL_HAS
from .fort import fort_complete, shape_fits
from .places import army_card, camp_card, is_camp, is_opponent, is_teammate, is_wall, top_is_wall_of_kind, wall_card
from .scoring import side_points
from .state import (ARMIES, ARMY_RESERVE, CAMPS, CARDS_PER_COLOUR, CATAPULT, CHAIRS, DOOR,
                    GUARD, MASON, MAX_SEATS, NUM_AXES, NUM_CARDS, NUM_SYMBOLS, RAM, SIDE_TOWARDS,
                    SIEGE_TOWER, SPACES, ST_CAMP_SPACE, ST_DIRECTION, ST_DRAWBRIDGE, ST_FIRST_CAMP,
                    ST_MAIN, ST_MASON_PICK, ST_MASON_SPACE, ST_OVER, ST_PAIR, ST_ROW, ST_TARGET,
                    START_HAND, TABLE_CHAIRS, TWO_AXES, WALLS)

INV_CARD_PLACES = 1
INV_ARMY_ON_CARDS = 2
INV_FOREIGN_CARD = 3
INV_SHAPE = 4
INV_DRAWBRIDGE = 5
INV_COUNTS = 6
INV_TURNS = 7
INV_WINNER = 8
INV_TABLE = 9
INV_EMPTY_SEAT = 10
INV_STACK = 11
INV_ARMY = 12
INV_STAGE = 13
INV_SET_UP = 14
INV_LAST_ROUND = 15
INV_ARROWS = 16

INVARIANT_NAMES = {
    INV_CARD_PLACES: "a card is not in exactly one place",
    INV_ARMY_ON_CARDS: "an army shares its space with fort cards",
    INV_FOREIGN_CARD: "a card is in a fort or discard pile it cannot reach (another colour's wall, a "
                      "non-teammate's camp, a camp not at the bottom of its stack)",
    INV_SHAPE: "a wall is on a space of the wrong shape",
    INV_DRAWBRIDGE: "a lowered drawbridge is not on a visible door wall",
    INV_COUNTS: "a hand or army count disagrees with the cards, or camps left the reserve out of order",
    INV_TURNS: "turn counts do not follow the turn order from the first player",
    INV_WINNER: "the winners or rewards are not those the rules name, or a live game has a complete fort",
    INV_TABLE: "the table (chairs, front lines, teams, arrows, first player) is not one the set-up lays",
    INV_EMPTY_SEAT: "a seat not at the table holds something",
    INV_STACK: "a fort space holds other than real cards below its height and -1 above it",
    INV_ARMY: "an army is where no army can be (own fort, an empty seat's, facing the dungeon...)",
    INV_STAGE: "the stage disagrees with whose turn it is or with the effect in progress",
    INV_SET_UP: "the set-up is not as it lays the table (hands, dungeons, first camps in turn order)",
    INV_LAST_ROUND: "the last round is flagged though no dungeon is empty, or not though one is",
    INV_ARROWS: "a dungeon card is turned to an axis this game does not use",
}

DRAWS = WALLS - START_HAND       # the walls a dungeon holds after the set-up


@rule
def table_ok(s):
    """Seats, chairs and front lines as ``init`` lays them for this many players; the team game
    only with four; the arrows turned two or four ways; the first player and the turn at the table."""
    n = s['num_players']
    if s['teams'] != 0 and n != MAX_SEATS:
        return False
    if s['arrow_axes'] != NUM_AXES and s['arrow_axes'] != TWO_AXES:
        return False
    if s['first_player'] >= n or s['turn_seat'] >= n:
        return False
    for i in range(MAX_SEATS):
        if s['chair'][i] != (TABLE_CHAIRS[n, i] if i < n else -1):
            return False
        for j in range(MAX_SEATS):
            side = -1
            if i < n and j < n and i != j:
                side = SIDE_TOWARDS[(TABLE_CHAIRS[n, j] - TABLE_CHAIRS[n, i]) % CHAIRS]
            if s['front'][i, j] != side:
                return False
    return True


@rule
def any_set(row):
    """Whether any entry of a row differs from 0 (an OR over it, which vectorises)."""
    bad = 0
    for i in range(row.size):
        bad |= row[i]
    return bad != 0


@rule
def empty_seat_ok(s, j):
    """A seat not at the table keeps the zeroed record's values (its fort's -1s are counted with
    every fort's, ``fort_cards_ok``), and its armies in reserve."""
    if (s['turns'][j] | s['dungeon_size'][j] | s['hand_count'][j] | (s['drawbridge'][j] + 1)
            | s['winner'][j]) != 0:
        return False
    if (any_set(s['dungeon'][j]) or any_set(s['dungeon_axis'][j]) or any_set(s['height'][j])
            or any_set(s['armies_here'][j]) or any_set(s['hand'][j]) or any_set(s['discard'][j])
            or any_set(s['camp_reserve'][j])):
        return False
    for k in range(ARMIES):
        if s['army_fort'][j, k] != ARMY_RESERVE or s['army_space'][j, k] != -1 or s['army_dir'][j, k] != -1:
            return False
    return True


@rule
def effect_idle(s):
    """No effect in progress: nothing played, held, aimed or being placed."""
    return (s['effect'] < 0 and s['effect_uses'] == 0 and s['breach'] == 0 and s['mason_free'] == 0
            and s['played_card'] < 0 and s['pending_card'] < 0 and s['pending_from_top'] == 0
            and s['target'] < 0 and s['guard_fort'] < 0 and s['guard_space'] < 0)


@rule
def pair_kinds(s):
    kinds = 0
    for y in range(NUM_SYMBOLS):
        kinds += s['pairs'][y] > 0
    return kinds


@rule
def effect_ok(s, stage):
    """An effect's stage: its symbol; a card played for it (bearing the symbol, no pair pending) or
    a pair's powers (a free mason, a breach, two uses); the card the mason holds, the catapult's
    target, the army being placed, each exactly at its own question."""
    y = s['effect']
    seat = s['turn_seat']
    if stage == ST_MASON_PICK or stage == ST_MASON_SPACE:
        if y != MASON:
            return False
    elif stage == ST_TARGET:
        if y != RAM and y != CATAPULT and y != SIEGE_TOWER:
            return False
    elif stage == ST_ROW:
        if y != CATAPULT:
            return False
    elif y != GUARD:                                   # ST_GUARD, ST_DIRECTION
        return False
    pair = s['played_card'] < 0
    uses = s['effect_uses']
    if pair:
        most = 2 if y == SIEGE_TOWER or y == GUARD else 1
        if uses < 1 or uses > most:
            return False
        if s['mason_free'] != (1 if y == MASON else 0) or s['breach'] != (1 if y == RAM or y == CATAPULT else 0):
            return False
    elif (uses != 1 or s['mason_free'] != 0 or s['breach'] != 0 or pair_kinds(s) != 0
          or not WALL_HAS[s['played_card'], y]):
        return False
    if (s['pending_card'] >= 0) != (stage == ST_MASON_SPACE):
        return False
    if s['pending_from_top'] != 0 and (stage != ST_MASON_SPACE or s['mason_free'] == 0):
        return False
    if (s['target'] >= 0) != (stage == ST_ROW):
        return False
    if stage == ST_ROW and (s['target'] >= s['num_players'] or not is_opponent(s, seat, s['target'])):
        return False
    if (s['guard_fort'] >= 0) != (stage == ST_DIRECTION) or (s['guard_space'] >= 0) != (stage == ST_DIRECTION):
        return False
    if stage == ST_DIRECTION:
        fort = s['guard_fort']
        space = s['guard_space']
        if fort >= s['num_players'] or not is_opponent(s, seat, fort):
            return False
        if s['height'][fort, space] != 0 or s['armies_here'][fort, space] != 0:
            return False
        reserve = False
        for k in range(ARMIES):
            reserve = reserve or s['army_fort'][seat, k] == ARMY_RESERVE
        if not reserve:
            return False
    return True


@rule
def stage_ok(s):
    """Live: the seat to act is the one whose turn it is, at a decision stage, with the effect
    fields telling that stage's story; over: nobody acts and nothing is in progress (pairs may
    wait: the fort was completed first). No drawbridge's extra turn is pending between steps."""
    stage = s['stage']
    if s['extra_turn'] != 0:                           # set and spent within one step
        return False
    if stage == ST_OVER:
        return s['actor'] == -1 and effect_idle(s)
    if stage > ST_OVER or s['actor'] != s['turn_seat']:
        return False
    if stage == ST_MAIN or stage == ST_FIRST_CAMP or stage == ST_CAMP_SPACE or stage == ST_DRAWBRIDGE:
        if not effect_idle(s) or pair_kinds(s) != 0:
            return False
        if stage == ST_MAIN:
            return s['hand_count'][s['turn_seat']] > 0     # an empty hand goes straight on
        if stage == ST_DRAWBRIDGE:
            seat = s['turn_seat']
            doors = False
            for space in range(SPACES):
                doors = doors or top_is_wall_of_kind(s, seat, space, DOOR)
            return s['drawbridge'][seat] < 0 and doors
        return True
    if stage == ST_PAIR:
        return effect_idle(s) and pair_kinds(s) >= 2
    return effect_ok(s, stage)


@rule
def stacks_ok(s, j):
    """Every space of j's fort: real cards below its height; walls of j's colour on spaces of their
    shape; camps of j or j's teammate, only at the bottom (a camp goes on an empty space); no army
    on a space with cards. Returns 0 or the code broken."""
    for space in range(SPACES):
        h = s['height'][j, space]
        for i in range(h):
            c = s['fort'][j, space, i]
            if c < 0:
                return INV_STACK
            owner = c // CARDS_PER_COLOUR
            if is_wall(c):
                if owner != j:
                    return INV_FOREIGN_CARD
                if not shape_fits(c % CARDS_PER_COLOUR, space):
                    return INV_SHAPE
            elif not is_camp(c) or i != 0 or not (owner == j or is_teammate(s, j, owner)):
                return INV_FOREIGN_CARD
        if h > 0 and s['armies_here'][j, space] > 0:
            return INV_ARMY_ON_CARDS
    return 0


@rule
def fort_cards_ok(s):
    """Above every stack's height (and in the forts of seats not at the table) only -1: as many
    cards in all the forts' slots as the heights say. (Every slot is -1 or a card: the field's
    range, so the negative slots are the -1s.)"""
    heights = s['height'].reshape(-1)
    cards = 0
    for i in range(heights.size):
        cards += heights[i]
    slots = s['fort'].reshape(-1)
    empty = 0
    for i in range(slots.size):
        empty += slots[i] < 0
    return slots.size - empty == cards


@rule
def armies_ok(s, j):
    """j's armies: in reserve or overthrown (no space, no direction), or in a seated opponent's
    fort on a space, heading along the fort (never into the dungeon)."""
    for k in range(ARMIES):
        fort = s['army_fort'][j, k]
        space = s['army_space'][j, k]
        d = s['army_dir'][j, k]
        if fort < 0:
            if space != -1 or d != -1:
                return False
        elif (fort >= s['num_players'] or not is_opponent(s, j, fort) or space < 0 or d < 0
              or not army_direction_ok(space, d)):
            return False
    return True


@rule
def armies_here_ok(s):
    """Each space's army count is the number of armies on it: every space holding an army counts
    them right, and the counts add up to the armies in forts (so the rest are 0)."""
    n = s['num_players']
    total = 0
    for j in range(n):
        for space in range(SPACES):
            total += s['armies_here'][j, space]
    for j in range(n):
        for k in range(ARMIES):
            fort = s['army_fort'][j, k]
            if fort < 0:
                continue
            total -= 1
            space = s['army_space'][j, k]
            count = 0
            for o in range(n):
                for m in range(ARMIES):
                    count += s['army_fort'][o, m] == fort and s['army_space'][o, m] == space
            if count != s['armies_here'][fort, space]:
                return False
    return total == 0


@rule
def first_camps_ok(s):
    """During the set-up's camps nothing but the set-up has happened: 3 cards in every hand, 19 in
    every dungeon, no turn played, and a first camp down in exactly the forts of the players before
    the one to choose (from the first player on). After it, every player's first camp is down."""
    n = s['num_players']
    if s['stage'] != ST_FIRST_CAMP:
        for j in range(n):
            if s['camp_reserve'][j, 0]:
                return False
        return True
    if s['end_triggered'] != 0:
        return False
    chosen = (s['actor'] - s['first_player']) % n
    for j in range(n):
        placed = (j - s['first_player']) % n < chosen
        if (s['turns'][j] != 0 or s['hand_count'][j] != START_HAND or s['dungeon_size'][j] != DRAWS
                or s['drawbridge'][j] >= 0 or s['camp_reserve'][j, 0] == placed):
            return False
        cards = 0
        for space in range(SPACES):
            h = s['height'][j, space]
            cards += h
            if h > 0 and s['fort'][j, space, 0] != camp_card(j, 0):
                return False
        if cards != (1 if placed else 0):
            return False
        discards = 0
        for c in range(NUM_CARDS):
            discards += s['discard'][j, c]
        if discards != 0:
            return False
        for k in range(ARMIES):
            if s['army_fort'][j, k] != ARMY_RESERVE:
                return False
    return True


@rule
def turn_order_from(s, seat):
    """Players before ``seat`` in the round (from the first player) have had one turn more than the
    others."""
    n = s['num_players']
    at = (seat - s['first_player']) % n
    base = s['turns'][seat]
    for j in range(n):
        if s['turns'][j] != base + (1 if (j - s['first_player']) % n < at else 0):
            return False
    return True


@rule
def turns_ok(s):
    """Live, turns follow the turn order up to the player on turn; over, either so (a fort completed
    mid-round) or all equal (the round played out). (The set-up's camps come before any turn:
    ``first_camps_ok`` checks that none was played.)"""
    if s['stage'] == ST_FIRST_CAMP or turn_order_from(s, s['turn_seat']):
        return True
    return s['stage'] == ST_OVER and turn_order_from(s, s['first_player'])


@rule
def last_round_ok(s):
    """The end is triggered exactly when a dungeon is empty (a mason pair holding a dungeon's last
    card triggers it only once it builds the card)."""
    empty = False
    for j in range(s['num_players']):
        if s['dungeon_size'][j] == 0 and not (s['pending_from_top'] != 0 and j == s['turn_seat']):
            empty = True
    return (s['end_triggered'] != 0) == empty


@rule
def winners_ok(s):
    """Live: no winner and no complete fort. Over: the side of the one complete fort won; with no
    complete fort the round was played out and the best points won (ties share). The rewards say
    the same: 0 while live, +1 each winner and -1 each loser at the end."""
    n = s['num_players']
    over = s['stage'] == ST_OVER
    complete = -1
    for j in range(n):
        if fort_complete(s, j):
            if complete >= 0 or not over:
                return False
            complete = j
    best = -1
    if over and complete < 0:
        if s['end_triggered'] == 0:
            return False
        for j in range(n):
            best = max(best, side_points(s, j, True))
    for j in range(HEADER_SEATS):
        if j >= n or not over:
            if (j < MAX_SEATS and s['winner'][j]) or s['last_rewards'][j] != 0.0:
                return False
            continue
        if complete >= 0:
            won = j == complete or is_teammate(s, complete, j)
        else:
            won = side_points(s, j, True) == best
        if (s['winner'][j] != 0) != won or s['last_rewards'][j] != (1.0 if won else -1.0):
            return False
    return True


@kernel
def check_invariants(s):
    """0 if every invariant holds, else the first broken one's code (``INVARIANT_NAMES``)."""
    n = s['num_players']
    if not table_ok(s):
        return INV_TABLE
    for j in range(n, MAX_SEATS):
        if not empty_seat_ok(s, j):
            return INV_EMPTY_SEAT
    if not stage_ok(s):
        return INV_STAGE
    if not fort_cards_ok(s):
        return INV_STACK
    where = np.zeros(NUM_CARDS, np.int64)
    for c in range(n * CARDS_PER_COLOUR, NUM_CARDS):
        where[c] += 1                                  # colours not at the table stay boxed
    for j in range(n):
        code = stacks_ok(s, j)
        if code != 0:
            return code
        if not armies_ok(s, j):
            return INV_ARMY
        hand = 0
        for w in range(WALLS):
            if s['hand'][j, w]:
                where[wall_card(j, w)] += 1
                hand += 1
        if hand != s['hand_count'][j]:
            return INV_COUNTS
        for i in range(s['dungeon_size'][j]):
            where[wall_card(j, s['dungeon'][j, i])] += 1
            if s['dungeon_axis'][j, i] >= s['arrow_axes']:
                return INV_ARROWS
        for space in range(SPACES):
            for i in range(s['height'][j, space]):
                where[s['fort'][j, space, i]] += 1
        for c in range(NUM_CARDS):
            if s['discard'][j, c]:
                where[c] += 1
                owner = c // CARDS_PER_COLOUR
                if (not is_wall(c) and not is_camp(c)) or not (owner == j or (is_camp(c) and is_teammate(s, j, owner))):
                    return INV_FOREIGN_CARD
        for k in range(CAMPS):
            if s['camp_reserve'][j, k]:
                where[camp_card(j, k)] += 1
            if k > 0 and s['camp_reserve'][j, k - 1] > s['camp_reserve'][j, k]:
                return INV_COUNTS                      # camps leave the reserve in order
        for k in range(ARMIES):
            where[army_card(j, k)] += 1   # in reserve, in a fort or overthrown
        if s['drawbridge'][j] >= 0 and not top_is_wall_of_kind(s, j, s['drawbridge'][j], DOOR):
            return INV_DRAWBRIDGE
    if s['pending_card'] >= 0:
        where[wall_card(s['turn_seat'], s['pending_card'])] += 1
    if s['played_card'] >= 0:
        where[wall_card(s['turn_seat'], s['played_card'])] += 1
    for c in range(NUM_CARDS):
        if where[c] != 1:
            return INV_CARD_PLACES
    if not armies_here_ok(s):
        return INV_COUNTS
    if not first_camps_ok(s):
        return INV_SET_UP
    if not turns_ok(s):
        return INV_TURNS
    if not last_round_ok(s):
        return INV_LAST_ROUND
    if not winners_ok(s):
        return INV_WINNER
    return 0
