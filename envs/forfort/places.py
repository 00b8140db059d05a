"""Cards and where they lie: card ids, the seats round the table, the spaces of a fort, and the
moves of cards between dungeon, hand, fort and discard pile that every other rule is made of."""
from ..common.jit import rule
from .content import CARD_WALL_KIND
from .state import (CARD_IS_CAMP, CARDS_PER_COLOUR, DEFENDED, FIRST_ARMY, FIRST_CAMP, MAX_SEATS, SPACES,
                    WALLS)

# --------------------------------------------------------------------------- cards


@rule
def wall_card(seat, wall):
    """The card id of wall ``wall`` of ``seat``'s colour (colour = seat)."""
    return seat * CARDS_PER_COLOUR + wall


@rule
def camp_card(seat, k):
    """The card id of camp ``k`` of ``seat``'s colour."""
    return seat * CARDS_PER_COLOUR + FIRST_CAMP + k


@rule
def army_card(seat, k):
    """The card id of army ``k`` of ``seat``'s colour."""
    return seat * CARDS_PER_COLOUR + FIRST_ARMY + k


@rule
def is_wall(card):
    return CARD_WALL_KIND[card] >= 0


@rule
def is_camp(card):
    return CARD_IS_CAMP[card]


# --------------------------------------------------------------------------- seats


@rule
def is_teammate(s, a, b):
    """Four players in teams: teammates sit diagonally opposite (seats 0+2 against 1+3)."""
    return s['teams'] != 0 and a != b and a % 2 == b % 2


@rule
def teammate_of(seat):
    """The teammate across the table, in the team game."""
    return (seat + 2) % MAX_SEATS


@rule
def is_opponent(s, a, b):
    return a != b and not is_teammate(s, a, b)


@rule
def rel_seat(s, seat, rel):
    """The seat ``rel`` places after ``seat`` in turn order (actions name seats this way)."""
    return (seat + rel) % s['num_players']


# --------------------------------------------------------------------------- spaces


@rule
def top_card(s, seat, space):
    """The visible card of a space, -1 if it holds none."""
    h = s['height'][seat, space]
    if h == 0:
        return -1
    return s['fort'][seat, space, h - 1]


@rule
def top_is_wall_of_kind(s, seat, space, kind):
    """The visible card of a space is a wall of this kind. Asked without a branch (masks ask it of
    every space, and which pass is as good as random to the processor): an empty space's entry 0
    holds -1, which reads the last card's kind, an army's (none), and counts for nothing anyway."""
    h = s['height'][seat, space]
    return (h > 0) & (CARD_WALL_KIND[s['fort'][seat, space, max(h - 1, 0)]] == kind)


@rule
def is_empty_space(s, seat, space):
    """No card and no army on it."""
    return s['height'][seat, space] == 0 and s['armies_here'][seat, space] == 0


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
def wall_set(flags, first):
    """The walls flagged in ``flags[first:first + WALLS]``, as a bit set (bit w: wall w)."""
    walls = 0
    for w in range(WALLS):
        walls |= int(flags[first + w]) << w
    return walls


@rule
def hand_walls(s, seat):
    """The walls in ``seat``'s hand."""
    return wall_set(s['hand'][seat], 0)


@rule
def discard_walls(s, seat):
    """``seat``'s own walls in their discard pile."""
    return wall_set(s['discard'][seat], wall_card(seat, 0))


@rule
def take_from_hand(s, seat, wall):
    s['hand'][seat, wall] = False
    s['hand_count'][seat] -= 1


@rule
def discard_wall(s, seat, wall):
    """A wall of ``seat``'s colour goes on their discard pile."""
    s['discard'][seat, wall_card(seat, wall)] = True


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
    defended = top_is_wall_of_kind(s, fort, space, DEFENDED)
    return (s['height'][fort, space] > 0) & ((breach != 0) | (not defended))


@rule
def destroyable_spaces(s, fort, breach):
    """``can_destroy`` asked of every space of a fort at once, as a bit set (bit k: space k)."""
    spaces = 0
    for space in range(SPACES):
        spaces |= int(can_destroy(s, fort, space, breach)) << space
    return spaces
