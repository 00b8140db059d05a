"""Trading on your own turn: with the bank (4:1, or a harbour's 3:1 / 2:1) and with other players.

A player trade runs as decisions: the player on turn proposes (give 1-2 of one resource for 1-2 of
another); each other player in turn order accepts, declines or counters (a counter keeps what the
proposer asked for and names what the replier wants instead: 1-2 of any resource); then the
proposer completes one acceptance or counter, or cancels. At most MAX_PROPOSALS_PER_TURN proposals
per turn, so a turn always ends.
"""
from numba import njit

from .state import (BANK_RATE, BANK_TRADE, COUNTER_OFFER, GENERAL_HARBOUR, GENERAL_RATE,
                    MAX_PROPOSALS_PER_TURN, MAX_TRADE_COUNT, NUM_RESOURCES, PHASE_MAIN,
                    PHASE_TRADE_CHOOSE, PHASE_TRADE_REPLY, PROPOSE_TRADE, REPLY_ACCEPT,
                    REPLY_COUNTER, REPLY_DECLINE, REPLY_NONE, SPECIAL_RATE, TRADE_COMPLETE)
from .board import player_has_harbour


# --------------------------------------------------------------------------- the bank
@njit(cache=True)
def bank_rate(s, p, r):
    """"The bank gives one of anything for four of the same resource, or better at a harbour":
    two of the named resource at its harbour, three of anything at a general one."""
    if player_has_harbour(s, p, r):
        return SPECIAL_RATE
    if player_has_harbour(s, p, GENERAL_HARBOUR):
        return GENERAL_RATE
    return BANK_RATE


@njit(cache=True)
def mask_bank_trades(s, p, mask):
    n = 0
    for g in range(NUM_RESOURCES):
        rate = bank_rate(s, p, g)
        if s['hand'][p, g] < rate:
            continue
        for r in range(NUM_RESOURCES):
            if r != g and s['bank'][r] > 0:
                mask[BANK_TRADE + g * NUM_RESOURCES + r] = True
                n += 1
    return n


@njit(cache=True)
def trade_with_bank(s, p, give, get):
    rate = bank_rate(s, p, give)
    s['hand'][p, give] -= rate
    s['bank'][give] += rate
    s['hand'][p, get] += 1
    s['bank'][get] -= 1


# --------------------------------------------------------------------------- proposals
@njit(cache=True)
def mask_proposals(s, p, mask):
    """Any give/get pair of different resources, 1-2 each, that p can pay, while proposals remain."""
    if s['proposals'] >= MAX_PROPOSALS_PER_TURN:
        return 0
    n = 0
    for g in range(NUM_RESOURCES):
        have = s['hand'][p, g]
        for r in range(NUM_RESOURCES):
            if r == g:
                continue
            for gc in range(1, MAX_TRADE_COUNT + 1):
                if have < gc:
                    continue
                for rc in range(1, MAX_TRADE_COUNT + 1):
                    mask[PROPOSE_TRADE + ((g * NUM_RESOURCES + r) * 2 + gc - 1) * 2 + rc - 1] = True
                    n += 1
    return n


@njit(cache=True)
def propose(s, code):
    """Put an offer on the table; the first player after the proposer answers first."""
    rc = code % 2 + 1
    code //= 2
    gc = code % 2 + 1
    code //= 2
    s['trade_get'] = code % NUM_RESOURCES
    s['trade_give'] = code // NUM_RESOURCES
    s['trade_give_count'] = gc
    s['trade_get_count'] = rc
    s['proposals'] += 1
    for k in range(s['num_players']):
        s['trade_reply'][k] = REPLY_NONE
        s['trade_counter'][k] = -1
        s['trade_counter_count'][k] = 0
    s['trade_replier'] = (s['current'] + 1) % s['num_players']
    s['phase'] = PHASE_TRADE_REPLY


# --------------------------------------------------------------------------- replies
@njit(cache=True)
def mask_replies(s, q, mask, accept, decline):
    """Decline always; accept or counter when q holds what the proposer asks for. A counter may name
    anything but the resource asked for and the exact offer itself (that would be accepting). Its
    legality never depends on the proposer's hidden hand: the proposer simply cannot complete a
    counter it cannot pay."""
    mask[decline] = True
    n = 1
    if s['hand'][q, s['trade_get']] < s['trade_get_count']:
        return n
    mask[accept] = True
    n += 1
    for w in range(NUM_RESOURCES):
        if w == s['trade_get']:
            continue
        for wc in range(1, MAX_TRADE_COUNT + 1):
            if w == s['trade_give'] and wc == s['trade_give_count']:
                continue
            mask[COUNTER_OFFER + w * 2 + wc - 1] = True
            n += 1
    return n


@njit(cache=True)
def reply(s, kind, want, want_count):
    """Record the replier's answer and pass the offer on; after the last reply the proposer chooses,
    or, if nobody accepted or countered, the offer lapses and the turn goes on."""
    q = s['trade_replier']
    s['trade_reply'][q] = kind
    if kind == REPLY_COUNTER:
        s['trade_counter'][q] = want
        s['trade_counter_count'][q] = want_count
    nxt = (q + 1) % s['num_players']
    if nxt != s['current']:
        s['trade_replier'] = nxt
        return
    s['trade_replier'] = -1
    for k in range(s['num_players']):
        if s['trade_reply'][k] == REPLY_ACCEPT or s['trade_reply'][k] == REPLY_COUNTER:
            s['phase'] = PHASE_TRADE_CHOOSE
            return
    clear_trade(s)


@njit(cache=True)
def clear_trade(s):
    s['trade_give'] = -1
    s['trade_get'] = -1
    s['trade_give_count'] = 0
    s['trade_get_count'] = 0
    s['trade_replier'] = -1
    for k in range(s['num_players']):
        s['trade_reply'][k] = REPLY_NONE
        s['trade_counter'][k] = -1
        s['trade_counter_count'][k] = 0
    s['phase'] = PHASE_MAIN


# --------------------------------------------------------------------------- completing
@njit(cache=True)
def proposer_pays(s, q):
    """What the proposer gives if it completes with q: the offer, or q's counter."""
    if s['trade_reply'][q] == REPLY_COUNTER:
        return s['trade_counter'][q], s['trade_counter_count'][q]
    return s['trade_give'], s['trade_give_count']


@njit(cache=True)
def mask_completions(s, mask, cancel):
    p = s['current']
    n_players = s['num_players']
    mask[cancel] = True
    n = 1
    for k in range(1, n_players):
        q = (p + k) % n_players
        if s['trade_reply'][q] != REPLY_ACCEPT and s['trade_reply'][q] != REPLY_COUNTER:
            continue
        res, cnt = proposer_pays(s, q)
        if s['hand'][p, res] >= cnt:
            mask[TRADE_COMPLETE + k - 1] = True
            n += 1
    return n


@njit(cache=True)
def complete(s, k):
    """Exchange with the k-th player after the proposer, then clear the table."""
    p = s['current']
    q = (p + k) % s['num_players']
    res, cnt = proposer_pays(s, q)
    s['hand'][p, res] -= cnt
    s['hand'][q, res] += cnt
    s['hand'][q, s['trade_get']] -= s['trade_get_count']
    s['hand'][p, s['trade_get']] += s['trade_get_count']
    clear_trade(s)


@njit(cache=True)
def reply_decline(s):
    reply(s, REPLY_DECLINE, -1, 0)


@njit(cache=True)
def reply_accept(s):
    reply(s, REPLY_ACCEPT, -1, 0)


@njit(cache=True)
def reply_counter(s, code):
    reply(s, REPLY_COUNTER, code // 2, code % 2 + 1)
