"""Forfort drawn: the text board (each fort round its dungeon, counts, discards, hands) and the
picture (matplotlib, imported only when a picture is asked for)."""
from __future__ import annotations

import numpy as np

from ..common.render import SEAT_COLOURS, figure_to_rgb, new_figure
from .content import WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .places import top_card
from .scoring import seat_points
from .state import (ARMIES, ARMY_OVERTHROWN, ARMY_RESERVE, AXIS_NAMES, AXIS_SPACES, CARDS_PER_COLOUR,
                    DUNGEON_COL, DUNGEON_ROW, GRID, SHAPE_NAMES, SPACE_COL, SPACE_NAMES, SPACE_ROW,
                    SPACES, ST_OVER, STAGE_NAMES, WALLS)
from .words import SYMBOL_LETTERS, short_card, wall_name

CREST_NAMES = ("Lion", "Eagle", "Stag", "Bear")   # one a colour
ARROWS = "^>v<"                                   # an army heading north, east, south, west
KIND_FILL = ("#d9c9a3", "#b5894f", "#7d7d7d")     # normal, door, defended

# --------------------------------------------------------------------------- text


def render_text(s, seat=None) -> str:
    """The board as text; ``seat`` set: only that seat's hand is shown."""
    n = int(s["num_players"])
    lines = []
    status = "game over" if s["stage"] == ST_OVER else (
        f"player_{int(s['actor'])} to act: {STAGE_NAMES[int(s['stage'])]}")
    team = " (teams 0+2 v 1+3)" if s["teams"] else ""
    lines.append(f"Forfort, {n} players{team}; first player_{int(s['first_player'])}; {status}"
                 + ("; a dungeon is empty: last round" if s["end_triggered"] else ""))
    for j in range(n):
        size = int(s["dungeon_size"][j])
        top = AXIS_NAMES[int(s["dungeon_axis"][j, size - 1])] if size else "-"
        armies_in = [f"player_{o}" for o in range(n) for k in range(ARMIES) if s["army_fort"][o, k] == j]
        reserve = sum(int(s["army_fort"][j, k] == ARMY_RESERVE) for k in range(ARMIES))
        down = sum(int(s["army_fort"][j, k] == ARMY_OVERTHROWN) for k in range(ARMIES))
        lines.append(f"player_{j} ({CREST_NAMES[j]}): dungeon {size} (top arrows {top}), hand "
                     f"{int(s['hand_count'][j])}, camps left {int(s['camp_reserve'][j].sum())}, "
                     f"armies {reserve} ready/{down} overthrown, drawbridge "
                     f"{'up' if s['drawbridge'][j] < 0 else SPACE_NAMES[int(s['drawbridge'][j])]}, "
                     f"points now {int(seat_points(s, j, True))}")
        grid = [[None] * GRID for _ in range(GRID)]
        for space in range(SPACES):
            top_c = int(top_card(s, j, space))
            h = int(s["height"][j, space])
            cell = short_card(top_c) if top_c >= 0 else " .  "
            arm = "".join(f"{o}{ARROWS[int(s['army_dir'][o, k])]}" for o in range(n) for k in range(ARMIES)
                          if s["army_fort"][o, k] == j and s["army_space"][o, k] == space)
            grid[SPACE_ROW[space]][SPACE_COL[space]] = \
                f"{cell}{'+' + str(h - 1) if h > 1 else '  '}{arm:<2}"[:8].ljust(8)
        grid[DUNGEON_ROW][DUNGEON_COL] = "[dungn] "
        for r in range(GRID):
            lines.append("    " + " ".join(grid[r]))
        disc = [short_card(c).strip() for c in np.flatnonzero(s["discard"][j])]
        lines.append(f"    discard: {', '.join(disc) if disc else '-'}" + (
            f"   armies here: {', '.join(armies_in)}" if armies_in else ""))
        if seat is None or seat == j:
            hand = [wall_name(w) for w in np.flatnonzero(s["hand"][j])]
            lines.append(f"    hand: {'; '.join(hand) if hand else '-'}")
    if s["stage"] == ST_OVER:
        won = [f"player_{j}" for j in range(n) if s["winner"][j]]
        lines.append(f"winner: {', '.join(won)}")
    lines.append("key: C/S corner/straight wall, n/d/D normal/door/defended, symbols M mason R ram "
                 "C catapult T siege tower G guard; +k covered cards; 1^ army of player_1 heading north")
    return "\n".join(lines)


# --------------------------------------------------------------------------- picture


def render_rgb(s) -> np.ndarray:
    n = int(s["num_players"])
    fig = new_figure(3.2 * n, 3.9)
    for j in range(n):
        ax = fig.add_subplot(1, n, j + 1)
        _draw_fort(ax, s, j)
    title = "Forfort — " + ("game over: winner " + ", ".join(
        f"player_{j}" for j in range(n) if s["winner"][j]) if s["stage"] == ST_OVER
        else f"player_{int(s['actor'])} to act")
    fig.suptitle(title, fontsize=11)
    return figure_to_rgb(fig)


def _draw_fort(ax, s, j):
    from matplotlib.patches import FancyArrow, Rectangle

    n = int(s["num_players"])
    ax.set_xlim(-0.1, 3.1)
    ax.set_ylim(-0.1, 3.1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"player_{j}: {int(seat_points(s, j, True))} pts, hand {int(s['hand_count'][j])}",
                 color=SEAT_COLOURS[j], fontsize=9)
    for space in range(SPACES):
        x, y = SPACE_COL[space], 2 - SPACE_ROW[space]
        c = int(top_card(s, j, space))
        h = int(s["height"][j, space])
        fill, label = "white", ""
        if c >= 0:
            k = c % CARDS_PER_COLOUR
            if k < WALLS:
                fill = KIND_FILL[WALL_KIND[k]]
                label = SHAPE_NAMES[WALL_SHAPE[k]] + "\n" + "".join(
                    SYMBOL_LETTERS[y_] for y_ in WALL_SYMBOLS[k] if y_ >= 0)
            else:
                fill, label = "#f4e8c1", "camp"
        ax.add_patch(Rectangle((x + 0.04, y + 0.04), 0.92, 0.92, facecolor=fill,
                               edgecolor=SEAT_COLOURS[c // CARDS_PER_COLOUR] if c >= 0 else "#bbbbbb", lw=2))
        ax.text(x + 0.5, y + 0.5, label, ha="center", va="center", fontsize=7)
        if h > 1:
            ax.text(x + 0.9, y + 0.1, f"+{h - 1}", ha="right", va="bottom", fontsize=6)
        if s["drawbridge"][j] == space:
            ax.text(x + 0.1, y + 0.85, "⊟", fontsize=9, va="top")
    for owner in range(n):
        for k in range(ARMIES):
            if s["army_fort"][owner, k] == j:
                space = int(s["army_space"][owner, k])
                x, y = SPACE_COL[space] + 0.5, 2 - SPACE_ROW[space] + 0.5
                ax.plot(x, y, marker=ARROWS[int(s["army_dir"][owner, k])], markersize=16,
                        color=SEAT_COLOURS[owner], markeredgecolor="black")
    size = int(s["dungeon_size"][j])
    ax.add_patch(Rectangle((1.1, 1.1), 0.8, 0.8, facecolor="#333333"))
    ax.text(1.5, 1.5, f"{size}", color="white", ha="center", va="center", fontsize=10)
    if size:
        for space in AXIS_SPACES[int(s["dungeon_axis"][j, size - 1])]:
            dx = (SPACE_COL[space] - 1) * 0.28
            dy = (1 - SPACE_ROW[space]) * 0.28
            ax.add_patch(FancyArrow(1.5, 1.5, dx, dy, width=0.03, color="#ffcc00"))
