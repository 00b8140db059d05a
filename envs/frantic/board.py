"""Cards and places: hands, the draw pile, the board's stacks and the placement rules
(rulebook "1. Playing a Card", and the FAQ's vandalism)."""
import numpy as np

from ..common.jit import rule
from .content import (
    BYTE_COUNT, BYTE_FLAGS, CARD_KIND, EMPTY_CODE, END, HAND_SIZE, KIND_FIRST,
    TOP_COLOUR, KIND_COLOUR, MULTI, NUM_CARDS, NUM_PLAY_KINDS, NUM_SPACES,
    PLAY_CARD_KIND, PLAY_ORIENT, PUSH, START, TELEPORT_AT, WALL_DOWN, WALL_UP,
    WHITE, CARD_SPACE_BITS, WALL_UP_BITS, WALL_DOWN_BITS)
from .state import CARD, LOC_BOARD, LOG_MAX, PLACE

# --------------------------------------------------------------------------- hands and the pile


@rule
def holds(s, seat, kind):
    """Whether ``seat`` holds a card of ``kind``."""
    return s['hand_kind'][seat, kind] > 0


@rule
def could_hold(s, seat, kind):
    """Whether ``seat`` may hold a ``kind`` card as far as the others know: it holds one the table
    saw it take (``known``), or a card nobody else has seen."""
    seen = 0
    for c in range(NUM_CARDS):
        if s['loc'][c] == seat and s['known'][c] != 0:
            if CARD_KIND[c] == kind:
                return True
            seen += 1
    return s['hand_count'][seat] > seen


@rule
def card_in_hand(s, seat, kind):
    """The ``kind`` card that leaves ``seat``'s hand when it plays one (cards of a kind are alike):
    one the table saw it take if it has one, so that which copy leaves shows nothing hidden (an
    unseen copy leaving would show, by the seen one staying, that the hand held a second); else the
    lowest id; -1 none."""
    first = -1
    for c in range(KIND_FIRST[kind], KIND_FIRST[kind + 1]):
        if s['loc'][c] == seat:
            if s['known'][c] != 0:
                return c
            if first < 0:
                first = c
    return first


@rule
def to_hand(s, seat, c):
    """Card ``c`` goes into ``seat``'s hand."""
    s['loc'][c] = seat
    s['hand_kind'][seat, CARD_KIND[c]] += 1
    s['hand_count'][seat] += 1


@rule
def from_hand(s, seat, c):
    """Card ``c`` leaves ``seat``'s hand (the caller says where to)."""
    s['known'][c] = 0
    s['hand_kind'][seat, CARD_KIND[c]] -= 1
    s['hand_count'][seat] -= 1


@rule
def to_hand_in_view(s, seat, c):
    """Card ``c`` goes into ``seat``'s hand in everyone's view (taken from the board or the Market):
    its place stays public until it is played (``known``)."""
    to_hand(s, seat, c)
    s['known'][c] = 1


@rule
def draw_card(s, seat):
    """Draw the top card of the draw pile; False if the pile is empty."""
    if s['deck_size'] == 0:
        return False
    s['deck_size'] -= 1
    c = s['deck'][s['deck_size']]
    s['deck'][s['deck_size']] = -1
    to_hand(s, seat, c)
    return True


@rule
def draw_up(s, seat):
    """'Draw back up to 4 cards'; False if the pile ran out before the hand held 4."""
    while s['hand_count'][seat] < HAND_SIZE:
        if not draw_card(s, seat):
            return False
    return True


# --------------------------------------------------------------------------- the board's stacks


@rule
def token_on(s, p):
    """Whether a player token stands on space ``p``."""
    for i in range(s['num_players']):
        if s['pos'][i] == p:
            return True
    return False


@rule
def put_on_board(s, c, p, orient):
    """Card ``c`` on top of space ``p``'s stack, turned ``orient``; it covers the card there."""
    s['below'][c] = s['top'][p]
    s['top'][p] = c
    s['card_space'][c] = p
    s['orient'][c] = orient
    s['height'][p] += 1
    s['loc'][c] = LOC_BOARD


@rule
def take_top(s, p):
    """The top card of space ``p`` leaves the board (uncovering the one beneath); returns it."""
    c = s['top'][p]
    s['top'][p] = s['below'][c]
    s['below'][c] = -1
    s['card_space'][c] = -1
    s['orient'][c] = 0
    s['triggered'][c] = 0
    s['height'][p] -= 1
    return c


# --------------------------------------------------------------------------- placement rules


@rule
def placement_bits(s):
    """One pass over the board, as bit sets over the spaces (bit p: space p): the open spaces
    ("Players are not allowed to cover the start space, the end space (skull), or any of the
    numbered teleport spaces" and "may not play cards on a space containing a player token":
    ``CARD_SPACE_BITS`` less the tokens' spaces), those empty, and those whose top card is of each
    colour. Branch-free: this runs before every play."""
    closed = np.uint64(0)
    for i in range(s['num_players']):
        closed |= np.uint64(1) << np.uint64(s['pos'][i])
    open_ = CARD_SPACE_BITS & ~closed
    sets = np.zeros(EMPTY_CODE + 1, np.uint64)
    top = s['top']
    for p in range(NUM_SPACES):
        sets[TOP_COLOUR[top[p] + 1]] |= np.uint64(1) << np.uint64(p)
    return (open_, sets[EMPTY_CODE] & open_, sets[0] & open_, sets[1] & open_, sets[2] & open_,
            sets[3] & open_, sets[4] & open_, sets[5] & open_)


@rule
def colour_bits(bits, colour):
    """The spaces a card of ``colour`` may be played on, from ``placement_bits``: single colours
    go on empty spaces, the same colour or multi-coloured cards; multi-coloured and white cards on
    anything but white; white cards are never covered. Vandalism (FAQ 8): if a colour has no space
    at all, it may cover any card but a white one."""
    open_ = bits[0]
    white = bits[2 + WHITE]
    if colour == MULTI or colour == WHITE:
        allowed = open_ & ~white
    else:
        allowed = bits[1] | bits[2 + colour] | bits[2 + MULTI]
    if allowed == np.uint64(0):
        allowed = open_ & ~white
    return allowed


@rule
def mask_bits(mask, base, allowed):
    """Set ``mask[base + p]`` for every space p in the bit set ``allowed``; their number."""
    count = 0
    for j in range(0, NUM_SPACES, 8):                       # a byte of spaces at a time
        byte = (allowed >> np.uint64(j)) & np.uint64(0xFF)
        if byte != np.uint64(0):
            for i in range(min(8, NUM_SPACES - j)):
                mask[base + j + i] = BYTE_FLAGS[byte, i]
            count += BYTE_COUNT[byte]
    return count


@rule
def play_kind_spaces(bits, k):
    """The spaces play-kind ``k`` may go on: its colour's (``colour_bits``), and for a Push through
    the wall only where the track has a row on the other side."""
    kind = PLAY_CARD_KIND[k]
    allowed = colour_bits(bits, KIND_COLOUR[kind])
    if kind == PUSH and PLAY_ORIENT[k] == WALL_UP:
        allowed &= WALL_UP_BITS
    elif kind == PUSH and PLAY_ORIENT[k] == WALL_DOWN:
        allowed &= WALL_DOWN_BITS
    return allowed


@rule
def mask_play_cards(s, seat, mask):
    """Playing a card is two decisions: which hand card (each way a bordered card may point, where
    it has a space), then onto which space its colour allows."""
    bits = placement_bits(s)
    k = s['chosen']
    if k >= 0:
        return mask_bits(mask, PLACE.at(0), play_kind_spaces(bits, k))
    count = 0
    for k in range(NUM_PLAY_KINDS):
        if s['hand_kind'][seat, PLAY_CARD_KIND[k]] > 0 and play_kind_spaces(bits, k) != np.uint64(0):
            mask[CARD.at(k)] = True
            count += 1
    return count


@rule
def choose_or_place(s, seat, a):
    """A play decision: choosing the card (returns -1: its space comes next), or its space: the
    card goes onto the board (returns its id); ``chosen`` and ``placed_space`` say which and where."""
    if CARD.has(a):
        s['chosen'] = CARD.split(a)
        return -1
    k = s['chosen']
    s['chosen'] = -1
    return play_card(s, seat, PLAY_CARD_KIND[k], PLACE.split(a), PLAY_ORIENT[k])


@rule
def play_card(s, seat, kind, p, orient):
    """A ``kind`` card from ``seat``'s hand onto space ``p``; returns its id."""
    c = card_in_hand(s, seat, kind)
    from_hand(s, seat, c)
    put_on_board(s, c, p, orient)
    return c


@rule
def clear_board(s):
    """A new round: 'clear all cards other than the numbered teleport spaces from the game board'
    (they return to the pile to be shuffled)."""
    for p in range(NUM_SPACES):
        s['top'][p] = -1
        s['height'][p] = 0
    for c in range(NUM_CARDS):
        s['below'][c] = -1
        s['card_space'][c] = -1
        s['orient'][c] = 0
        s['triggered'][c] = 0


@rule
def at_end(s):
    """Whether a token stands on the skull (tokens stop there: none goes past it)."""
    for i in range(s['num_players']):
        if s['pos'][i] == END:
            return True
    return False


@rule
def clamp(p):
    """The track ends at the start space and at the skull."""
    return START if p < START else (END if p > END else p)


@rule
def teleport_of(p):
    """The numbered teleport space (index 0..5) at ``p``, -1 none."""
    return TELEPORT_AT[p]


@rule
def log_entry(s, kind, a, b, c):
    """Note a throw or an event for the words between decisions (the log holds LOG_MAX)."""
    i = s['log_len']
    if i < LOG_MAX:
        s['log'][i, 0] = kind
        s['log'][i, 1] = a
        s['log'][i, 2] = b
        s['log'][i, 3] = c
        s['log_len'] = i + 1
