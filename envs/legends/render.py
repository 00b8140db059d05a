"""Legends as text and as a picture (matplotlib, imported only when a picture is asked for): the
three locations with their adventures, tracks and fate, the face-up rewards, and each character's
skills, tokens, True Grit, Legend, hand and action card. ``seat`` None is the full view (every
hand, draft hand and face-down card shown); a seat's view shows its own and the others' as
counts."""
from __future__ import annotations

import numpy as np

from .content import (ABILITY_NAMES, CARD_TYPES, CHARACTER_NAMES, END_AWARD_NAMES, FATE_KIND_NAMES,
                      FATE_TILE_KIND, LOCATION_NAMES, REWARD_NAMES, SKILL_NAMES, TOKEN_NAMES, TRACK)
from .content import FIRST_SPECIAL, FIRST_WILD, SPECIAL_KINDS, UP_PICKS
from .scoring import adventures_of, reward_cards_of, score
from ..common.render import (BANNER_H, SEAT_COLOURS, Area, draw_banner, draw_chips, draw_swatches, key_area, new_figure, seat_swatches,
                             wrap)
from .state import BUY, COMMIT, COMMIT_NAMES, DISCARD, DRAFT, PLAY, SPECIAL, STAGE_NAMES, ST_OVER, WILD
from .words import adventure_name, card_name, reward_name, upbringing_name


def location_lines(s):
    out = []
    for loc in range(3):
        if s['marker'] == loc:
            out.append(f"  {LOCATION_NAMES[loc]:<10} [adventure marker: blocked]")
            continue
        i = int(s['active'][loc])
        if i < 0:
            out.append(f"  {LOCATION_NAMES[loc]:<10} (no adventure)")
            continue
        track = "".join("*" if k == s['age'][loc] else "." for k in range(TRACK))
        f = int(s['loc_fate'][loc])
        fate = FATE_KIND_NAMES[FATE_TILE_KIND[f]] if s['fate_up'][loc] else "face down"
        out.append(f"  {LOCATION_NAMES[loc]:<10} [{track}] {adventure_name(loc, i)}  fate: {fate}")
    return out


def render_text(s, seat=None) -> str:
    n = int(s['num_players'])
    stage = int(s['stage'])
    head = "game over" if stage == ST_OVER else f"{STAGE_NAMES[stage]}: player_{int(s['actor'])} to act"
    lines = [f"Legends of the American Frontier - turn {int(s['turn'])}, {head}", "Locations:"]
    lines += location_lines(s)
    tops = []
    for t in range(4):
        k = int(s['rew_top'][t])
        tops.append(f"{TOKEN_NAMES[t]}: {reward_name(t, k) if k >= 0 else '(depleted)'}")
    lines.append("Rewards: " + "; ".join(tops))
    for j in range(n):
        fp = " (first player)" if s['first_player'] == j else ""
        skills = " ".join(f"{SKILL_NAMES[k][:4]} {int(s['skills'][j, k])}" for k in range(6))
        toks = " ".join(f"{TOKEN_NAMES[k][:4]} {int(s['tokens'][j, k])}" for k in range(5))
        hand = int(s['hand'][j].sum())
        lines.append(f"player_{j}{fp}: {CHARACTER_NAMES[int(s['character'][j])]}  score {score(s, j)}")
        lines.append(f"    skills: {skills} | tokens: {toks} | True Grit {int(s['grit'][j])} | "
                     f"-1 VP x{int(s['neg_vp'][j])} | hand {hand}")
        abil = ", ".join(f"{ABILITY_NAMES[k]}" + (f" x{int(c)}" if c > 1 else "")
                         for k, c in enumerate(s['ability'][j]) if c)
        if abil:
            lines.append(f"    abilities: {abil}")
        picks = [upbringing_name(int(u)) for u in s['up_order'][j] if u >= 0]
        if s['draft_round'] < UP_PICKS and seat is not None and seat != j and picks:
            picks = [f"{len(picks)} upbringing card{'s' if len(picks) > 1 else ''} face down"]
        legend = picks
        legend += [adventure_name(loc, i) for loc in range(3) for i in range(16) if s['adv_owner'][loc, i] == j]
        legend += [f"'{REWARD_NAMES[t][k]}'" for t in range(4) for k in range(8) if s['rew_owner'][t, k] == j]
        legend += [END_AWARD_NAMES[e] for e in range(5) if s['end_award'][e] == j]
        if legend:
            lines.append("    legend: " + "; ".join(legend))
        if seat is None or seat == j:
            cards = [card_name(t) + (f" x{int(s['hand'][j, t])}" if s['hand'][j, t] > 1 else "")
                     for t in range(CARD_TYPES) if s['hand'][j, t]]
            lines.append("    hand: " + (", ".join(cards) if cards else "(empty)"))
            if s['draft'][j].any():
                lines.append("    draft hand: " + "; ".join(upbringing_name(int(u)) for u in np.flatnonzero(s['draft'][j])))
            if s['up_pick'][j] >= 0:
                lines.append(f"    picked, face down: {upbringing_name(int(s['up_pick'][j]))}")
        elif s['up_pick'][j] >= 0:
            lines.append("    picked an upbringing card, face down")
        if s['commit'][j] >= 0:
            shown = s['revealed'] or seat is None or seat == j
            lines.append(f"    action card: {COMMIT_NAMES[int(s['commit'][j])] if shown else 'face down'}")
    if stage == ST_OVER:
        lines.append("Final scores: " + ", ".join(f"player_{j} {int(s['final'][j])}" for j in range(n)))
    return "\n".join(lines)


LOCATION_COLOURS = ("#e3d5b0", "#c5dba0", "#eab98a")
TOKEN_COLOURS = ("#6a51a3", "#d4a017", "#2e8b57", "#e377c2", "#555555")
LOC_H, REWARD_H, ROW_H, KEY_H, WIDTH = 2.3, 0.6, 1.0, 0.75, 13.0


def decision_words(s) -> str:
    n = int(s['num_players'])
    stage = int(s['stage'])
    if stage == ST_OVER:
        best = max(int(s['final'][j]) for j in range(n))
        won = ", ".join(f"player_{j}" for j in range(n) if s['final'][j] == best)
        return f"game over: {won} won (" + " / ".join(str(int(s['final'][j])) for j in range(n)) + " VP)"
    words = f"player_{int(s['actor'])} to act: {STAGE_NAMES[stage]}"
    if s['cur'] >= 0 and stage in (3, 4, 5):   # an adventure in play
        words += f" (total so far {int(s['total'][int(s['cur'])])})"
    return words


def render_figure(s, seat=None, last=()):
    """The banner (the decision, whose view, the last decision and what followed it); the three
    locations (adventure, its skills, difficulty and VP, the track with the adventure's age and the
    fate space, the fate tile, who went there); the face-up rewards; a row for each character
    (score, skills, tokens, True Grit, -1 VP, abilities, Legend, hand, action card); the key."""
    n = int(s['num_players'])
    body = LOC_H + REWARD_H + ROW_H * n
    height = BANNER_H + body + KEY_H
    fig = new_figure(WIDTH, height)
    title = (f"Legends of the American Frontier, {n} players: turn {int(s['turn'])}, first player "
             f"player_{int(s['first_player'])}" + (f", upbringing pick {int(s['draft_round']) + 1} of {UP_PICKS}"
                                                   if s['draft_round'] < UP_PICKS else ""))
    draw_banner(fig, title, decision_words(s), "black" if s['actor'] < 0 else SEAT_COLOURS[int(s['actor'])], seat, last)
    ax = Area(fig, (0, KEY_H / height, 1, body / height), (0, WIDTH), (0, body))
    _draw_locations(ax, s, body)
    _draw_rewards(ax, s, body - LOC_H)
    for j in range(n):
        _draw_character(ax, s, j, body - LOC_H - REWARD_H - ROW_H * j, seat is None or seat == j)
    _draw_key(key_area(fig, KEY_H), n)
    return fig


def action_place(s, a):
    """Where a move is played on the picture (the gid drawn there): a location (the action card
    committed to it); a card in the mover's hand (played, discarded, a Wild or a special action
    card used) or draft hand (picked); a reward on offer (bought)."""
    me = int(s['actor'])
    if COMMIT.has(a):
        loc = COMMIT.split(a)
        return f"location-{loc}" if loc < len(LOCATION_NAMES) else None     # Rest goes nowhere
    if DRAFT.has(a):
        return f"draft-{me}-{DRAFT.split(a)}"
    if PLAY.has(a):
        return f"hand-{me}-{PLAY.split(a)}"
    if DISCARD.has(a):
        return f"hand-{me}-{DISCARD.split(a)}"
    if WILD.has(a):
        return f"hand-{me}-{FIRST_WILD + WILD.split(a)[0]}"
    if SPECIAL.has(a):
        suit, kind = SPECIAL.split(a)
        return f"hand-{me}-{FIRST_SPECIAL + suit * SPECIAL_KINDS + kind}"
    if BUY.has(a):
        return f"reward-{BUY.split(a)}"
    return None


def _draw_locations(ax, s, top):
    from matplotlib.patches import Rectangle

    from .content import ADV_DIFFICULTY, ADV_GROUP, ADV_MODE, ADV_NAMES, ADV_SKILL_A, ADV_SKILL_B, ADV_VP, FATE_SPACE

    n = int(s['num_players'])
    w = (WIDTH - 0.4) / 3
    for loc in range(3):
        x, y = 0.1 + loc * (w + 0.1), top - LOC_H + 0.05
        ax.add_artist(Rectangle((x, y), w, LOC_H - 0.1, facecolor=LOCATION_COLOURS[loc], edgecolor="#7a5c2e",
                               gid=f"location-{loc}"))
        ax.text(x + 0.12, top - 0.2, LOCATION_NAMES[loc], fontsize=11, weight="bold", va="center")
        if s['marker'] == loc:
            ax.text(x + 0.12, top - 0.7, "the adventure marker blocks it (no adventure here)", fontsize=8.5)
            continue
        i = int(s['active'][loc])
        if i < 0:
            ax.text(x + 0.12, top - 0.7, "no adventure", fontsize=8.5)
            continue
        a, b = ADV_SKILL_A[loc, i], ADV_SKILL_B[loc, i]
        skill = SKILL_NAMES[a] + ("" if b < 0 else (" + " if ADV_MODE[loc, i] == 1 else " or ") + SKILL_NAMES[b])
        ax.text(x + 0.12, top - 0.5, wrap(ADV_NAMES[loc][i], w * 13, 2), fontsize=8.5, va="top", style="italic")
        ax.text(x + 0.12, top - 0.98, f"{'group' if ADV_GROUP[loc, i] else 'solo'}: {skill}", fontsize=8, va="center")
        ax.text(x + 0.12, top - 1.18, f"difficulty {ADV_DIFFICULTY[loc, i]}+   worth {ADV_VP[loc, i]} VP",
                fontsize=8.5, va="center", weight="bold")
        f = int(s['loc_fate'][loc])
        fate = ("fate tile: " + FATE_KIND_NAMES[FATE_TILE_KIND[f]]) if f >= 0 and s['fate_up'][loc] else \
            ("fate tile: face down" if f >= 0 else "no fate tile")
        ax.text(x + 0.12, top - 1.38, wrap(fate, w * 14, 1), fontsize=7.5, va="center")
        for k in range(TRACK):
            bx = x + 0.12 + k * 0.55
            here = k == s['age'][loc]
            ax.add_artist(Rectangle((bx, y + 0.3), 0.45, 0.32, facecolor="#553311" if here else "white",
                                   edgecolor="#553311"))
            if k == FATE_SPACE[loc]:
                ax.text(bx + 0.225, y + 0.46, "F", ha="center", va="center", fontsize=8, weight="bold",
                        color="white" if here else "#aa2200")
        ax.text(x + 0.12, y + 0.14, "track: the dark space is the adventure's age; F the fate space", fontsize=6.5)
        went = [j for j in range(n) if s['revealed'] and s['commit'][j] == loc]
        if went:
            ax.text(x + w - 0.12, y + 0.46, "here: " + ", ".join(f"player_{j}" for j in went), ha="right",
                    fontsize=8, va="center", weight="bold")


def _draw_rewards(ax, s, top):
    from matplotlib.patches import Rectangle

    from .content import REWARD_PRICE, REWARD_VP

    ax.text(0.15, top - 0.15, "Rewards on offer:", fontsize=9, weight="bold", va="center")
    for t in range(4):
        k = int(s['rew_top'][t])
        label = "(none left)" if k < 0 else (f"'{REWARD_NAMES[t][k]}' {REWARD_VP[t, k]} VP for " + " ".join(
            f"{REWARD_PRICE[t, k, j]} {TOKEN_NAMES[j]}" for j in range(4) if REWARD_PRICE[t, k, j]))
        ax.add_artist(Rectangle((0.1 + t * 3.2, top - 0.55), 3.1, 0.28, facecolor="white", edgecolor=TOKEN_COLOURS[t],
                               lw=0.8, gid=f"reward-{t}"))
        ax.text(0.15 + t * 3.2, top - 0.41, wrap(f"{TOKEN_NAMES[t]}: {label}", 52, 1), fontsize=7.5, va="center",
                color=TOKEN_COLOURS[t])


def _draw_character(ax, s, j, top, shown):
    from matplotlib.patches import Rectangle

    colour = SEAT_COLOURS[j]
    on = s['actor'] == j
    ax.add_artist(Rectangle((0.1, top - ROW_H + 0.04), WIDTH - 0.2, ROW_H - 0.06, facecolor="#fafafa",
                           edgecolor=colour, lw=2.5 if on else 1, ls="--" if on else "-"))
    first = "  (first player)" if s['first_player'] == j else ""
    ax.text(0.2, top - 0.16, f"{'> ' if on else ''}player_{j}  {CHARACTER_NAMES[int(s['character'][j])]}{first}",
            fontsize=9, weight="bold", color=colour, va="center")
    ax.text(WIDTH - 0.2, top - 0.16, f"{score(s, j)} VP", fontsize=11, weight="bold", ha="right", va="center")
    x = 0.2
    for k in range(6):
        ax.text(x, top - 0.4, f"{SKILL_NAMES[k][:4]} {int(s['skills'][j, k])}", fontsize=8, va="center",
                family="monospace")
        x += 0.85
    x += 0.1
    for k in range(5):
        ax.add_artist(Rectangle((x, top - 0.47), 0.14, 0.14, facecolor=TOKEN_COLOURS[k], edgecolor="black", lw=0.5))
        ax.text(x + 0.18, top - 0.4, str(int(s['tokens'][j, k])), fontsize=8, va="center")
        x += 0.45
    legend = (f"True Grit {int(s['grit'][j])}   -1 VP x{int(s['neg_vp'][j])}   adventures {adventures_of(s, j)}   "
              f"rewards {sum(reward_cards_of(s, j, t) for t in range(4))}   skill cards {int(s['hand'][j].sum())}")
    ax.text(x + 0.15, top - 0.4, legend, fontsize=8, va="center")
    abil = ", ".join(ABILITY_NAMES[k] + (f" x{int(c)}" if c > 1 else "") for k, c in enumerate(s['ability'][j]) if c)
    if s['commit'][j] >= 0:
        card = COMMIT_NAMES[int(s['commit'][j])] if s['revealed'] or shown else "face down"
        action = f"action card: {card}"
    else:
        action = ""
    if shown and s['up_pick'][j] >= 0:
        picked = f"picked (face down): {upbringing_name(int(s['up_pick'][j]))}"
    else:
        picked = "picked an upbringing card (face down)" if s['up_pick'][j] >= 0 else ""
    line = "   ".join(w for w in (action, f"abilities: {abil}" if abil else "", picked) if w)
    ax.text(0.2, top - 0.62, wrap(line, 190, 1), fontsize=7.5, va="center")
    if not shown:
        ax.text(0.2, top - 0.84, f"hand: {int(s['hand'][j].sum())} cards (hidden)", fontsize=7.5, va="center")
        return
    # the seat's own cards, each a place a click picks (played, discarded; an upbringing picked)
    ax.text(0.2, top - 0.84, "hand:" + ("" if s['hand'][j].any() else " -"), fontsize=7.5, va="center")
    x = draw_chips(ax, 0.62, top - 0.84, [
        (card_name(t) + (f" x{int(s['hand'][j, t])}" if s['hand'][j, t] > 1 else ""), f"hand-{j}-{t}", "white", "black")
        for t in np.flatnonzero(s['hand'][j])])
    draft = np.flatnonzero(s['draft'][j])
    if len(draft):
        ax.text(x + 0.2, top - 0.84, "draft hand:", fontsize=7.5, va="center")
        draw_chips(ax, x + 1.05, top - 0.84, [(upbringing_name(int(u)), f"draft-{j}-{u}", "#fff5e0", "black")
                                              for u in draft])


def _draw_key(ax, n):
    x = draw_swatches(ax, 0.15, 0.55, [(TOKEN_COLOURS[k], TOKEN_NAMES[k]) for k in range(5)])
    draw_swatches(ax, x + 0.3, 0.55, seat_swatches(n))
    draw_swatches(ax, 0.15, 0.2, [(None, "skills: " + ", ".join(f"{SKILL_NAMES[k][:4]} {SKILL_NAMES[k]}" for k in range(6))
                                   + ";  a dashed frame: the seat to act;  VP: the score now")])
