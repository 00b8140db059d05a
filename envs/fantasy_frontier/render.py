"""Fantasy Frontier as text and as a picture (matplotlib, imported only when a picture is asked
for). The tile map with airships, townships and workers; each airship's board (workers, damage),
bays and points. ``seat`` hides the other players' map cards."""
from __future__ import annotations

import numpy as np

from .board import victory_points
from .content import DEV_KIND, DEV_KIND_NAMES, MAP_VP
from .state import (ASSIGNMENT_NAMES, CELL_Q, CELL_R, CELLS, DAMAGEABLE, FACTION_NAMES, MAP_CARDS,
                    RESOURCE_NAMES, SPOTS, STAGE_NAMES, TERRAIN_NAMES, DEV_CARDS, ST_OVER)
from .words import spot_name

TERRAIN_LETTER = "pfmw"
SEAT_LETTER = "ABCD"


def _bounds(s):
    used = [c for c in range(CELLS) if s["board"][c] >= 0]
    if not used:
        return 0, 0, 0, 0
    xs = [2 * CELL_Q[c] + CELL_R[c] for c in used]
    ys = [CELL_R[c] for c in used]
    return min(xs) - 2, max(xs) + 2, min(ys) - 1, max(ys) + 1


def map_text(s):
    """The tiles as text: each hex two characters wide, rows offset by half a hex. A tile shows its
    terrain letter (p plains, f forest, m mountains, w water) and what stands on it: an airship A-D
    (upper case), a township a-d (lower case, with '#'), a worker (digit = seat)."""
    x0, x1, y0, y1 = _bounds(s)
    grid = {}
    for c in range(CELLS):
        t = int(s["board"][c])
        if t < 0:
            continue
        x = 2 * int(CELL_Q[c]) + int(CELL_R[c])
        y = int(CELL_R[c])
        mark = " "
        for j in range(int(s["num_players"])):
            if s["ship"][j] == c:
                mark = SEAT_LETTER[j]
        if s["township"][c] >= 0:
            mark = "#" if mark == " " else mark
        if s["ground"][c] >= 0 and mark == " ":
            mark = str(int(s["ground"][c]))
        grid[(x, y)] = TERRAIN_LETTER[t] + mark
    lines = []
    for y in range(y0, y1 + 1):
        row = ""
        for x in range(x0, x1 + 1):
            if (x, y) in grid:
                row += grid[(x, y)]
            elif (x - 1, y) in grid:
                continue
            else:
                row += " "
        lines.append(row.rstrip())
    legend = ("map: p plains, f forest, m mountains, w water; after the letter: A-D an airship, # a township, "
              "0-3 a worker of that seat")
    return legend + "\n" + ("\n".join(l for l in lines if l.strip()) or "(no tiles)")


def seat_text(s, j, seat):
    f = int(s["faction"][j])
    lines = [f"player_{j} [{SEAT_LETTER[j]}] {FACTION_NAMES[f] if f >= 0 else '(no faction yet)'}: "
             f"{victory_points(s, j)} VP (combat {int(s['combat_vp'][j])}, townships {int(s['townships'][j])})"]
    bays = ", ".join(f"{RESOURCE_NAMES[r]} {int(s['bays'][j, r])}" for r in range(5))
    lines.append(f"  bays: {bays}")
    dmg = [ASSIGNMENT_NAMES[k] for k in range(DAMAGEABLE) if s["damaged"][j, k]]
    lines.append(f"  damaged: {', '.join(dmg) if dmg else 'none'}; hits this turn {int(s['hits'][j])}")
    held = [f"{int(s['held'][j, t])} {TERRAIN_NAMES[t]}" for t in range(4) if s["held"][j, t]]
    if held:
        lines.append(f"  tiles held: {', '.join(held)}")
    scored = [f"{m} ({int(MAP_VP[m])} VP)" for m in range(MAP_CARDS) if s["scored"][j, m]]
    if scored:
        lines.append(f"  map cards scored: {', '.join(scored)}")
    if seat is None or seat == j:
        hand = [str(m) for m in range(MAP_CARDS) if s["hand"][j, m]]
        lines.append(f"  map cards in hand: {', '.join(hand) if hand else 'none'}")
    else:
        lines.append(f"  map cards in hand: {int(s['hand_count'][j])} (hidden)")
    eq = [DEV_KIND_NAMES[int(DEV_KIND[d])] for d in range(DEV_CARDS) if s["equipped"][j, d]]
    if eq:
        lines.append(f"  equipped: {', '.join(eq)}")
    if s["countered"][j]:
        lines.append(f"  {int(s['countered'][j])} worker(s) spent counter-attacking")
    return "\n".join(lines)


def render_text(s, seat=None) -> str:
    n = int(s["num_players"])
    out = [f"Fantasy Frontier, round {int(s['round']) + 1}; player_{int(s['turn_seat'])}'s turn; "
           f"stage: {STAGE_NAMES[int(s['stage'])]}" + (f"; player_{int(s['actor'])} to act" if s["actor"] >= 0 else "")]
    out.append(map_text(s))
    for j in range(n):
        out.append(seat_text(s, j, seat))
    if int(s["stage"]) != ST_OVER:
        crew = [f"{spot_name(k)} {int(s['ready'][k])}/{int(s['crew'][k])}" for k in range(SPOTS) if s["crew"][k]]
        out.append(f"workers (ready/placed): {', '.join(crew) if crew else 'none'}; to place {int(s['to_place'])}")
    bag = ", ".join(f"{TERRAIN_NAMES[t]} {int(s['bag'][t])}" for t in range(4))
    out.append(f"bag: {bag}; research deck {int(s['deck_size'])}; damage markers {int(s['markers'])}")
    if int(s["stage"]) == ST_OVER:
        out.append("final: " + ", ".join(f"player_{j} {int(s['final'][j])}" for j in range(n)))
    return "\n".join(out)


COLOURS = {0: "#e8e3a0", 1: "#3f8f3f", 2: "#8b6b4a", 3: "#4a7fc1"}
SEAT_COLOURS = ("#1f4fff", "#1a9a1a", "#d01010", "#e0c000")


def render_figure(s, seat=None, last=()):
    import matplotlib.patches as patches

    from ..common.render import new_figure
    from matplotlib.patches import RegularPolygon

    fig = new_figure(12, 6, dpi=80)
    ax = fig.add_axes([0.0, 0.0, 0.5, 1.0])
    ax.set_aspect("equal")
    ax.axis("off")
    xs, ys = [], []
    for c in range(CELLS):
        t = int(s["board"][c])
        if t < 0:
            continue
        x = np.sqrt(3) * (CELL_Q[c] + CELL_R[c] / 2)
        y = -1.5 * CELL_R[c]
        xs.append(x)
        ys.append(y)
        ax.add_patch(RegularPolygon((x, y), 6, radius=0.98, facecolor=COLOURS[t], edgecolor="k", lw=0.5))
        if s["township"][c] >= 0:
            ax.add_patch(RegularPolygon((x, y + 0.4), 4, radius=0.3, facecolor=SEAT_COLOURS[int(s["township"][c])],
                                        edgecolor="k"))
        if s["ground"][c] >= 0:
            ax.plot([x - 0.45], [y - 0.35], "o", ms=6, color=SEAT_COLOURS[int(s["ground"][c])], mec="k")
    for j in range(int(s["num_players"])):
        c = int(s["ship"][j])
        if c >= 0:
            x = np.sqrt(3) * (CELL_Q[c] + CELL_R[c] / 2)
            y = -1.5 * CELL_R[c]
            ax.add_patch(patches.Ellipse((x, y - 0.1), 1.1, 0.55, facecolor=SEAT_COLOURS[j], edgecolor="k"))
            ax.text(x, y - 0.1, SEAT_LETTER[j], ha="center", va="center", color="w", fontsize=9, weight="bold")
    if xs:
        ax.set_xlim(min(xs) - 1.5, max(xs) + 1.5)
        ax.set_ylim(min(ys) - 1.5, max(ys) + 1.5)
    tx = fig.add_axes([0.5, 0.0, 0.5, 1.0])
    tx.axis("off")
    lines = []
    for j in range(int(s["num_players"])):
        dmg = "".join("X" if s["damaged"][j, k] else "." for k in range(DAMAGEABLE))
        bays = " ".join(f"{RESOURCE_NAMES[r][:4]}{int(s['bays'][j, r])}" for r in range(5))
        held = "".join(TERRAIN_LETTER[t] * int(s["held"][j, t]) for t in range(4)) or "-"
        f = int(s["faction"][j])
        lines.append((f"player_{j} {FACTION_NAMES[f].split(' (')[0] if f >= 0 else ''}: {victory_points(s, j)} VP "
                      f"(combat {int(s['combat_vp'][j])}, towns {int(s['townships'][j])})\n"
                      f"  damage {dmg} (pilot blast attack exit research)\n  {bays}\n"
                      f"  map cards {int(s['hand_count'][j])} held, {int(s['scored'][j].sum())} scored; tiles {held}",
                      SEAT_COLOURS[j]))
    crew = ", ".join(f"{spot_name(k)} {int(s['ready'][k])}/{int(s['crew'][k])}" for k in range(SPOTS) if s["crew"][k])
    lines.append((f"round {int(s['round']) + 1}, player_{int(s['turn_seat'])}'s turn: "
                  f"{STAGE_NAMES[int(s['stage'])]}\n  workers ready/placed: {crew or '-'}\n"
                  "tiles: plains pale, forest green, mountains brown, water blue;\n"
                  "oval: airship, diamond: township, dot: worker ashore", "k"))
    for i, (text, col) in enumerate(lines):
        tx.text(0.02, 0.97 - i * 0.19, text, color=col, fontsize=8.5, va="top", family="monospace")
    return fig
