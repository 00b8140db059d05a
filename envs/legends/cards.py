"""Where cards and tiles go: the skill deck and hands, random draws from face-down piles, the
fate tiles. Small rules used by every stage."""
from ..common.jit import rule
from ..common.rng import randint, shuffle
from .content import CARD_TYPES, FATE_RESHUFFLE, FATE_TILE_KIND, FATE_TILES
from .state import FP_LOC, FP_POOL, FP_USED


@rule
def hand_size(s, seat):
    n = 0
    for t in range(CARD_TYPES):
        n += s['hand'][seat, t]
    return n


@rule
def reshuffle_discard(s):
    """"Shuffle the cards if needed": an empty deck takes the discard pile, shuffled."""
    m = 0
    for t in range(CARD_TYPES):
        for _ in range(s['discard'][t]):
            s['deck'][m] = t
            m += 1
        s['discard'][t] = 0
    shuffle(s['rng'], s['deck'], m)
    s['deck_n'] = m


@rule
def draw_skill(s):
    """The top card of the skill deck (the discard pile reshuffled first if the deck is empty);
    -1 if every card is in a hand."""
    if s['deck_n'] == 0:
        reshuffle_discard(s)
        if s['deck_n'] == 0:
            return -1
    s['deck_n'] -= 1
    return s['deck'][s['deck_n']]


@rule
def draw_to_hand(s, seat, k):
    for _ in range(k):
        t = draw_skill(s)
        if t < 0:
            return
        s['hand'][seat, t] += 1


@rule
def discard_card(s, seat, t):
    s['hand'][seat, t] -= 1
    s['discard'][t] += 1


@rule
def discard_random(s, seat):
    """One card of the hand, drawn at random (optional rule for Lose 2 Cards)."""
    n = 0
    for t in range(CARD_TYPES):
        n += s['hand'][seat, t]
    if n == 0:
        return
    k = randint(s['rng'], n)
    for t in range(CARD_TYPES):
        c = s['hand'][seat, t]
        if k < c:
            discard_card(s, seat, t)
            return
        k -= c


@rule
def draw_flag(s, flags):
    """A face-down pile kept as flags: take one of its cards at random (a shuffled pile's top);
    -1 if it is empty."""
    n = 0
    for i in range(flags.shape[0]):
        n += flags[i]
    if n == 0:
        return -1
    k = randint(s['rng'], n)
    for i in range(flags.shape[0]):
        if flags[i]:
            if k == 0:
                flags[i] = 0
                return i
            k -= 1
    return -1


@rule
def draw_fate(s, loc):
    """Draw a fate tile from the face-down pile for ``loc`` (mixed; if the pile is empty the used
    tiles are mixed in first)."""
    n = 0
    for f in range(FATE_TILES):
        if s['fate_place'][f] == FP_POOL:
            n += 1
    if n == 0:
        for f in range(FATE_TILES):
            if s['fate_place'][f] == FP_USED:
                s['fate_place'][f] = FP_POOL
                n += 1
    k = randint(s['rng'], n)
    for f in range(FATE_TILES):
        if s['fate_place'][f] == FP_POOL:
            if k == 0:
                s['fate_place'][f] = FP_LOC + loc
                s['loc_fate'][loc] = f
                return f
            k -= 1
    return -1


@rule
def discard_fate(s, loc, completed):
    """The fate tile of ``loc`` goes to the used tiles; the "Re-shuffle Tiles" tile, once its
    adventure is ``completed`` ("until the Fate tile that states "Re-shuffle Tiles" is completed and
    returning to the used Fate tiles"), turns every non-active tile face down and mixes them with
    the pile; off the track unachieved, it is only used."""
    f = s['loc_fate'][loc]
    s['loc_fate'][loc] = -1
    s['fate_up'][loc] = 0
    if f < 0:
        return
    s['fate_place'][f] = FP_USED
    if FATE_TILE_KIND[f] == FATE_RESHUFFLE and completed:
        for g in range(FATE_TILES):
            if s['fate_place'][g] == FP_USED:
                s['fate_place'][g] = FP_POOL


@rule
def fate_kind(s, loc):
    """The kind of the fate tile at ``loc`` (-1 none)."""
    f = s['loc_fate'][loc]
    if f < 0:
        return -1
    return FATE_TILE_KIND[f]


@rule
def next_seat_from(s, k):
    return (s['first_player'] + k) % s['num_players']


@rule
def remove_random(s, deck, box, k):
    """Remove ``k`` cards of a face-down deck unseen (into the box)."""
    for _ in range(k):
        n = 0
        for i in range(deck.shape[0]):
            n += deck[i]
        j = randint(s['rng'], n)
        for i in range(deck.shape[0]):
            if deck[i]:
                if j == 0:
                    deck[i] = 0
                    box[i] = 1
                    break
                j -= 1
