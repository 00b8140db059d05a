"""III. The Legend Stage's end-game rewards and IV. Final Scoring: adventures, reward cards,
end-game rewards, negatives, 1 VP per 4 reward tokens; the tie-breaker (most cards in the Legend)."""
import numpy as np

from ..common.jit import rule
from .content import (ADV_VP, ADVENTURE_DECK, END_AWARD_VP, END_AWARDS, HARDSHIP, LOCATIONS, REWARD_DECK,
                      REWARD_TYPES, REWARD_VP, TOKENS_PER_VP, UPBRINGING)
from .state import MAX_SEATS, ST_OVER


@rule
def adventures_of(s, seat):
    n = 0
    for loc in range(LOCATIONS):
        for i in range(ADVENTURE_DECK):
            if s['adv_owner'][loc, i] == seat:
                n += 1
    return n


@rule
def reward_cards_of(s, seat, t):
    n = 0
    for k in range(REWARD_DECK):
        if s['rew_owner'][t, k] == seat:
            n += 1
    return n


@rule
def score(s, seat):
    """Adventure VP + reward VP + end-game rewards - (-1 VP tokens) - Hardship tokens
    + 1 per 4 reward tokens (Status, Fame, Wealth, Happiness)."""
    v = 0
    for loc in range(LOCATIONS):
        for i in range(ADVENTURE_DECK):
            if s['adv_owner'][loc, i] == seat:
                v += ADV_VP[loc, i]
    for t in range(REWARD_TYPES):
        for k in range(REWARD_DECK):
            if s['rew_owner'][t, k] == seat:
                v += REWARD_VP[t, k]
    for e in range(END_AWARDS):
        if s['end_award'][e] == seat:
            v += END_AWARD_VP
    tokens = 0
    for j in range(REWARD_TYPES):
        tokens += s['tokens'][seat, j]
    v += tokens // TOKENS_PER_VP
    v -= s['neg_vp'][seat]
    v -= s['tokens'][seat, HARDSHIP]
    return v


@rule
def legend_cards(s, seat):
    n = adventures_of(s, seat)
    for u in range(UPBRINGING):
        n += s['up_legend'][seat, u]
    for t in range(REWARD_TYPES):
        n += reward_cards_of(s, seat, t)
    for e in range(END_AWARDS):
        if s['end_award'][e] == seat:
            n += 1
    return n


@rule
def award_most(s, counts, e):
    """An end-game reward to the one player with the most; none on a tie (or if nobody has any)."""
    n = s['num_players']
    best = 0
    who = -1
    for seat in range(n):
        if counts[seat] > best:
            best = counts[seat]
            who = seat
        elif counts[seat] == best:
            who = -1
    s['end_award'][e] = who


@rule
def end_game_rewards(s):
    """Most Status, Fame, Wealth, Happiness reward cards; most adventures."""
    n = s['num_players']
    counts = np.zeros(MAX_SEATS, np.int64)   # not n: an int32 size compiles np.zeros once more
    for t in range(REWARD_TYPES):
        for seat in range(n):
            counts[seat] = reward_cards_of(s, seat, t)
        award_most(s, counts, t)
    for seat in range(n):
        counts[seat] = adventures_of(s, seat)
    award_most(s, counts, REWARD_TYPES)


@rule
def final_scoring(s):
    """Score every player; the highest wins; on a tie the most cards in the Legend; still tied,
    the win is shared. +1 to each winner, -1 to each other player."""
    n = s['num_players']
    end_game_rewards(s)
    best = -1000000
    for seat in range(n):
        s['final'][seat] = score(s, seat)
        best = max(best, s['final'][seat])
    most = -1
    for seat in range(n):
        if s['final'][seat] == best:
            most = max(most, legend_cards(s, seat))
    for seat in range(n):
        win = s['final'][seat] == best and legend_cards(s, seat) == most
        s['winner'][seat] = 1 if win else 0
        s['last_rewards'][seat] = 1.0 if win else -1.0
    s['stage'] = ST_OVER
    s['actor'] = -1
