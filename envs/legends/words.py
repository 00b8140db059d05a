"""Legends in words: names of cards, each decision described, and what happens between decisions,
said to a viewer who never hears what it may not see (another hand, a pick or commit before the
reveal, a face-down fate tile)."""
from __future__ import annotations

from .content import (ADV_DIFFICULTY, ADV_GROUP, ADV_MODE, ADV_NAMES, ADV_SKILL_A, ADV_SKILL_B, ADV_SKILL_MASK,
                      ADV_TOKENS, ADV_VP, CARD_KIND, CARD_SUIT, CARD_VALUE, FAILURE_KIND, FATE_KIND_NAMES,
                      FATE_TILE_KIND, FIRST_SPECIAL, KIND_SPECIAL, KIND_WILD, LOCATION_NAMES, REWARD_NAMES,
                      REWARD_PRICE, REWARD_TYPES, REWARD_VP, SKILL_NAMES, SPECIAL_KINDS, SPECIAL_NAMES, SUIT_NAMES,
                      TOKEN_NAMES, TOKEN_SKILL, UP_NAMES, UP_POINTS, UP_TILE, ABILITY_NAMES)
from .content import UP_PICKS
from .state import (ACCEPT, ACTIONS, AS_LISTED, AVOID, BUY, COMMIT, COMMIT_NAMES, DISCARD, DONE_SET, DRAFT,
                    END_REST, GRIT_SKILL, LOSS, NO_PLAY, PLAY, REDRAW, REST_DRAW, REST_GRIT, REWARD, SPECIAL,
                    SUFFER, TRADE, WAIT, WILD)


def who(seat, viewer) -> str:
    if viewer is not None and int(seat) == int(viewer):
        return "you"
    return f"player_{int(seat)}"


def card_name(t: int) -> str:
    t = int(t)
    if CARD_KIND[t] == KIND_WILD:
        return f"Wild {CARD_VALUE[t]}"
    if CARD_KIND[t] == KIND_SPECIAL:
        k = (t - FIRST_SPECIAL) % SPECIAL_KINDS
        return f"{SUIT_NAMES[CARD_SUIT[t]]} {CARD_VALUE[t]} ({SPECIAL_NAMES[k]})"
    return f"{SUIT_NAMES[CARD_SUIT[t]]} {CARD_VALUE[t]}"


def upbringing_name(u: int) -> str:
    pts = ", ".join(f"+{p} {SKILL_NAMES[k]}" for k, p in enumerate(UP_POINTS[u]) if p)
    tile = f", tile {ABILITY_NAMES[UP_TILE[u]]}" if UP_TILE[u] >= 0 else ""
    return f"'{UP_NAMES[u]}' ({pts or 'no skill points'}{tile})"


def adventure_name(loc: int, i: int) -> str:
    a, b, mode = ADV_SKILL_A[loc, i], ADV_SKILL_B[loc, i], ADV_MODE[loc, i]
    skill = SKILL_NAMES[a] + ("" if b < 0 else (" + " if mode == 1 else " or ") + SKILL_NAMES[b])
    kind = "group" if ADV_GROUP[loc, i] else "solo"
    return f"'{ADV_NAMES[loc][i]}' ({kind}, {skill}, {ADV_DIFFICULTY[loc, i]}+, {ADV_VP[loc, i]} VP)"


def reward_name(t: int, k: int) -> str:
    price = " ".join(f"{REWARD_PRICE[t, k, j]} {TOKEN_NAMES[j]}" for j in range(REWARD_TYPES) if REWARD_PRICE[t, k, j])
    return f"'{REWARD_NAMES[t][k]}' ({price}; {REWARD_VP[t, k]} VP)"


def describe_action(s, a, viewer=None) -> str:
    a = int(a)
    seat = int(s['actor'])
    me = viewer is None or (seat >= 0 and int(viewer) == seat)
    span = ACTIONS.span_of(a).name
    if COMMIT.has(a):
        return f"commit {COMMIT_NAMES[COMMIT.split(a)]}" if me else "commit an action card face down"
    if DRAFT.has(a):
        return f"pick {upbringing_name(DRAFT.split(a))}" if me else "pick an upbringing card face down"
    if DISCARD.has(a):
        return f"discard {card_name(DISCARD.split(a))}"
    if PLAY.has(a):
        return f"play {card_name(PLAY.split(a))}"
    if WILD.has(a):
        w, j = WILD.split(a)
        loc = int(s['res_loc'])
        i = int(s['active'][min(loc, 2)])
        sk = ADV_SKILL_A[loc, i] if j == 0 else ADV_SKILL_B[loc, i]
        return f"play Wild {5 + w} as {SKILL_NAMES[sk]}"
    if SPECIAL.has(a):
        suit, k = SPECIAL.split(a)
        return f"use {SPECIAL_NAMES[k]} ({SUIT_NAMES[suit]})"
    if DONE_SET.has(a):
        return "finish the American Ingenuity set"
    if NO_PLAY.has(a):
        return "play nothing (no card can be played)"
    if REDRAW.has(a):
        return "spend 1 True Grit to redraw the last dealt card"
    if ACCEPT.has(a):
        return "keep the deal"
    if AVOID.has(a):
        return "spend True Grit to avoid the penalty"
    if SUFFER.has(a):
        return "take the penalty"
    if LOSS.has(a):
        kind = FAILURE_KIND[int(s['pen_card'])] if s['pen_card'] >= 0 else 0
        return (f"lose 2 {TOKEN_NAMES[kind]} tokens" if LOSS.split(a) == 0
                else f"lose 1 {SKILL_NAMES[TOKEN_SKILL[kind]]} point")
    if REWARD.has(a):
        slot, alt, c = REWARD.split(a)
        loc = min(int(s['res_loc']), 2)
        i = int(s['active'][loc])
        if i < 0:
            return f"take reward {slot + 1}"
        if ADV_SKILL_MASK[loc, i, slot, alt]:
            what = f"+1 {SKILL_NAMES[c]}"
        else:
            toks = ADV_TOKENS[loc, i, slot, alt]
            n = int(toks.sum())
            if c == AS_LISTED:
                what = ", ".join(f"{toks[k]} {TOKEN_NAMES[k]}" for k in range(REWARD_TYPES) if toks[k]) or "no tokens"
            else:
                what = f"{n} {TOKEN_NAMES[c]}"
        card = " and the adventure card" if slot == 0 else ""
        return f"take reward {slot + 1}: {what}{card}"
    if REST_DRAW.has(a):
        return "rest: draw 4 cards"
    if REST_GRIT.has(a):
        return "rest: take 1 True Grit"
    if TRADE.has(a):
        x, y, c = TRADE.split(a)
        return f"trade 1 {TOKEN_NAMES[x]} and 1 {TOKEN_NAMES[y]} for 1 {TOKEN_NAMES[c]}"
    if GRIT_SKILL.has(a):
        return f"spend 3 True Grit for +1 {SKILL_NAMES[GRIT_SKILL.split(a)]}"
    if BUY.has(a):
        t = BUY.split(a)
        k = int(s['rew_top'][t])
        return f"buy {reward_name(t, k)}" if k >= 0 else f"buy from the {TOKEN_NAMES[t]} deck"
    if END_REST.has(a):
        return "end the rest"
    if WAIT.has(a):
        return "wait (nothing to decide this step)"
    return span


def events(before, after, viewer=None) -> list:
    """Public happenings between two records: the reveal of picks and action cards, fate tiles
    turned up, adventures won or lost, the first player passing, the end."""
    out = []
    n = int(after['num_players'])
    if after['draft_round'] > before['draft_round']:
        r = int(after['draft_round'])
        if r < UP_PICKS:
            out.append(f"upbringing picks placed face down (round {r})")
        else:
            for j in range(n):
                names = ", ".join(upbringing_name(int(u)) for u in after['up_order'][j] if u >= 0)
                out.append(f"{who(j, viewer)} lays out the Legend's upbringing: {names}")
    if after['revealed'] and not before['revealed']:
        acts = ", ".join(f"{who(j, viewer)}: {COMMIT_NAMES[int(after['commit'][j])]}" for j in range(n))
        out.append(f"action cards revealed: {acts}")
    for loc in range(3):
        if after['fate_up'][loc] and not before['fate_up'][loc] and after['loc_fate'][loc] >= 0:
            out.append(f"fate at {LOCATION_NAMES[loc]}: {FATE_KIND_NAMES[FATE_TILE_KIND[int(after['loc_fate'][loc])]]}")
        for i in range(16):
            if after['adv_owner'][loc, i] >= 0 and before['adv_owner'][loc, i] < 0:
                out.append(f"{who(after['adv_owner'][loc, i], viewer)} won {adventure_name(loc, i)}")
            if after['adv_lost'][loc, i] and not before['adv_lost'][loc, i]:
                out.append(f"{adventure_name(loc, i)} fell off the track unachieved")
        if after['active'][loc] >= 0 and after['active'][loc] != before['active'][loc]:
            out.append(f"new adventure at {LOCATION_NAMES[loc]}: {adventure_name(loc, int(after['active'][loc]))}")
    for j in range(n):
        if after['res_done'][j] and not before['res_done'][j] and after['revealed']:
            out.append(f"{who(j, viewer)} totals {int(after['total'][j])}")
        if after['failed'][j] and not before['failed'][j] and after['res_loc'] < 3:
            loc = int(after['res_loc'])
            out.append(f"{who(j, viewer)} failed {adventure_name(loc, int(after['active'][loc]))}"
                       if after['active'][loc] >= 0 else f"{who(j, viewer)} failed")
        changes = []
        for k in range(5):
            d = int(after['tokens'][j, k]) - int(before['tokens'][j, k])
            if d:
                changes.append(f"{d:+d} {TOKEN_NAMES[k]}")
        for k in range(6):
            d = int(after['skills'][j, k]) - int(before['skills'][j, k])
            if d and after['draft_round'] == before['draft_round']:
                changes.append(f"{d:+d} {SKILL_NAMES[k]}")
        d = int(after['grit'][j]) - int(before['grit'][j])
        if d:
            changes.append(f"{d:+d} True Grit")
        d = int(after['neg_vp'][j]) - int(before['neg_vp'][j])
        if d:
            changes.append(f"{d:+d} -1 VP token" + ("s" if abs(d) > 1 else ""))
        for t in range(REWARD_TYPES):
            for k in range(8):
                if after['rew_owner'][t, k] == j and before['rew_owner'][t, k] != j:
                    changes.append(f"bought {reward_name(t, k)}")
        if changes:
            out.append(f"{who(j, viewer)}: " + ", ".join(changes))
    if after['first_player'] != before['first_player']:
        out.append(f"first player: {who(after['first_player'], viewer)}")
    if after['actor'] < 0 <= before['actor']:
        sc = ", ".join(f"{who(j, viewer)} {int(after['final'][j])}" for j in range(n))
        out.append(f"game over; scores: {sc}")
    return out
