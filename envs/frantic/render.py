"""Frantic drawn: the track as text (rows of the board as they snake, cards on the spaces, tokens,
hands, the scores so far) and as a picture (matplotlib, imported only when a picture is asked
for: every card on the track by its name in its colour, the tokens, each seat's minus points and
hand, the Market, the pile, a key). ``seat`` None is the full view (every hand shown); a seat's
view shows its own hand by kind and the others' as counts."""
from __future__ import annotations

import numpy as np

from ..common.render import (BANNER_H, SEAT_COLOURS, Area, draw_banner, draw_chips, draw_swatches, key_area, new_figure, text_inches,
                             seat_swatches)
from .content import (
    COLOUR_NAMES, NUM_COLOURS, CARD_KIND, END, KIND_COLOUR, KIND_NAMES, NUM_SPACES, ORIENT_ARROWS, PUSH, JUMP, ROW_LEN,
    PLAY_CARD_KIND, SPACE_COL, SPACE_ROW, START, TELEPORT_AT, NUM_KINDS)
from .state import (CARD, GIFT_TO, LOC_MARKET, MAGNET_AT, PHASE_NAMES, PLACE, REACT, STAGE_NAMES, ST_OVER, NUM_STAGES,
                    TAKE, TOKEN)
from .words import play_kind_name

SHORT = ("Skp", "Rev", "Rem", "Gho", "Psh", "Jmp", "2nd", "Swp", "Gft", "Mag", "Tel", "Stp", "X", "Snl",
         "Blk", "NTy", "ReR", "F-U", "Trb")
COLOUR_RGB = ((0.30, 0.70, 0.30), (0.85, 0.25, 0.25), (0.25, 0.45, 0.85), (0.95, 0.60, 0.15),
              (0.70, 0.45, 0.80), (0.97, 0.97, 0.97))


def cell(s, p) -> str:
    """Seven characters for space p: its label, its top card (and arrow), tokens as digits."""
    n = int(s["num_players"])
    if p == START:
        label = "ST"
    elif p == END:
        label = "##"
    elif TELEPORT_AT[p] >= 0:
        label = f"T{int(TELEPORT_AT[p]) + 1}"
    else:
        c = int(s["top"][p])
        if c < 0:
            label = "."
        else:
            k = int(CARD_KIND[c])
            label = SHORT[k] + (ORIENT_ARROWS[int(s["orient"][c])] if k in (PUSH, JUMP) else "")
            if int(s["height"][p]) > 1:
                label += f"{int(s['height'][p])}"
    toks = "".join(str(i) for i in range(n) if int(s["pos"][i]) == p)
    return f"{p:2d} {label:<5}" + (f"@{toks}" if toks else "").ljust(4)


def render_text(s, seat=None) -> str:
    n = int(s["num_players"])
    legend = ("cards: " + ", ".join(f"{SHORT[k]}={KIND_NAMES[k]}" for k in range(NUM_KINDS))
              + "; T1..T6 teleports, ST start, ## skull; > forward, < backward along the track, ^ v through the wall; "
              + "a digit after a card: cards in the stack; @0: player_0's token")
    lines = [f"Frantic, round {int(s['round']) + 1}, point limit {int(s['point_limit'])}; "
             f"player_{int(s['turn_seat'])}'s turn ({PHASE_NAMES[int(s['phase'])]})"]
    rows = max(int(SPACE_ROW[p]) for p in range(NUM_SPACES)) + 1
    for r in reversed(range(rows)):
        cells = [" " * 12] * ROW_LEN
        for p in range(NUM_SPACES):
            if SPACE_ROW[p] == r:
                cells[int(SPACE_COL[p])] = cell(s, p)
        arrow = "->" if r % 2 == 0 else "<-"
        lines.append(f"{arrow} " + "|".join(cells))
        if r > 0:
            lines.append("   " + "=" * (ROW_LEN * 13 - 1) + "  (wall)")
    for i in range(n):
        hand = f"{int(s['hand_count'][i])} cards"
        if seat is None or seat == i:
            kinds = [f"{KIND_NAMES[k]} x{int(s['hand_kind'][i, k])}" for k in range(NUM_KINDS) if s["hand_kind"][i, k]]
            hand += ": " + ", ".join(kinds)
        lines.append(f"player_{i}: token on {int(s['pos'][i])}, minus points {int(s['points'][i])}, hand {hand}")
    market = [KIND_NAMES[int(CARD_KIND[c])] for c in range(len(s["loc"])) if s["loc"][c] == LOC_MARKET]
    if market:
        lines.append("Market: " + ", ".join(market))
    lines.append(f"draw pile: {int(s['deck_size'])} cards")
    lines.append(legend)
    st = int(s["stage"])
    if st == ST_OVER:
        won = [f"player_{i}" for i in range(n) if s["winner"][i]]
        lines.append("game over; fewest minus points: " + ", ".join(won))
    elif st < NUM_STAGES:
        lines.append(f"player_{int(s['actor'])} to decide: {STAGE_NAMES[st]}")
    return "\n".join(lines)


ARROW_WORDS = ("forward", "backward", "up, through the wall", "down, through the wall")
TRACK_H, SEATS_ROW_H, KEY_H, WIDTH = 5.0, 0.32, 1.0, 12.5
CELL_W = WIDTH / ROW_LEN


def decision_words(s) -> str:
    n = int(s["num_players"])
    st = int(s["stage"])
    if st == ST_OVER:
        won = ", ".join(f"player_{i}" for i in range(n) if s["winner"][i])
        return f"game over: {won} won (fewest minus points)"
    words = f"player_{int(s['actor'])} to act: {STAGE_NAMES[st]}"
    if s["roll_die"] > 0 and s["roll_value"] > 0:
        words += f" (player_{int(s['roll_owner'])}'s D{int(s['roll_die'])} shows {int(s['roll_value'])})"
    if s["chosen"] >= 0:
        words += f" ({play_kind_name(int(s['chosen']))} chosen: onto which space?)"
    return words


def render_figure(s, seat=None, last=()):
    """The banner (the decision, whose view, the last decision and what followed it); the track
    as it snakes up the board, each card by its name in its colour (Push and Jump with their
    arrows, a stack's height), the teleports, the tokens; a line for each seat; the Market and
    the pile; the key."""
    n = int(s["num_players"])
    seats_h = SEATS_ROW_H * (n + 1) + 0.15
    height = BANNER_H + TRACK_H + seats_h + KEY_H
    fig = new_figure(WIDTH, height)
    title = (f"Frantic, {n} players: round {int(s['round']) + 1}, player_{int(s['turn_seat'])}'s turn "
             f"({PHASE_NAMES[int(s['phase'])]}); the game ends at {int(s['point_limit'])} minus points")
    draw_banner(fig, title, decision_words(s), "black" if s["actor"] < 0 else SEAT_COLOURS[int(s["actor"])], seat, last)
    rows = int(max(SPACE_ROW)) + 1
    _draw_track(Area(fig, (0, (KEY_H + seats_h) / height, 1, TRACK_H / height), (-0.5, ROW_LEN - 0.5),
                     (-0.55, rows - 0.45)), s)
    _draw_seats(Area(fig, (0, KEY_H / height, 1, seats_h / height), (0, WIDTH), (0, seats_h)), s, seats_h, seat)
    _draw_key(key_area(fig, KEY_H), n)
    return fig


def action_place(s, a):
    """Where a move is played on the picture (the gid drawn there): a space of the track (the
    chosen card put there, a Magnet, a reaction); a card kind in the mover's hand (the card chosen
    to play) or in the Market (taken); a seat's token (Remote, Swap, Marching Orders, Gift)."""
    me, n = int(s["actor"]), int(s["num_players"])
    if PLACE.has(a):
        return f"space-{PLACE.split(a)}"
    if MAGNET_AT.has(a):
        return f"space-{MAGNET_AT.split(a)}"
    if REACT.has(a):
        return f"space-{REACT.split(a)[1]}"
    if CARD.has(a):
        return f"hand-{me}-{int(PLAY_CARD_KIND[CARD.split(a)])}"
    if TAKE.has(a):
        return f"market-{TAKE.split(a)}"
    if TOKEN.has(a):
        return f"token-{(me + TOKEN.split(a)) % n}"
    if GIFT_TO.has(a):
        return f"token-{(me + GIFT_TO.split(a)[0]) % n}"
    return None


def card_chip(label, gid, kind):
    """A card of ``kind`` as a chip (``draw_chips``' entry) in its colour, as on the track."""
    colour = int(KIND_COLOUR[kind])
    return label, gid, COLOUR_RGB[colour], "white" if colour in (1, 2) else "black"


def _draw_track(ax, s):
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Rectangle

    n = int(s["num_players"])
    rows = int(max(SPACE_ROW)) + 1
    for p in range(NUM_SPACES):
        x, y = int(SPACE_COL[p]), int(SPACE_ROW[p])
        face, label, ink = "#f2f0e6", "", "black"
        if p == END:
            face, label, ink = "#222222", "skull\n(the end)", "white"
        elif p == START:
            face, label = "#cfe8cf", "start"
        elif TELEPORT_AT[p] >= 0:
            face, label = "#d7ecf7", f"teleport {int(TELEPORT_AT[p]) + 1}"
        c = int(s["top"][p])
        if c >= 0:
            k = int(CARD_KIND[c])
            face = COLOUR_RGB[int(KIND_COLOUR[k])]
            label = KIND_NAMES[k].replace(" ", "\n")
            if k in (PUSH, JUMP):
                label += " " + ORIENT_ARROWS[int(s["orient"][c])]
            if int(s["height"][p]) > 1:
                label += f"\n(stack of {int(s['height'][p])})"
            ink = "white" if int(KIND_COLOUR[k]) in (1, 2) else "black"
        ax.add_artist(Rectangle((x - 0.46, y - 0.36), 0.92, 0.72, facecolor=face, edgecolor="#333333", lw=0.8,
                                gid=f"space-{p}"))
        ax.text(x - 0.4, y + 0.28, str(p), ha="left", va="center", fontsize=6.5, color=ink)
        ax.text(x, y + 0.02, label, ha="center", va="center", fontsize=7.5, color=ink, weight="bold" if c >= 0 else "normal")
        here = [i for i in range(n) if int(s["pos"][i]) == p]
        for j, i in enumerate(here):
            cx = x - 0.33 + 0.17 * j
            ax.add_artist(Circle((cx, y - 0.24), 0.085, facecolor=SEAT_COLOURS[i], edgecolor="black", lw=0.8, zorder=4,
                                 gid=f"token-{i}"))
            ax.text(cx, y - 0.24, str(i), ha="center", va="center", fontsize=6, color="white", weight="bold", zorder=5)
    for r in range(1, rows):
        ax.add_artist(Line2D([-0.5, ROW_LEN - 0.5], [r - 0.5, r - 0.5], color="black", lw=3))
    ax.text(-0.45, -0.5, "the track runs from start along the bottom row, up the board row by row "
            "(left to right, then right to left), to the skull", fontsize=7, va="center", color="#555555")


def _draw_seats(ax, s, h, seat):
    n = int(s["num_players"])
    y = h - 0.2
    for i in range(n):
        on = s["turn_seat"] == i and s["stage"] != ST_OVER
        words = (f"{'> ' if on else ''}player_{i}: {int(s['points'][i])} minus points (last round {int(s['round_score'][i])}), "
                 f"token on space {int(s['pos'][i])}, {int(s['hand_count'][i])} cards in hand")
        shown = seat is None or seat == i
        ax.text(0.2, y, words + (":" if shown else ""), fontsize=8.5, va="center", color=SEAT_COLOURS[i],
                weight="bold" if on else "normal")
        if shown:       # each kind held a card a click picks (the card chosen to play)
            draw_chips(ax, 0.3 + text_inches(words + ":", 8.5, bold=on), y,
                       [card_chip(KIND_NAMES[k] + (f" x{int(s['hand_kind'][i, k])}" if s["hand_kind"][i, k] > 1 else ""),
                                  f"hand-{i}-{k}", k) for k in range(NUM_KINDS) if s["hand_kind"][i, k]])
        y -= SEATS_ROW_H
    market = np.bincount(CARD_KIND[np.flatnonzero(s["loc"] == LOC_MARKET)], minlength=NUM_KINDS)
    ax.text(0.2, y, "Market:", fontsize=8.5, va="center")
    x = draw_chips(ax, 0.3 + text_inches("Market:", 8.5), y,
                   [card_chip(KIND_NAMES[k] + (f" x{int(market[k])}" if market[k] > 1 else ""), f"market-{k}", k)
                    for k in np.flatnonzero(market)])
    ax.text(x + 0.05, y, ("" if market.any() else "empty;  ") + f"draw pile: {int(s['deck_size'])} cards",
            fontsize=8.5, va="center")


def _draw_key(ax, n):
    draw_swatches(ax, 0.15, 0.82, seat_swatches(n) + [(None, "(a numbered disc: that seat's token)")])
    x = 0.15
    for colour in range(NUM_COLOURS):
        kinds = ", ".join(KIND_NAMES[k] for k in range(NUM_KINDS) if KIND_COLOUR[k] == colour)
        x = draw_swatches(ax, x, 0.5 if colour < 3 else 0.2, [(COLOUR_RGB[colour], f"{COLOUR_NAMES[colour]}: {kinds}")])
        if colour == 2:
            x = 0.15
    draw_swatches(ax, x + 0.1, 0.2, [(None, "arrows: " + ", ".join(f"{a} {w}" for a, w in zip(ORIENT_ARROWS, ARROW_WORDS)))])
