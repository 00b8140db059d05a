"""Forfort drawn: the text board (each fort round its dungeon, counts, discards, hands) and the
picture (matplotlib, imported only when a picture is asked for). Both show what every player sees,
and the hands: every hand in the full view (``seat`` None), else only ``seat``'s own; a person
follows the game from them."""
from __future__ import annotations

import numpy as np

from ..common.render import BANNER_H, SEAT_COLOURS, Area, draw_banner, new_figure
from .content import WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .places import top_card
from .scoring import seat_points, side_points
from .state import (BUILD, DRAWBRIDGE, SPACE, ARMIES, ARMY_OVERTHROWN, ARMY_RESERVE, AXIS_NAMES, AXIS_SPACES, CARDS_PER_COLOUR,
                    DIRECTION_NAMES, DUNGEON_COL, DUNGEON_ROW, GRID, KIND_NAMES, NUM_SYMBOLS, SHAPE_NAMES,
                    SIDE_FAR, SIDE_LEFT, SPACE_COL, SPACE_NAMES, SPACE_ROW, SPACES, ST_FIRST_CAMP, ST_OVER,
                    ST_PAIR, STAGE_NAMES, SYMBOL_NAMES, WALLS)
from .words import SYMBOL_LETTERS, short_card, wall_name

CREST_NAMES = ("Lion", "Eagle", "Stag", "Bear")   # one a colour
ARROWS = "^>v<"                                   # an army heading north, east, south, west
KIND_FILL = ("#d9c9a3", "#b5894f", "#7d7d7d")     # normal, door, defended
CAMP_FILL = "#f4e8c1"
ARROW_COLOUR = "#ffcc00"                          # the dungeon top card's arrows


def decision_words(s) -> str:
    """Whose decision it is and what is being decided, with the effect in progress."""
    n = int(s["num_players"])
    if s["stage"] == ST_OVER:
        won = ", ".join(f"player_{j}" for j in range(n) if s["winner"][j])
        return f"game over: {won} won"
    seat = int(s["actor"])
    if s["stage"] == ST_FIRST_CAMP:
        return f"set-up: player_{seat} places their first camp"
    words = f"player_{seat} to act: {STAGE_NAMES[int(s['stage'])]}"
    y = int(s["effect"])
    if y >= 0:
        words += f" ({SYMBOL_NAMES[y]}{' pair' if s['played_card'] < 0 else ''}"
        if s["effect_uses"] > 1:
            words += f", {int(s['effect_uses'])} uses left"
        if s["breach"]:
            words += ", defended walls fall too"
        if s["mason_free"]:
            words += ", any space, arrows aside"
        if s["pending_card"] >= 0:
            words += f", holding {wall_name(int(s['pending_card']))}"
        if s["target"] >= 0:
            words += f", aimed at player_{int(s['target'])}"
        if s["guard_fort"] >= 0:
            words += f", army on {SPACE_NAMES[int(s['guard_space'])]} of player_{int(s['guard_fort'])}'s fort"
        words += ")"
    elif s["stage"] == ST_PAIR:
        words += " (" + ", ".join(SYMBOL_NAMES[y] for y in range(NUM_SYMBOLS) if s["pairs"][y] > 0) + ")"
    return words


# --------------------------------------------------------------------------- text


def render_text(s, seat=None) -> str:
    """The board as text; ``seat`` set: only that seat's hand is shown."""
    n = int(s["num_players"])
    lines = []
    status = decision_words(s)
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

PANEL_W, PANEL_H = 3.3, 4.6     # inches: one fort with its counts and (where shown) its hand
LEGEND_H, LEGEND_ROWS = 1.4, 6   # the key below: its height in inches, its lines


def render_figure(s, seat=None, last=()):
    """The table as a picture: the banner on top (the decision being taken, whose view, the last
    decision and what followed it); every fort round its dungeon (the top card's arrows, the
    dungeon's size), with its owner's points, reserves and hand (the cards where the view shows
    them, else a count), and the armies in it pointing where they march; a key below."""
    n = int(s["num_players"])
    width = max(PANEL_W * n, 7.5)
    height = BANNER_H + PANEL_H + LEGEND_H
    fig = new_figure(width, height)
    team = ", teams 0+2 v 1+3" if s["teams"] else ""
    turns = "/".join(str(int(t)) for t in s["turns"][:n])
    title = (f"Forfort, {n} players{team}: first player_{int(s['first_player'])}, turns played {turns}"
             + ("  -  LAST ROUND: a dungeon is empty" if s["end_triggered"] else ""))
    words = decision_words(s)
    if s["stage"] == ST_OVER:
        words += "   (points " + " / ".join(str(int(side_points(s, j, True))) for j in range(n)) + ")"
    draw_banner(fig, title, words, "black" if s["actor"] < 0 else SEAT_COLOURS[int(s["actor"])], seat, last)
    left = (width - PANEL_W * n) / 2
    for j in range(n):
        ax = Area(fig, ((left + PANEL_W * j) / width, LEGEND_H / height, PANEL_W / width, PANEL_H / height),
                  (-0.45, 3.45), (-1.6, 3.75), equal=True)
        _draw_fort(ax, s, j, seat is None or seat == j)
    _draw_legend(Area(fig, (0, 0, 1, LEGEND_H / height), (0, width), (0, LEGEND_ROWS)))
    return fig


def _fort_xy(space):
    """Lower-left corner of a space's square (row 0, the far side, on top)."""
    return SPACE_COL[space], GRID - 1 - SPACE_ROW[space]


def action_place(s, a):
    """Where a move is played on the picture (the gid drawn there): a wall built, or the
    drawbridge lowered, on a space of the mover's fort; a space of a fort targeted."""
    me, n = int(s["actor"]), int(s["num_players"])
    if BUILD.has(a):
        return f"fort-{me}-{BUILD.split(a)[1]}"
    if DRAWBRIDGE.has(a):
        return f"fort-{me}-{DRAWBRIDGE.split(a)}"
    if SPACE.has(a):
        r, space = SPACE.split(a)
        return f"fort-{(me + r) % n}-{space}"
    return None


def _draw_fort(ax, s, j, hand_shown):
    from matplotlib.patches import FancyArrow, Rectangle

    n = int(s["num_players"])
    on_turn = s["stage"] != ST_OVER and s["turn_seat"] == j
    won = s["stage"] == ST_OVER and s["winner"][j]
    title = f"{'> ' if on_turn else ''}player_{j} ({CREST_NAMES[j]}): {int(seat_points(s, j, True))} pts" + (
        "  WON" if won else "")
    ax.text(1.5, 3.62, title, ha="center", va="center", fontsize=10, color=SEAT_COLOURS[j],
            weight="bold" if on_turn or won else "normal")
    if on_turn:
        ax.add_artist(Rectangle((-0.05, -0.05), 3.1, 3.1, fill=False, edgecolor=SEAT_COLOURS[j], lw=3, ls="--"))
    # which side of the fort faces whom (the ram hits that side, the catapult the rows behind it)
    for other in range(n):
        side = int(s["front"][j, other])
        if side < 0:
            continue
        label = f"faces player_{other}"
        if side == SIDE_FAR:
            ax.text(1.5, 3.2, label, ha="center", va="center", fontsize=7, color=SEAT_COLOURS[other])
        else:
            x = -0.22 if side == SIDE_LEFT else 3.22
            ax.text(x, 1.5, label, ha="center", va="center", rotation=90, fontsize=7, color=SEAT_COLOURS[other])
    for space in range(SPACES):
        x, y = _fort_xy(space)
        c = int(top_card(s, j, space))
        h = int(s["height"][j, space])
        fill, label = "white", ""
        if c >= 0:
            k = c % CARDS_PER_COLOUR
            if k < WALLS:
                fill = KIND_FILL[WALL_KIND[k]]
                label = SHAPE_NAMES[WALL_SHAPE[k]] + "\n" + " ".join(
                    SYMBOL_LETTERS[y_] for y_ in WALL_SYMBOLS[k] if y_ >= 0)
            else:
                fill, label = CAMP_FILL, "camp"
        guarded = s["guard_fort"] == j and s["guard_space"] == space
        ax.add_artist(Rectangle((x + 0.04, y + 0.04), 0.92, 0.92, facecolor=fill,
                               edgecolor=SEAT_COLOURS[c // CARDS_PER_COLOUR] if c >= 0 else "#bbbbbb",
                               lw=2.5 if c >= 0 else 1, ls=":" if guarded else "-", gid=f"fort-{j}-{space}"))
        ax.text(x + 0.5, y + 0.55, label, ha="center", va="center", fontsize=8,
                color="white" if c >= 0 and c % CARDS_PER_COLOUR < WALLS and WALL_KIND[c % CARDS_PER_COLOUR] == 2
                else "black")
        ax.text(x + 0.1, y + 0.1, SPACE_NAMES[space], ha="left", va="bottom", fontsize=5.5, color="#888888")
        if h > 1:
            ax.text(x + 0.9, y + 0.1, f"+{h - 1}", ha="right", va="bottom", fontsize=7)
        if s["drawbridge"][j] == space:
            ax.text(x + 0.12, y + 0.88, "⊟", fontsize=11, va="top", ha="left")
    _draw_armies(ax, s, j)
    size = int(s["dungeon_size"][j])
    ax.add_artist(Rectangle((1.12, 1.12), 0.76, 0.76, facecolor="#333333"))
    ax.text(1.5, 1.5, f"{size}", color="white", ha="center", va="center", fontsize=11, weight="bold")
    if size:
        for space in AXIS_SPACES[int(s["dungeon_axis"][j, size - 1])]:
            x, y = _fort_xy(space)
            dx, dy = (x - 1) * 0.3, (y - 1) * 0.3
            ax.add_artist(FancyArrow(1.5 + dx * 0.35, 1.5 + dy * 0.35, dx, dy, width=0.035, head_width=0.13,
                                    head_length=0.1, length_includes_head=True, color=ARROW_COLOUR))
    reserve = sum(int(s["army_fort"][j, k] == ARMY_RESERVE) for k in range(ARMIES))
    down = sum(int(s["army_fort"][j, k] == ARMY_OVERTHROWN) for k in range(ARMIES))
    walls_out = sum(int(s["discard"][j, j * CARDS_PER_COLOUR + w]) for w in range(WALLS))
    bridge = "up" if s["drawbridge"][j] < 0 else f"down on {SPACE_NAMES[int(s['drawbridge'][j])]}"
    lines = (f"hand {int(s['hand_count'][j])} cards   dungeon {size}   discard {walls_out} walls",
             f"camps left {int(s['camp_reserve'][j].sum())}   armies {reserve} ready, {down} overthrown",
             f"drawbridge {bridge}")
    if hand_shown:
        hand = [short_card(int(w)).strip() for w in np.flatnonzero(s["hand"][j])]
        lines += ("hand: " + (" ".join(hand) if hand else "-"),)
    for i, line in enumerate(lines):
        ax.text(1.5, -0.3 - 0.3 * i, line, ha="center", va="center", fontsize=7.5,
                weight="bold" if line.startswith("hand:") else "normal")


def _draw_armies(ax, s, j):
    """Armies in j's fort: a triangle in the owner's colour pointing where it marches."""
    from matplotlib.lines import Line2D

    n = int(s["num_players"])
    here = {}
    for owner in range(n):
        for k in range(ARMIES):
            if s["army_fort"][owner, k] == j:
                here.setdefault(int(s["army_space"][owner, k]), []).append((owner, int(s["army_dir"][owner, k])))
    for space, armies in here.items():
        x, y = _fort_xy(space)
        for i, (owner, d) in enumerate(armies):
            shift = (i - (len(armies) - 1) / 2) * 0.3
            ax.add_artist(Line2D([x + 0.5 + shift], [y + 0.5], marker=ARROWS[d], markersize=17,
                                 color=SEAT_COLOURS[owner], markeredgecolor="black"))
            ax.text(x + 0.5 + shift, y + 0.16, DIRECTION_NAMES[d], ha="center", fontsize=5.5)


def _draw_legend(ax):
    """The key, one row a line, laid out in inches from the left."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyArrow, Rectangle

    def row(k):
        return LEGEND_ROWS - 0.5 - k

    x = 0.2
    for kind, fill in enumerate(KIND_FILL + (CAMP_FILL,)):
        ax.add_artist(Rectangle((x, row(0) - 0.3), 0.3, 0.6, facecolor=fill, edgecolor="black", lw=0.5))
        ax.text(x + 0.38, row(0), f"{KIND_NAMES[kind]} wall" if kind < len(KIND_FILL) else "camp",
                va="center", fontsize=7)
        x += 1.3
    ax.text(0.2, row(1), "border colour: the card's owner     +k: cards covered below it     "
            "> whose turn     ⊟ lowered drawbridge", va="center", fontsize=7)
    ax.add_artist(FancyArrow(0.2, row(2), 0.3, 0, width=0.12, head_width=0.45, head_length=0.09,
                            length_includes_head=True, color=ARROW_COLOUR))
    ax.text(0.6, row(2), "the arrows on the dungeon's top card: walls may go there (or on a camp)",
            va="center", fontsize=7)
    ax.add_artist(Rectangle((4.75, row(2) - 0.3), 0.3, 0.6, facecolor="#333333"))
    ax.text(5.13, row(2), "dungeon: cards left", va="center", fontsize=7)
    ax.add_artist(Line2D([0.35], [row(3)], marker=ARROWS[1], markersize=8, color="#999999", markeredgecolor="black"))
    ax.text(0.6, row(3), "army, in its owner's colour, pointing where it marches at its owner's turn",
            va="center", fontsize=7)
    symbols = "   ".join(f"{SYMBOL_LETTERS[y]} {SYMBOL_NAMES[y]}" for y in range(NUM_SYMBOLS))
    ax.text(0.2, row(4), f"effect symbols:   {symbols}", va="center", fontsize=7)
    ax.text(0.2, row(5), "a card in a hand: C/S corner/straight wall, n/d/D normal/door/defended, then its symbols",
            va="center", fontsize=7)
