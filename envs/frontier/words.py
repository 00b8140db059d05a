"""Frontier in words: the names of things, each decision described, and what happens between
decisions (the dice thrown without a decision, the end of the game)."""
from __future__ import annotations

from .state import (BANK_RATE, BANK_TRADE, BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, BUY_CARD, CARD_NAMES,
                    COUNTER_OFFER, DISCARD, EDGE_CORNERS, END_TURN, HEX_CORNERS, KNIGHT, MONOPOLY,
                    MONOPOLY_PICK, MOVE_BANDIT, NUM_ACTIONS, NUM_HEXES, OFFER_GET, OFFER_GIVE, OFFER_TRADE,
                    PLAY_KNIGHT, PLAY_MONOPOLY, PLAY_ROAD_BUILDING, PLAY_YEAR_OF_PLENTY, REPLY_COUNTER,
                    RESOURCE_NAMES, ROAD_BUILDING, ROLL, STEAL, TERRAIN_NAMES, TRADE_ACCEPT, TRADE_CANCEL,
                    TRADE_COMPLETE, TRADE_DECLINE, YEAR_OF_PLENTY, YEAR_OF_PLENTY_PICK)
from .trade import bank_rate

# the decisions that need no more words than their name
PLAIN = ((ROLL, "throw the dice"), (END_TURN, "end the turn"),
         (BUY_CARD, "buy an opportunity card (ore, wool, grain)"),
         (TRADE_ACCEPT, "accept the offer"), (TRADE_DECLINE, "decline the offer"),
         (TRADE_CANCEL, "cancel the offer"), (OFFER_TRADE, "make an offer to the other players"))
PLAY = ((PLAY_KNIGHT, KNIGHT), (PLAY_ROAD_BUILDING, ROAD_BUILDING), (PLAY_YEAR_OF_PLENTY, YEAR_OF_PLENTY),
        (PLAY_MONOPOLY, MONOPOLY))


def amount(count, res) -> str:
    """'2 wool'."""
    return f"{count} {RESOURCE_NAMES[res]}"


def hex_words(s, h) -> str:
    """'pasture 4': the hex's terrain and number."""
    num = int(s["hex_number"][h])
    return f"{TERRAIN_NAMES[int(s['hex_terrain'][h])]}{' ' + str(num) if num else ''}"


def corner_words(s, c) -> str:
    """The hexes a corner touches."""
    return ", ".join(hex_words(s, h) for h in range(NUM_HEXES) if c in HEX_CORNERS[h])


def events(before, after) -> list:
    """The dice thrown without a decision, the end of the game."""
    out = []
    if after["rolled"] and (not before["rolled"] or after["turn"] != before["turn"]):
        d1, d2 = int(after["dice"][0]), int(after["dice"][1])
        out.append(f"player_{int(after['turn_seat'])} throws {d1}+{d2} = {d1 + d2}")
    if after["actor"] < 0 <= before["actor"]:
        out.append(f"game over: player_{int(after['winner'])} won")
    return out


def describe_action(s, a) -> str:
    a = int(a)
    n = int(s["num_players"])
    seat = int(s["actor"]) if int(s["actor"]) >= 0 else int(s["turn_seat"])
    if not 0 <= a < NUM_ACTIONS:
        return f"no such action {a}"
    for span, words in PLAIN:
        if span.has(a):
            return words
    for span, kind in PLAY:
        if span.has(a):
            return f"play a {CARD_NAMES[kind]} card"
    if BUILD_ROAD.has(a):
        e = BUILD_ROAD.split(a)
        free = " (free)" if s["free_roads"] > 0 else ""
        ends = f"between corners {EDGE_CORNERS[e, 0]} and {EDGE_CORNERS[e, 1]}"
        return f"build road on edge {e} ({ends}){free}"
    if BUILD_VILLAGE.has(a):
        c = BUILD_VILLAGE.split(a)
        return f"build village on corner {c} ({corner_words(s, c)})"
    if BUILD_KEEP.has(a):
        c = BUILD_KEEP.split(a)
        return f"upgrade the village on corner {c} to a keep ({corner_words(s, c)})"
    if MOVE_BANDIT.has(a):
        h = MOVE_BANDIT.split(a)
        return f"move the bandit to hex {h} ({hex_words(s, h)})"
    if STEAL.has(a):
        return f"take a card from player_{(seat + 1 + STEAL.split(a)) % n}"
    if DISCARD.has(a):
        return f"discard 1 {RESOURCE_NAMES[DISCARD.split(a)]}"
    if YEAR_OF_PLENTY_PICK.has(a):
        return f"take 1 {RESOURCE_NAMES[YEAR_OF_PLENTY_PICK.split(a)]} from the supply (year of plenty)"
    if MONOPOLY_PICK.has(a):
        return f"name {RESOURCE_NAMES[MONOPOLY_PICK.split(a)]} (monopoly)"
    if BANK_TRADE.has(a):
        g, r = BANK_TRADE.split(a)
        rate = int(bank_rate(s, seat, g)) if 0 <= seat < n else BANK_RATE
        return f"trade {amount(rate, g)} to the bank for 1 {RESOURCE_NAMES[r]}"
    if OFFER_GIVE.has(a):
        r, k = OFFER_GIVE.split(a)
        return f"offer {amount(k + 1, r)}"
    if OFFER_GET.has(a):
        r, k = OFFER_GET.split(a)
        give = amount(int(s["trade_give_count"]), int(s["trade_give"])) if s["trade_give"] >= 0 else "it"
        return f"offer {give} for {amount(k + 1, r)}"
    if COUNTER_OFFER.has(a):
        w, k = COUNTER_OFFER.split(a)
        asked = (amount(int(s["trade_get_count"]), int(s["trade_get"])) if s["trade_get"] >= 0
                 else "what is asked")
        return f"counter: give {asked} but want {amount(k + 1, w)} instead"
    q = (seat + 1 + TRADE_COMPLETE.split(a)) % n
    if s["trade_get"] >= 0:
        give = amount(int(s["deal_get_count"][q]), int(s["deal_get"][q]))
        get = amount(int(s["deal_give_count"][q]), int(s["deal_give"][q]))
        return f"trade with player_{q}: give {give} for {get}"
    return f"trade with player_{q}"
