"""Legends as text and as a picture: the three locations with their adventures and fate, each
character's skills, tokens and Legend."""
from __future__ import annotations

import numpy as np

from .content import (ABILITY_NAMES, CARD_TYPES, CHARACTER_NAMES, END_AWARD_NAMES, FATE_KIND_NAMES,
                      FATE_TILE_KIND, LOCATION_NAMES, REWARD_NAMES, SKILL_NAMES, TOKEN_NAMES, TRACK)
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
        legend = [upbringing_name(int(u)) for u in s['up_order'][j] if u >= 0]
        legend += [adventure_name(loc, i) for loc in range(3) for i in range(16) if s['adv_owner'][loc, i] == j]
        legend += [f"'{REWARD_NAMES[t][k]}'" for t in range(4) for k in range(8) if s['rew_owner'][t, k] == j]
        legend += [END_AWARD_NAMES[e] for e in range(5) if s['end_award'][e] == j]
        if legend:
            lines.append("    legend: " + "; ".join(legend))
        if seat is None or seat == j:
            cards = [card_name(t) + (f" x{int(s['hand'][j, t])}" if s['hand'][j, t] > 1 else "")
                     for t in range(CARD_TYPES) if s['hand'][j, t]]
            lines.append("    hand: " + (", ".join(cards) if cards else "(empty)"))
        if s['commit'][j] >= 0:
            shown = s['revealed'] or seat is None or seat == j
            lines.append(f"    action card: {COMMIT_NAMES[int(s['commit'][j])] if shown else 'face down'}")
    if stage == ST_OVER:
        lines.append("Final scores: " + ", ".join(f"player_{j} {int(s['final'][j])}" for j in range(n)))
    return "\n".join(lines)


def render_rgb(s) -> np.ndarray:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = int(s['num_players'])
    fig = plt.figure(figsize=(10, 7), dpi=60)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_xlim(0, 30)
    ax.set_ylim(0, 21)
    ax.axis("off")
    colours = ("#d9c9a3", "#b9d08f", "#e2a66b")
    for loc in range(3):
        x = 1 + loc * 9.7
        ax.add_patch(plt.Rectangle((x, 13), 9.2, 7.5, color=colours[loc]))
        ax.text(x + 0.3, 19.8, LOCATION_NAMES[loc], fontsize=12, weight="bold", va="top")
        if s['marker'] == loc:
            ax.text(x + 0.3, 17.5, "adventure marker", fontsize=10)
            continue
        i = int(s['active'][loc])
        if i >= 0:
            from .content import ADV_NAMES, ADV_DIFFICULTY, ADV_VP
            ax.text(x + 0.3, 18.3, ADV_NAMES[loc][i][:30], fontsize=8, va="top")
            ax.text(x + 0.3, 17.0, f"needs {ADV_DIFFICULTY[loc, i]}, {ADV_VP[loc, i]} VP", fontsize=8)
            for k in range(TRACK):
                ax.add_patch(plt.Rectangle((x + 0.4 + k * 2.2, 13.5), 1.8, 1.5, fill=(k == s['age'][loc]),
                                           color="#553311"))
            f = int(s['loc_fate'][loc])
            fate = FATE_KIND_NAMES[FATE_TILE_KIND[f]] if s['fate_up'][loc] else "fate face down"
            ax.text(x + 0.3, 15.8, fate[:34], fontsize=7)
    for j in range(n):
        y = 11.5 - j * 1.6
        ax.add_patch(plt.Rectangle((1, y - 0.6), 28, 1.4, color=plt.cm.tab10(j), alpha=0.35))
        skills = " ".join(f"{SKILL_NAMES[k][:3]}{int(s['skills'][j, k])}" for k in range(6))
        toks = " ".join(f"{TOKEN_NAMES[k][0]}{int(s['tokens'][j, k])}" for k in range(5))
        ax.text(1.3, y, f"player_{j} {CHARACTER_NAMES[int(s['character'][j])][:14]}  {skills}  {toks}  "
                f"grit {int(s['grit'][j])}  adv {adventures_of(s, j)}  "
                f"rew {sum(reward_cards_of(s, j, t) for t in range(4))}  score {score(s, j)}", fontsize=8, va="center")
    fig.canvas.draw()
    img = np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()
    plt.close(fig)
    return img
