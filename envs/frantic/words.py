"""Frantic in words: each decision described, and what happens between decisions (dice, moves,
cards taken, events, draws, rounds) for transcripts and human play.

Words are said to a ``viewer``: a seat hears "you", and never hears what it may not see (the cards
another player draws). ``viewer=None`` is the actor's own voice for a decision and the neutral
narrator's for events, which tells only what everyone sees.
"""
from __future__ import annotations


from .content import (
    CARD_KIND, END, EVENT_NAMES, KIND_NAMES, ORIENT_NAMES, PLAY_CARD_KIND, PLAY_ORIENT, PUSH, JUMP,
    REACTION_KINDS, START, TELEPORT_AT, NUM_SPACES)
from .state import (
    CARD, GIFT_TO, MAGNET_AT, PASS, PLACE, REACT, ST_BLOCK, ST_NICE_TRY, ST_OVER, ST_RE_ROLL, ST_RESTOCK,
    ST_SETUP, TAKE, TOKEN, BLOCK_FOR_NAMES, ST_REMOTE, ST_SWAP, ST_MARCH, L_THROW, L_EVENT)


def space_name(p: int) -> str:
    """'start', 'the skull', 'space 17 (teleport 2)', 'space 9'."""
    p = int(p)
    if p == START:
        return "the start"
    if p == END:
        return "the skull (50)"
    k = int(TELEPORT_AT[p])
    return f"space {p} (teleport {k + 1})" if k >= 0 else f"space {p}"


def play_kind_name(k: int) -> str:
    kind = int(PLAY_CARD_KIND[k])
    name = KIND_NAMES[kind]
    if kind == PUSH or kind == JUMP:
        name += f" pointing {ORIENT_NAMES[int(PLAY_ORIENT[k])]}"
    return name


def card_words(c: int, orient: int = 0) -> str:
    kind = int(CARD_KIND[c])
    name = KIND_NAMES[kind]
    if kind == PUSH or kind == JUMP:
        name += f" ({ORIENT_NAMES[int(orient)]})"
    return name


def seat_word(j: int, viewer) -> str:
    return "you" if viewer is not None and j == viewer else f"player_{j}"


def token_word(j: int, viewer) -> str:
    return "your token" if viewer is not None and j == viewer else f"player_{j}'s token"


def describe_action(s, a, viewer=None) -> str:
    """Words for action ``a`` of the seat to act, said to ``viewer`` (None: the actor's own voice)."""
    a = int(a)
    seat = int(s["actor"])
    n = int(s["num_players"])
    who = "" if viewer is None else seat_word(seat, viewer)
    who = (who[0].upper() + who[1:] + ": ") if who else ""
    st = int(s["stage"])
    if PASS.has(a):
        what = {ST_RE_ROLL: "let the number stand", ST_BLOCK: "take the attack",
                ST_NICE_TRY: "let the round end"}.get(st, "pass")
        return f"{who}pass ({what})"
    def tok(t):
        if viewer is None:
            return "my token" if t == seat else f"player_{t}'s token"
        return token_word(t, viewer)

    if TOKEN.has(a):
        t = (seat + TOKEN.split(a)) % n
        what = {ST_REMOTE: "Remote moves", ST_SWAP: "Swap with", ST_MARCH: "Marching Orders for"}.get(st, "choose")
        return f"{who}{what} {tok(t)}"
    if GIFT_TO.has(a):
        r, amt = GIFT_TO.split(a)
        t = (seat + r) % n
        return f"{who}Gift moves {tok(t)} {amt + 1} space{'s' if amt else ''} forward"
    if TAKE.has(a):
        return f"{who}take the open {KIND_NAMES[TAKE.split(a)]} from the Market"
    if MAGNET_AT.has(a):
        p = MAGNET_AT.split(a)
        c = int(s["top"][p])
        what = card_words(c, int(s["orient"][c])) if c >= 0 else "a card"
        return f"{who}Magnet takes the {what} from {space_name(p)}"
    if REACT.has(a):
        r, p = REACT.split(a)
        kind = int(REACTION_KINDS[r])
        if kind == REACTION_KINDS[0]:
            why = f"to block the {BLOCK_FOR_NAMES[int(s['block_for'])]}"
        elif kind == REACTION_KINDS[1]:
            why = "to send the tokens on the skull to teleport 6"
        else:
            owner = int(s["roll_owner"])
            whose = ("my" if owner == seat else f"player_{owner}'s") if viewer is None else (
                "your" if owner == viewer else f"player_{owner}'s")
            why = f"on the {int(s['roll_value'])} of {whose} D{int(s['roll_die'])}"
        return f"{who}play {KIND_NAMES[kind]} onto {space_name(p)} {why}"
    if CARD.has(a):
        return f"{who}choose {play_kind_name(CARD.split(a))} to play"
    if PLACE.has(a):
        k, p = int(s["chosen"]), PLACE.split(a)
        tail = " (set-up: no effect)" if st == ST_SETUP else (" (Restock: no effect)" if st == ST_RESTOCK else "")
        return f"{who}play {play_kind_name(k)} onto {space_name(p)}{tail}"
    return f"no such action {a}"


def events(before, after, viewer=None) -> list:
    """What changed between two records without a decision, in words everyone may hear."""
    out = []
    n = int(after["num_players"])
    for i in range(int(after["log_len"])):
        kind, a, b, c = (int(x) for x in after["log"][i])
        if kind == L_THROW:
            out.append(f"{seat_word(c, viewer)} throw{'' if viewer == c else 's'} the D{a}: {b}")
        elif kind == L_EVENT:
            out.append(f"event {EVENT_NAMES[a]} (D20 face {c})")
    new_round = int(after["round"]) > int(before["round"])
    if new_round and int(after["stage"]) != ST_OVER:
        return out + _round_words(after, viewer, n)
    for i in range(n):
        b, a = int(before["pos"][i]), int(after["pos"][i])
        if a != b:
            out.append(f"{token_word(i, viewer)} goes from {space_name(b)} to {space_name(a)}")
    for p in range(NUM_SPACES):
        if int(after["height"][p]) < int(before["height"][p]) and int(after["round"]) == int(before["round"]):
            c = int(before["top"][p])
            out.append(f"the {card_words(c, int(before['orient'][c]))} leaves {space_name(p)}")
    for i in range(n):
        d = int(after["hand_count"][i]) - int(before["hand_count"][i])
        if d > 0:
            if viewer == i:
                got = [KIND_NAMES[k] for k in range(len(KIND_NAMES))
                       for _ in range(max(0, int(after["hand_kind"][i, k]) - int(before["hand_kind"][i, k])))]
                out.append(f"you take {', '.join(got)}")
            else:
                out.append(f"{seat_word(i, viewer)} take{'s' if viewer != i else ''} {d} card{'s' if d > 1 else ''}")
    if new_round:
        return out + _round_words(after, viewer, n)
    if int(after["turn_seat"]) != int(before["turn_seat"]) and int(after["stage"]) != ST_OVER:
        out.append(f"{seat_word(int(after['turn_seat']), viewer)}'s turn" if viewer != int(after["turn_seat"])
                   else "your turn")
    return out


def _round_words(after, viewer, n) -> list:
    """A round's end: its minus points and the totals; the game's end or the next round's start."""
    out = []
    scores = ", ".join(f"{seat_word(i, viewer)} {int(after['round_score'][i])}" for i in range(n))
    out.append(f"round {int(after['round'])} ends: minus points {scores}; "
               f"totals {', '.join(str(int(x)) for x in after['points'][:n])}")
    if int(after["stage"]) == ST_OVER:
        won = [seat_word(i, viewer) for i in range(n) if after["winner"][i]]
        out.append(f"the game ends: {' and '.join(won)} with the fewest minus points")
    else:
        out.append(f"a new round: player_{int(after['first_player'])} starts")
    return out
