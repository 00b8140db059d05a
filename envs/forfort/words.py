"""Forfort in words: the names of walls and cards, each decision described, and what happens
between decisions (armies marching, spaces destroyed, dungeons struck, cards drawn, turns, the end)
for the transcripts and for human play.

Words are said to a ``viewer``: a seat hears "you" and "your fort", and never hears what it may not
see (another player's drawn cards, a dungeon's faces). ``viewer=None`` is the actor's own voice for
a decision ("build ... on SW", "SW of my fort") and the neutral narrator's for events, which tells
only what everyone sees.
"""
from __future__ import annotations

import numpy as np

from .armies import space_ahead
from .content import WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .fort import shared_symbol
from .places import is_wall, top_card, top_is_wall_of_kind
from .state import (ARMIES, ARMY, ARMY_OVERTHROWN, ARMY_RESERVE, BUILD, CAMP, CARDS_PER_COLOUR, DEFENDED,
                    DIRECTION, DIRECTION_NAMES, DISCARD, DRAWBRIDGE, EFFECT, FIRST_ARMY, NUM_ACTIONS, OPPONENT,
                    PAIR, PICK, PICK_TOP, ROW, SHAPE_NAMES, SPACE, SPACE_NAMES, SPACES, ST_CAMP_SPACE,
                    ST_FIRST_CAMP, ST_GUARD, ST_MASON_SPACE, ST_OVER, SYMBOL_NAMES, WALLS)

KIND_SUFFIX = ("", " with a door", " (defended)")   # normal, door, defended
ROW_NAMES = ("second", "third")                      # the catapult's rows, as ROW counts them
SYMBOL_LETTERS = "MRCTG"                             # SYMBOL_NAMES by initial (T: siege tower)
SHAPE_LETTERS = "CS"                                 # corner, straight
KIND_LETTERS = "ndD"                                 # normal, door, defended


def wall_name(w: int) -> str:
    """'corner wall with a door [mason]': shape, kind and symbols of wall w."""
    syms = "/".join(SYMBOL_NAMES[y] for y in WALL_SYMBOLS[w] if y >= 0)
    return f"{SHAPE_NAMES[WALL_SHAPE[w]]} wall{KIND_SUFFIX[int(WALL_KIND[w])]} [{syms}]"


def card_name(card: int) -> str:
    """A fort or discard card in words: a wall by its face, or a camp."""
    k = int(card) % CARDS_PER_COLOUR
    if k < WALLS:
        return wall_name(k)
    return "camp" if k < FIRST_ARMY else "army"


def short_card(card: int) -> str:
    """Four characters for the text board: shape C/S, kind n/d/D, symbols by initial."""
    k = int(card) % CARDS_PER_COLOUR
    if k >= WALLS:
        return "camp" if k < FIRST_ARMY else "army"
    syms = "".join(SYMBOL_LETTERS[y] for y in WALL_SYMBOLS[k] if y >= 0)
    return f"{SHAPE_LETTERS[WALL_SHAPE[k]]}{KIND_LETTERS[WALL_KIND[k]]}{syms:<2}"


# --------------------------------------------------------------------------- who is who, to whom


def seat_word(j: int, viewer) -> str:
    """'you' to the seat itself, else 'player_j'."""
    return "you" if j == viewer else f"player_{j}"


def poss_word(j: int, viewer) -> str:
    """'your' to the seat itself, else "player_j's"."""
    return "your" if j == viewer else f"player_{j}'s"


def verb(j: int, viewer, base: str, third: str = None) -> str:
    """'you build' / 'player_1 builds'."""
    return f"you {base}" if j == viewer else f"player_{j} {third or base + 's'}"


# --------------------------------------------------------------------------- decisions


def describe_action(s, a, viewer=None) -> str:
    """Action ``a`` of the seat to act, in words: in the actor's own voice ("my fort") when
    ``viewer`` is None, else said to ``viewer`` ("player_1 builds ... on SW of player_1's fort",
    "... of your fort")."""
    if not 0 <= a < NUM_ACTIONS:
        return f"no such action {a}"
    seat = int(s["actor"])
    n = int(s["num_players"])
    if viewer is None:
        return _in_my_words(s, a, seat, n)
    me = seat_word(seat, viewer)
    my = "your" if seat == viewer else "their"      # the actor's own, the actor being the subject

    def fort(j):
        return f"{my if j == seat else poss_word(j, viewer)} fort"

    if BUILD.has(a):
        w, space = BUILD.split(a)
        return f"{verb(seat, viewer, 'build')} {wall_name(w)} on {SPACE_NAMES[space]} of {fort(seat)}"
    if EFFECT.has(a):
        w, slot = EFFECT.split(a)
        y = WALL_SYMBOLS[w, slot]
        return f"{verb(seat, viewer, 'use')} the {SYMBOL_NAMES[y] if y >= 0 else 'no symbol'} of {wall_name(w)}"
    if CAMP.has(a):
        return f"{verb(seat, viewer, 'discard')} {wall_name(CAMP.split(a))} to place a camp"
    if DISCARD.has(a):
        return f"{verb(seat, viewer, 'discard')} {wall_name(DISCARD.split(a))} (nothing else is possible)"
    if PICK.has(a):
        return f"{poss_word(seat, viewer)} mason takes {wall_name(PICK.split(a))} from {my} discard pile"
    if PICK_TOP.has(a):
        return f"{poss_word(seat, viewer)} mason takes the top card of {my} dungeon"
    if SPACE.has(a):
        rel, space = SPACE.split(a)
        where = f"{SPACE_NAMES[space]} of {fort((seat + rel) % n)}"
        stage = int(s["stage"])
        if stage == ST_FIRST_CAMP:
            return f"{verb(seat, viewer, 'place')} {my} first camp on {where}"
        if stage == ST_CAMP_SPACE:
            return f"{verb(seat, viewer, 'place')} a camp on {where}"
        if stage == ST_MASON_SPACE and s["pending_card"] >= 0:
            return f"{poss_word(seat, viewer)} mason builds {wall_name(int(s['pending_card']))} on {where}"
        if stage == ST_GUARD:
            return f"{verb(seat, viewer, 'place')} an army on {where}"
        return f"{me}: {where}"
    if OPPONENT.has(a):
        victim = (seat + OPPONENT.split(a)) % n
        y = int(s["effect"])
        tool = f" with the {SYMBOL_NAMES[y]}" if y >= 0 else ""
        return f"{verb(seat, viewer, 'attack')} {seat_word(victim, viewer)}{tool}"
    if ROW.has(a):
        target = int(s["target"])
        of = f" of {fort(target)}" if target >= 0 else ""
        return f"{poss_word(seat, viewer)} catapult hits the {ROW_NAMES[ROW.split(a)]} row{of}"
    if ARMY.has(a):
        rel, k = ARMY.split(a)
        owner = (seat + rel) % n
        army = f"{poss_word(owner, viewer)} army {k}{_army_place(s, owner, k, viewer)}"
        return f"{verb(seat, viewer, 'overthrow')} {army}"
    if DIRECTION.has(a):
        return f"{poss_word(seat, viewer)} army will march {DIRECTION_NAMES[DIRECTION.split(a)]}"
    if PAIR.has(a):
        return f"{verb(seat, viewer, 'fire')} the {SYMBOL_NAMES[PAIR.split(a)]} pair"
    if DRAWBRIDGE.has(a):
        return f"{verb(seat, viewer, 'lower')} the drawbridge on {SPACE_NAMES[DRAWBRIDGE.split(a)]}"
    return f"{verb(seat, viewer, 'keep')} the drawbridge up"


def _in_my_words(s, a, seat, n) -> str:
    """The actor's own words for a decision (the transcripts' voice)."""
    def who(rel):
        return "my" if rel == 0 else f"player_{(seat + rel) % n}'s"

    if BUILD.has(a):
        w, space = BUILD.split(a)
        return f"build {wall_name(w)} on {SPACE_NAMES[space]}"
    if EFFECT.has(a):
        w, slot = EFFECT.split(a)
        y = WALL_SYMBOLS[w, slot]
        return f"use {SYMBOL_NAMES[y] if y >= 0 else 'no symbol'} of {wall_name(w)}"
    if CAMP.has(a):
        return f"discard {wall_name(CAMP.split(a))} to place a camp"
    if DISCARD.has(a):
        return f"discard {wall_name(DISCARD.split(a))} (nothing else is possible)"
    if PICK.has(a):
        return f"mason takes {wall_name(PICK.split(a))} from the discard pile"
    if PICK_TOP.has(a):
        return "mason takes the top card of my dungeon"
    if SPACE.has(a):
        rel, space = SPACE.split(a)
        where = f"{SPACE_NAMES[space]} of {who(rel)} fort"
        return f"place my first camp on {where}" if s["stage"] == ST_FIRST_CAMP else where
    if OPPONENT.has(a):
        return f"attack player_{(seat + OPPONENT.split(a)) % n}"
    if ROW.has(a):
        return f"{ROW_NAMES[ROW.split(a)]} row"
    if ARMY.has(a):
        rel, k = ARMY.split(a)
        return f"overthrow {who(rel)} army {k}"
    if DIRECTION.has(a):
        return f"army attacks {DIRECTION_NAMES[DIRECTION.split(a)]}"
    if PAIR.has(a):
        return f"fire the {SYMBOL_NAMES[PAIR.split(a)]} pair"
    if DRAWBRIDGE.has(a):
        return f"lower the drawbridge on {SPACE_NAMES[DRAWBRIDGE.split(a)]}"
    return "keep the drawbridge up"


def _army_place(s, owner, k, viewer) -> str:
    fort = int(s["army_fort"][owner, k])
    if fort < 0:
        return ""
    return f" on {SPACE_NAMES[int(s['army_space'][owner, k])]} of {poss_word(fort, viewer)} fort"


# --------------------------------------------------------------------------- between decisions


def _stack(r, j, space) -> list:
    return [int(c) for c in r["fort"][j, space, :int(r["height"][j, space])]]


def _destroyed(before, after, j, space) -> str:
    """What of a space of j's fort was destroyed between the records ('' if nothing): its visible
    card, and how many covered cards fell with it."""
    gone = [c for c in _stack(before, j, space) if after["discard"][j, c]]
    if not gone:
        return ""
    covered = len(gone) - 1
    return card_name(gone[-1]) + (f" (+{covered} covered)" if covered else "")


def _army_events(before, after, j, viewer, explained) -> list:
    """j's armies that moved, marched out or fell; the spaces they destroyed go into ``explained``."""
    out = []
    for k in range(ARMIES):
        fort_was, fort_now = int(before["army_fort"][j, k]), int(after["army_fort"][j, k])
        was, now = int(before["army_space"][j, k]), int(after["army_space"][j, k])
        if fort_was < 0 or (fort_now == fort_was and now == was):
            continue
        army = f"{poss_word(j, viewer)} army in {poss_word(fort_was, viewer)} fort"
        if fort_now == ARMY_RESERVE:
            out.append(f"{army} marches out and returns to {seat_word(j, viewer)}")
        elif fort_now == ARMY_OVERTHROWN:
            ahead = int(space_ahead(was, before["army_dir"][j, k]))
            by_wall = (ahead >= 0 and before["stage"] != ST_GUARD
                       and top_is_wall_of_kind(after, fort_was, ahead, DEFENDED))
            out.append(f"{army} is overthrown" + (f" by the defended wall on {SPACE_NAMES[ahead]}"
                                                  if by_wall else ""))
        else:
            lost = _destroyed(before, after, fort_now, now)
            explained.add((fort_now, now))
            out.append(f"{army} advances to {SPACE_NAMES[now]}" + (f", destroying {lost}" if lost else ""))
    return out


def _pairs_formed(before, after, j, viewer) -> list:
    """Pairs a newly visible wall of j's fort forms with its ring neighbours."""
    out = []
    for space in range(SPACES):
        c = int(top_card(after, j, space))
        if c < 0 or c == top_card(before, j, space) or not is_wall(c):
            continue
        for d in (SPACES - 1, 1):
            nb = (space + d) % SPACES
            o = int(top_card(after, j, nb))
            y = shared_symbol(c % CARDS_PER_COLOUR, o % CARDS_PER_COLOUR) if o >= 0 and is_wall(o) else -1
            if y >= 0:
                out.append(f"a {SYMBOL_NAMES[y]} pair forms in {poss_word(j, viewer)} fort "
                           f"({SPACE_NAMES[space]} and {SPACE_NAMES[nb]})")
    return out


def _dungeon_events(before, after, j, viewer):
    """What left j's dungeon, in two lists: what the effects did (tops struck by siege towers or
    revealed by a mason pair: public, faces named) and the cards j drew (faces only to j). The
    dungeon's count closes the last of them."""
    effects, draws = [], []
    size_was, size_now = int(before["dungeon_size"][j]), int(after["dungeon_size"][j])
    struck = [int(before["dungeon"][j, i]) for i in range(size_was)
              if after["discard"][j, j * CARDS_PER_COLOUR + before["dungeon"][j, i]]]
    if struck:
        names = "; ".join(wall_name(w) for w in struck)
        effects.append(f"{poss_word(int(before['turn_seat']), viewer)} siege tower destroys the top "
                       f"card{'s' if len(struck) > 1 else ''} of {poss_word(j, viewer)} dungeon: {names}")
    if (j == after["turn_seat"] and after["pending_card"] >= 0 and after["pending_from_top"]
            and before["pending_card"] < 0):
        effects.append(f"the top card of {poss_word(j, viewer)} dungeon is {wall_name(int(after['pending_card']))}")
    drawn = np.flatnonzero(after["hand"][j] & ~before["hand"][j])
    if drawn.size:
        if j == viewer:
            draws.append("you draw " + "; ".join(wall_name(int(w)) for w in drawn))
        else:
            draws.append(f"{verb(j, viewer, 'draw')} {drawn.size} card{'s' if drawn.size > 1 else ''}")
    if size_now != size_was:
        last = draws or effects
        count = f"dungeon {size_was} -> {size_now}"
        if last:
            last[-1] += f" ({count})"
        else:
            effects.append(f"{poss_word(j, viewer)} {count}")
    return effects, draws


def events(before, after, viewer=None) -> list:
    """What happened between two records beyond the decision itself, said to ``viewer`` (None: the
    neutral narrator): armies marching and destroying, spaces destroyed, pairs formed, dungeon tops
    struck or revealed, cards drawn (as counts, except to the drawer), drawbridges, whose turn, the
    end."""
    out = []
    n = int(after["num_players"])
    explained = set()
    for j in range(n):
        out += _army_events(before, after, j, viewer, explained)
    for j in range(n):
        lost = [f"{SPACE_NAMES[space]} {what}" for space in range(SPACES) if (j, space) not in explained
                for what in [_destroyed(before, after, j, space)] if what]
        if lost:
            out.append(f"destroyed in {poss_word(j, viewer)} fort: " + ", ".join(lost))
        out += _pairs_formed(before, after, j, viewer)
    drawn = []
    for j in range(n):
        struck, draws = _dungeon_events(before, after, j, viewer)
        out += struck
        drawn += draws
        if before["drawbridge"][j] >= 0 and after["drawbridge"][j] < 0:
            out.append(f"{poss_word(j, viewer)} drawbridge comes back: its door wall is gone or covered")
    out += drawn
    live = after["stage"] != ST_OVER
    seat = int(after["turn_seat"])
    extra = before["drawbridge"][seat] < 0 <= after["drawbridge"][seat] and after["turn_seat"] == before["turn_seat"]
    if after["end_triggered"] and not before["end_triggered"]:
        empty = [poss_word(j, viewer) for j in range(n) if after["dungeon_size"][j] == 0]
        out.append(f"{' and '.join(empty) or 'a'} dungeon is empty: the round is played out, then the game ends")
    if live and after["stage"] != ST_FIRST_CAMP and (
            after["turn_seat"] != before["turn_seat"] or after["turns"].sum() != before["turns"].sum()
            or before["stage"] == ST_FIRST_CAMP):
        out.append(f"{poss_word(seat, viewer)} turn")
    elif live and extra:
        out.append(f"{poss_word(seat, viewer)} extra turn (the drawbridge)")
    if not live and before["stage"] != ST_OVER:
        won = [seat_word(j, viewer) for j in range(n) if after["winner"][j]]
        out.append("game over: " + ", ".join(won) + " won")
    return out
