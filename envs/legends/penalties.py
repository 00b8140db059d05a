"""Penalties of a failed adventure: True Grit to avoid them, failure cards (and their choices),
hardship cards."""
from ..common.jit import rule
from .adventure import adventure_here, ask
from .cards import draw_flag, fate_kind, hand_size, next_seat_from
from .content import (HARDSHIP_DECK, ADV_PENALTY, ADV_PENALTY_N, AVOID_COST, F_LOSE_CARDS, F_LOSE_GRIT, F_NEG_VP,
                      F_TOKEN_OR_SKILL, FAILURE_DECK, FAILURE_EFFECT, FAILURE_KIND, FATE_DOUBLE, H_DEBT, H_DROUGHT,
                      H_FEVER, H_INJURY, H_ROBBED, H_SCANDAL, HAPPINESS, HARDSHIP, LOSE_CARDS, PEN_FAILURE,
                      STATUS, TOKEN_LOSS, TOKEN_SKILL, WEALTH)
from .tokens import gain_neg_vp, gain_tokens
from .state import (AVOID, FL_LOC_END, FL_PENALTY, FL_PENALTY_DRAW, LOSS, ST_AVOID, ST_DISCARD, ST_PENALTY_CHOICE,
                    SUFFER)


@rule
def avoid_cost(s, seat):
    """"2 True Grit Tokens: ... to not draw a Penalty or Hardship card", whatever the abilities."""
    return AVOID_COST


@rule
def hardship_left(s):
    n = 0
    for h in range(HARDSHIP_DECK):
        n += s['hard_pile'][h]
    return n


@rule
def next_penalty(s):
    """The failed adventurers, first player on: each may spend True Grit to avoid the penalty,
    else draws the penalty or hardship cards (twice as many under Double the Failure Penalty)."""
    n = s['num_players']
    while s['pen_k'] < n and not s['failed'][next_seat_from(s, s['pen_k'])]:
        s['pen_k'] += 1
    if s['pen_k'] >= n:
        s['flow'] = FL_LOC_END
        return
    seat = next_seat_from(s, s['pen_k'])
    s['cur'] = seat
    loc = s['res_loc']
    s['pen_left'] = ADV_PENALTY_N[loc, adventure_here(s)]
    if fate_kind(s, loc) == FATE_DOUBLE:
        s['pen_left'] *= 2
    if ADV_PENALTY[loc, adventure_here(s)] != PEN_FAILURE and hardship_left(s) == 0:
        s['pen_left'] = 0          # an empty hardship deck: no hardship penalty, nothing to avoid
        s['flow'] = FL_PENALTY_DRAW
    elif s['grit'][seat] >= avoid_cost(s, seat):
        ask(s, seat, ST_AVOID)
    else:
        s['flow'] = FL_PENALTY_DRAW


@rule
def mask_avoid(s, seat, mask):
    mask[AVOID.at()] = True
    mask[SUFFER.at()] = True
    return 2


@rule
def apply_avoid(s, seat, a):
    if AVOID.has(a):
        s['grit'][seat] -= avoid_cost(s, seat)
        s['pen_left'] = 0
    s['flow'] = FL_PENALTY_DRAW


@rule
def lose_cards(s, seat, k, then):
    lose = min(k, hand_size(s, seat))
    s['flow'] = then
    if lose > 0:
        s['discard_left'] = lose
        s['discard_then'] = then
        ask(s, seat, ST_DISCARD)


@rule
def apply_failure_card(s, seat, f):
    """A failure card: -1 VP; lose 1 True Grit (-1 VP without one); discard 2 cards; or lose 2
    tokens of a kind or 1 point of its skill (the player's choice of what is possible)."""
    effect = FAILURE_EFFECT[f]
    s['flow'] = FL_PENALTY_DRAW
    if effect == F_NEG_VP:
        gain_neg_vp(s, seat)
    elif effect == F_LOSE_GRIT:
        if s['grit'][seat] > 0:
            s['grit'][seat] -= 1
        else:
            gain_neg_vp(s, seat)
    elif effect == F_LOSE_CARDS:
        lose_cards(s, seat, LOSE_CARDS, FL_PENALTY_DRAW)
    elif effect == F_TOKEN_OR_SKILL:
        kind = FAILURE_KIND[f]
        if s['tokens'][seat, kind] >= TOKEN_LOSS or s['skills'][seat, TOKEN_SKILL[kind]] > 0:
            s['pen_card'] = f
            ask(s, seat, ST_PENALTY_CHOICE)


@rule
def apply_hardship_card(s, seat, h):
    """A hardship card: a Hardship token, and its effect; then it is discarded."""
    s['hard_owner'][h] = seat
    gain_tokens(s, seat, HARDSHIP, 1)
    s['flow'] = FL_PENALTY_DRAW
    if h == H_ROBBED:
        s['tokens'][seat, WEALTH] = 0
    elif h == H_FEVER:
        lose_cards(s, seat, LOSE_CARDS, FL_PENALTY_DRAW)
    elif h == H_SCANDAL:
        s['tokens'][seat, STATUS] = 0
    elif h == H_DROUGHT:
        s['tokens'][seat, HAPPINESS] = 0
    elif h == H_INJURY:
        if s['grit'][seat] > 0:
            s['grit'][seat] -= 1
    elif h == H_DEBT:
        gain_neg_vp(s, seat)


@rule
def draw_penalty(s):
    """Draw the next penalty card for the failed adventurer."""
    seat = s['cur']
    if s['pen_left'] <= 0:
        s['pen_k'] += 1
        s['flow'] = FL_PENALTY
        return
    s['pen_left'] -= 1
    loc = s['res_loc']
    if ADV_PENALTY[loc, adventure_here(s)] == PEN_FAILURE:
        f = draw_flag(s, s['fail_pile'][loc])
        if f < 0:      # an empty failure deck: its used cards are shuffled again
            for i in range(FAILURE_DECK):
                s['fail_pile'][loc, i] = s['fail_used'][loc, i]
                s['fail_used'][loc, i] = 0
            f = draw_flag(s, s['fail_pile'][loc])
        s['fail_used'][loc, f] = 1
        apply_failure_card(s, seat, f)
    else:
        h = draw_flag(s, s['hard_pile'])
        s['flow'] = FL_PENALTY_DRAW
        if h >= 0:
            apply_hardship_card(s, seat, h)


@rule
def mask_loss(s, seat, mask):
    kind = FAILURE_KIND[s['pen_card']]
    count = 0
    if s['tokens'][seat, kind] >= TOKEN_LOSS:
        mask[LOSS.at(0)] = True
        count += 1
    if s['skills'][seat, TOKEN_SKILL[kind]] > 0:
        mask[LOSS.at(1)] = True
        count += 1
    return count


@rule
def apply_loss(s, seat, a):
    kind = FAILURE_KIND[s['pen_card']]
    if LOSS.split(a) == 0:
        s['tokens'][seat, kind] -= TOKEN_LOSS
    else:
        s['skills'][seat, TOKEN_SKILL[kind]] -= 1
    s['pen_card'] = -1
    s['flow'] = FL_PENALTY_DRAW


