"""Frontier as text ("ansi") and as a picture of the island ("rgb_array", matplotlib)."""
from __future__ import annotations

import math

import numpy as np

from .board import public_points, total_points
from .state import (CARD_NAMES, CORNER_XY, EDGE_CORNERS, GENERAL_HARBOUR, HARBOUR_CORNERS,
                    HEX_CENTRE, KEEP, NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES, NUM_HARBOURS,
                    NUM_HEXES, NUM_RESOURCES, ST_GAME_OVER, STAGE_NAMES, RESOURCE_NAMES,
                    TERRAIN_NAMES, VILLAGE, KNIGHT)

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#f0f0f0", "#ff7f0e")
PLAYER_COLOUR_NAMES = ("red", "blue", "white", "orange")
TERRAIN_COLOURS = ("#2e7d32", "#c0652b", "#9ccc65", "#f4d03f", "#8d8d8d", "#e8d7a5")
SQRT3_2 = math.sqrt(3) / 2


def harbour_text(s, i, seat):
    if s["harbour_revealed"][i] == 0 and seat is not None:
        return "?"
    k = int(s["harbour_kind"][i])
    return "3:1" if k == GENERAL_HARBOUR else f"2:1 {RESOURCE_NAMES[k]}"


def render_text(s, seat=None) -> str:
    """The position in words; ``seat`` hides what that seat may not see (None shows all)."""
    n = int(s["num_players"])
    lines = []
    if s["stage"] == ST_GAME_OVER:
        status = f"game over, player_{int(s['winner'])} wins"
    else:
        status = f"player_{int(s['actor'])} to act ({STAGE_NAMES[int(s['stage'])]})"
    dice = int(s["dice"][0] + s["dice"][1])
    lines.append(f"Frontier, {n} players, turn {int(s['turn'])}, player_{int(s['turn_seat'])} on turn; {status}"
                 + (f"; last throw {dice}" if dice else ""))
    hexes = []
    for h in range(NUM_HEXES):
        num = int(s["hex_number"][h])
        band = "*" if s["bandit"] == h else ""
        hexes.append(f"{h}:{TERRAIN_NAMES[int(s['hex_terrain'][h])]}{num if num else ''}{band}")
    lines.append("island: " + " ".join(hexes))
    lines.append("harbours: " + ", ".join(
        f"{int(HARBOUR_CORNERS[i, 0])}-{int(HARBOUR_CORNERS[i, 1])} {harbour_text(s, i, seat)}"
        for i in range(NUM_HARBOURS)))
    lines.append("bank: " + ", ".join(f"{int(s['bank'][r])} {RESOURCE_NAMES[r]}" for r in range(NUM_RESOURCES))
                 + f"; {int(s['deck_size'] - s['deck_top'])} cards in the deck")
    for p in range(n):
        vill = [c for c in range(NUM_CORNERS) if s["corner_owner"][c] == p and s["corner_level"][c] == VILLAGE]
        keeps = [c for c in range(NUM_CORNERS) if s["corner_owner"][c] == p and s["corner_level"][c] == KEEP]
        roads = [e for e in range(NUM_EDGES) if s["edge_owner"][e] == p]
        shown = seat is None or seat == p
        pts = int(total_points(s, p)) if shown or s["stage"] == ST_GAME_OVER else int(public_points(s, p))
        awards = []
        if s["longest_road"] == p:
            awards.append("longest road")
        if s["largest_army"] == p:
            awards.append("largest army")
        lines.append(f"player_{p} ({PLAYER_COLOUR_NAMES[p]}): {pts} points"
                     + (f" [{', '.join(awards)}]" if awards else "")
                     + f", road {int(s['road_length'][p])}, knights {int(s['cards_played'][p, KNIGHT])}")
        lines.append(f"    villages {vill}, keeps {keeps}, roads {roads}")
        if shown:
            hand = ", ".join(f"{int(s['hand'][p, r])} {RESOURCE_NAMES[r]}" for r in range(NUM_RESOURCES))
            cards = ", ".join(f"{int(s['cards'][p, k])} {CARD_NAMES[k]}" for k in range(NUM_CARD_KINDS)
                              if s["cards"][p, k])
            lines.append(f"    hand: {hand}; cards: {cards or '-'}")
        else:
            lines.append(f"    hand: {int(s['hand'][p].sum())} cards; {int(s['cards'][p].sum())} opportunity cards")
    if s["trade_get"] >= 0:
        lines.append(f"on the table: player_{int(s['turn_seat'])} offers {int(s['trade_give_count'])} "
                     f"{RESOURCE_NAMES[int(s['trade_give'])]} for {int(s['trade_get_count'])} "
                     f"{RESOURCE_NAMES[int(s['trade_get'])]}")
    return "\n".join(lines)


def _xy(doubled):
    """Doubled integer coordinates to the plane (y up)."""
    return doubled[0] * SQRT3_2, -doubled[1] * 0.5


def render_rgb(s) -> np.ndarray:
    """A picture of the island: terrain colours, numbers, harbours, pieces, the bandit."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Polygon, RegularPolygon

    fig = Figure(figsize=(6, 6), dpi=100)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_xlim(-5.6, 5.6)
    ax.set_ylim(-5.6, 5.6)
    fig.patch.set_facecolor("#4a90c2")
    for h in range(NUM_HEXES):
        x, y = _xy(HEX_CENTRE[h])
        ax.add_patch(RegularPolygon((x, y), 6, radius=1.0, orientation=0.0,
                                    facecolor=TERRAIN_COLOURS[int(s["hex_terrain"][h])],
                                    edgecolor="#5b4a2f", linewidth=1.5))
        num = int(s["hex_number"][h])
        if num:
            ax.add_patch(Circle((x, y), 0.3, facecolor="#fdf5e0", edgecolor="black", linewidth=0.8))
            ax.text(x, y, str(num), ha="center", va="center", fontsize=11, fontweight="bold",
                    color="#c62828" if num in (6, 8) else "black")
        if s["bandit"] == h:
            ax.add_patch(Circle((x - 0.45, y + 0.35), 0.18, facecolor="#222222", edgecolor="white"))
    for i in range(NUM_HARBOURS):
        a, b = HARBOUR_CORNERS[i]
        xa, ya = _xy(CORNER_XY[a])
        xb, yb = _xy(CORNER_XY[b])
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        norm = math.hypot(mx, my) or 1.0
        hx, hy = mx + 0.55 * mx / norm, my + 0.55 * my / norm
        for cx, cy in ((xa, ya), (xb, yb)):
            ax.plot([cx, hx], [cy, hy], color="#7a5c2e", linewidth=2)
        label = harbour_text(s, i, 0) if s["harbour_revealed"][i] else "?"
        ax.text(hx, hy, label.replace(" ", "\n"), ha="center", va="center", fontsize=7,
                bbox=dict(boxstyle="round,pad=0.2", facecolor="#fffbe6", edgecolor="#7a5c2e"))
    for e in range(NUM_EDGES):
        p = int(s["edge_owner"][e])
        if p < 0:
            continue
        a, b = EDGE_CORNERS[e]
        xa, ya = _xy(CORNER_XY[a])
        xb, yb = _xy(CORNER_XY[b])
        ax.plot([xa, xb], [ya, yb], color="black", linewidth=6, solid_capstyle="round")
        ax.plot([xa, xb], [ya, yb], color=PLAYER_COLOURS[p], linewidth=4, solid_capstyle="round")
    for c in range(NUM_CORNERS):
        p = int(s["corner_owner"][c])
        if p < 0:
            continue
        x, y = _xy(CORNER_XY[c])
        if s["corner_level"][c] == KEEP:
            ax.add_patch(Polygon([(x - 0.2, y - 0.17), (x + 0.2, y - 0.17), (x + 0.2, y + 0.1),
                                  (x, y + 0.25), (x - 0.2, y + 0.1)], closed=True,
                                 facecolor=PLAYER_COLOURS[p], edgecolor="black", linewidth=1.2))
        else:
            ax.add_patch(Polygon([(x - 0.13, y - 0.12), (x + 0.13, y - 0.12), (x + 0.13, y + 0.05),
                                  (x, y + 0.17), (x - 0.13, y + 0.05)], closed=True,
                                 facecolor=PLAYER_COLOURS[p], edgecolor="black", linewidth=1.0))
    n = int(s["num_players"])
    for p in range(n):
        ax.text(-5.4, 5.2 - 0.4 * p, f"player_{p}: {int(public_points(s, p))}",
                color=PLAYER_COLOURS[p], fontsize=9, fontweight="bold", ha="left", va="center",
                bbox=dict(facecolor="#333333", edgecolor="none", pad=1.5))
    canvas.draw()
    img = np.asarray(canvas.buffer_rgba())[:, :, :3].copy()
    del matplotlib
    return img
