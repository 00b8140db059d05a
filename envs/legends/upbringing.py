"""I. The Upbringing Stage: five upbringing cards dealt, pick one and pass the rest left, four
picks, the last card discarded; the Rule of Four; the special ability tiles."""

from ..common.jit import rule
from ..common.rng import random_order
from .cards import next_seat_from
from .content import (CHARACTER_ABILITY, RULE_OF_FOUR, SKILLS, UP_DEAL, UP_PICKS, UP_POINTS, UP_TILE,
                      UPBRINGING)
from .state import DRAFT, FL_DRAFT


@rule
def deal_upbringing(s):
    """"The First Player shuffles the Upbringing deck of cards and deals five cards to each
    player"; the rest stay in the box unseen."""
    n = s['num_players']
    cards = random_order(s['rng'], UPBRINGING)
    m = 0
    for seat in range(n):
        for _ in range(UP_DEAL):
            s['draft'][seat, cards[m]] = 1
            m += 1
    for k in range(m, UPBRINGING):
        s['up_box'][cards[k]] = 1
    s['up_pick'][:] = -1
    s['up_order'][:, :] = -1
    s['draft_round'] = 0
    s['flow'] = FL_DRAFT


@rule
def mask_draft(s, seat, mask):
    """Pick any card of the draft hand."""
    count = 0
    for u in range(UPBRINGING):
        if s['draft'][seat, u]:
            mask[DRAFT.at(u)] = True
            count += 1
    return count


@rule
def apply_draft(s, seat, a):
    """The pick is placed face down, hidden until everyone has picked."""
    u = DRAFT.split(a)
    s['draft'][seat, u] = 0
    s['up_pick'][seat] = u
    s['flow'] = FL_DRAFT


@rule
def next_draft_pick(s):
    """The seats pick in seat order from the first player (simultaneous in the rules: no pick is
    seen before all are made); returns the seat to pick, or -1 when all have picked."""
    n = s['num_players']
    for k in range(n):
        seat = next_seat_from(s, k)
        if s['up_pick'][seat] < 0:
            return seat
    return -1


@rule
def reveal_and_pass(s):
    """All picks are revealed onto the Legends together; the remaining cards pass to the player
    on the left; after the fourth pick the card left in each hand is discarded. Returns True when
    the upbringing is over."""
    n = s['num_players']
    r = s['draft_round']
    for seat in range(n):
        u = s['up_pick'][seat]
        s['up_legend'][seat, u] = 1
        s['up_order'][seat, r] = u
        s['up_pick'][seat] = -1
    s['draft_round'] = r + 1
    if r + 1 == UP_PICKS:
        for seat in range(n):
            for u in range(UPBRINGING):
                if s['draft'][seat, u]:
                    s['draft'][seat, u] = 0
                    s['up_discard'][u] = 1
        return True
    held = s['draft'][:n].copy()
    for seat in range(n):
        for u in range(UPBRINGING):
            s['draft'][(seat + 1) % n, u] = held[seat, u]
    return False


@rule
def rule_of_four(points):
    """"No skill may exceed 4 in the Upbringing Stage ... any Skill Points over 4 are lost.\""""
    return min(points, RULE_OF_FOUR)


@rule
def post_upbringing(s):
    """Each player posts the skill points of the four cards (the Rule of Four) and takes the
    special ability tiles they award, beside the character's own special ability."""
    n = s['num_players']
    for seat in range(n):
        for k in range(SKILLS):
            total = 0
            for u in range(UPBRINGING):
                if s['up_legend'][seat, u]:
                    total += UP_POINTS[u, k]
            s['skills'][seat, k] = rule_of_four(total)
        for u in range(UPBRINGING):
            if s['up_legend'][seat, u] and UP_TILE[u] >= 0:
                s['ability'][seat, UP_TILE[u]] += 1
        s['ability'][seat, CHARACTER_ABILITY[s['character'][seat]]] += 1
