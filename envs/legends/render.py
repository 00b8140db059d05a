"""Legends as text and as a picture: the three locations with their adventures and fate, each
character's skills, tokens and Legend."""
from __future__ import annotations

import numpy as np

from .content import (ABILITY_NAMES, CARD_TYPES, CHARACTER_NAMES, END_AWARD_NAMES, FATE_KIND_NAMES,
                      FATE_TILE_KIND, LOCATION_NAMES, REWARD_NAMES, SKILL_NAMES, TOKEN_NAMES, TRACK)
from .content import UP_PICKS
from .scoring import adventures_of, reward_cards_of, score
from .state import COMMIT_NAMES, STAGE_NAMES, ST_OVER
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


def render_figure(s, seat=None, last=()):
    """The board: the decision being taken, the three locations (adventure, its skills and number,
    its place on the track with the fate icon's space marked, the fate tile or "face down"), the
    face-up rewards, and a row for each character (skills, tokens, True Grit, Legend, score)."""
    import matplotlib.patches as patches

    from ..common.render import SEAT_COLOURS, new_figure

    from .content import (ADV_DIFFICULTY, ADV_GROUP, ADV_MODE, ADV_NAMES, ADV_SKILL_A, ADV_SKILL_B, ADV_VP,
                          FATE_SPACE, REWARD_PRICE, REWARD_VP)

    n = int(s['num_players'])
    stage = int(s['stage'])
    fig = new_figure(12, 8, dpi=80)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_xlim(0, 30)
    ax.set_ylim(0, 24)
    ax.axis("off")
    head = "game over" if stage == ST_OVER else f"{STAGE_NAMES[stage]} - player_{int(s['actor'])} to act"
    ax.text(1, 23.5, f"Legends of the American Frontier - turn {int(s['turn'])}: {head}", fontsize=12,
            weight="bold", va="top")
    colours = ("#d9c9a3", "#b9d08f", "#e2a66b")
    for loc in range(3):
        x = 1 + loc * 9.7
        ax.add_patch(patches.Rectangle((x, 14.5), 9.2, 7.8, color=colours[loc]))
        ax.text(x + 0.3, 21.9, LOCATION_NAMES[loc], fontsize=12, weight="bold", va="top")
        if s['marker'] == loc:
            ax.text(x + 0.3, 19.0, "adventure marker\n(no adventure here)", fontsize=10)
            continue
        i = int(s['active'][loc])
        if i < 0:
            ax.text(x + 0.3, 19.0, "(no adventure)", fontsize=10)
            continue
        a, b = ADV_SKILL_A[loc, i], ADV_SKILL_B[loc, i]
        skill = SKILL_NAMES[a] + ("" if b < 0 else (" + " if ADV_MODE[loc, i] == 1 else " or ") + SKILL_NAMES[b])
        ax.text(x + 0.3, 20.7, ADV_NAMES[loc][i][:34], fontsize=9, va="top")
        ax.text(x + 0.3, 19.5, f"{'group' if ADV_GROUP[loc, i] else 'solo'}: {skill}", fontsize=8, va="top")
        ax.text(x + 0.3, 18.6, f"needs {ADV_DIFFICULTY[loc, i]}, {ADV_VP[loc, i]} VP", fontsize=8, va="top")
        f = int(s['loc_fate'][loc])
        fate = FATE_KIND_NAMES[FATE_TILE_KIND[f]] if s['fate_up'][loc] else "fate: face down"
        ax.text(x + 0.3, 17.6, fate[:40], fontsize=7, va="top", style="italic")
        for k in range(TRACK):
            ax.add_patch(patches.Rectangle((x + 0.4 + k * 2.2, 15.0), 1.8, 1.4, fill=(k == s['age'][loc]),
                                       color="#553311"))
            if k == FATE_SPACE[loc]:
                ax.text(x + 1.3 + k * 2.2, 15.7, "F", fontsize=8, ha="center", va="center", color="#aa2200")
        committed = [j for j in range(n) if s['revealed'] and s['commit'][j] == loc]
        if committed:
            ax.text(x + 4.6, 14.7, "on it: " + ", ".join(f"p{j}" for j in committed), fontsize=7, ha="center")
    ax.text(1, 13.8, "Rewards:", fontsize=9, weight="bold", va="top")
    for t in range(4):
        k = int(s['rew_top'][t])
        label = "(depleted)" if k < 0 else (f"{REWARD_NAMES[t][k]}: {REWARD_VP[t, k]} VP for " + " ".join(
            f"{REWARD_PRICE[t, k, j]}{TOKEN_NAMES[j][0]}" for j in range(4) if REWARD_PRICE[t, k, j]))
        ax.text(4 + t * 6.6, 13.8, f"{TOKEN_NAMES[t]}: {label}"[:44], fontsize=7, va="top")
    for j in range(n):
        y = 12.2 - j * 1.6
        ax.add_patch(patches.Rectangle((1, y - 0.65), 28, 1.4, color=SEAT_COLOURS[j], alpha=0.35))
        skills = " ".join(f"{SKILL_NAMES[k][:3]} {int(s['skills'][j, k])}" for k in range(6))
        toks = " ".join(f"{TOKEN_NAMES[k][0]}{int(s['tokens'][j, k])}" for k in range(5))
        first = " (first)" if s['first_player'] == j else ""
        ax.text(1.3, y, f"player_{j}{first} {CHARACTER_NAMES[int(s['character'][j])]}", fontsize=8, va="center",
                weight="bold")
        ax.text(9.0, y, f"{skills} | {toks} | grit {int(s['grit'][j])} | -1VP {int(s['neg_vp'][j])} | "
                f"hand {int(s['hand'][j].sum())} | adv {adventures_of(s, j)} | "
                f"rewards {sum(reward_cards_of(s, j, t) for t in range(4))} | score {score(s, j)}",
                fontsize=7.5, va="center")
    return fig
