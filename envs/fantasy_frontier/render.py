"""Fantasy Frontier as text and as a picture (matplotlib, imported only when a picture is asked
for). The tile map with airships, townships and workers ashore; each seat's airship board (the
workers on its assignments, the damage markers), cargo bays, tiles held, map cards and points;
the bag, the research deck, the damage markers. ``seat`` None is the full view (every hand of
map cards shown); a seat's view shows its own map cards and the others' as counts."""
from __future__ import annotations

import numpy as np

from .board import bay_capacity, victory_points
from ..common.render import (BANNER_H, SEAT_COLOURS, Area, draw_banner, draw_swatches, key_area, new_figure,
                             seat_swatches)
from .content import DEV_KIND, DEV_KIND_NAMES, MAP_DQ, MAP_DR, MAP_SIZE, MAP_TERRAIN, MAP_VP
from .state import (AIM, AIM_BAY, ASSIGNMENT_NAMES, ASSIGNMENTS, ATTACK, BAY_NAMES, BAY_OF, BAYS, BLAST_DIR, BUILD,
                    CAPACITY, CELL, CELL_Q, CELL_R, CELLS, DAMAGEABLE, DECLARE, DIRS, DISCARD, FACTION_NAMES,
                    FISH_ACTION, GATHER, HERE, MAP_CARDS, MOVE, NEIGHBOUR, PLACE_WORKER, REPAIR, REPAIR_SPOT,
                    RESOURCE_NAMES, RESOURCES, SCORE, SPOTS, STAGE_NAMES, START_ATTACK, TAKE, TERRAIN_NAMES,
                    DEV_CARDS, ST_OVER, ST_PHASE1, ST_PHASE2, ST_PHASE3)
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


TERRAIN_COLOURS = ("#ece6a2", "#4f9a4a", "#a07850", "#8ec3e6")   # plains, forest, mountains, water
RESOURCE_COLOURS = ("#3d7cc9", "#b5651d", "#e3b800", "#9a9a9a", "#7a4a1c")   # fish, turkey, gold, stone, wood
DAMAGE_COLOUR = "#c00000"
SQRT3 = 3 ** 0.5
BODY_H, KEY_H = 7.0, 0.95        # inches: the map and the seats' boards; the key below
TABLE_WORDS_H = 0.35             # inches: the bag, deck and supply above the map
MAP_W, SEATS_W = 6.6, 7.4


def _xy(c):
    """A cell's centre in the plane (pointy-top hexes of radius 1, r down the page)."""
    return SQRT3 * (CELL_Q[c] + CELL_R[c] / 2), -1.5 * CELL_R[c]


# what a phase of the turn is for (the stage's name alone, "phase 1", says nothing to a watcher)
PHASE_WORK = {ST_PHASE1: " (place held tiles, pilot, blast, attack, repair)",
              ST_PHASE2: " (the exit workers gather and build townships)",
              ST_PHASE3: " (score map cards, end the turn)"}


def decision_words(s) -> str:
    """Whose decision it is and what it is, with the battle or the owed resource in progress."""
    n = int(s["num_players"])
    st = int(s["stage"])
    if st == ST_OVER:
        best = max(int(s["final"][j]) for j in range(n))
        won = ", ".join(f"player_{j}" for j in range(n) if s["final"][j] == best)
        return f"game over: {won} won ({' / '.join(str(int(s['final'][j])) for j in range(n))} VP)"
    words = f"player_{int(s['actor'])} to act: {STAGE_NAMES[st]}{PHASE_WORK.get(st, '')}"
    if s["shooter"] >= 0 and s["victim"] >= 0:
        words += f" (player_{int(s['shooter'])} shooting at player_{int(s['victim'])})"
    if s["roll"] > 0:
        words += f" (the die shows {int(s['roll'])})"
    if st == 4:   # ST_PLACE
        words += f" ({int(s['to_place'])} workers left to place)"
    return words


def render_figure(s, seat=None, last=()):
    """The banner (the decision, whose view, the last decision and what followed it); the map
    (tiles, airships, townships, workers ashore) with the table's counts; a board for each seat;
    the key."""
    n = int(s["num_players"])
    width, height = MAP_W + SEATS_W, BANNER_H + BODY_H + KEY_H
    fig = new_figure(width, height)
    title = (f"Fantasy Frontier, {n} players: round {int(s['round']) + 1}, player_{int(s['turn_seat'])}'s turn"
             f" (first player_{int(s['first_player'])}); first to 40 VP ends the game")
    draw_banner(fig, title, decision_words(s), "black" if s["actor"] < 0 else SEAT_COLOURS[int(s["actor"])],
                seat, last)
    _draw_map(Area(fig, (0, KEY_H / height, MAP_W / width, (BODY_H - TABLE_WORDS_H) / height), equal=True), s)
    fig.text(MAP_W / 2 / width, (KEY_H + BODY_H) / height, _table_words(s), ha="center", va="top", fontsize=7.5,
             color="#333333")
    panel_h = BODY_H / max(n, 3)
    for j in range(n):
        bottom = KEY_H + BODY_H - panel_h * (j + 1)
        pa = Area(fig, (MAP_W / width, bottom / height, SEATS_W / width, panel_h / height), (0, SEATS_W), (0, panel_h))
        _draw_seat(pa, s, j, panel_h, seat is None or seat == j)
    _draw_key(key_area(fig, KEY_H), n)
    return fig


def _table_words(s):
    bag = ", ".join(f"{int(s['bag'][t])} {TERRAIN_NAMES[t]}" for t in range(4))
    supply = ", ".join(f"{int(s['supply'][r])} {RESOURCE_NAMES[r]}" for r in range(RESOURCES))
    return (f"bag: {bag};  research deck {int(s['deck_size'])};  damage markers {int(s['markers'])}\n"
            f"supply: {supply}")


def action_place(s, a):
    """Where a move is played on the picture (the gid drawn there): a cell of the map (a tile
    placed, the airship put down, flown, a blast, a gather or a township in a direction from it);
    an assignment of the mover's airship board (a worker placed there, a repair, the attack) or of
    the victim's (a shot), or a bay of the victim's; a map card in the mover's hand; a seat's board
    (an attack declared on it, the owed resource taken from it)."""
    me, n = int(s["actor"]), int(s["num_players"])
    if CELL.has(a):
        return f"cell-{CELL.split(a)}"
    for toward in (MOVE, BLAST_DIR, GATHER, BUILD):
        if toward.has(a):
            d = toward.split(a)[0] if toward is BUILD else toward.split(a)
            c = int(s["ship"][me])
            c = c if d == HERE or c < 0 else int(NEIGHBOUR[c, d])
            return f"cell-{c}" if c >= 0 else None
    if PLACE_WORKER.has(a) or FISH_ACTION.has(a):
        spot = PLACE_WORKER.split(a) if PLACE_WORKER.has(a) else FISH_ACTION.split(a)
        return f"assignment-{me}-{spot % REPAIR_SPOT}"      # a repair spot is its assignment's
    if REPAIR.has(a):
        return f"assignment-{me}-{REPAIR.split(a)}"
    if START_ATTACK.has(a):
        return f"assignment-{me}-{ATTACK}"
    if AIM.has(a):
        aim, v = AIM.split(a)[1], int(s["victim"])
        return f"assignment-{v}-{aim}" if aim < AIM_BAY else f"bay-{v}-{BAY_OF[aim - AIM_BAY]}"
    if SCORE.has(a):
        return f"map-card-{me}-{SCORE.split(a)}"
    if DISCARD.has(a):
        return f"map-card-{me}-{DISCARD.split(a)}"
    if DECLARE.has(a):
        return f"seat-{(me + DECLARE.split(a)[0]) % n}"
    if TAKE.has(a) and TAKE.split(a):
        return f"seat-{(me + TAKE.split(a)) % n}"
    return None


def _draw_map(ax, s):
    """The tiles with what stands on them, and over them an invisible hex (its gid, for a click)
    on every tile and every empty cell beside one, where a tile may go."""
    from matplotlib.patches import Circle, Ellipse, RegularPolygon

    used = [c for c in range(CELLS) if s["board"][c] >= 0]
    places = sorted(set(used) | {int(NEIGHBOUR[c, d]) for c in used for d in range(DIRS)} - {-1})
    for c in places:
        ax.add_artist(RegularPolygon(_xy(c), 6, radius=0.98, facecolor="none", edgecolor="none", zorder=7,
                                     gid=f"cell-{c}"))
    for c in used:
        x, y = _xy(c)
        ax.add_artist(RegularPolygon((x, y), 6, radius=0.98, facecolor=TERRAIN_COLOURS[int(s["board"][c])],
                                    edgecolor="#555555", lw=0.6))
        if s["township"][c] >= 0:
            ax.add_artist(RegularPolygon((x + 0.35, y + 0.35), 5, radius=0.33, facecolor=SEAT_COLOURS[int(s["township"][c])],
                                        edgecolor="black", lw=1.2))
        if s["ground"][c] >= 0:
            ax.add_artist(Circle((x - 0.45, y - 0.4), 0.17, facecolor=SEAT_COLOURS[int(s["ground"][c])],
                                edgecolor="black", lw=0.8))
    for j in range(int(s["num_players"])):
        c = int(s["ship"][j])
        if c >= 0:
            x, y = _xy(c)
            ax.add_artist(Ellipse((x, y - 0.05), 1.3, 0.62, facecolor=SEAT_COLOURS[j], edgecolor="black", lw=1.5, zorder=5))
            ax.text(x, y - 0.05, str(j), ha="center", va="center", color="white", fontsize=9, weight="bold", zorder=6)
    if used:
        xs = [_xy(c)[0] for c in places]
        ys = [_xy(c)[1] for c in places]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        half = max(max(xs) - min(xs), max(ys) - min(ys), 6) / 2 + 1.1
        ax.set_limits((cx - half, cx + half), (cy - half, cy + half))
    else:
        ax.set_limits((-5, 5), (-5, 5))
        ax.text(0, 0, "no tiles yet", ha="center", va="center", fontsize=10, color="#777777")


def _mini_pattern(ax, x, y, m, size=0.085):
    """Map card m as its pattern of small coloured hexes, the first at (x, y)."""
    from matplotlib.patches import RegularPolygon

    for k in range(int(MAP_SIZE[m])):
        dq, dr = int(MAP_DQ[m, k]), int(MAP_DR[m, k])
        ax.add_artist(RegularPolygon((x + size * SQRT3 * (dq + dr / 2), y - size * 1.5 * dr), 6, radius=size * 0.97,
                                    facecolor=TERRAIN_COLOURS[int(MAP_TERRAIN[m, k])], edgecolor="black", lw=0.4))


def _draw_seat(ax, s, j, h, shown):
    """Seat j's board: its faction and points, the airship's six assignments (workers on them at
    its turn, damage markers), the cargo bays, tiles held, map cards (the cards where shown)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Rectangle

    on_turn = s["stage"] != ST_OVER and s["turn_seat"] == j
    colour = SEAT_COLOURS[j]
    ax.add_artist(Rectangle((0.05, 0.04), SEATS_W - 0.1, h - 0.08, facecolor="#fafafa",
                           edgecolor=colour, lw=2.5 if on_turn else 1, ls="--" if on_turn else "-", gid=f"seat-{j}"))
    f = int(s["faction"][j])
    vp = int(victory_points(s, j))
    cards_vp = sum(int(MAP_VP[m]) for m in range(MAP_CARDS) if s["scored"][j, m])
    top = h - 0.2
    ax.text(0.15, top, f"{'> ' if on_turn else ''}player_{j}  {FACTION_NAMES[f] if f >= 0 else '(no faction yet)'}",
            fontsize=9.5, weight="bold", color=colour, va="center")
    ax.text(SEATS_W - 0.15, top, f"{vp} VP  (combat {int(s['combat_vp'][j])}, {int(s['townships'][j])} townships, "
            f"map cards {cards_vp})", fontsize=8.5, weight="bold", ha="right", va="center")
    # the airship's board
    box_w, box_h = 0.78, min(0.5, h * 0.3)
    y0 = top - 0.2 - box_h
    for k in range(ASSIGNMENTS):
        x = 0.15 + k * (box_w + 0.05)
        damaged = k < DAMAGEABLE and s["damaged"][j, k]
        ax.add_artist(Rectangle((x, y0), box_w, box_h, facecolor="#ffe5e5" if damaged else "white",
                               edgecolor=DAMAGE_COLOUR if damaged else "#888888", lw=1.5 if damaged else 0.8,
                               gid=f"assignment-{j}-{k}"))
        ax.text(x + box_w / 2, y0 + box_h - 0.09, ASSIGNMENT_NAMES[k].replace(" ground", ""), fontsize=6.5,
                ha="center", va="center")
        if damaged:
            ax.add_artist(Line2D([x + 0.05, x + box_w - 0.05], [y0 + 0.05, y0 + box_h - 0.18], color=DAMAGE_COLOUR, lw=1.5))
            ax.add_artist(Line2D([x + 0.05, x + box_w - 0.05], [y0 + box_h - 0.18, y0 + 0.05], color=DAMAGE_COLOUR, lw=1.5))
        if on_turn:
            crew = int(s["crew"][k] + (s["crew"][REPAIR_SPOT + k] if k < DAMAGEABLE else 0))
            ready = int(s["ready"][k] + (s["ready"][REPAIR_SPOT + k] if k < DAMAGEABLE else 0))
            for w in range(int(CAPACITY[k])):
                cx = x + 0.1 + w * 0.14
                fill = colour if w < ready else ("#bbbbbb" if w < crew else "white")
                ax.add_artist(Circle((cx, y0 + 0.1), 0.05, facecolor=fill, edgecolor="#555555", lw=0.5))
            if k < DAMAGEABLE and s["crew"][REPAIR_SPOT + k]:
                ax.text(x + box_w - 0.04, y0 + 0.2, "repair", fontsize=5.5, ha="right", color=DAMAGE_COLOUR)
    # the cargo bays
    bx = 0.15 + ASSIGNMENTS * (box_w + 0.05) + 0.1
    size = int(bay_capacity(s, j))
    row_h = (box_h + 0.1) / BAYS
    for b in range(BAYS):
        y = y0 + box_h + 0.05 - (b + 1) * row_h + row_h / 2
        ax.text(bx, y, BAY_NAMES[b], fontsize=6, va="center")
        pieces = [r for r in range(RESOURCES) if BAY_OF[r] == b for _ in range(int(s["bays"][j, r]))]
        for i in range(size):
            ax.add_artist(Rectangle((bx + 0.42 + i * 0.13, y - 0.05), 0.11, 0.1,
                                   facecolor=RESOURCE_COLOURS[pieces[i]] if i < len(pieces) else "white",
                                   edgecolor="#777777", lw=0.5))
        ax.add_artist(Rectangle((bx - 0.03, y - row_h / 2), 0.47 + size * 0.13, row_h, facecolor="none",
                               edgecolor="none", gid=f"bay-{j}-{b}"))
    # the rest, in words (and the hand's patterns where shown)
    held = ", ".join(f"{int(s['held'][j, t])} {TERRAIN_NAMES[t]}" for t in range(4) if s["held"][j, t]) or "none"
    eq = ", ".join(DEV_KIND_NAMES[int(DEV_KIND[d])] for d in range(DEV_CARDS) if s["equipped"][j, d]) or "nothing"
    scored = " ".join(f"#{m}" for m in range(MAP_CARDS) if s["scored"][j, m]) or "none"
    extra = f";  hits taken this turn {int(s['hits'][j])}" if s["hits"][j] else ""
    extra += f";  {int(s['countered'][j])} workers counter-attacked" if s["countered"][j] else ""
    y = y0 - 0.14
    ax.text(0.15, y, f"tiles held: {held};  equipped: {eq}{extra}", fontsize=7, va="center")
    hand = [m for m in range(MAP_CARDS) if s["hand"][j, m]]
    words = f"map cards scored: {scored};  in hand: {int(s['hand_count'][j])}" + (":" if shown and hand else "")
    if not shown:
        words += " (hidden)"
    ax.text(0.15, y - 0.2, words, fontsize=7, va="center")
    if shown and hand:
        x = 0.15
        for m in hand:
            # the card holds its pattern, whose rows run from one above its label's to two below
            ax.add_artist(Rectangle((x - 0.06, y - 0.685), 1.2, 0.42, facecolor="white", edgecolor="#aaaaaa", lw=0.6,
                                   gid=f"map-card-{j}-{m}"))
            ax.text(x, y - 0.43, f"#{m} {int(MAP_VP[m])} VP", fontsize=6.5, va="center", weight="bold")
            _mini_pattern(ax, x + 0.7, y - 0.43, m, size=0.06)
            x += 1.3


def _draw_key(ax, n):
    row1, row2, row3 = 0.75, 0.45, 0.15
    x = draw_swatches(ax, 0.15, row1, [(TERRAIN_COLOURS[t], TERRAIN_NAMES[t]) for t in range(4)])
    draw_swatches(ax, x + 0.2, row1, seat_swatches(n))
    x = draw_swatches(ax, 0.15, row2, [(RESOURCE_COLOURS[r], RESOURCE_NAMES[r]) for r in range(RESOURCES)])
    draw_swatches(ax, x + 0.2, row2, [(None, "map: oval + number = a seat's airship, pentagon = township, "
                                             "dot = worker ashore (in the seat's colour)")])
    draw_swatches(ax, 0.15, row3, [(None, "airship board (at the seat's turn): filled dot = worker ready, grey = "
                                          "worker used, white = room; red cross = damage marker; #m: a map card, "
                                          "drawn as the pattern it scores")])
