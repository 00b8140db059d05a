"""Forfort as a picture: each player's fort round its dungeon, armies, drawbridges and scores."""
from __future__ import annotations

import numpy as np

from ..common.render import SEAT_COLOURS, figure_to_rgb, new_figure
from . import core
from .content import WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .state import (ARMIES, AXIS_SPACES, CARDS_PER_COLOUR, SPACE_COL, SPACE_ROW, SPACES, ST_OVER,
                    WALLS)

KIND_FILL = ("#d9c9a3", "#b5894f", "#7d7d7d")   # normal, door, defended
ARROWS = ("^", ">", "v", "<")


def render_rgb(s) -> np.ndarray:
    n = int(s["num_players"])
    fig = new_figure(3.2 * n, 3.9)
    for j in range(n):
        ax = fig.add_subplot(1, n, j + 1)
        _draw_fort(ax, s, j, n)
    title = "Forfort — " + ("game over: winner " + ", ".join(
        f"player_{j}" for j in range(n) if s["winner"][j]) if s["stage"] == ST_OVER
        else f"player_{int(s['actor'])} to act")
    fig.suptitle(title, fontsize=11)
    return figure_to_rgb(fig)


def _draw_fort(ax, s, j, n):
    from matplotlib.patches import FancyArrow, Rectangle

    ax.set_xlim(-0.1, 3.1)
    ax.set_ylim(-0.1, 3.1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"player_{j}: {int(core.seat_points(s, j, True))} pts, hand {int(s['hand_count'][j])}",
                 color=SEAT_COLOURS[j], fontsize=9)
    for space in range(SPACES):
        x, y = SPACE_COL[space], 2 - SPACE_ROW[space]
        c = int(core.top_card(s, j, space))
        h = int(s["height"][j, space])
        fill, label = "white", ""
        if c >= 0:
            k = c % CARDS_PER_COLOUR
            if k < WALLS:
                fill = KIND_FILL[WALL_KIND[k]]
                label = ("corner" if WALL_SHAPE[k] == 0 else "straight") + "\n" + "".join(
                    "MRCTG"[y_] for y_ in WALL_SYMBOLS[k] if y_ >= 0)
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
