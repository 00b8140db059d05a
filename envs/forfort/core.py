"""Forfort's rules as jitted kernels over one state record (see envs/common/game.py).

Each rule of the rulebook is one small function named after it; ``apply`` dispatches a decision to
them and then runs every automatic step (pairs that fire alone, army advances, draws, the end of a
turn) up to the next decision.
"""
import numpy as np
from numba.extending import register_jitable as rule

from ..common.jit import kernel
from ..common.rng import randint, random_u64, seed_rng, shuffle
from .content import WALL_HAS, WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .state import (A_ARMY, A_BUILD, A_CAMP, A_DIRECTION, A_DISCARD, A_DRAWBRIDGE, A_EFFECT,
                    A_OPPONENT, A_PAIR, A_PASS, A_PICK, A_PICK_TOP, A_ROW, A_SPACE, ARMIES,
                    ARMY_OVERTHROWN, ARMY_RESERVE, AXIS_SPACES, CAMPS, CARDS_PER_COLOUR, CATAPULT,
                    CORNER, DEFENDED, DIR_DCOL, DIR_DROW, DOOR, FIRST_ARMY, FIRST_CAMP, GRID_SPACE,
                    GUARD, LINES, MASON, MAX_SEATS, NUM_AXES, NUM_CARDS, NUM_STAGES, NUM_SYMBOLS,
                    OBS_SIZE, RAM, SEAT_FEATURES, SIDE_TOWARDS, SIEGE_TOWER, SPACE_COL,
                    SPACE_FEATURES, SPACE_ROW, SPACES, TABLE_CHAIRS, ST_CAMP_SPACE, ST_DIRECTION, ST_DRAWBRIDGE,
                    ST_AFTER_PLAY, ST_END_TURN, ST_GUARD, ST_MAIN, ST_MASON_PICK, ST_MASON_SPACE,
                    ST_OVER, ST_PAIR, ST_RESOLVE, ST_ROW, ST_TARGET, START_HAND, WALLS)

# --------------------------------------------------------------------------- cards and places


@rule
def wall_card(seat, wall):
    """The card id of wall ``wall`` of ``seat``'s colour (colour = seat)."""
    return seat * CARDS_PER_COLOUR + wall


@rule
def is_wall(card):
    return card % CARDS_PER_COLOUR < WALLS


@rule
def is_camp(card):
    k = card % CARDS_PER_COLOUR
    return FIRST_CAMP <= k < FIRST_ARMY


@rule
def top_card(s, seat, space):
    """The visible card of a space, -1 if it holds none."""
    h = s['height'][seat, space]
    if h == 0:
        return -1
    return s['fort'][seat, space, h - 1]


@rule
def top_is_wall_of_kind(s, seat, space, kind):
    c = top_card(s, seat, space)
    return c >= 0 and is_wall(c) and WALL_KIND[c % CARDS_PER_COLOUR] == kind


@rule
def is_empty_space(s, seat, space):
    """No card and no army on it."""
    return s['height'][seat, space] == 0 and s['armies_here'][seat, space] == 0


@rule
def is_teammate(s, a, b):
    return s['teams'] != 0 and a != b and a % 2 == b % 2


@rule
def is_opponent(s, a, b):
    return a != b and not is_teammate(s, a, b)


@rule
def rel_seat(s, seat, rel):
    return (seat + rel) % s['num_players']


# --------------------------------------------------------------------------- set-up


@kernel
def init(s, opts):
    """Player set-up: shuffle 22 walls into the dungeon with the arrows turned at random, draw 3,
    place a camp, agree the front lines; the first player is drawn at random."""
    num_players = s['num_players']
    s['teams'] = opts[0]
    s['end_triggered'] = 0
    s['extra_turn'] = 0
    s['played_card'] = -1
    s['effect'] = -1
    s['effect_uses'] = 0
    s['breach'] = 0
    s['mason_free'] = 0
    s['target'] = -1
    s['pending_card'] = -1
    s['pending_from_top'] = 0
    s['guard_fort'] = -1
    s['guard_space'] = -1
    s['pairs'][:] = 0
    s['winner'][:] = False
    s['turns'][:] = 0
    s['dungeon_size'][:] = 0
    s['hand'][:, :] = False
    s['hand_count'][:] = 0
    s['height'][:, :] = 0
    s['fort'][:, :, :] = -1
    s['discard'][:, :] = False
    s['camp_reserve'][:, :] = False
    s['army_fort'][:, :] = ARMY_RESERVE
    s['army_space'][:, :] = -1
    s['army_dir'][:, :] = -1
    s['armies_here'][:, :] = 0
    s['drawbridge'][:] = -1
    s['front'][:, :] = -1
    s['chair'][:] = -1
    for i in range(num_players):
        s['chair'][i] = TABLE_CHAIRS[num_players, i]   # 2 players face each other
    for i in range(num_players):
        for j in range(num_players):
            if i != j:
                s['front'][i, j] = SIDE_TOWARDS[(s['chair'][j] - s['chair'][i]) % 4]
    for seat in range(num_players):
        for w in range(WALLS):
            s['dungeon'][seat, w] = w
            s['dungeon_axis'][seat, w] = randint(s['rng'], NUM_AXES)
        shuffle(s['rng'], s['dungeon'][seat], WALLS)
        s['dungeon_size'][seat] = WALLS
        for k in range(CAMPS):
            s['camp_reserve'][seat, k] = True
        for _ in range(START_HAND):
            draw_card(s, seat)
    # Each player places one camp on a space of their fort; the rulebook leaves the space to the
    # player, so the set-up draws it at random (RULES.md, "Set-up").
    for seat in range(num_players):
        place_camp(s, seat, seat, randint(s['rng'], SPACES))
    s['end_triggered'] = 0
    s['first_player'] = randint(s['rng'], num_players)
    start_turn(s, s['first_player'])
    settle(s)


# --------------------------------------------------------------------------- moving cards


@rule
def draw_card(s, seat):
    """Draw the top wall of the dungeon into the hand; an emptied dungeon triggers the end."""
    n = s['dungeon_size'][seat]
    if n == 0:
        return
    w = s['dungeon'][seat, n - 1]
    s['dungeon_size'][seat] = n - 1
    s['hand'][seat, w] = True
    s['hand_count'][seat] += 1
    if n - 1 == 0:
        s['end_triggered'] = 1


@rule
def take_from_hand(s, seat, wall):
    s['hand'][seat, wall] = False
    s['hand_count'][seat] -= 1


@rule
def push_card(s, fort, space, card):
    h = s['height'][fort, space]
    s['fort'][fort, space, h] = card
    s['height'][fort, space] = h + 1


@rule
def return_drawbridge_from(s, fort, space):
    """The drawbridge token comes back when its space is destroyed or covered."""
    if s['drawbridge'][fort] == space:
        s['drawbridge'][fort] = -1


@rule
def destroy_space(s, fort, space):
    """Destroy every card on a space: all go to the attacked player's own discard pile."""
    for i in range(s['height'][fort, space]):
        s['discard'][fort, s['fort'][fort, space, i]] = True
        s['fort'][fort, space, i] = -1
    s['height'][fort, space] = 0
    return_drawbridge_from(s, fort, space)


@rule
def can_destroy(s, fort, space, breach):
    """A space can be destroyed if it holds a card and its visible card is not a defended wall
    (a pair of rams or catapults destroys defended walls too)."""
    if s['height'][fort, space] == 0:
        return False
    return breach != 0 or not top_is_wall_of_kind(s, fort, space, DEFENDED)


# --------------------------------------------------------------------------- building walls


@rule
def shape_fits(wall, space):
    """Corner walls go on the four corner spaces, straight walls next to the dungeon."""
    return (WALL_SHAPE[wall] == CORNER) == (space % 2 == 0)


@rule
def arrows_point_at(s, seat, space):
    """The two arrows on the back of the dungeon's top card point at two opposite spaces."""
    n = s['dungeon_size'][seat]
    if n == 0:
        return False
    axis = s['dungeon_axis'][seat, n - 1]
    return AXIS_SPACES[axis, 0] == space or AXIS_SPACES[axis, 1] == space


@rule
def can_build_at(s, seat, wall, space, free):
    """Wall placement: the right shape of space, no army there, and either a space the top
    dungeon card's arrows point at or a space showing a camp (``free``: any space)."""
    if not shape_fits(wall, space) or s['armies_here'][seat, space] > 0:
        return False
    if free:
        return True
    if arrows_point_at(s, seat, space):
        return True
    c = top_card(s, seat, space)
    return c >= 0 and is_camp(c)


@rule
def can_build_anywhere(s, seat, wall, free):
    for space in range(SPACES):
        if can_build_at(s, seat, wall, space, free):
            return True
    return False


@rule
def fort_complete(s, seat):
    """Every visible card a wall (the shapes already make 4 corners and 4 straights)."""
    for space in range(SPACES):
        c = top_card(s, seat, space)
        if c < 0 or not is_wall(c):
            return False
    return True


@rule
def build_wall(s, seat, wall, space):
    """Place a wall face up on a space of one's fort, covering what is there; a completed fort
    wins at once, otherwise identical symbols side by side form pairs that fire."""
    return_drawbridge_from(s, seat, space)
    push_card(s, seat, space, wall_card(seat, wall))
    if fort_complete(s, seat):
        win_at_once(s, seat)
        return
    form_pairs(s, seat, wall, space)


@rule
def form_pairs(s, seat, wall, space):
    """Combination effects: the new wall and a ring neighbour showing the same symbol make a pair."""
    for d in (SPACES - 1, 1):
        c = top_card(s, seat, (space + d) % SPACES)
        if c >= 0 and is_wall(c):
            other = c % CARDS_PER_COLOUR
            for y in range(NUM_SYMBOLS):
                if WALL_HAS[wall, y] and WALL_HAS[other, y]:
                    s['pairs'][y] += 1


# --------------------------------------------------------------------------- camps and armies


@rule
def camp_fort_allowed(s, seat, fort):
    """Camps go in one's own fort; in the team game also in the teammate's."""
    return fort == seat or is_teammate(s, seat, fort)


@rule
def has_camp(s, seat):
    for k in range(CAMPS):
        if s['camp_reserve'][seat, k]:
            return True
    return False


@rule
def place_camp(s, seat, fort, space):
    """Place the next camp card from the reserve on an empty space."""
    for k in range(CAMPS):
        if s['camp_reserve'][seat, k]:
            s['camp_reserve'][seat, k] = False
            push_card(s, fort, space, seat * CARDS_PER_COLOUR + FIRST_CAMP + k)
            return


@rule
def can_place_camp(s, seat):
    if not has_camp(s, seat):
        return False
    for fort in range(s['num_players']):
        if camp_fort_allowed(s, seat, fort):
            for space in range(SPACES):
                if is_empty_space(s, fort, space):
                    return True
    return False


@rule
def reserve_army(s, seat):
    for k in range(ARMIES):
        if s['army_fort'][seat, k] == ARMY_RESERVE:
            return k
    return -1


@rule
def army_direction_ok(space, d):
    """An army attacks in a straight line along the fort; it may not face the dungeon."""
    r = SPACE_ROW[space] + DIR_DROW[d]
    c = SPACE_COL[space] + DIR_DCOL[d]
    return not (r == 1 and c == 1)


@rule
def place_army(s, seat, fort, space, d):
    k = reserve_army(s, seat)
    s['army_fort'][seat, k] = fort
    s['army_space'][seat, k] = space
    s['army_dir'][seat, k] = d
    s['armies_here'][fort, space] += 1


@rule
def lift_army(s, seat, k, status):
    """Take an army off its space: back to the reserve, or overthrown for good."""
    s['armies_here'][s['army_fort'][seat, k], s['army_space'][seat, k]] -= 1
    s['army_fort'][seat, k] = status
    s['army_space'][seat, k] = -1
    s['army_dir'][seat, k] = -1


@rule
def advance_armies(s, seat):
    """At the start of the owner's turn each army moves one space in its direction, destroying
    every card on the space it enters; one that leaves the fort goes back to its owner; one that
    enters a defended wall is overthrown."""
    for k in range(ARMIES):
        fort = s['army_fort'][seat, k]
        if fort < 0:
            continue
        space = s['army_space'][seat, k]
        d = s['army_dir'][seat, k]
        r = SPACE_ROW[space] + DIR_DROW[d]
        c = SPACE_COL[space] + DIR_DCOL[d]
        if r < 0 or r > 2 or c < 0 or c > 2:
            lift_army(s, seat, k, ARMY_RESERVE)
            continue
        nxt = GRID_SPACE[r, c]
        if top_is_wall_of_kind(s, fort, nxt, DEFENDED):
            lift_army(s, seat, k, ARMY_OVERTHROWN)
            continue
        destroy_space(s, fort, nxt)
        s['armies_here'][fort, space] -= 1
        s['armies_here'][fort, nxt] += 1
        s['army_space'][seat, k] = nxt


@rule
def may_overthrow(s, seat, owner, k):
    """A guard overthrows an opponent's army invading one's own fort (or the teammate's)."""
    fort = s['army_fort'][owner, k]
    return fort >= 0 and is_opponent(s, seat, owner) and (fort == seat or is_teammate(s, seat, fort))


# --------------------------------------------------------------------------- effects


@rule
def line_destroyable(s, seat, victim, side, k, breach):
    for i in range(3):
        space = LINES[side, k, i]
        if space >= 0 and can_destroy(s, victim, space, breach):
            return True
    return False


@rule
def destroy_line(s, victim, side, k, breach):
    for i in range(3):
        space = LINES[side, k, i]
        if space >= 0 and can_destroy(s, victim, space, breach):
            destroy_space(s, victim, space)


@rule
def target_ok(s, seat, victim, symbol, breach):
    """Whether an attack on ``victim`` would destroy something."""
    if not is_opponent(s, seat, victim):
        return False
    side = s['front'][victim, seat]
    if symbol == RAM:
        return line_destroyable(s, seat, victim, side, 0, breach)
    if symbol == CATAPULT:
        return (line_destroyable(s, seat, victim, side, 1, breach)
                or line_destroyable(s, seat, victim, side, 2, breach))
    return s['dungeon_size'][victim] > 0   # siege tower


@rule
def guard_ok(s, seat):
    """The guard can place an army on an empty opponent space, or overthrow an invader."""
    n = s['num_players']
    if reserve_army(s, seat) >= 0:
        for fort in range(n):
            if is_opponent(s, seat, fort):
                for space in range(SPACES):
                    if is_empty_space(s, fort, space):
                        return True
    for owner in range(n):
        for k in range(ARMIES):
            if may_overthrow(s, seat, owner, k):
                return True
    return False


@rule
def mason_ok(s, seat, free):
    """The mason needs a wall in the discard pile that can be built (a pair may also take the
    dungeon's top card)."""
    if free and s['dungeon_size'][seat] > 0:
        return True
    for w in range(WALLS):
        if s['discard'][seat, wall_card(seat, w)] and can_build_anywhere(s, seat, w, free):
            return True
    return False


@rule
def effect_usable(s, seat, symbol, pair):
    """An effect may be used only if it can do something."""
    if symbol == MASON:
        return mason_ok(s, seat, pair)
    if symbol == GUARD:
        return guard_ok(s, seat)
    for victim in range(s['num_players']):
        if target_ok(s, seat, victim, symbol, pair):
            return True
    return False


@rule
def start_effect(s, symbol, pair):
    """Begin resolving a symbol's effect; a pair's combination effect where it is a pair."""
    s['effect'] = symbol
    s['effect_uses'] = 2 if pair and (symbol == SIEGE_TOWER or symbol == GUARD) else 1
    s['breach'] = 1 if pair and (symbol == RAM or symbol == CATAPULT) else 0
    s['mason_free'] = 1 if pair and symbol == MASON else 0


@rule
def effect_stage(symbol):
    if symbol == MASON:
        return ST_MASON_PICK
    if symbol == GUARD:
        return ST_GUARD
    return ST_TARGET


@rule
def finish_effect(s):
    """The effect is over: the card that was played for it goes on its owner's discard pile
    (only now, so a mason cannot rebuild the very card it was played from)."""
    s['effect'] = -1
    s['effect_uses'] = 0
    w = s['played_card']
    if w >= 0:
        s['discard'][s['turn_seat'], wall_card(s['turn_seat'], w)] = True
        s['played_card'] = -1


@rule
def use_done(s):
    s['effect_uses'] -= 1
    if s['effect_uses'] <= 0:
        finish_effect(s)


# --------------------------------------------------------------------------- the turn


@rule
def start_turn(s, seat):
    """A turn: the armies advance, then the player plays one card."""
    s['turn_seat'] = seat
    s['actor'] = seat
    advance_armies(s, seat)
    s['stage'] = ST_MAIN


@rule
def settle(s):
    """Run the automatic steps until a decision is due or the game is over."""
    while True:
        stage = s['stage']
        if stage == ST_RESOLVE:
            resolve(s)
        elif stage == ST_AFTER_PLAY:
            after_play(s)
        elif stage == ST_END_TURN:
            end_turn(s)
        elif stage == ST_MAIN and s['hand_count'][s['turn_seat']] == 0:
            s['stage'] = ST_AFTER_PLAY   # nothing to play: straight to the drawbridge and the draw
        else:
            return


@rule
def resolve(s):
    """The current effect's next use if it can do something; then pending pairs (one kind alone
    fires at once, several kinds let the player choose the order); then the rest of the turn."""
    seat = s['turn_seat']
    if s['effect'] >= 0:
        if effect_usable(s, seat, s['effect'], s['breach'] + s['mason_free'] > 0):
            s['stage'] = effect_stage(s['effect'])
        else:
            finish_effect(s)   # nothing left for it to do
        return
    kinds = 0
    last = -1
    for y in range(NUM_SYMBOLS):
        if s['pairs'][y] > 0:
            kinds += 1
            last = y
    if kinds >= 2:
        s['stage'] = ST_PAIR
    elif kinds == 1:
        s['pairs'][last] -= 1
        start_effect(s, last, True)
    else:
        s['stage'] = ST_AFTER_PLAY


@rule
def door_walls(s, seat):
    n = 0
    for space in range(SPACES):
        if top_is_wall_of_kind(s, seat, space, DOOR):
            n += 1
    return n


@rule
def after_play(s):
    """After the card: the drawbridge may be lowered onto a door wall, then the draw."""
    seat = s['turn_seat']
    if s['drawbridge'][seat] < 0 and door_walls(s, seat) > 0:
        s['stage'] = ST_DRAWBRIDGE
    else:
        s['stage'] = ST_END_TURN


@rule
def end_turn(s):
    """Draw one wall; then the drawbridge's extra turn, or the next player. Once a dungeon has run
    out, the game ends when every player has had the same number of turns."""
    seat = s['turn_seat']
    draw_card(s, seat)
    if s['extra_turn'] != 0:
        s['extra_turn'] = 0
        start_turn(s, seat)
        return
    s['turns'][seat] += 1
    nxt = (seat + 1) % s['num_players']
    if s['end_triggered'] != 0 and nxt == s['first_player']:
        end_by_dungeon(s)
    else:
        start_turn(s, nxt)


# --------------------------------------------------------------------------- the end


@rule
def fort_score(s, seat):
    """2 points a visible wall, 1 a visible camp (covered cards score nothing)."""
    pts = 0
    for space in range(SPACES):
        c = top_card(s, seat, space)
        if c >= 0:
            pts += 2 if is_wall(c) else 1
    return pts


@rule
def army_score(s, seat):
    """1 point for each of one's armies in an opponent's fort."""
    pts = 0
    for k in range(ARMIES):
        fort = s['army_fort'][seat, k]
        if fort >= 0 and is_opponent(s, seat, fort):
            pts += 1
    return pts


@rule
def seat_points(s, seat, with_bonus):
    pts = fort_score(s, seat) + army_score(s, seat)
    if with_bonus and s['dungeon_size'][seat] > 0:
        pts += 2   # the bonus for walls still in the dungeon
    return pts


@rule
def side_points(s, seat, with_bonus):
    """A player's points, or in the team game their team's."""
    pts = seat_points(s, seat, with_bonus)
    if s['teams'] != 0:
        pts += seat_points(s, (seat + 2) % 4, with_bonus)
    return pts


@rule
def finish(s):
    s['stage'] = ST_OVER
    s['actor'] = -1
    for i in range(s['num_players']):
        s['last_rewards'][i] = 1.0 if s['winner'][i] else -1.0


@rule
def win_at_once(s, seat):
    """The first to complete their fort wins at once (in the team game, with their teammate)."""
    for i in range(s['num_players']):
        s['winner'][i] = i == seat or is_teammate(s, seat, i)
    finish(s)


@rule
def end_by_dungeon(s):
    """The dungeon-out ending: score forts, armies and the 2-point bonus; ties share the win."""
    best = -1
    for i in range(s['num_players']):
        best = max(best, side_points(s, i, True))
    for i in range(s['num_players']):
        s['winner'][i] = side_points(s, i, True) == best
    finish(s)


# --------------------------------------------------------------------------- the kernels


@kernel
def legal_mask(s, mask):
    mask[:] = False
    seat = s['actor']
    if seat < 0:
        return 0
    n = s['num_players']
    stage = s['stage']
    count = 0
    if stage == ST_MAIN:
        usable = np.zeros(NUM_SYMBOLS, np.bool_)
        for y in range(NUM_SYMBOLS):
            usable[y] = effect_usable(s, seat, y, False)
        camp = can_place_camp(s, seat)
        for w in range(WALLS):
            if not s['hand'][seat, w]:
                continue
            for space in range(SPACES):
                if can_build_at(s, seat, w, space, False):
                    mask[A_BUILD + w * SPACES + space] = True
                    count += 1
            for slot in range(2):
                y = WALL_SYMBOLS[w, slot]
                if y >= 0 and usable[y]:
                    mask[A_EFFECT + w * 2 + slot] = True
                    count += 1
            if camp:
                mask[A_CAMP + w] = True
                count += 1
        if count == 0:   # none of the three is possible: discard a card
            for w in range(WALLS):
                if s['hand'][seat, w]:
                    mask[A_DISCARD + w] = True
                    count += 1
    elif stage == ST_CAMP_SPACE:
        for rel in range(n):
            fort = rel_seat(s, seat, rel)
            if camp_fort_allowed(s, seat, fort):
                for space in range(SPACES):
                    if is_empty_space(s, fort, space):
                        mask[A_SPACE + rel * SPACES + space] = True
                        count += 1
    elif stage == ST_MASON_PICK:
        free = s['mason_free'] != 0
        for w in range(WALLS):
            if s['discard'][seat, wall_card(seat, w)] and can_build_anywhere(s, seat, w, free):
                mask[A_PICK + w] = True
                count += 1
        if free and s['dungeon_size'][seat] > 0:
            mask[A_PICK_TOP] = True
            count += 1
    elif stage == ST_MASON_SPACE:
        for space in range(SPACES):
            if can_build_at(s, seat, s['pending_card'], space, s['mason_free'] != 0):
                mask[A_SPACE + space] = True
                count += 1
    elif stage == ST_TARGET:
        for rel in range(1, n):
            if target_ok(s, seat, rel_seat(s, seat, rel), s['effect'], s['breach']):
                mask[A_OPPONENT + rel] = True
                count += 1
    elif stage == ST_ROW:
        victim = s['target']
        side = s['front'][victim, seat]
        for k in range(2):
            if line_destroyable(s, seat, victim, side, k + 1, s['breach']):
                mask[A_ROW + k] = True
                count += 1
    elif stage == ST_GUARD:
        if reserve_army(s, seat) >= 0:
            for rel in range(1, n):
                fort = rel_seat(s, seat, rel)
                if is_opponent(s, seat, fort):
                    for space in range(SPACES):
                        if is_empty_space(s, fort, space):
                            mask[A_SPACE + rel * SPACES + space] = True
                            count += 1
        for rel in range(1, n):
            owner = rel_seat(s, seat, rel)
            for k in range(ARMIES):
                if may_overthrow(s, seat, owner, k):
                    mask[A_ARMY + rel * ARMIES + k] = True
                    count += 1
    elif stage == ST_DIRECTION:
        for d in range(4):
            if army_direction_ok(s['guard_space'], d):
                mask[A_DIRECTION + d] = True
                count += 1
    elif stage == ST_PAIR:
        for y in range(NUM_SYMBOLS):
            if s['pairs'][y] > 0:
                mask[A_PAIR + y] = True
                count += 1
    elif stage == ST_DRAWBRIDGE:
        for space in range(SPACES):
            if top_is_wall_of_kind(s, seat, space, DOOR):
                mask[A_DRAWBRIDGE + space] = True
                count += 1
        mask[A_PASS] = True
        count += 1
    return count


@kernel
def apply(s, action):
    """Apply one legal decision of the seat to act, then every automatic step after it."""
    seat = s['actor']
    stage = s['stage']
    if stage == ST_MAIN:
        if action < A_EFFECT:                       # a. build a wall
            w = (action - A_BUILD) // SPACES
            take_from_hand(s, seat, w)
            build_wall(s, seat, w, (action - A_BUILD) % SPACES)
        elif action < A_CAMP:                       # b. use a card's effect
            w = (action - A_EFFECT) // 2
            take_from_hand(s, seat, w)
            s['played_card'] = w
            start_effect(s, WALL_SYMBOLS[w, (action - A_EFFECT) % 2], False)
        elif action < A_DISCARD:                    # c. discard to place a camp
            w = action - A_CAMP
            take_from_hand(s, seat, w)
            s['discard'][seat, wall_card(seat, w)] = True
            s['stage'] = ST_CAMP_SPACE
            return
        else:                                       # d. the forced discard
            w = action - A_DISCARD
            take_from_hand(s, seat, w)
            s['discard'][seat, wall_card(seat, w)] = True
    elif stage == ST_CAMP_SPACE:
        rel = (action - A_SPACE) // SPACES
        place_camp(s, seat, rel_seat(s, seat, rel), (action - A_SPACE) % SPACES)
    elif stage == ST_MASON_PICK:
        if action == A_PICK_TOP:
            n = s['dungeon_size'][seat]
            s['pending_card'] = s['dungeon'][seat, n - 1]
            s['dungeon_size'][seat] = n - 1
            s['pending_from_top'] = 1
        else:
            w = action - A_PICK
            s['discard'][seat, wall_card(seat, w)] = False
            s['pending_card'] = w
            s['pending_from_top'] = 0
        if can_build_anywhere(s, seat, s['pending_card'], s['mason_free'] != 0):
            s['stage'] = ST_MASON_SPACE
            return
        # The revealed top card fits nowhere (armies hold every space of its shape): it goes back.
        s['dungeon_size'][seat] += 1
        s['pending_card'] = -1
        use_done(s)
    elif stage == ST_MASON_SPACE:
        w = s['pending_card']
        if s['pending_from_top'] != 0 and s['dungeon_size'][seat] == 0:
            s['end_triggered'] = 1   # the mason took the dungeon's last card
        s['pending_card'] = -1
        s['pending_from_top'] = 0
        use_done(s)
        build_wall(s, seat, w, action - A_SPACE)
    elif stage == ST_TARGET:
        victim = rel_seat(s, seat, action - A_OPPONENT)
        y = s['effect']
        if y == RAM:
            destroy_line(s, victim, s['front'][victim, seat], 0, s['breach'])
            use_done(s)
        elif y == CATAPULT:
            s['target'] = victim
            s['stage'] = ST_ROW
            return
        else:                                      # siege tower: the dungeon's top card
            n = s['dungeon_size'][victim]
            s['discard'][victim, wall_card(victim, s['dungeon'][victim, n - 1])] = True
            s['dungeon_size'][victim] = n - 1
            if n - 1 == 0:
                s['end_triggered'] = 1
            use_done(s)
    elif stage == ST_ROW:
        victim = s['target']
        destroy_line(s, victim, s['front'][victim, seat], action - A_ROW + 1, s['breach'])
        s['target'] = -1
        use_done(s)
    elif stage == ST_GUARD:
        if action < A_OPPONENT:                     # place an army: then its direction
            rel = (action - A_SPACE) // SPACES
            s['guard_fort'] = rel_seat(s, seat, rel)
            s['guard_space'] = (action - A_SPACE) % SPACES
            s['stage'] = ST_DIRECTION
            return
        rel = (action - A_ARMY) // ARMIES
        lift_army(s, rel_seat(s, seat, rel), (action - A_ARMY) % ARMIES, ARMY_OVERTHROWN)
        use_done(s)
    elif stage == ST_DIRECTION:
        place_army(s, seat, s['guard_fort'], s['guard_space'], action - A_DIRECTION)
        s['guard_fort'] = -1
        s['guard_space'] = -1
        use_done(s)
    elif stage == ST_PAIR:
        y = action - A_PAIR
        s['pairs'][y] -= 1
        start_effect(s, y, True)
    elif stage == ST_DRAWBRIDGE:
        if action != A_PASS:
            s['drawbridge'][seat] = action - A_DRAWBRIDGE
            draw_card(s, seat)
            s['extra_turn'] = 1
        s['stage'] = ST_END_TURN
    if s['stage'] == stage:
        s['stage'] = ST_RESOLVE   # the decision is done: on with the automatic steps
    settle(s)


@kernel
def scores(s, out):
    """Each seat's points if the game were scored now (the team's in the team game)."""
    for i in range(out.shape[0]):
        out[i] = side_points(s, i, True)


# --------------------------------------------------------------------------- observations


@rule
def _observe_fort(s, me, fort, out, o):
    n = s['num_players']
    for space in range(SPACES):
        b = o + space * SPACE_FEATURES
        c = top_card(s, fort, space)
        if c >= 0:
            out[b] = 1.0
            if is_wall(c):
                w = c % CARDS_PER_COLOUR
                out[b + 1] = 1.0
                out[b + 3 + WALL_KIND[w]] = 1.0
                out[b + 6 + WALL_SHAPE[w]] = 1.0
                for y in range(NUM_SYMBOLS):
                    if WALL_HAS[w, y]:
                        out[b + 8 + y] = 1.0
            else:
                out[b + 2] = 1.0
        out[b + 13] = s['height'][fort, space] / 8.0
        out[b + 14] = 1.0 if s['drawbridge'][fort] == space else 0.0
        for owner in range(n):
            for k in range(ARMIES):
                if s['army_fort'][owner, k] == fort and s['army_space'][owner, k] == space:
                    out[b + 15 + (owner - me) % n] += 1.0


@rule
def _observe_seat_block(s, me, j, out, o):
    """What everyone knows about seat j: fort, armies, counts, dungeon back, discard pile."""
    _observe_fort(s, me, j, out, o)
    b = o + SPACES * SPACE_FEATURES
    out[b] = 1.0                                   # seat present
    out[b + 1] = 1.0 if is_teammate(s, me, j) else 0.0
    n = s['dungeon_size'][j]
    out[b + 2] = n / WALLS
    if n > 0:
        out[b + 3 + s['dungeon_axis'][j, n - 1]] = 1.0   # the arrows on the top card's back
    out[b + 7] = s['hand_count'][j] / WALLS
    camps = 0
    for k in range(CAMPS):
        camps += s['camp_reserve'][j, k]
    out[b + 8] = camps / CAMPS
    reserve = 0
    down = 0
    for k in range(ARMIES):
        reserve += s['army_fort'][j, k] == ARMY_RESERVE
        down += s['army_fort'][j, k] == ARMY_OVERTHROWN
    out[b + 9] = reserve / ARMIES
    out[b + 10] = down / ARMIES
    out[b + 11] = 1.0 if s['drawbridge'][j] < 0 else 0.0
    out[b + 12] = s['turns'][j] / WALLS
    out[b + 13] = 1.0 if s['turn_seat'] == j else 0.0
    for w in range(WALLS):
        if s['discard'][j, wall_card(j, w)]:
            out[b + 14 + w] = 1.0


@kernel
def observe(s, seat, out):
    """Seat-relative: the observer's block first, then the others in turn order; the observer's own
    hand; the decision in progress. Others' hands and every dungeon's order stay hidden."""
    out[:] = 0.0
    n = s['num_players']
    for rel in range(n):
        _observe_seat_block(s, seat, (seat + rel) % n, out, rel * SEAT_FEATURES)
    o = MAX_SEATS * SEAT_FEATURES
    for w in range(WALLS):
        if s['hand'][seat, w]:
            out[o + w] = 1.0
            out[o + WALLS + WALL_SHAPE[w]] += 1.0
            out[o + WALLS + 2 + WALL_KIND[w]] += 1.0
            for y in range(NUM_SYMBOLS):
                if WALL_HAS[w, y]:
                    out[o + WALLS + 5 + y] += 1.0
    o += WALLS + 10
    out[o + s['stage']] = 1.0
    o += NUM_STAGES
    if s['effect'] >= 0:
        out[o + s['effect']] = 1.0
    o += 5
    out[o] = s['effect_uses'] / 2.0
    out[o + 1] = s['breach']
    out[o + 2] = s['mason_free']
    o += 3
    for y in range(NUM_SYMBOLS):
        out[o + y] = s['pairs'][y]
    o += 5
    if s['target'] >= 0:
        out[o + (s['target'] - seat) % n] = 1.0
    o += MAX_SEATS
    if s['pending_card'] >= 0:
        out[o + s['pending_card']] = 1.0   # the mason's card is shown as it is built
    o += WALLS
    if s['guard_fort'] >= 0:
        out[o + ((s['guard_fort'] - seat) % n) * SPACES + s['guard_space']] = 1.0
    o += 32
    out[o] = s['end_triggered']
    out[o + 1 + n - 2] = 1.0
    out[o + 4] = s['teams']
    return o + 5


@kernel
def state_vector(s, out):
    """Full information: seat 0's view, every hand, and every dungeon in order with its arrows."""
    out[:] = 0.0
    observe(s, 0, out[:OBS_SIZE])
    o = OBS_SIZE
    for j in range(s['num_players']):
        for w in range(WALLS):
            out[o + j * WALLS + w] = 1.0 if s['hand'][j, w] else 0.0
    o += MAX_SEATS * WALLS
    for j in range(s['num_players']):
        for i in range(s['dungeon_size'][j]):
            out[o + (j * WALLS + i) * 2] = (s['dungeon'][j, i] + 1) / WALLS
            out[o + (j * WALLS + i) * 2 + 1] = (s['dungeon_axis'][j, i] + 1) / NUM_AXES


@kernel
def determinize(s, seat):
    """Re-deal what ``seat`` cannot see: the order of its own dungeon, and for each other player
    which of their unseen walls are in hand and which in the dungeon, in what order. The arrows on
    each dungeon's top card are public and stay; the arrows of the cards below are re-drawn."""
    pool = np.empty(WALLS, np.int64)
    for j in range(s['num_players']):
        m = 0
        if j != seat:
            for w in range(WALLS):
                if s['hand'][j, w]:
                    pool[m] = w
                    m += 1
                    s['hand'][j, w] = False
        for i in range(s['dungeon_size'][j]):
            pool[m] = s['dungeon'][j, i]
            m += 1
        shuffle(s['rng'], pool, m)
        k = 0
        if j != seat:
            for _ in range(s['hand_count'][j]):
                s['hand'][j, pool[k]] = True
                k += 1
        n = s['dungeon_size'][j]
        for i in range(n):
            s['dungeon'][j, i] = pool[k]
            k += 1
            if i < n - 1:
                s['dungeon_axis'][j, i] = randint(s['rng'], NUM_AXES)
    seed_rng(s['rng'], random_u64(s['rng']))


# --------------------------------------------------------------------------- invariants
INV_CARD_PLACES = 1
INV_ARMY_ON_CARDS = 2
INV_FOREIGN_WALL = 3
INV_SHAPE = 4
INV_DRAWBRIDGE = 5
INV_COUNTS = 6
INV_TURNS = 7
INV_WINNER = 8


@kernel
def check_invariants(s):
    """0 if every invariant holds, else the first broken one's code (see env.INVARIANTS)."""
    n = s['num_players']
    where = np.zeros(NUM_CARDS, np.int64)
    for c in range(n * CARDS_PER_COLOUR, NUM_CARDS):
        where[c] += 1                                  # colours not at the table stay boxed
    for j in range(n):
        hand = 0
        for w in range(WALLS):
            if s['hand'][j, w]:
                where[wall_card(j, w)] += 1
                hand += 1
        if hand != s['hand_count'][j] or s['dungeon_size'][j] < 0:
            return INV_COUNTS
        for i in range(s['dungeon_size'][j]):
            where[wall_card(j, s['dungeon'][j, i])] += 1
        for space in range(SPACES):
            for i in range(s['height'][j, space]):
                c = s['fort'][j, space, i]
                where[c] += 1
                if is_wall(c) and c // CARDS_PER_COLOUR != j:
                    return INV_FOREIGN_WALL
            c = top_card(s, j, space)
            if c >= 0 and is_wall(c) and not shape_fits(c % CARDS_PER_COLOUR, space):
                return INV_SHAPE
            if s['armies_here'][j, space] > 0 and s['height'][j, space] > 0:
                return INV_ARMY_ON_CARDS
        for c in range(NUM_CARDS):
            if s['discard'][j, c]:
                where[c] += 1
                if is_wall(c) and c // CARDS_PER_COLOUR != j:
                    return INV_FOREIGN_WALL
        for k in range(CAMPS):
            if s['camp_reserve'][j, k]:
                where[j * CARDS_PER_COLOUR + FIRST_CAMP + k] += 1
        for k in range(ARMIES):
            where[j * CARDS_PER_COLOUR + FIRST_ARMY + k] += 1   # reserve, in a fort or overthrown
        if s['drawbridge'][j] >= 0 and not top_is_wall_of_kind(s, j, s['drawbridge'][j], DOOR):
            return INV_DRAWBRIDGE
    if s['pending_card'] >= 0:
        where[wall_card(s['actor'], s['pending_card'])] += 1
    if s['played_card'] >= 0:
        where[wall_card(s['turn_seat'], s['played_card'])] += 1
    for c in range(NUM_CARDS):
        if where[c] != 1:
            return INV_CARD_PLACES
    here = np.zeros((MAX_SEATS, SPACES), np.int64)
    for j in range(n):
        for k in range(ARMIES):
            if s['army_fort'][j, k] >= 0:
                here[s['army_fort'][j, k], s['army_space'][j, k]] += 1
    for j in range(n):
        for space in range(SPACES):
            if here[j, space] != s['armies_here'][j, space]:
                return INV_COUNTS
    lo = s['turns'][0]
    hi = s['turns'][0]
    for j in range(n):
        lo = min(lo, s['turns'][j])
        hi = max(hi, s['turns'][j])
    if hi - lo > 1:
        return INV_TURNS
    if s['stage'] == ST_OVER:
        any_winner = False
        for j in range(n):
            any_winner = any_winner or s['winner'][j]
        if not any_winner:
            return INV_WINNER
    return 0
