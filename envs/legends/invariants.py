"""The game's invariants, checked after every step of the fuzz and on every loaded save
(``check_invariants``; a kernel of envs/common/game.py, re-exported by core.py).

Every card and token in exactly one place; the stage agreeing with the seat to act; scores equal
to their sources (the final scores, end-game rewards and winners recomputed apart from scoring.py);
failure and hardship cards each in one place; nothing of the seats not at the table.
"""
import numpy as np

from ..common.jit import kernel, rule
from .adventure import in_adventure, skill_allowed
from .penalties import avoid_cost, hardship_left
from .cards import hand_size, next_seat_from
from .frontier import next_commit
from .upbringing import next_draft_pick
from .cards import fate_kind, hand_size
from .stages import stage_mask
from .content import (FATE_LOSE2, ADV_PENALTY, PEN_FAILURE, ADV_VP, END_AWARD_VP, END_AWARDS, FAILURE_DECK, HARDSHIP, HARDSHIP_DECK, REWARD_VP, TOKENS_PER_VP)
from .content import (ADV_GROUP, ADV_SLOTS, ADVENTURE_DECK, CARD_COPIES, CARD_TYPES, DECK_SIZE, FATE_TILES,
                      INGENUITY_MAX, LOCATIONS, REWARD_DECK,
                      REWARD_TYPES, SKILLS, TOKENS, UP_DEAL, UP_PICKS, UPBRINGING)
from .state import (FL_FATE_START, COMMIT_REST, FL_PENALTY_DRAW, FL_PLAYER_PLAY, FL_REST_LIMIT, FP_LOC, MAX_SEATS, NUM_ACTIONS,
                    NUM_STAGES, ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY, ST_OVER,
                    ST_PENALTY_CHOICE, ST_PLAY, ST_REDRAW, ST_REST_DRAW, ST_REWARD, ST_SHOP)

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
INV_STAGE = 11
INV_NO_MOVE = 12
INV_PENALTY_CARDS = 13
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
    INV_STAGE: "the decision stage disagrees with where the turn stands (whose turn, which location, which step)",
    INV_NO_MOVE: "the seat to act has no legal decision",
    INV_PENALTY_CARDS: "a failure or hardship card is not in exactly one place (pile, used, an owner)",
}


@rule
def adventurer_ok(s):
    """The seat resolving an adventure: the one at ``res_k`` from the first player, on it, not done."""
    loc = s['res_loc']
    if not s['revealed'] or loc < 0 or loc > 2 or s['active'][loc] < 0:
        return False
    if s['adv_owner'][loc, s['active'][loc]] >= 0:
        return False
    for k in range(3):
        if s['slot_taken'][k]:
            return False            # no reward is taken before every adventurer has played
    for j in range(s['num_players']):
        if s['failed'][j]:
            return False            # nor anyone failed
    cur = s['cur']
    return (cur == s['actor'] and cur == next_seat_from(s, s['res_k']) and in_adventure(s, cur)
            and s['res_done'][cur] == 0)


@rule
def penalised_ok(s):
    """The failed adventurer at ``pen_k`` from the first player, after the rewards."""
    loc = s['res_loc']
    if not s['revealed'] or loc < 0 or loc > 2 or s['active'][loc] < 0:
        return False
    cur = s['cur']
    return (s['pen_k'] < s['num_players'] and cur == s['actor'] and cur == next_seat_from(s, s['pen_k'])
            and in_adventure(s, cur)
            and s['failed'][cur] == 1 and s['rank_pos'] >= s['rank_n'])


@rule
def rester_ok(s):
    cur = s['cur']
    return (s['revealed'] == 1 and s['res_loc'] == 3 and s['rest_k'] < s['num_players'] and cur == s['actor']
            and cur == next_seat_from(s, s['rest_k']) and s['commit'][cur] == COMMIT_REST)


@rule
def stage_ok(s):
    """Where the turn stands agrees with the decision asked."""
    stage = s['stage']
    seat = s['actor']
    n = s['num_players']
    if stage == ST_OVER:
        return True
    if s['revealed'] and s['res_loc'] < 3:
        for j in range(n):
            if s['failed'][j] and not in_adventure(s, j):
                return False
    if stage == ST_DRAFT:
        return s['draft_round'] < UP_PICKS and next_draft_pick(s) == seat
    if s['draft_round'] != UP_PICKS:
        return False
    for j in range(n):
        if s['up_pick'][j] != -1:
            return False
    if stage == ST_COMMIT:
        return s['revealed'] == 0 and next_commit(s) == seat
    for j in range(n):
        if s['commit'][j] < 0:
            return False
    if stage == ST_PLAY or stage == ST_REDRAW:
        if stage == ST_REDRAW and (s['run_n'] < 1 or s['grit'][seat] < 1):
            return False
        return adventurer_ok(s)
    if stage == ST_INGENUITY:
        # the set's cards came from the hand, each of value 4 or less: no set holds more
        cards = s['set_cards']
        if (cards < 1 or cards + hand_size(s, s['actor']) > DECK_SIZE or s['set_value'] > INGENUITY_MAX * cards
                or s['set_luck'] > cards):
            return False
        return adventurer_ok(s) and s['set_suit'] >= 0 and s['set_suit'] < 6 and skill_allowed(s, s['set_suit'])
    if stage == ST_REWARD:
        loc = s['res_loc']
        if not s['revealed'] or loc < 0 or loc > 2 or s['active'][loc] < 0:
            return False
        if s['rank_pos'] >= s['rank_n'] or s['rank'][s['rank_pos']] != seat:
            return False
        taken = 0
        for k in range(3):
            taken += s['slot_taken'][k]
        from_group = ADV_GROUP[loc, s['active'][loc]]
        if (from_group and taken != s['rank_pos']) or (not from_group and taken != 0):
            return False
        if s['rank_n'] > (ADV_SLOTS[loc, s['active'][loc]] if from_group else n):
            return False
        for r in range(s['rank_n']):
            if not in_adventure(s, s['rank'][r]):
                return False
            for q in range(r):
                if s['rank'][q] == s['rank'][r]:
                    return False
        return True
    if stage == ST_AVOID:
        if not penalised_ok(s) or s['grit'][seat] < avoid_cost(s, seat):
            return False
        loc = s['res_loc']     # an empty hardship deck leaves nothing to avoid
        return ADV_PENALTY[loc, s['active'][loc]] == PEN_FAILURE or hardship_left(s) > 0
    if stage == ST_PENALTY_CHOICE:
        return penalised_ok(s) and s['pen_card'] >= 4
    if stage == ST_DISCARD:
        if s['discard_left'] < 1 or hand_size(s, seat) < 1:
            return False
        then = s['discard_then']
        if then == FL_PLAYER_PLAY:
            return adventurer_ok(s)
        if then == FL_FATE_START:     # Lose 2 Cards, before anyone plays
            loc = s['res_loc']
            if not s['revealed'] or loc > 2 or s['active'][loc] < 0 or s['res_k'] < 1:
                return False
            if fate_kind(s, loc) != FATE_LOSE2 or s['opt_random_loss']:
                return False
            for j in range(n):
                if s['res_done'][j]:
                    return False
            return seat == next_seat_from(s, s['res_k'] - 1) and in_adventure(s, seat)
        if then == FL_PENALTY_DRAW:
            return penalised_ok(s)
        if then == FL_REST_LIMIT:
            return rester_ok(s)
        return False
    if stage == ST_REST_DRAW or stage == ST_SHOP:
        return rester_ok(s)
    return False


@rule
def legal_count(s):
    """How many decisions the seat to act has (the masks of core.legal_mask)."""
    return stage_mask(s, s['actor'], np.zeros(NUM_ACTIONS, np.bool_))


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
    # failure and hardship cards: each in its pile, used, or (hardship) with its owner
    for loc in range(LOCATIONS):
        for i in range(FAILURE_DECK):
            if s['fail_pile'][loc, i] + s['fail_used'][loc, i] != 1:
                return INV_PENALTY_CARDS
    for h in range(HARDSHIP_DECK):
        if s['hard_pile'][h] + (1 if s['hard_owner'][h] >= 0 else 0) != 1 or s['hard_owner'][h] >= n:
            return INV_PENALTY_CARDS
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
            c = s['rew_pile'][t, k] + s['rew_box'][t, k] + (1 if s['rew_bottom'][t, k] > 0 else 0)
            for q in range(k):
                if s['rew_bottom'][t, k] > 0 and s['rew_bottom'][t, q] == s['rew_bottom'][t, k]:
                    return INV_REWARDS
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
    # the stage agrees with the turn, and the seat to act can act
    if s['actor'] >= 0:
        if not stage_ok(s):
            return INV_STAGE
        if legal_count(s) < 1:
            return INV_NO_MOVE
    # scores equal their sources, recomputed here apart from scoring.py
    if s['stage'] == ST_OVER and not final_ok(s):
        return INV_SCORE
    return 0


@rule
def final_ok(s):
    """The end: each end-game reward with the one seat holding the most (none on a tie); each
    final score = adventure VP + reward VP + 3 per end-game reward + reward tokens // 4 - (-1 VP
    tokens) - Hardship tokens; the winners the best score, then the most Legend cards."""
    n = s['num_players']
    vp = np.zeros(MAX_SEATS, np.int64)
    cards = np.zeros(MAX_SEATS, np.int64)
    counts = np.zeros((END_AWARDS, MAX_SEATS), np.int64)
    for loc in range(LOCATIONS):
        for i in range(ADVENTURE_DECK):
            o = s['adv_owner'][loc, i]
            if o >= 0:
                vp[o] += ADV_VP[loc, i]
                cards[o] += 1
                counts[END_AWARDS - 1, o] += 1
    for t in range(REWARD_TYPES):
        for k in range(REWARD_DECK):
            o = s['rew_owner'][t, k]
            if o >= 0:
                vp[o] += REWARD_VP[t, k]
                cards[o] += 1
                counts[t, o] += 1
    for e in range(END_AWARDS):
        top = 0
        for j in range(n):
            top = max(top, counts[e, j])
        holders = 0
        for j in range(n):
            if top > 0 and counts[e, j] == top:
                holders += 1
        want = -1
        if holders == 1:
            for j in range(n):
                if counts[e, j] == top:
                    want = j
        if s['end_award'][e] != want:
            return False
        if want >= 0:
            vp[want] += END_AWARD_VP
            cards[want] += 1
    best = -1000000
    for j in range(n):
        toks = s['tokens'][j, 0] + s['tokens'][j, 1] + s['tokens'][j, 2] + s['tokens'][j, 3]
        v = vp[j] + toks // TOKENS_PER_VP - s['neg_vp'][j] - s['tokens'][j, HARDSHIP]
        if s['final'][j] != v:
            return False
        best = max(best, v)
        for u in range(UPBRINGING):
            cards[j] += s['up_legend'][j, u]
    most = -1
    for j in range(n):
        if s['final'][j] == best:
            most = max(most, cards[j])
    for j in range(n):
        if s['winner'][j] != (1 if s['final'][j] == best and cards[j] == most else 0):
            return False
    return True
