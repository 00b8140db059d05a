"""Frontier as text ("ansi": a map of the island and the players) and as a picture ("rgb_array",
matplotlib: the island with its pieces in seat colours, and the table beside it). ``seat`` None
is the full view (every hand by kind); a seat's view shows its own hand by kind, the others' as
counts."""
from __future__ import annotations

import math

import numpy as np

from .board import hand_size, public_points, total_points
from .content import ROADS_PER_PLAYER
from ..common.render import BANNER_H, Area, draw_banner, key_area, new_figure
from .state import (BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, CORNER_XY, EDGE_CORNERS, MOVE_BANDIT, GENERAL_HARBOUR, HARBOUR_CORNERS, HEX_CENTRE, KEEP, NUM_CORNERS,
                    NUM_EDGES, NUM_HARBOURS, NUM_HEXES, NUM_RESOURCES, REPLY_ACCEPT, REPLY_COUNTER,
                    REPLY_DECLINE, REPLY_OFFER, RESOURCE_NAMES, ST_BID_GET, ST_BID_GIVE, ST_GAME_OVER,
                    ST_TRADE_CHOOSE, STAGE_NAMES, TERRAIN_NAMES, VICTORY_POINT, VILLAGE)

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#f0f0f0", "#ff7f0e")
PLAYER_COLOUR_NAMES = ("red", "blue", "white", "orange")
TERRAIN_COLOURS = ("#2e7d32", "#c0652b", "#9ccc65", "#f4d03f", "#8d8d8d", "#e8d7a5")
SQRT3_2 = math.sqrt(3) / 2
REPLY_WORDS = {REPLY_ACCEPT: "accepts", REPLY_COUNTER: "counters", REPLY_DECLINE: "declines",
               REPLY_OFFER: "offers"}

# ----------------------------------------------------------------------------- the text map
# Corners sit at doubled coordinates (x, y), x in -5..5, y in -8..8 (state.py). A text row for each
# corner row and each hex centre row, and one between two corner rows a unit apart, where the
# slanted edges run; four columns per unit of x. Every corner and edge carries its number, so that a
# move ("road on edge 23", "village on corner 12") can be found on the map: a corner's after its
# building's letter ('.' when empty), an edge's on its middle (its road, when built, in the seat's
# letter). Hexes are numbered row by row; each shows its terrain and dice number, the bandit a '*'
# above it.
MAP_COLUMNS_PER_X = 4
_ROW_KEYS = sorted({int(y) for y in CORNER_XY[:, 1]} | {int(y) for y in HEX_CENTRE[:, 1]}
                   | {y + 0.5 for y in CORNER_XY[:, 1] if y + 1 in CORNER_XY[:, 1]})
MAP_ROW = {k: i for i, k in enumerate(_ROW_KEYS)}
MAP_WIDTH = MAP_COLUMNS_PER_X * 10 + 3      # a corner's letter in the first column, the last one's two digits
TERRAIN_ABBREVIATIONS = tuple(name[:2] for name in TERRAIN_NAMES)   # fo hi pa fi mo de


def counted(k, noun) -> str:
    """'1 card', '3 cards'."""
    return f"{k} {noun}{'' if k == 1 else 's'}"


def map_column(x) -> int:
    return MAP_COLUMNS_PER_X * (int(x) + 5) + 1


def building_letter(s, c) -> str:
    """A village by its seat's colour initial (r b w o), a keep in capitals, an empty corner '.'."""
    p = int(s["corner_owner"][c])
    if p < 0:
        return "."
    letter = PLAYER_COLOUR_NAMES[p][0]
    return letter.upper() if s["corner_level"][c] == KEEP else letter


def put(grid, row, col, text):
    grid[row][col:col + len(text)] = list(text)


def island_map(s) -> list:
    """The island as text rows: each corner's number after its building's letter ('.' for none),
    each edge's number or its road (the seat's letter), each hex's terrain and dice number, and a
    ``*`` above the bandit's hex."""
    grid = [[" "] * MAP_WIDTH for _ in _ROW_KEYS]
    for e in range(NUM_EDGES):
        (xa, ya), (xb, yb) = CORNER_XY[EDGE_CORNERS[e, 0]], CORNER_XY[EDGE_CORNERS[e, 1]]
        p = int(s["edge_owner"][e])
        road = PLAYER_COLOUR_NAMES[p][0] if p >= 0 else ""
        if xa == xb:                        # upright: on the centre row between its corners
            put(grid, MAP_ROW[(ya + yb) // 2], map_column(xa), road * 2 if road else str(e))
        else:                               # slanted: the three columns between its corners
            put(grid, MAP_ROW[min(ya, yb) + 0.5], map_column(min(xa, xb)) + 1, road * 3 if road else f"{e:>2}")
    for c in range(NUM_CORNERS):
        x, y = CORNER_XY[c]
        put(grid, MAP_ROW[int(y)], map_column(x) - 1, building_letter(s, c) + str(c))
    for h in range(NUM_HEXES):
        x, y = HEX_CENTRE[h]
        num = int(s["hex_number"][h])
        put(grid, MAP_ROW[int(y)], map_column(x) - 1, TERRAIN_ABBREVIATIONS[int(s["hex_terrain"][h])] + (str(num) if num else ""))
        if s["bandit"] == h:
            put(grid, MAP_ROW[int(y) - 1], map_column(x), "*")
    return ["".join(row).rstrip() for row in grid]


def harbour_text(s, i, seat):
    if s["harbour_revealed"][i] == 0 and seat is not None:
        return "?"
    k = int(s["harbour_kind"][i])
    return "3:1" if k == GENERAL_HARBOUR else f"2:1 {RESOURCE_NAMES[k]}"


def status_line(s) -> str:
    n = int(s["num_players"])
    if s["stage"] == ST_GAME_OVER:
        status = f"game over, player_{int(s['winner'])} wins"
    else:
        status = f"player_{int(s['actor'])} to act ({STAGE_NAMES[int(s['stage'])]})"
    return f"Frontier, {n} players, turn {int(s['turn'])} (player_{int(s['turn_seat'])}'s); {status}"


# A short letter for each resource and opportunity card in the players' column beside the map.
RESOURCE_LETTERS = "TBWGO"
CARD_LETTERS = "KRYMV"
AWARD_LETTERS = (("longest_road", "LR"), ("largest_army", "LA"))
TEXT_LEGEND = ("corners .0-.53 (village r b w o, keep R B W O), edges 0-71 (road rr); * bandit",
               "hand T B W G O: timber brick wool grain ore; LR longest road, LA largest army",
               "cards K R Y M V: knight, road building, year of plenty, monopoly, victory point")
SIDE_COLUMN = MAP_WIDTH + 1         # where the players' column starts beside the map (lines <= 80)


def letters(counts, names) -> str:
    """'K1 V2': each kind held, by its letter; '-' for none."""
    return " ".join(f"{names[k]}{int(c)}" for k, c in enumerate(counts) if c) or "-"


def resources(counts) -> str:
    """'T1 B0 W2 G0 O1': every resource, by its letter."""
    return " ".join(f"{RESOURCE_LETTERS[r]}{int(counts[r])}" for r in range(NUM_RESOURCES))


def player_lines(s, p, seat) -> list:
    """Five lines of at most 35 characters (six for ``seat`` itself): points, road, cards played and
    awards; villages; keeps and roads; the hand (by kind to the seat itself, counts to others)."""
    shown = seat is None or seat == p
    pts = int(total_points(s, p)) if shown or s["stage"] == ST_GAME_OVER else int(public_points(s, p))
    awards = " ".join(mark for field, mark in AWARD_LETTERS if s[field] == p)
    villages = [c for c in range(NUM_CORNERS) if s["corner_owner"][c] == p and s["corner_level"][c] == VILLAGE]
    keeps = [c for c in range(NUM_CORNERS) if s["corner_owner"][c] == p and s["corner_level"][c] == KEEP]
    colour = PLAYER_COLOUR_NAMES[p]
    roads = ROADS_PER_PLAYER - int(s["roads_left"][p])
    lines = [f"player_{p} {colour} {colour[0]}/{colour[0].upper()}: {counted(pts, 'point')}",
             f"  road {int(s['road_length'][p])}, played {letters(s['cards_played'][p], CARD_LETTERS)}"
             + (f" [{awards}]" if awards else ""),
             f"  villages {' '.join(map(str, villages)) or '-'}",
             f"  keeps {' '.join(map(str, keeps)) or '-'}; {counted(roads, 'road')}"]
    new = int(s["cards_new"][p].sum())
    if shown:
        lines.append(f"  hand {resources(s['hand'][p])}")
        lines.append(f"  cards {letters(s['cards'][p], CARD_LETTERS)}" + (f" ({new} new)" if new else ""))
    else:
        lines.append(f"  hand {hand_size(s, p)}; cards {int(s['cards'][p].sum())}" + (f" ({new} new)" if new else ""))
    return lines


def table_lines(s) -> list:
    """The offer on the table and every deal put to the player on turn."""
    n = int(s["num_players"])
    out = []
    p = int(s["turn_seat"])
    if s["trade_give"] >= 0:
        ask = (f" for {int(s['trade_get_count'])} {RESOURCE_NAMES[int(s['trade_get'])]}" if s["trade_get"] >= 0
               else "")
        out.append(f"on the table: player_{p} offers {int(s['trade_give_count'])} "
                   f"{RESOURCE_NAMES[int(s['trade_give'])]}{ask}")
    elif s["stage"] in (ST_BID_GIVE, ST_BID_GET, ST_TRADE_CHOOSE):
        out.append(f"on the table: player_{p} hears offers")
    for q in range(n):
        reply = int(s["trade_reply"][q])
        if reply in REPLY_WORDS:
            deal = (f": gives {int(s['deal_give_count'][q])} {RESOURCE_NAMES[int(s['deal_give'][q])]} for "
                    f"{int(s['deal_get_count'][q])} {RESOURCE_NAMES[int(s['deal_get'][q])]}"
                    if s["deal_get"][q] >= 0 else "")
            out.append(f"    player_{q} {REPLY_WORDS[reply]}{deal}")
    return out


def render_text(s, seat=None) -> str:
    """The position in words and a map, the players in a column beside the map; ``seat`` hides what
    that seat may not see (None shows all). At most 80 columns, and 30 lines for four players (a
    few more while deals are on the table), so a page of moves fits below it on a 50-line screen."""
    n = int(s["num_players"])
    island = island_map(s)
    side = [line for p in range(n) for line in player_lines(s, p, seat)]
    rows = max(len(island), len(side))
    island += [""] * (rows - len(island))
    side += [""] * (rows - len(side))
    lines = [status_line(s)]
    lines += [(a.ljust(SIDE_COLUMN) + b).rstrip() for a, b in zip(island, side)]
    lines += TEXT_LEGEND
    harbours = [f"{int(HARBOUR_CORNERS[i, 0])}-{int(HARBOUR_CORNERS[i, 1])} {harbour_text(s, i, seat)}"
                for i in range(NUM_HARBOURS)]
    half = NUM_HARBOURS // 2
    lines.append("harbours: " + ", ".join(harbours[:half]))
    lines.append("    " + ", ".join(harbours[half:]))
    dice = int(s["dice"][0] + s["dice"][1])
    lines.append(f"bank {resources(s['bank'])}; {int(s['deck_size'] - s['deck_top'])} cards in the deck"
                 + (f"; last throw {int(s['dice'][0])}+{int(s['dice'][1])} = {dice}" if dice else ""))
    lines += table_lines(s)
    return "\n".join(lines)


# ----------------------------------------------------------------------------- the picture
def _xy(doubled):
    """Doubled integer coordinates to the plane (y up)."""
    return doubled[0] * SQRT3_2, -doubled[1] * 0.5


KEY_H = 0.3            # inches: the key's line below the island and the table
KEY_WORDS = ("hand T B W G O: timber, brick, wool, grain, ore;   cards K R Y M V: knight, road building, "
             "year of plenty, monopoly, victory point;   B on a hex: the bandit")
OFFER_LINE = 0.028     # a line of the offers' box (8.5 points) in the table's height


PIPS_AT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
           4: [(-1, -1), (1, 1), (-1, 1), (1, -1)], 5: [(-1, -1), (1, 1), (-1, 1), (1, -1), (0, 0)],
           6: [(-1, -1), (1, 1), (-1, 1), (1, -1), (-1, 0), (1, 0)]}


def draw_die(ax, x, y, value, size=0.09):
    from matplotlib.patches import Circle, FancyBboxPatch
    ax.add_artist(FancyBboxPatch((x, y), size, size, boxstyle="round,pad=0,rounding_size=0.015",
                                facecolor="white", edgecolor="black", linewidth=1.2))
    for dx, dy in PIPS_AT[value]:
        ax.add_artist(Circle((x + size / 2 + dx * size * 0.27, y + size / 2 + dy * size * 0.27), size * 0.08,
                            facecolor="black"))


def action_place(s, a):
    """Where a move is played on the picture (the gid drawn there): a road on its edge, a village
    or keep on its corner, the bandit on its hex."""
    if BUILD_ROAD.has(a):
        return f"edge-{BUILD_ROAD.split(a)}"
    if BUILD_VILLAGE.has(a):
        return f"corner-{BUILD_VILLAGE.split(a)}"
    if BUILD_KEEP.has(a):
        return f"corner-{BUILD_KEEP.split(a)}"
    if MOVE_BANDIT.has(a):
        return f"hex-{MOVE_BANDIT.split(a)}"
    return None


def terrain_key(s):
    """Everything the island's terrain layer shows: the deal and which harbours are known."""
    return ("frontier terrain",) + tuple(s[f].tobytes() for f in ("hex_terrain", "hex_number", "harbour_kind",
                                                                  "harbour_revealed"))


def draw_terrain(ax, s):
    """What stays the same turn after turn: the hexes (each named, its gid, for the bandit's
    move), their numbers and the harbours."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, RegularPolygon

    for h in range(NUM_HEXES):
        x, y = _xy(HEX_CENTRE[h])
        ax.add_artist(RegularPolygon((x, y), 6, radius=1.0, orientation=0.0,
                                    facecolor=TERRAIN_COLOURS[int(s["hex_terrain"][h])],
                                    edgecolor="#5b4a2f", linewidth=1.5, gid=f"hex-{h}"))
        num = int(s["hex_number"][h])
        if num:
            ax.add_artist(Circle((x, y), 0.3, facecolor="#fdf5e0", edgecolor="black", linewidth=0.8))
            ax.text(x, y + 0.04, str(num), ha="center", va="center", fontsize=11, fontweight="bold",
                    color="#c62828" if num in (6, 8) else "black")
            pips = 6 - abs(7 - num)
            ax.text(x, y - 0.17, "." * pips, ha="center", va="center", fontsize=8, fontweight="bold",
                    color="#c62828" if num in (6, 8) else "black")
    for i in range(NUM_HARBOURS):
        a, b = HARBOUR_CORNERS[i]
        xa, ya = _xy(CORNER_XY[a])
        xb, yb = _xy(CORNER_XY[b])
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        norm = math.hypot(mx, my) or 1.0
        hx, hy = mx + 0.6 * mx / norm, my + 0.6 * my / norm
        for cx, cy in ((xa, ya), (xb, yb)):
            ax.add_artist(Line2D([cx, hx], [cy, hy], color="#7a5c2e", linewidth=2))
        label = harbour_text(s, i, 0) if s["harbour_revealed"][i] else "?"
        ax.text(hx, hy, label.replace(" ", "\n"), ha="center", va="center", fontsize=7,
                bbox=dict(boxstyle="round,pad=0.2", facecolor="#fffbe6", edgecolor="#7a5c2e"))


def edge_ends(e):
    """Where edge e's road is drawn: short of its corners, so the buildings stand clear of it."""
    a, b = EDGE_CORNERS[e]
    (xa, ya), (xb, yb) = _xy(CORNER_XY[a]), _xy(CORNER_XY[b])
    return [xa + 0.12 * (xb - xa), xb - 0.12 * (xb - xa)], [ya + 0.12 * (yb - ya), yb - 0.12 * (yb - ya)]


def draw_places(ax):
    """Every edge and corner named (its gid, ``action_place``) by an invisible mark over it, where
    a click finds it, built on or not."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle

    for e in range(NUM_EDGES):
        ax.add_artist(Line2D(*edge_ends(e), color="none", linewidth=9, gid=f"edge-{e}"))
    for c in range(NUM_CORNERS):
        ax.add_artist(Circle(_xy(CORNER_XY[c]), 0.2, facecolor="none", edgecolor="none", gid=f"corner-{c}"))


def draw_island(ax, s):
    """The terrain (a layer: :func:`draw_terrain`), the bandit, every road and building in its
    seat's colour, and over them the places a click finds (a layer: :func:`draw_places`)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Polygon

    ax.layer(terrain_key(s), lambda area: draw_terrain(area, s))
    ax.layer(("frontier places",), draw_places, zorder=6)
    x, y = _xy(HEX_CENTRE[int(s["bandit"])])
    ax.add_artist(Circle((x - 0.5, y + 0.3), 0.22, facecolor="#222222", edgecolor="white", linewidth=1.5))
    ax.text(x - 0.5, y + 0.3, "B", ha="center", va="center", fontsize=9, color="white", fontweight="bold")
    for e in np.flatnonzero(s["edge_owner"] >= 0):
        xs, ys = edge_ends(e)
        ax.add_artist(Line2D(xs, ys, color="black", linewidth=9, solid_capstyle="butt", zorder=3))
        ax.add_artist(Line2D(xs, ys, color=PLAYER_COLOURS[int(s["edge_owner"][e])], linewidth=6.5,
                             solid_capstyle="butt", zorder=4))
    for c in np.flatnonzero(s["corner_owner"] >= 0):
        p = int(s["corner_owner"][c])
        x, y = _xy(CORNER_XY[c])
        if s["corner_level"][c] == KEEP:        # a keep: a tower with battlements
            w, hgt = 0.27, 0.24
            shape = [(x - w, y - hgt), (x + w, y - hgt), (x + w, y + hgt), (x + w * 0.5, y + hgt),
                     (x + w * 0.5, y + hgt * 0.6), (x, y + hgt * 0.6), (x, y + hgt), (x - w * 0.5, y + hgt),
                     (x - w * 0.5, y + hgt * 0.6), (x - w, y + hgt * 0.6)]
        else:                                   # a village: a house
            w, hgt = 0.2, 0.17
            shape = [(x - w, y - hgt), (x + w, y - hgt), (x + w, y + 0.2 * hgt), (x, y + hgt * 1.4),
                     (x - w, y + 0.2 * hgt)]
        ax.add_artist(Polygon(shape, closed=True, facecolor=PLAYER_COLOURS[p], edgecolor="black",
                             linewidth=1.8, zorder=5))


def draw_table(ax, s, seat=None):
    """Whose turn, the stage and the dice; each seat's points, hand, cards and awards (by kind
    where ``seat``'s view shows them); the offer."""
    from matplotlib.patches import Rectangle

    n = int(s["num_players"])
    over = s["stage"] == ST_GAME_OVER
    ax.text(0.03, 0.97, f"Frontier  -  turn {int(s['turn'])}", fontsize=14, fontweight="bold", va="top")
    if over:
        status = f"game over: player_{int(s['winner'])} wins"
    else:
        status = f"player_{int(s['actor'])} to act: {STAGE_NAMES[int(s['stage'])]}"
    ax.text(0.03, 0.905, f"player_{int(s['turn_seat'])} on turn", fontsize=10, va="top")
    ax.text(0.03, 0.865, status, fontsize=10, va="top")
    if s["dice"][0] > 0:
        ax.text(0.03, 0.79, "last throw", fontsize=10, va="center")
        draw_die(ax, 0.33, 0.745, int(s["dice"][0]))
        draw_die(ax, 0.45, 0.745, int(s["dice"][1]))
        ax.text(0.58, 0.79, f"= {int(s['dice'][0] + s['dice'][1])}", fontsize=12, fontweight="bold", va="center")
    y = 0.7
    for p in range(n):
        shown = seat is None or seat == p
        pts = int(total_points(s, p)) if over or shown else int(public_points(s, p))
        ax.add_artist(Rectangle((0.03, y - 0.1), 0.94, 0.108, facecolor="#f4f4f4",
                               edgecolor="black" if p == s["turn_seat"] else "#bbbbbb",
                               linewidth=2.0 if p == s["turn_seat"] else 0.8))
        ax.add_artist(Rectangle((0.05, y - 0.055), 0.06, 0.05, facecolor=PLAYER_COLOURS[p], edgecolor="black"))
        ax.text(0.14, y - 0.012, f"player_{p}", fontsize=10, fontweight="bold", va="center")
        ax.text(0.43, y - 0.012, f"{pts} points", fontsize=10, fontweight="bold", va="center")
        awards = [name for field, name in (("longest_road", "longest road"), ("largest_army", "largest army"))
                  if s[field] == p]
        ax.text(0.66, y - 0.012, " + ".join(awards), fontsize=8, va="center", color="#8a1c1c")
        vp = f", {int(s['cards'][p, VICTORY_POINT])} vp" if over and s["cards"][p, VICTORY_POINT] else ""
        ax.text(0.14, y - 0.048, f"{counted(hand_size(s, p), 'card')} in hand, {int(s['cards'][p].sum())} "
                f"opportunity{vp}, {int(s['cards_played'][p].sum())} played, road {int(s['road_length'][p])}",
                fontsize=8, va="center")
        if shown:
            new = int(s["cards_new"][p].sum())
            ax.text(0.14, y - 0.08, f"hand {resources(s['hand'][p])}   cards {letters(s['cards'][p], CARD_LETTERS)}"
                    + (f" ({new} new)" if new else ""), fontsize=8, va="center")
        y -= 0.115
    # below the seats, one after the other (so that four seats' deals and the bank never meet):
    # the offer and the deals on the table, then the bank
    lines = table_lines(s)
    if lines:
        ax.text(0.04, y - 0.015, "\n".join(line.strip() for line in lines), fontsize=8.5, va="top",
                bbox=dict(boxstyle="round,pad=0.4", facecolor="#fffbe6", edgecolor="#7a5c2e"))
        y -= 0.03 + len(lines) * OFFER_LINE
    bank = "  ".join(f"{int(s['bank'][r])} {RESOURCE_NAMES[r]}" for r in range(NUM_RESOURCES))
    ax.text(0.03, y - 0.01, f"bank: {bank}\ndeck: {int(s['deck_size'] - s['deck_top'])} cards", fontsize=7.5,
            va="top", color="#333333")


def render_figure(s, seat=None, last=()):
    """A picture of the game: the banner (the decision, whose view, the last decision and what
    followed it), the island with its pieces, and the table beside it."""
    from matplotlib.patches import FancyBboxPatch

    body = 6.2
    height = KEY_H + body + BANNER_H
    fig = new_figure(10, height)
    n = int(s["num_players"])
    over = s["stage"] == ST_GAME_OVER
    words = (f"game over: player_{int(s['winner'])} wins" if over
             else f"player_{int(s['actor'])} to act: {STAGE_NAMES[int(s['stage'])]}")
    draw_banner(fig, f"Frontier, {n} players, turn {int(s['turn'])}: player_{int(s['turn_seat'])} on turn",
                words, "black" if over else _ink(int(s["actor"])), seat, last,
                colours=[_ink(p) for p in range(len(PLAYER_COLOURS))])
    f, k = body / height, KEY_H / height
    fig.add_artist(FancyBboxPatch((0, k), 1, f, boxstyle="square,pad=0", transform=fig.transFigure,
                                  facecolor="#4a90c2", edgecolor="none", zorder=-1))
    draw_island(Area(fig, (0, k, 0.62, f), (-5.6, 5.6), (-5.4, 5.4), equal=True), s)
    table = Area(fig, (0.62, k + 0.02 * f, 0.37, 0.96 * f))
    table.add_artist(FancyBboxPatch((0.0, 0.0), 1.0, 1.0, boxstyle="round,pad=0,rounding_size=0.02",
                                   facecolor="white", edgecolor="none"))
    draw_table(table, s, seat)
    key_area(fig, KEY_H).text(0.15, KEY_H / 2, KEY_WORDS, fontsize=7.5, va="center", color="#333333")
    return fig


def _ink(p):
    """A seat's colour dark enough for words on white (white's words are drawn grey)."""
    return "#777777" if PLAYER_COLOUR_NAMES[p] == "white" else PLAYER_COLOURS[p]
