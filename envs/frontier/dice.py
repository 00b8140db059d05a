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
    settle_discards(s)


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
def settle_discards(s):
    """Discards owed by a player holding a single kind of resource are forced, so they are made
    without a decision; the first discarder with a real choice decides, or, with none left, the
    thrower moves the bandit."""
    while True:
        q = next_discarder(s)
        if q < 0:
            s['stage'] = ST_MOVE_BANDIT
            return
        kinds = 0
        only = -1
        for r in range(NUM_RESOURCES):
            if s['hand'][q, r] > 0:
                kinds += 1
                only = r
        if kinds > 1:
            s['stage'] = ST_DISCARD
            return
        s['hand'][q, only] -= s['discard_left'][q]
        s['bank'][only] += s['discard_left'][q]
        s['discard_left'][q] = 0


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
def discard_one(s, p, r):
    """One card per decision; then the next discard, or the bandit."""
    s['hand'][p, r] -= 1
    s['bank'][r] += 1
    s['discard_left'][p] -= 1
    settle_discards(s)
