"""Frontier in words: the names of things, each decision described, and what happens between
decisions (the throw and what it pays, discards owed, the bandit and its steal, cards drawn,
awards changing hands, monopolies, harbours shown, the end).

Both speak to a ``viewer`` (a seat) when given one: "you take 1 wool from player_2", "player_0
takes your wool"; without one, a decision is said in the words of the seat to act ("take a card
from player_2") and an event by a neutral narrator who tells everything public. Nothing is said
to anybody that it may not see: a stolen card's kind only to thief and victim, a drawn card's kind
only to its buyer.
"""
from __future__ import annotations

import numpy as np

from .board import owed_share, pay_owed, producing_hexes, resource_payout
from .state import (BANDIT_THROW, BANK_RATE, BANK_TRADE, BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, BUY_CARD,
                    CARD_NAMES, COUNTER_OFFER, DISCARD, EDGE_CORNERS, END_TURN, GENERAL_HARBOUR,
                    HARBOUR_CORNERS, HEAR_OFFERS, HEX_CORNERS, KNIGHT, MAX_SEATS, MONOPOLY, MONOPOLY_PICK,
                    MOVE_BANDIT, NO_OFFER, NUM_ACTIONS, NUM_HARBOURS, NUM_HEXES, NUM_RESOURCES, OFFER_GET,
                    OFFER_GIVE, OFFER_TRADE, PLAY_KNIGHT, PLAY_MONOPOLY, PLAY_ROAD_BUILDING,
                    PLAY_YEAR_OF_PLENTY, RESOURCE_NAMES, ROAD_BUILDING, ROLL, ST_BID_GET, ST_BID_GIVE,
                    ST_MAIN, ST_MONOPOLY, ST_MOVE_BANDIT, ST_OFFER_GET, ST_STEAL, ST_TRADE_REPLY,
                    ST_YEAR_OF_PLENTY, STEAL, TERRAIN_NAMES, TRADE_ACCEPT, TRADE_CANCEL,
                    TRADE_COMPLETE, TRADE_DECLINE, VICTORY_POINT, YEAR_OF_PLENTY, YEAR_OF_PLENTY_PICK)
from .trade import bank_rate

# the decisions that need no more words than their name: (span, verb, the rest)
PLAIN = ((ROLL, "throw", "the dice"), (END_TURN, "end", "the turn"),
         (BUY_CARD, "buy", "an opportunity card (ore, wool, grain)"),
         (TRADE_ACCEPT, "accept", "the offer"), (TRADE_DECLINE, "decline", "the offer"),
         (TRADE_CANCEL, "cancel", "the offer"), (OFFER_TRADE, "make", "an offer to the other players"),
         (HEAR_OFFERS, "ask", "the other players for offers"), (NO_OFFER, "make", "no offer"))
PLAY = ((PLAY_KNIGHT, KNIGHT), (PLAY_ROAD_BUILDING, ROAD_BUILDING), (PLAY_YEAR_OF_PLENTY, YEAR_OF_PLENTY),
        (PLAY_MONOPOLY, MONOPOLY))
AWARDS = (("longest_road", "longest road"), ("largest_army", "largest army"))


# --------------------------------------------------------------------------- names
def amount(count, res) -> str:
    """'2 wool'."""
    return f"{count} {RESOURCE_NAMES[res]}"


def amounts(counts) -> str:
    """'1 brick, 2 ore' of a per-resource count vector."""
    return ", ".join(amount(int(c), r) for r, c in enumerate(counts) if c > 0)


def hex_words(s, h) -> str:
    """'pasture 4': the hex's terrain and number."""
    num = int(s["hex_number"][h])
    return f"{TERRAIN_NAMES[int(s['hex_terrain'][h])]}{' ' + str(num) if num else ''}"


def corner_words(s, c) -> str:
    """The hexes a corner touches."""
    return ", ".join(hex_words(s, h) for h in range(NUM_HEXES) if c in HEX_CORNERS[h])


def harbour_words(s, i) -> str:
    k = int(s["harbour_kind"][i])
    return "3:1" if k == GENERAL_HARBOUR else f"2:1 {RESOURCE_NAMES[k]}"


def who(q, viewer) -> str:
    """'you' to the viewer itself, else the seat's name."""
    return "you" if q == viewer else f"player_{q}"


def whose(q, viewer) -> str:
    return "your" if q == viewer else f"player_{q}'s"


def third_person(verb) -> str:
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def said(q, viewer, verb, rest="") -> str:
    """``q`` does ``verb rest``, told to ``viewer``: "you throw the dice", "player_1 throws the
    dice"."""
    return f"{who(q, viewer)} {verb if q == viewer else third_person(verb)}{' ' + rest if rest else ''}"


# --------------------------------------------------------------------------- decisions
def describe_action(s, a, viewer=None) -> str:
    """Action ``a`` of the seat to act: in its own words ("take a card from player_2") without a
    viewer, else told to ``viewer`` ("player_0 takes a card from you")."""
    a = int(a)
    n = int(s["num_players"])
    seat = int(s["actor"]) if int(s["actor"]) >= 0 else int(s["turn_seat"])
    if not 0 <= a < NUM_ACTIONS:
        return f"no such action {a}"
    verb, rest = decision_words(s, a, seat, n, viewer)
    if viewer is None:
        return f"{verb} {rest}"
    return said(seat, viewer, verb, rest)


def decision_words(s, a, seat, n, viewer):
    """(verb, the rest) of action ``a`` of ``seat``; seats named in the rest are told to
    ``viewer``. A counter and a completed trade name two things given, so their rest says "give"
    and "want" in the voice of the verb's subject."""
    for span, verb, rest in PLAIN:
        if span.has(a):
            return verb, rest
    for span, kind in PLAY:
        if span.has(a):
            return "play", f"a {CARD_NAMES[kind]} card"
    if BUILD_ROAD.has(a):
        e = BUILD_ROAD.split(a)
        free = " (free)" if s["free_roads"] > 0 else ""
        return "build", f"road on edge {e} (between corners {EDGE_CORNERS[e, 0]} and {EDGE_CORNERS[e, 1]}){free}"
    if BUILD_VILLAGE.has(a):
        c = BUILD_VILLAGE.split(a)
        return "build", f"village on corner {c} ({corner_words(s, c)})"
    if BUILD_KEEP.has(a):
        c = BUILD_KEEP.split(a)
        return "upgrade", f"the village on corner {c} to a keep ({corner_words(s, c)})"
    if MOVE_BANDIT.has(a):
        h = MOVE_BANDIT.split(a)
        return "move", f"the bandit to hex {h} ({hex_words(s, h)})"
    if STEAL.has(a):
        return "take", f"a card from {who((seat + 1 + STEAL.split(a)) % n, viewer)}"
    if DISCARD.has(a):
        return "discard", f"1 {RESOURCE_NAMES[DISCARD.split(a)]}"
    if YEAR_OF_PLENTY_PICK.has(a):
        return "take", f"1 {RESOURCE_NAMES[YEAR_OF_PLENTY_PICK.split(a)]} from the supply (year of plenty)"
    if MONOPOLY_PICK.has(a):
        return "name", f"{RESOURCE_NAMES[MONOPOLY_PICK.split(a)]} (monopoly)"
    if BANK_TRADE.has(a):
        g, r = BANK_TRADE.split(a)
        rate = int(bank_rate(s, seat, g)) if 0 <= seat < n else BANK_RATE
        return "trade", f"{amount(rate, g)} to the bank for 1 {RESOURCE_NAMES[r]}"
    if OFFER_GIVE.has(a):
        r, k = OFFER_GIVE.split(a)
        return "offer", amount(k + 1, r)
    if OFFER_GET.has(a):
        r, k = OFFER_GET.split(a)
        bidding = int(s["stage"]) == ST_BID_GET and 0 <= seat < n
        give_r = int(s["deal_give"][seat]) if bidding else int(s["trade_give"])
        give_c = int(s["deal_give_count"][seat]) if bidding else int(s["trade_give_count"])
        give = amount(give_c, give_r) if give_r >= 0 else "it"
        return "offer", f"{give} for {amount(k + 1, r)}"
    me = viewer is None or viewer == seat
    if COUNTER_OFFER.has(a):
        w, k = COUNTER_OFFER.split(a)
        asked = (amount(int(s["trade_get_count"]), int(s["trade_get"])) if s["trade_get"] >= 0
                 else "what is asked")
        give, want = ("give", "want") if me else ("gives", "wants")
        return "counter:", f"{give} {asked} but {want} {amount(k + 1, w)} instead"
    q = (seat + 1 + TRADE_COMPLETE.split(a)) % n
    if s["deal_give"][q] >= 0:
        give = amount(int(s["deal_get_count"][q]), int(s["deal_get"][q]))
        get = amount(int(s["deal_give_count"][q]), int(s["deal_give"][q]))
        return "trade", f"with {who(q, viewer)}: {'give' if me else 'gives'} {give} for {get}"
    return "trade", f"with {who(q, viewer)}"


# --------------------------------------------------------------------------- between decisions
def payouts_by_throw(s, number) -> list:
    """What a throw of ``number`` owes each player, resource by resource, packed as the rule packs
    it (``board.resource_payout``)."""
    hexes = producing_hexes(s, number)
    return [resource_payout(s, hexes, r) for r in range(NUM_RESOURCES)]


def owed_by_throw(payouts) -> np.ndarray:
    """What each player is owed by a throw, (player, resource), from its ``payouts_by_throw``."""
    return np.array([[owed_share(payouts[r], p) for r in range(NUM_RESOURCES)] for p in range(MAX_SEATS)],
                    np.int64)


def paid_by_throw(before, after, number):
    """What the throw paid each player, and the resources the bank was too short to pay, by the
    rule itself (``board.pay_owed``) from the bank as it stood at the throw: as before the decision,
    unless the decision was the last pick of a year of plenty, whose resource the bank gave first
    (the one pick that agrees with the bank after the throw)."""
    payouts = payouts_by_throw(after, number)
    owed = owed_by_throw(payouts)
    banks = [before["bank"].astype(np.int64)]
    if int(before["stage"]) == ST_YEAR_OF_PLENTY:
        banks = [banks[0] - np.eye(NUM_RESOURCES, dtype=np.int64)[r] for r in range(NUM_RESOURCES)
                 if before["bank"][r] > 0]
    for bank in banks:
        scratch = after.copy()
        scratch["bank"][:] = bank
        scratch["hand"][:] = 0
        for r in range(NUM_RESOURCES):
            pay_owed(scratch, r, payouts[r])
        paid = scratch["hand"].astype(np.int64)
        if np.array_equal(bank - paid.sum(axis=0), after["bank"]):
            break
    short = [r for r in range(NUM_RESOURCES) if owed[:, r].sum() > paid[:, r].sum()]
    return paid, short


def events(before, after, viewer=None) -> list:
    """What happened between two records of one decision, in words told to ``viewer`` (None: a
    neutral narrator; everything public and nothing hidden)."""
    n = int(after["num_players"])
    turn_seat = int(after["turn_seat"])
    out = []
    if int(after["turn"]) != int(before["turn"]):
        on_turn = "your turn" if turn_seat == viewer else f"player_{turn_seat} is on turn"
        out.append(f"turn {int(after['turn'])}: {on_turn}")
    # hands moved by the decision and what followed it; the throw's part is read first (a knight
    # played before the throw robs, then the dice are thrown, in one step)
    moved = after["hand"][:n].astype(np.int64) - before["hand"][:n].astype(np.int64)
    throw = throw_events(before, after, viewer, moved)
    out += bandit_events(before, after, viewer, moved)
    out += card_events(before, after, viewer, moved)
    out += table_events(before, after, viewer)
    out += throw
    if after["actor"] < 0 <= before["actor"]:
        out.append(f"game over: {who(int(after['winner']), viewer)} won")
        out += [f"{said(q, viewer, 'show', str(int(after['cards'][q, VICTORY_POINT])) + ' victory-point card(s)')}"
                for q in range(n) if after["cards"][q, VICTORY_POINT] > 0]
    return out


def throw_events(before, after, viewer, moved) -> list:
    """The dice thrown without a decision, and what they pay (taken out of ``moved``), or, on a 7,
    who must discard how many."""
    if not after["rolled"] or (before["rolled"] and after["turn"] == before["turn"]):
        return []
    n = int(after["num_players"])
    d1, d2 = int(after["dice"][0]), int(after["dice"][1])
    out = [f"{said(int(after['turn_seat']), viewer, 'throw')} {d1}+{d2} = {d1 + d2}"]
    if d1 + d2 == BANDIT_THROW:
        return out + [f"{who(q, viewer)} {'have' if q == viewer else 'has'} {int(after['hand'][q].sum())} cards "
                      f"and must discard {int(after['discard_left'][q])}"
                      for q in range(n) if after["discard_left"][q] > 0]
    paid, short = paid_by_throw(before, after, d1 + d2)
    moved -= paid[:n]
    got = [said(q, viewer, "get", amounts(paid[q])) for q in range(n) if paid[q].sum() > 0]
    out.append("; ".join(got) if got else f"the {d1 + d2} pays nobody")
    return out + [f"the bank is short of {RESOURCE_NAMES[r]}: nobody owed it gets any" for r in short]


def bandit_events(before, after, viewer, moved) -> list:
    """The bandit moving and the card it takes: its kind told only to thief and victim."""
    out = []
    if int(after["bandit"]) != int(before["bandit"]):
        h = int(after["bandit"])
        out.append(f"the bandit moves to hex {h} ({hex_words(after, h)})")
    if int(before["stage"]) in (ST_MOVE_BANDIT, ST_STEAL):
        thief = int(before["turn_seat"])
        for q in range(int(after["num_players"])):
            if q != thief and moved[q].sum() == -1:
                r = int(np.flatnonzero(moved[q] < 0)[0])
                if viewer == thief:
                    out.append(f"you take 1 {RESOURCE_NAMES[r]} from player_{q}")
                elif viewer == q:
                    out.append(f"player_{thief} takes your {RESOURCE_NAMES[r]}")
                else:
                    out.append(f"player_{thief} takes a card from player_{q}")
    return out


def card_events(before, after, viewer, moved) -> list:
    """A card drawn (its kind only to the buyer), what a monopoly took, awards changing hands, a
    harbour's rate shown."""
    out = []
    n = int(after["num_players"])
    if int(after["deck_top"]) > int(before["deck_top"]):
        p = int(before["turn_seat"])
        kind = int(np.flatnonzero(after["cards"][p] > before["cards"][p])[0])
        drawn = f"a {CARD_NAMES[kind]}" if viewer == p else "an opportunity card"
        left = int(after["deck_size"] - after["deck_top"])
        out.append(f"{said(p, viewer, 'draw', drawn)} ({left} left in the deck)")
    if int(before["stage"]) == ST_MONOPOLY:
        p = int(before["turn_seat"])
        r = int(np.argmax(moved[p]))
        given = [f"{-int(moved[q].sum())} from {who(q, viewer)}"
                 for q in range(n) if q != p and moved[q].sum() < 0]
        took = said(p, viewer, "take", amount(int(moved[p, r]), r))
        out.append(took + (f": {', '.join(given)}" if given else ""))
    for field, name in AWARDS:
        h0, h1 = int(before[field]), int(after[field])
        if h1 >= 0 and h1 != h0:
            out.append(said(h1, viewer, "take", name))
        elif h1 < 0 <= h0:
            out.append(f"{said(h0, viewer, 'lose', name)}: nobody holds it")
    for i in range(NUM_HARBOURS):
        if after["harbour_revealed"][i] and not before["harbour_revealed"][i]:
            a, b = HARBOUR_CORNERS[i]
            out.append(f"the harbour on corners {a} and {b} shows its rate: {harbour_words(after, i)}")
    return out


def table_events(before, after, viewer) -> list:
    """A discarder done, and the trade table clearing without a deal."""
    out = [f"{said(q, viewer, 'keep', str(int(after['hand'][q].sum())) + ' cards')}: done discarding"
           for q in range(int(after["num_players"]))
           if before["discard_left"][q] > 0 and after["discard_left"][q] == 0]
    heard = int(after["hearings"]) > int(before["hearings"]) or int(before["stage"]) in (ST_BID_GIVE, ST_BID_GET)
    asked = int(before["stage"]) in (ST_OFFER_GET, ST_TRADE_REPLY)
    if (heard or asked) and int(after["stage"]) == ST_MAIN:
        out.append("nobody makes an offer" if heard else "nobody takes the offer: it lapses")
    return out
