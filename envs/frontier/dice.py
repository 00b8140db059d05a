"""The throw (rulebook "A turn": "throw the dice first. Every hex with that number pays") and the
7's discards ("Anyone holding more than seven cards discards half of them, rounded down"). The
bandit that moves after the discards is bandit.py's.
"""
from ..common.jit import rule
from ..common.rng import roll_die
from .board import hand_size, produce
from .state import (BANDIT_THROW, DIE_SIDES, DISCARD, DISCARD_LIMIT, NUM_RESOURCES, ST_DISCARD, ST_MAIN,
                    ST_MOVE_BANDIT)


@rule
def throw_dice(s):
    """"On your turn, throw the dice first." A 7 pays nothing and starts the discards and the
    bandit; any other number produces."""
    d1 = roll_die(s['rng'], DIE_SIDES)
    d2 = roll_die(s['rng'], DIE_SIDES)
    s['dice'][0] = d1
    s['dice'][1] = d2
    s['rolled'] = 1
    if d1 + d2 == BANDIT_THROW:
        start_discards(s)
    else:
        produce(s, d1 + d2)
        s['stage'] = ST_MAIN


# =========================================================================== the 7's discards
@rule
def start_discards(s):
    """"Anyone holding more than seven cards discards half of them, rounded down.\""""
    for p in range(s['num_players']):
        t = hand_size(s, p)
        s['discard_left'][p] = t // 2 if t > DISCARD_LIMIT else 0
    discard_or_bandit(s)


@rule
def next_discarder(s):
    """Discarders decide one card at a time, in turn order from the thrower."""
    n = s['num_players']
    for k in range(n):
        p = (s['turn_seat'] + k) % n
        if s['discard_left'][p] > 0:
            return p
    return -1


@rule
def discard_or_bandit(s):
    """The next discarder decides, or, with none left, the thrower moves the bandit. Every discard
    is a decision, even for a player holding a single kind of resource: whether a hand holds one
    kind or several is hidden, and a skipped decision would show it to the table."""
    if next_discarder(s) >= 0:
        s['stage'] = ST_DISCARD
    else:
        s['stage'] = ST_MOVE_BANDIT


@rule
def mask_discard(s, p, mask):
    """A card of any resource the discarder holds."""
    n = 0
    for r in range(NUM_RESOURCES):
        if s['hand'][p, r] > 0:
            mask[DISCARD.at(r)] = True
            n += 1
    return n


@rule
def apply_discard(s, seat, a):
    """The discarder gives up one card of the resource chosen."""
    discard_one(s, seat, DISCARD.split(a))


@rule
def discard_one(s, p, r):
    """One card per decision; then the next discard, or the bandit."""
    s['hand'][p, r] -= 1
    s['bank'][r] += 1
    s['discard_left'][p] -= 1
    discard_or_bandit(s)
