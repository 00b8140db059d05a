"""Trading on your own turn: with the bank (4:1, or a harbour's 3:1 / 2:1) and with other players.

A player trade runs as decisions: the player on turn opens an offer, names what it gives (1-2 of
one resource) and what it asks (1-2 of another); each other player in turn order accepts, declines
or counters (a counter keeps what the proposer asked for and names what the replier wants
instead: 1-2 of any resource); then the proposer completes one acceptance or counter, or cancels.
At most MAX_PROPOSALS_PER_TURN proposals per turn, so a turn always ends.
"""
from ..common.jit import rule
from .board import harbour_flags
from .state import (BANK_RATE, BANK_TRADE, COUNTER_OFFER, GENERAL_HARBOUR, GENERAL_RATE,
                    MAX_PROPOSALS_PER_TURN, MAX_TRADE_COUNT, NUM_RESOURCES, OFFER_GET, OFFER_GIVE,
                    OFFER_TRADE, REPLY_ACCEPT, REPLY_COUNTER, REPLY_DECLINE, REPLY_NONE, SPECIAL_RATE,
                    ST_MAIN, ST_OFFER_GET, ST_OFFER_GIVE, ST_TRADE_CHOOSE, ST_TRADE_REPLY, TRADE_ACCEPT,
                    TRADE_CANCEL, TRADE_COMPLETE, TRADE_DECLINE)


# --------------------------------------------------------------------------- the bank
@rule
def rate_from_flags(flags, r):
    """"The bank gives one of anything for four of the same resource, or better at a harbour":
    two of the named resource at its harbour, three of anything at a general one."""
    if flags & (1 << r):
        return SPECIAL_RATE
    if flags & (1 << GENERAL_HARBOUR):
        return GENERAL_RATE
    return BANK_RATE


@rule
def bank_rate(s, p, r):
    return rate_from_flags(harbour_flags(s, p), r)


@rule
def mask_bank_trades(s, p, mask):
    n = 0
    flags = harbour_flags(s, p)
    for g in range(NUM_RESOURCES):
        rate = rate_from_flags(flags, g)
        if s['hand'][p, g] < rate:
            continue
        for r in range(NUM_RESOURCES):
            if r != g and s['bank'][r] > 0:
                mask[BANK_TRADE.at(g, r)] = True
                n += 1
    return n


@rule
def trade_with_bank(s, p, give, get):
    rate = bank_rate(s, p, give)
    s['hand'][p, give] -= rate
    s['bank'][give] += rate
    s['hand'][p, get] += 1
    s['bank'][get] -= 1


# --------------------------------------------------------------------------- offers
@rule
def can_offer(s, p):
    """The player on turn may open an offer while proposals remain this turn and it holds a card."""
    if s['proposals'] >= MAX_PROPOSALS_PER_TURN:
        return False
    for r in range(NUM_RESOURCES):
        if s['hand'][p, r] > 0:
            return True
    return False


@rule
def mask_offer(s, p, mask):
    if can_offer(s, p):
        mask[OFFER_TRADE.at()] = True
        return 1
    return 0


@rule
def open_offer(s):
    s['proposals'] += 1
    s['stage'] = ST_OFFER_GIVE


@rule
def mask_offer_give(s, p, mask):
    """What to give: 1 or 2 of a resource the proposer holds."""
    n = 0
    for r in range(NUM_RESOURCES):
        for c in range(1, MAX_TRADE_COUNT + 1):
            if s['hand'][p, r] >= c:
                mask[OFFER_GIVE.at(r, c - 1)] = True
                n += 1
    return n


@rule
def choose_offer_give(s, r, count):
    s['trade_give'] = r
    s['trade_give_count'] = count
    s['stage'] = ST_OFFER_GET


@rule
def mask_offer_get(s, mask):
    """What to ask for: 1 or 2 of any other resource."""
    n = 0
    for r in range(NUM_RESOURCES):
        if r == s['trade_give']:
            continue
        for c in range(1, MAX_TRADE_COUNT + 1):
            mask[OFFER_GET.at(r, c - 1)] = True
            n += 1
    return n


@rule
def choose_offer_get(s, r, count):
    """The offer goes on the table; the first player after the proposer answers first."""
    s['trade_get'] = r
    s['trade_get_count'] = count
    for k in range(s['num_players']):
        s['trade_reply'][k] = REPLY_NONE
        s['trade_counter'][k] = -1
        s['trade_counter_count'][k] = 0
    s['stage'] = ST_TRADE_REPLY
    s['trade_replier'] = s['turn_seat']
    pass_to_next_replier(s)


# --------------------------------------------------------------------------- replies
@rule
def can_answer(s, q):
    """Accepting or countering means handing over what was asked, so q must hold it; a player who
    does not can only decline, and that forced answer is given without a decision."""
    return s['hand'][q, s['trade_get']] >= s['trade_get_count']


@rule
def mask_replies(s, mask):
    """Decline, accept, or counter. A counter may name anything but the resource asked for and the
    exact offer itself (that would be accepting). Its legality never depends on the proposer's
    hidden hand: the proposer simply cannot complete a counter it cannot pay."""
    mask[TRADE_DECLINE.at()] = True
    mask[TRADE_ACCEPT.at()] = True
    n = 2
    for w in range(NUM_RESOURCES):
        if w == s['trade_get']:
            continue
        for wc in range(1, MAX_TRADE_COUNT + 1):
            if w == s['trade_give'] and wc == s['trade_give_count']:
                continue
            mask[COUNTER_OFFER.at(w, wc - 1)] = True
            n += 1
    return n


@rule
def pass_to_next_replier(s):
    """Hand the offer to the next player in turn order who can answer it (the others decline
    without a decision); after the last, the proposer chooses among the answers it can pay. If
    there is none (nobody accepted, or every counter asks for what the proposer lacks), cancelling
    is the only choice left, so the offer lapses without a decision and the turn goes on."""
    n = s['num_players']
    q = (s['trade_replier'] + 1) % n
    while q != s['turn_seat']:
        if can_answer(s, q):
            s['trade_replier'] = q
            return
        s['trade_reply'][q] = REPLY_DECLINE
        q = (q + 1) % n
    s['trade_replier'] = -1
    p = s['turn_seat']
    for k in range(n):
        if s['trade_reply'][k] == REPLY_ACCEPT or s['trade_reply'][k] == REPLY_COUNTER:
            res, cnt = proposer_pays(s, k)
            if s['hand'][p, res] >= cnt:
                s['stage'] = ST_TRADE_CHOOSE
                return
    clear_trade(s)


@rule
def reply(s, kind, want, want_count):
    """Record the replier's answer and pass the offer on."""
    q = s['trade_replier']
    s['trade_reply'][q] = kind
    if kind == REPLY_COUNTER:
        s['trade_counter'][q] = want
        s['trade_counter_count'][q] = want_count
    pass_to_next_replier(s)


@rule
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
    s['stage'] = ST_MAIN


# --------------------------------------------------------------------------- completing
@rule
def proposer_pays(s, q):
    """What the proposer gives if it completes with q: the offer, or q's counter."""
    if s['trade_reply'][q] == REPLY_COUNTER:
        return s['trade_counter'][q], s['trade_counter_count'][q]
    return s['trade_give'], s['trade_give_count']


@rule
def mask_completions(s, mask):
    """Cancel, or complete an acceptance or counter the proposer can pay."""
    p = s['turn_seat']
    n_players = s['num_players']
    mask[TRADE_CANCEL.at()] = True
    n = 1
    for k in range(1, n_players):
        q = (p + k) % n_players
        if s['trade_reply'][q] != REPLY_ACCEPT and s['trade_reply'][q] != REPLY_COUNTER:
            continue
        res, cnt = proposer_pays(s, q)
        if s['hand'][p, res] >= cnt:
            mask[TRADE_COMPLETE.at(k - 1)] = True
            n += 1
    return n


@rule
def complete(s, k):
    """Exchange with the k-th player after the proposer, then clear the table."""
    p = s['turn_seat']
    q = (p + k) % s['num_players']
    res, cnt = proposer_pays(s, q)
    s['hand'][p, res] -= cnt
    s['hand'][q, res] += cnt
    s['hand'][q, s['trade_get']] -= s['trade_get_count']
    s['hand'][p, s['trade_get']] += s['trade_get_count']
    clear_trade(s)


@rule
def reply_decline(s):
    reply(s, REPLY_DECLINE, -1, 0)


@rule
def reply_accept(s):
    reply(s, REPLY_ACCEPT, -1, 0)


@rule
def reply_counter(s, want, want_count):
    reply(s, REPLY_COUNTER, want, want_count)
