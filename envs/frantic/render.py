"""Frantic drawn: the track as text (rows of the board as they snake, cards on the spaces, tokens,
hands as counts, the scores so far) and as an RGB picture (matplotlib only when asked)."""
from __future__ import annotations

import numpy as np

from .content import (
    CARD_KIND, END, KIND_COLOUR, KIND_NAMES, NUM_SPACES, ORIENT_ARROWS, PUSH, JUMP, ROW_LEN,
    SPACE_COL, SPACE_ROW, START, TELEPORT_AT, NUM_KINDS)
from .state import LOC_MARKET, PHASE_NAMES, STAGE_NAMES, ST_OVER, NUM_STAGES

SHORT = ("Skp", "Rev", "Rem", "Gho", "Psh", "Jmp", "2nd", "Swp", "Gft", "Mag", "Tel", "Stp", "X", "Snl",
         "Blk", "NTy", "ReR", "F-U", "Trb")
COLOUR_RGB = ((0.30, 0.70, 0.30), (0.85, 0.25, 0.25), (0.25, 0.45, 0.85), (0.95, 0.60, 0.15),
              (0.70, 0.45, 0.80), (0.97, 0.97, 0.97))
SEAT_RGB = ((0.9, 0.1, 0.1), (0.1, 0.3, 0.9), (0.1, 0.7, 0.2), (0.9, 0.8, 0.1), (0.1, 0.1, 0.1), (0.6, 0.2, 0.8))


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


def render_figure(s, seat=None, last=()):
    import matplotlib.patches as patches

    from ..common.render import new_figure

    n = int(s["num_players"])
    fig = new_figure(10, 6.5, dpi=80)
    ax = fig.add_axes([0, 0.12, 1, 0.88])
    ax.set_xlim(-0.5, ROW_LEN - 0.5)
    ax.set_ylim(-0.7, 6.2)
    ax.axis("off")
    for p in range(NUM_SPACES):
        x, y = int(SPACE_COL[p]), int(SPACE_ROW[p])
        face = (0.92, 0.92, 0.85)
        if p == END:
            face = (0.2, 0.2, 0.2)
        elif p == START:
            face = (0.75, 0.9, 0.75)
        elif TELEPORT_AT[p] >= 0:
            face = (0.6, 0.85, 0.95)
        c = int(s["top"][p])
        if c >= 0:
            face = COLOUR_RGB[int(KIND_COLOUR[CARD_KIND[c]])]
        ax.add_patch(patches.Rectangle((x - 0.45, y - 0.4), 0.9, 0.8, facecolor=face, edgecolor="black"))
        label = "skull" if p == END else ("start" if p == START else (
            f"T{int(TELEPORT_AT[p]) + 1}" if TELEPORT_AT[p] >= 0 else ""))
        if c >= 0:
            k = int(CARD_KIND[c])
            label = SHORT[k] + (ORIENT_ARROWS[int(s["orient"][c])] if k in (PUSH, JUMP) else "")
        ax.text(x, y + 0.22, str(p), ha="center", va="center", fontsize=7,
                color="white" if p == END else "black")
        ax.text(x, y, label, ha="center", va="center", fontsize=8, color="white" if p == END else "black")
        here = [i for i in range(n) if int(s["pos"][i]) == p]
        for j, i in enumerate(here):
            ax.add_patch(patches.Circle((x - 0.3 + 0.12 * j, y - 0.25), 0.07, color=SEAT_RGB[i]))
    for r in range(1, 6):
        ax.plot([-0.5, ROW_LEN - 0.5], [r - 0.5, r - 0.5], color="black", lw=2.5)
    fig.text(0.01, 0.06, f"round {int(s['round']) + 1}, limit {int(s['point_limit'])}, pile {int(s['deck_size'])}; "
             f"player_{int(s['turn_seat'])}'s turn", fontsize=9)
    for i in range(n):
        fig.text(0.01 + 0.165 * i, 0.02, f"player_{i}: {int(s['points'][i])} pts, {int(s['hand_count'][i])} cards",
                 fontsize=8, color=SEAT_RGB[i])
    return fig
