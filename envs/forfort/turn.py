"""The set-up's camps, then the turn: the armies advance, one card is played (a. build, b. an
effect, c. a camp, or d. only then a discard), the effects and pairs resolve, the drawbridge may be
lowered, one wall is drawn; then the drawbridge's extra turn or the next player."""

from ..common.bits import lowest_bit
from ..common.jit import rule
from .armies import advance_armies, can_place_camp, place_camp
from .content import WALL_SYMBOLS
from .effects import effect_stage, effect_usable, finish_effect, start_effect, usable_effects
from .fort import build_wall, open_spaces, wall_fits
from .places import (discard_wall, draw_card, hand_walls, is_empty_space, take_from_hand,
                     top_is_wall_of_kind)
from .scoring import end_by_dungeon
from .state import (BUILD, CAMP, DISCARD, DOOR, DRAWBRIDGE, EFFECT, NUM_SYMBOLS, PASS, SLOTS, SPACE,
                    SPACES, ST_AFTER_PLAY, ST_CAMP_SPACE, ST_DRAWBRIDGE, ST_END_TURN, ST_FIRST_CAMP,
                    ST_MAIN, ST_PAIR, ST_RESOLVE)

# --------------------------------------------------------------------------- set-up: the first camps


@rule
def begin_first_camps(s):
    """Set-up step 4: each player places one camp on one of the 8 spaces around their dungeon.
    The players choose in turn order from the first player, each seeing the camps already down
    (the board is public); then the first player's turn begins."""
    s['turn_seat'] = s['first_player']
    s['actor'] = s['first_player']
    s['stage'] = ST_FIRST_CAMP


@rule
def mask_first_camp(s, seat, mask):
    """Any of the 8 spaces of one's own fort (all empty at the set-up)."""
    count = 0
    for space in range(SPACES):
        if is_empty_space(s, seat, space):
            mask[SPACE.at(0, space)] = True
            count += 1
    return count


@rule
def apply_first_camp(s, seat, a):
    """The camp goes down; the next player in turn order places theirs, or the first turn begins."""
    _, space = SPACE.split(a)
    place_camp(s, seat, seat, space)
    nxt = (seat + 1) % s['num_players']
    if nxt == s['first_player']:
        start_turn(s, nxt)
    else:
        s['turn_seat'] = nxt
        s['actor'] = nxt


# --------------------------------------------------------------------------- the turn


@rule
def start_turn(s, seat):
    """A turn: the armies advance, then the player plays one card."""
    s['turn_seat'] = seat
    s['actor'] = seat
    advance_armies(s, seat)
    s['stage'] = ST_MAIN


# --------------------------------------------------------------------------- play a card


@rule
def mask_play_card(s, seat, mask):
    """Play one hand card: a. build it, b. use one of its effects, c. discard it to place a camp;
    d. only if none of these is possible, discard it."""
    # Each question is asked once a decision, its answers kept as bit sets, and the hand walked by
    # its members: which walls are in hand and which spaces and effects pass are as good as random
    # to the processor, and branching on each was most of this mask's cost.
    hand = hand_walls(s, seat)
    spaces = open_spaces(s, seat, False)
    usable = usable_effects(s, seat, hand, spaces)
    camp = can_place_camp(s, seat)
    count = 0
    walls = hand
    while walls != 0:
        w = lowest_bit(walls)
        walls &= walls - 1
        fits = wall_fits(spaces, w)
        for space in range(SPACES):
            build = (fits >> space) & 1
            mask[BUILD.at(w, space)] = build
            count += build
        for slot in range(SLOTS):
            # bit y + 1 of usable << 1: an empty slot (y = -1) reads bit 0, which is clear
            effect = ((usable << 1) >> (WALL_SYMBOLS[w, slot] + 1)) & 1
            mask[EFFECT.at(w, slot)] = effect
            count += effect
        mask[CAMP.at(w)] = camp
        count += camp
    if count == 0:   # none of the three is possible: discard a card
        walls = hand
        while walls != 0:
            w = lowest_bit(walls)
            walls &= walls - 1
            mask[DISCARD.at(w)] = True
            count += 1
    return count


@rule
def apply_play_card(s, seat, a):
    """The card leaves the hand: built, played for its effect, or discarded (for a camp or forced)."""
    if BUILD.has(a):                 # a. build a wall
        w, space = BUILD.split(a)
        take_from_hand(s, seat, w)
        build_wall(s, seat, w, space)
    elif EFFECT.has(a):              # b. use a card's effect
        w, slot = EFFECT.split(a)
        take_from_hand(s, seat, w)
        s['played_card'] = w
        start_effect(s, WALL_SYMBOLS[w, slot], False)
    elif CAMP.has(a):                # c. discard it without its effect to place a camp: where?
        w = CAMP.split(a)
        take_from_hand(s, seat, w)
        discard_wall(s, seat, w)
        s['stage'] = ST_CAMP_SPACE
    else:                            # d. the forced discard
        w = DISCARD.split(a)
        take_from_hand(s, seat, w)
        discard_wall(s, seat, w)


# --------------------------------------------------------------------------- after the decision


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


# --------------------------------------------------------------------------- the drawbridge


@rule
def door_walls(s, seat):
    """Visible walls with a door in ``seat``'s fort."""
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
def mask_drawbridge(s, seat, mask):
    """Lower the drawbridge on a visible door wall of one's fort, or keep it up."""
    count = 0
    for space in range(SPACES):
        if top_is_wall_of_kind(s, seat, space, DOOR):
            mask[DRAWBRIDGE.at(space)] = True
            count += 1
    mask[PASS.at()] = True   # keep it up
    return count + 1


@rule
def apply_drawbridge(s, seat, a):
    """The lowered drawbridge draws a card at once and gives an extra turn after this one."""
    if DRAWBRIDGE.has(a):
        s['drawbridge'][seat] = DRAWBRIDGE.split(a)
        draw_card(s, seat)
        s['extra_turn'] = 1
    s['stage'] = ST_END_TURN


# --------------------------------------------------------------------------- the draw


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
