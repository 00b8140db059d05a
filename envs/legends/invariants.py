"""The game's invariants, checked after every step of the fuzz and on every loaded save
(``check_invariants``; a kernel of envs/common/game.py, re-exported by core.py).

Every card and token in exactly one place; the stage agreeing with the seat to act; scores equal
to their sources (the final scores are recomputed); nothing of the seats not at the table.
"""
from ..common.jit import kernel
from .cards import hand_size
from .content import (ADVENTURE_DECK, CARD_COPIES, CARD_TYPES, FATE_TILES, LOCATIONS, REWARD_DECK,
                      REWARD_TYPES, SKILLS, TOKENS, UP_DEAL, UP_PICKS, UPBRINGING)
from .scoring import score
from .state import (COMMIT_REST, FP_LOC, MAX_SEATS, NUM_STAGES, ST_DRAFT, ST_OVER)

INV_SKILL_CARDS = 1
INV_UPBRINGING = 2
INV_ADVENTURES = 3
INV_FATE = 4
INV_REWARDS = 5
INV_NEGATIVE = 6
INV_ACTOR = 7
INV_EMPTY_SEAT = 8
INV_SCORE = 9
INV_BOARD = 10
INVARIANT_NAMES = {
    INV_SKILL_CARDS: "a skill card is not in exactly one place (hands, deck, discard)",
    INV_UPBRINGING: "an upbringing card is not in exactly one place, or a draft hand has the wrong size",
    INV_ADVENTURES: "an adventure card is not in exactly one place",
    INV_FATE: "a fate tile's place disagrees with the board",
    INV_REWARDS: "a reward card is not in exactly one place",
    INV_NEGATIVE: "a negative count (tokens, grit, skills)",
    INV_ACTOR: "the seat to act or the stage is impossible",
    INV_EMPTY_SEAT: "a seat not at the table holds something",
    INV_SCORE: "a final score differs from its sources",
    INV_BOARD: "the board is impossible (ages, marker, commits)",
}


@kernel
def check_invariants(s):
    n = s['num_players']
    # skill cards
    for t in range(CARD_TYPES):
        c = s['discard'][t]
        for j in range(MAX_SEATS):
            c += s['hand'][j, t]
        for i in range(s['deck_n']):
            if s['deck'][i] == t:
                c += 1
        if c != CARD_COPIES[t]:
            return INV_SKILL_CARDS
    if s['deck_n'] < 0 or s['deck_n'] > 104:
        return INV_SKILL_CARDS
    # upbringing cards
    sizes_ok = True
    for u in range(UPBRINGING):
        c = s['up_box'][u] + s['up_discard'][u]
        for j in range(MAX_SEATS):
            c += s['draft'][j, u] + s['up_legend'][j, u]
            if s['up_pick'][j] == u:
                c += 1
        if c != 1:
            return INV_UPBRINGING
    for j in range(n):
        held = 0
        legend = 0
        for u in range(UPBRINGING):
            held += s['draft'][j, u]
            legend += s['up_legend'][j, u]
        picked = 1 if s['up_pick'][j] >= 0 else 0
        if s['draft_round'] < UP_PICKS:
            if legend != s['draft_round'] or held + picked != UP_DEAL - s['draft_round']:
                sizes_ok = False
        elif legend != UP_PICKS or held != 0 or picked != 0:
            sizes_ok = False
    if not sizes_ok:
        return INV_UPBRINGING
    # adventures
    for loc in range(LOCATIONS):
        for i in range(ADVENTURE_DECK):
            c = s['adv_deck'][loc, i] + s['adv_box'][loc, i] + s['adv_lost'][loc, i]
            if s['adv_owner'][loc, i] >= 0:
                c += 1      # won: in a Legend (still on the board until its location is cleared)
            elif s['active'][loc] == i:
                c += 1
            if c != 1:
                return INV_ADVENTURES
        if s['active'][loc] >= 0 and s['adv_owner'][loc, s['active'][loc]] >= 0 and s['res_loc'] != loc:
            return INV_ADVENTURES
    # fate tiles
    for loc in range(LOCATIONS):
        f = s['loc_fate'][loc]
        if (f >= 0) != (s['active'][loc] >= 0):
            return INV_FATE
        if f >= 0 and s['fate_place'][f] != FP_LOC + loc:
            return INV_FATE
    for f in range(FATE_TILES):
        p = s['fate_place'][f]
        if p >= FP_LOC and s['loc_fate'][p - FP_LOC] != f:
            return INV_FATE
    # rewards
    for t in range(REWARD_TYPES):
        for k in range(REWARD_DECK):
            c = s['rew_pile'][t, k] + s['rew_box'][t, k] + s['rew_bottom'][t, k]
            if s['rew_owner'][t, k] >= 0:
                c += 1
            if s['rew_top'][t] == k:
                c += 1
            if c != 1:
                return INV_REWARDS
    # negatives
    for j in range(MAX_SEATS):
        if s['grit'][j] < 0 or s['neg_vp'][j] < 0:
            return INV_NEGATIVE
        for k in range(TOKENS):
            if s['tokens'][j, k] < 0:
                return INV_NEGATIVE
        for k in range(SKILLS):
            if s['skills'][j, k] < 0:
                return INV_NEGATIVE
    # empty seats
    for j in range(n, MAX_SEATS):
        if hand_size(s, j) != 0 or s['grit'][j] != 0 or s['up_pick'][j] != -1:
            return INV_EMPTY_SEAT
        for u in range(UPBRINGING):
            if s['draft'][j, u] or s['up_legend'][j, u]:
                return INV_EMPTY_SEAT
        for k in range(TOKENS):
            if s['tokens'][j, k] != 0:
                return INV_EMPTY_SEAT
    # the seat to act
    if s['actor'] >= n or s['stage'] < 0 or s['stage'] >= NUM_STAGES:
        return INV_ACTOR
    if (s['actor'] < 0) != (s['stage'] == ST_OVER):
        return INV_ACTOR
    if s['stage'] == ST_DRAFT and (s['draft_round'] >= UP_PICKS or s['up_pick'][s['actor']] >= 0):
        return INV_ACTOR
    # the board
    if n == 3:
        if s['draft_round'] >= UP_PICKS and (s['marker'] < 0 or s['active'][s['marker']] >= 0):
            return INV_BOARD
    elif s['marker'] != -1:
        return INV_BOARD
    for j in range(n):
        if s['commit'][j] > COMMIT_REST:
            return INV_BOARD
    # scores equal their sources
    if s['stage'] == ST_OVER:
        for j in range(n):
            if s['final'][j] != score(s, j):
                return INV_SCORE
    return 0
