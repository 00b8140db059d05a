"""Trading on your own turn (rulebook "A turn": "On your own turn you can trade with any player,
and they can make you offers. Two other players cannot trade with each other. The bank gives one of
anything for four of the same resource, or better at a harbour").

With the bank: 4:1, or a harbour's 3:1 / 2:1. With other players, two ways, both as decisions:

* **an offer of the player on turn**: it opens an offer, names what it gives (1-2 of one resource)
  and what it asks (1-2 of another); each other player in turn order accepts, declines or counters
  (a counter keeps what was asked and names what the replier wants instead: 1-2 of any resource);
* **hearing offers** ("they can make you offers"): the player on turn asks the table; each other
  player in turn order makes it an offer (what it gives, what it asks) or none.

Either way every other player's answer is a *deal* put to the player on turn (``deal_give`` of it
for ``deal_get``), and the player on turn then completes one deal it can pay, or cancels. At most
MAX_PROPOSALS_PER_TURN offers and MAX_HEARINGS_PER_TURN hearings a turn, so a turn always ends.

A decision is skipped only when public counts show there is nothing to decide (a player with too
few cards to give what is asked, an empty hand, no deal on the table): a skipped decision must not
tell the table anything about a hidden hand.
"""
from ..common.jit import rule
from .board import hand_size, harbour_flags
from .state import (BANK_RATE, BANK_TRADE, COUNTER_OFFER, GENERAL_HARBOUR, GENERAL_RATE, HEAR_OFFERS,
                    MAX_HEARINGS_PER_TURN, MAX_PROPOSALS_PER_TURN, MAX_TRADE_COUNT, NO_OFFER,
                    NUM_RESOURCES, OFFER_GET, OFFER_GIVE, OFFER_TRADE, REPLY_ACCEPT, REPLY_COUNTER,
                    REPLY_DECLINE, REPLY_NONE, REPLY_OFFER, SPECIAL_RATE, ST_BID_GET, ST_BID_GIVE,
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


# --------------------------------------------------------------------------- the table
@rule
def mask_table_trades(s, p, mask):
    """The player on turn, holding a card, may make an offer or hear offers while its bounds for
    the turn last."""
    if hand_size(s, p) == 0:
        return 0
    n = 0
    if s['proposals'] < MAX_PROPOSALS_PER_TURN:
        mask[OFFER_TRADE.at()] = True
        n += 1
    if s['hearings'] < MAX_HEARINGS_PER_TURN:
        mask[HEAR_OFFERS.at()] = True
        n += 1
    return n


@rule
def clear_deals(s):
    """Nobody has answered yet."""
    for k in range(s['num_players']):
        s['trade_reply'][k] = REPLY_NONE
        s['deal_give'][k] = -1
        s['deal_give_count'][k] = 0
        s['deal_get'][k] = -1
        s['deal_get_count'][k] = 0


@rule
def put_deal(s, q, kind, give, give_count, get, get_count):
    """q's answer, and the deal it puts to the player on turn: q gives give_count of give for
    get_count of get."""
    s['trade_reply'][q] = kind
    s['deal_give'][q] = give
    s['deal_give_count'][q] = give_count
    s['deal_get'][q] = get
    s['deal_get_count'][q] = get_count


@rule
def is_deal(s, q):
    """q put a deal to the player on turn: it accepted, countered, or made its own offer."""
    reply = s['trade_reply'][q]
    return reply == REPLY_ACCEPT or reply == REPLY_COUNTER or reply == REPLY_OFFER


@rule
def choose_or_lapse(s):
    """After the last answer the player on turn chooses among the deals, even when it can pay
    none of them (then cancelling is its only choice, but which counters it cannot pay is its own
    secret, so the decision is not skipped); with no deal at all the table clears at once."""
    s['trade_replier'] = -1
    for k in range(s['num_players']):
        if is_deal(s, k):
            s['stage'] = ST_TRADE_CHOOSE
            return
    clear_trade(s)


@rule
def clear_trade(s):
    s['trade_give'] = -1
    s['trade_get'] = -1
    s['trade_give_count'] = 0
    s['trade_get_count'] = 0
    s['trade_replier'] = -1
    clear_deals(s)
    s['stage'] = ST_MAIN


# --------------------------------------------------------------------------- an offer of the player on turn
@rule
def open_offer(s):
    s['proposals'] += 1
    s['stage'] = ST_OFFER_GIVE


@rule
def mask_give_amounts(s, p, mask):
    """What p may offer: 1 or 2 of a resource it holds (OFFER_GIVE)."""
    n = 0
    for r in range(NUM_RESOURCES):
        for c in range(1, MAX_TRADE_COUNT + 1):
            if s['hand'][p, r] >= c:
                mask[OFFER_GIVE.at(r, c - 1)] = True
                n += 1
    return n


@rule
def mask_ask_amounts(s, r_not, mask):
    """What may be asked in return: 1 or 2 of any resource other than ``r_not`` (OFFER_GET)."""
    n = 0
    for r in range(NUM_RESOURCES):
        if r == r_not:
            continue
        for c in range(1, MAX_TRADE_COUNT + 1):
            mask[OFFER_GET.at(r, c - 1)] = True
            n += 1
    return n


@rule
def mask_offer_give(s, p, mask):
    """What to give: 1 or 2 of a resource the proposer holds."""
    return mask_give_amounts(s, p, mask)


@rule
def apply_offer_give(s, p, a):
    """The proposer gives k + 1 of the resource chosen."""
    give, k = OFFER_GIVE.split(a)
    choose_offer_give(s, give, k + 1)


@rule
def choose_offer_give(s, r, count):
    s['trade_give'] = r
    s['trade_give_count'] = count
    s['stage'] = ST_OFFER_GET


@rule
def mask_offer_get(s, p, mask):
    """What to ask for: 1 or 2 of any other resource."""
    return mask_ask_amounts(s, s['trade_give'], mask)


@rule
def apply_offer_get(s, p, a):
    """The proposer asks k + 1 of the resource chosen."""
    get, k = OFFER_GET.split(a)
    choose_offer_get(s, get, k + 1)


@rule
def choose_offer_get(s, r, count):
    """The offer goes on the table; the first player after the proposer answers first."""
    s['trade_get'] = r
    s['trade_get_count'] = count
    clear_deals(s)
    s['stage'] = ST_TRADE_REPLY
    s['trade_replier'] = s['turn_seat']
    pass_to_next_replier(s)


@rule
def can_answer(s, q):
    """q is asked when it holds at least as many cards as were asked for (a public count); with
    fewer it can only decline, and that answer is given without a decision."""
    return hand_size(s, q) >= s['trade_get_count']


@rule
def mask_trade_reply(s, p, mask):
    """Decline; accept or counter only holding what was asked (accepting or countering hands it
    over). A counter may name anything but the resource asked for and the exact offer itself (that
    would be accepting). Its legality never depends on the proposer's hidden hand: the proposer
    simply cannot complete a counter it cannot pay."""
    mask[TRADE_DECLINE.at()] = True
    if s['hand'][p, s['trade_get']] < s['trade_get_count']:
        return 1
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
def apply_trade_reply(s, p, a):
    """The replier accepts, declines or counters the offer on the table."""
    if TRADE_ACCEPT.has(a):
        reply_accept(s)
    elif TRADE_DECLINE.has(a):
        reply_decline(s)
    else:
        want, k = COUNTER_OFFER.split(a)
        reply_counter(s, want, k + 1)


@rule
def pass_to_next_replier(s):
    """Hand the offer to the next player in turn order who may answer it (the others decline
    without a decision); after the last, the proposer chooses."""
    n = s['num_players']
    q = (s['trade_replier'] + 1) % n
    while q != s['turn_seat']:
        if can_answer(s, q):
            s['trade_replier'] = q
            return
        s['trade_reply'][q] = REPLY_DECLINE
        q = (q + 1) % n
    choose_or_lapse(s)


@rule
def reply_decline(s):
    s['trade_reply'][s['trade_replier']] = REPLY_DECLINE
    pass_to_next_replier(s)


@rule
def reply_accept(s):
    """The replier takes the offer as it stands."""
    put_deal(s, s['trade_replier'], REPLY_ACCEPT, s['trade_get'], s['trade_get_count'], s['trade_give'],
             s['trade_give_count'])
    pass_to_next_replier(s)


@rule
def reply_counter(s, want, want_count):
    """The replier gives what was asked but wants ``want_count`` of ``want`` instead."""
    put_deal(s, s['trade_replier'], REPLY_COUNTER, s['trade_get'], s['trade_get_count'], want, want_count)
    pass_to_next_replier(s)


# --------------------------------------------------------------------------- hearing offers
@rule
def hear_offers(s):
    """"They can make you offers": the player on turn asks the table; the first player after it
    bids first."""
    s['hearings'] += 1
    clear_deals(s)
    s['trade_replier'] = s['turn_seat']
    pass_to_next_bidder(s)


@rule
def pass_to_next_bidder(s):
    """The next player in turn order holding a card bids (an empty hand has nothing to offer: no
    offer, without a decision); after the last, the player on turn chooses."""
    n = s['num_players']
    q = (s['trade_replier'] + 1) % n
    while q != s['turn_seat']:
        if hand_size(s, q) > 0:
            s['trade_replier'] = q
            s['stage'] = ST_BID_GIVE
            return
        s['trade_reply'][q] = REPLY_DECLINE
        q = (q + 1) % n
    choose_or_lapse(s)


@rule
def mask_bid_give(s, q, mask):
    """No offer, or 1 or 2 of a resource the bidder holds."""
    mask[NO_OFFER.at()] = True
    return 1 + mask_give_amounts(s, q, mask)


@rule
def apply_bid_give(s, q, a):
    """No offer, or the bidder gives k + 1 of the resource chosen."""
    if NO_OFFER.has(a):
        make_no_offer(s)
    else:
        give, k = OFFER_GIVE.split(a)
        choose_bid_give(s, give, k + 1)


@rule
def make_no_offer(s):
    s['trade_reply'][s['trade_replier']] = REPLY_DECLINE
    pass_to_next_bidder(s)


@rule
def choose_bid_give(s, r, count):
    q = s['trade_replier']
    s['deal_give'][q] = r
    s['deal_give_count'][q] = count
    s['stage'] = ST_BID_GET


@rule
def mask_bid_get(s, q, mask):
    """What the bidder asks of the player on turn: 1 or 2 of any other resource (whether the player
    on turn holds it is its secret; it simply cannot complete a bid it cannot pay)."""
    return mask_ask_amounts(s, s['deal_give'][q], mask)


@rule
def apply_bid_get(s, q, a):
    """The bidder asks k + 1 of the resource chosen."""
    get, k = OFFER_GET.split(a)
    choose_bid_get(s, get, k + 1)


@rule
def choose_bid_get(s, r, count):
    q = s['trade_replier']
    put_deal(s, q, REPLY_OFFER, s['deal_give'][q], s['deal_give_count'][q], r, count)
    pass_to_next_bidder(s)


# --------------------------------------------------------------------------- completing
@rule
def can_pay_deal(s, q):
    return is_deal(s, q) and s['hand'][s['turn_seat'], s['deal_get'][q]] >= s['deal_get_count'][q]


@rule
def mask_trade_choose(s, seat, mask):
    """Cancel, or complete a deal the player on turn can pay."""
    p = s['turn_seat']
    n_players = s['num_players']
    mask[TRADE_CANCEL.at()] = True
    n = 1
    for k in range(1, n_players):
        if can_pay_deal(s, (p + k) % n_players):
            mask[TRADE_COMPLETE.at(k - 1)] = True
            n += 1
    return n


@rule
def apply_trade_choose(s, seat, a):
    """Cancel, or complete the deal of the k-th player after the player on turn."""
    if TRADE_CANCEL.has(a):
        clear_trade(s)
    else:
        complete(s, 1 + TRADE_COMPLETE.split(a))


@rule
def complete(s, k):
    """Exchange with the k-th player after the player on turn, then clear the table."""
    p = s['turn_seat']
    q = (p + k) % s['num_players']
    s['hand'][p, s['deal_get'][q]] -= s['deal_get_count'][q]
    s['hand'][q, s['deal_get'][q]] += s['deal_get_count'][q]
    s['hand'][q, s['deal_give'][q]] -= s['deal_give_count'][q]
    s['hand'][p, s['deal_give'][q]] += s['deal_give_count'][q]
    clear_trade(s)
