"""Forfort in words: the names of walls and cards, each decision described, and what happens
between decisions (armies marching, dungeons shrinking, turns, the end) for the transcripts."""
from __future__ import annotations

from .content import WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .state import (ARMIES, ARMY, ARMY_OVERTHROWN, ARMY_RESERVE, BUILD, CAMP, CARDS_PER_COLOUR,
                    DIRECTION, DIRECTION_NAMES, DISCARD, DRAWBRIDGE, EFFECT, FIRST_ARMY,
                    NUM_ACTIONS, OPPONENT, PAIR, PICK, PICK_TOP, ROW, SHAPE_NAMES, SPACE,
                    SPACE_NAMES, ST_OVER, SYMBOL_NAMES, WALLS)

KIND_SUFFIX = ("", " with a door", " (defended)")   # normal, door, defended
ROW_NAMES = ("second", "third")                      # the catapult's rows, as ROW counts them
SYMBOL_LETTERS = "MRCTG"                             # SYMBOL_NAMES by initial (T: siege tower)
SHAPE_LETTERS = "CS"                                 # corner, straight
KIND_LETTERS = "ndD"                                 # normal, door, defended


def wall_name(w: int) -> str:
    """'corner wall with a door [mason]': shape, kind and symbols of wall w."""
    syms = "/".join(SYMBOL_NAMES[y] for y in WALL_SYMBOLS[w] if y >= 0)
    return f"{SHAPE_NAMES[WALL_SHAPE[w]]} wall{KIND_SUFFIX[int(WALL_KIND[w])]} [{syms}]"


def short_card(card: int) -> str:
    """Four characters for the text board: shape C/S, kind n/d/D, symbols by initial."""
    k = int(card) % CARDS_PER_COLOUR
    if k >= WALLS:
        return "camp" if k < FIRST_ARMY else "army"
    syms = "".join(SYMBOL_LETTERS[y] for y in WALL_SYMBOLS[k] if y >= 0)
    return f"{SHAPE_LETTERS[WALL_SHAPE[k]]}{KIND_LETTERS[WALL_KIND[k]]}{syms:<2}"


def describe_action(s, a) -> str:
    """Action ``a`` of the seat to act, in words."""
    seat = int(s["actor"])
    n = int(s["num_players"])

    def who(rel):
        return "my" if rel == 0 else f"player_{(seat + rel) % n}'s"

    if not 0 <= a < NUM_ACTIONS:
        return f"no such action {a}"
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
        return f"{SPACE_NAMES[space]} of {who(rel)} fort"
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


def events(before, after) -> list:
    """Armies marching, dungeons shrinking, a turn beginning, the game ending."""
    out = []
    n = int(after["num_players"])
    for j in range(n):
        for k in range(ARMIES):
            was, now = int(before["army_space"][j, k]), int(after["army_space"][j, k])
            fort_was, fort_now = int(before["army_fort"][j, k]), int(after["army_fort"][j, k])
            if fort_was >= 0 and (fort_now != fort_was or now != was):
                where = {ARMY_RESERVE: "marches out and returns to player_%d" % j,
                         ARMY_OVERTHROWN: "is overthrown by a defended wall"}.get(
                    fort_now, f"advances to {SPACE_NAMES[now] if now >= 0 else '?'}")
                out.append(f"player_{j}'s army in player_{fort_was}'s fort {where}")
        size_was, size_now = int(before["dungeon_size"][j]), int(after["dungeon_size"][j])
        if size_now != size_was:
            out.append(f"player_{j}'s dungeon {size_was} -> {size_now}")
    if after["stage"] != ST_OVER and (after["turn_seat"] != before["turn_seat"]
                                      or after["turns"].sum() != before["turns"].sum()):
        out.append(f"player_{int(after['turn_seat'])}'s turn")
    if after["stage"] == ST_OVER and before["stage"] != ST_OVER:
        out.append("game over: " + ", ".join(f"player_{j}" for j in range(n) if after["winner"][j]) + " won")
    return out
