"""What a seat may know: its observation, the full-information vector, and the re-deal of all it
cannot see (``determinize``). Kernels of envs/common/game.py; core.py re-exports them.

Public: the board (adventures, ages, face-up fate tiles, the adventure marker), the face-up
rewards and deck sizes, every Legend, skill, token, True Grit and hand size, the discard pile,
revealed picks and action cards, the adventure being resolved. Private: one's own hand, draft hand,
waiting pick and committed action card. Hidden from all: the decks' order, the box, face-down fate
tiles.
"""
import numpy as np

from ..common.deal import new_future, pool_counts, shuffle_pool
from ..common.jit import kernel, rule
from ..common.rng import randint
from .cards import hand_size
from .content import (ADVENTURE_DECK, CARD_TYPES, DECK_SIZE, FATE_TILE_KIND, FATE_TILES, HARDSHIP_DECK, LOCATIONS,
                      REWARD_DECK, REWARD_TYPES, SKILLS, TOKENS, UP_PICKS, UPBRINGING)
from .frontier import mask_commit
from .scoring import adventures_of, reward_cards_of, score
from .state import (ADVENTURES_SCALE, COMMIT, COPIES_SCALE, FP_LOC, FP_POOL, GRIT_SCALE, HAND_SCALE, L_ACTIVE, L_AGE,
                    L_BLOCKED, L_CARD, L_DECK, L_FATE, L_FATE_DOWN, MIN_SEATS, NEG_VP_SCALE, NUM_ACTIONS, OBS_COMMIT,
                    OBS_DECK_LEFT, OBS_DISCARD, OBS_DRAFT, OBS_DRAFT_ROUND, OBS_HAND, OBS_LOCS, OBS_PICK, OBS_RES_LOC,
                    OBS_REWARD_LEFT, OBS_REWARD_TOP, OBS_REWARD_UNDER, OBS_RUN, OBS_SEAT_COUNT, OBS_SEATS, OBS_SET,
                    OBS_SIZE, OBS_SLOTS, OBS_STAGE, OBS_TURN, RUN_CARDS_SCALE, RUN_SUM_SCALE, S_ABILITIES, S_ACTION,
                    S_ADVENTURES, S_CHARACTER, S_COMMITTED, S_DONE, S_FIRST, S_GRIT, S_HAND, S_NEG, S_PRESENT,
                    S_REWARDS, S_SKILLS, S_TOKENS, S_TOTAL, S_UPBRINGING, S_VP, SET_CARDS_SCALE, SET_VALUE_SCALE,
                    SKILL_SCALE, ST_OVER, STATE_COMMITS, STATE_DECK, STATE_FATE, STATE_HANDS, STATE_VIEW, TOKEN_SCALE,
                    TURN_SCALE, UNDER_SCALE, VP_SCALE)
from .content import ABILITIES, CARD_VALUE, SLOTS


@rule
def observe_seat(s, j, me, out, b):
    """What seat ``me`` knows about seat j, from ``b``: the upbringing picks lie face down (seen by
    their owner only) until the fourth pick, when every Legend is laid out."""
    out[b + S_PRESENT.start] = 1.0
    out[b + S_FIRST.start] = 1.0 if s['first_player'] == j else 0.0
    out[b + S_CHARACTER.at(s['character'][j])] = 1.0
    for k in range(SKILLS):
        out[b + S_SKILLS.at(k)] = s['skills'][j, k] / SKILL_SCALE
    for k in range(TOKENS):
        out[b + S_TOKENS.at(k)] = s['tokens'][j, k] / TOKEN_SCALE
    out[b + S_GRIT.start] = s['grit'][j] / GRIT_SCALE
    out[b + S_NEG.start] = s['neg_vp'][j] / NEG_VP_SCALE
    out[b + S_HAND.start] = hand_size(s, j) / HAND_SCALE
    for k in range(ABILITIES):
        out[b + S_ABILITIES.at(k)] = s['ability'][j, k]
    out[b + S_COMMITTED.start] = 1.0 if s['commit'][j] >= 0 else 0.0
    if s['revealed'] and s['commit'][j] >= 0:
        out[b + S_ACTION.at(s['commit'][j])] = 1.0
    for t in range(REWARD_TYPES):
        out[b + S_REWARDS.at(t)] = reward_cards_of(s, j, t)
    out[b + S_ADVENTURES.start] = adventures_of(s, j) / ADVENTURES_SCALE
    out[b + S_VP.start] = score(s, j) / VP_SCALE
    if j == me or s['draft_round'] >= UP_PICKS:
        for u in range(UPBRINGING):
            if s['up_legend'][j, u]:
                out[b + S_UPBRINGING.at(u)] = 1.0
    if s['revealed']:
        out[b + S_TOTAL.start] = s['total'][j] / VP_SCALE
        out[b + S_DONE.start] = s['res_done'][j]


@kernel
def observe(s, me, out):
    """Seat ``me``'s observation, seat-relative, block by block as OBSERVATION declares."""
    out[:OBS_SIZE] = 0.0
    n = s['num_players']
    for t in range(CARD_TYPES):
        out[OBS_HAND.at(t)] = s['hand'][me, t] / COPIES_SCALE
        out[OBS_DISCARD.at(t)] = s['discard'][t] / COPIES_SCALE
    for u in range(UPBRINGING):
        out[OBS_DRAFT.at(u)] = s['draft'][me, u]
    if s['up_pick'][me] >= 0:
        out[OBS_PICK.at(s['up_pick'][me])] = 1.0
    if s['commit'][me] >= 0:
        out[OBS_COMMIT.at(s['commit'][me])] = 1.0
    for r in range(n):
        observe_seat(s, (me + r) % n, me, out, OBS_SEATS.at(r, 0))
    for loc in range(LOCATIONS):
        b = OBS_LOCS.at(loc, 0)
        if s['marker'] == loc:
            out[b + L_BLOCKED.start] = 1.0
        c = s['active'][loc]
        if c >= 0:
            out[b + L_ACTIVE.start] = 1.0
            out[b + L_CARD.at(c)] = 1.0
            out[b + L_AGE.at(s['age'][loc])] = 1.0
            if s['fate_up'][loc]:
                out[b + L_FATE.at(FATE_TILE_KIND[s['loc_fate'][loc]])] = 1.0
            else:
                out[b + L_FATE_DOWN.start] = 1.0
        left = 0
        for i in range(ADVENTURE_DECK):
            left += s['adv_deck'][loc, i]
        out[b + L_DECK.start] = left / ADVENTURE_DECK
    for t in range(REWARD_TYPES):
        if s['rew_top'][t] >= 0:
            out[OBS_REWARD_TOP.at(t, s['rew_top'][t])] = 1.0
        left = 0
        for k in range(REWARD_DECK):
            left += s['rew_pile'][t, k] + s['rew_bottom'][t, k]
        out[OBS_REWARD_LEFT.at(t)] = left / REWARD_DECK
        for k in range(REWARD_DECK):
            if s['rew_bottom'][t, k] > 0:
                out[OBS_REWARD_UNDER.at(t, k)] = s['rew_bottom'][t, k] / UNDER_SCALE
    hl = 0
    for h in range(HARDSHIP_DECK):
        hl += s['hard_pile'][h]
    out[OBS_REWARD_LEFT.at(REWARD_TYPES)] = hl / HARDSHIP_DECK
    if s['stage'] != ST_OVER:
        out[OBS_STAGE.at(s['stage'])] = 1.0
    if s['revealed'] and s['res_loc'] < LOCATIONS:
        out[OBS_RES_LOC.at(s['res_loc'])] = 1.0
        out[OBS_SET.at(0)] = s['set_value'] / SET_VALUE_SCALE
        out[OBS_SET.at(1)] = s['set_cards'] / SET_CARDS_SCALE
        out[OBS_SET.at(2)] = 1.0 if s['set_suit'] >= 0 else 0.0
        rs = 0
        for i in range(s['run_n']):
            rs += CARD_VALUE[s['run'][i]]
        out[OBS_RUN.at(0)] = rs / RUN_SUM_SCALE
        out[OBS_RUN.at(1)] = s['run_n'] / RUN_CARDS_SCALE
        for k in range(SLOTS):
            out[OBS_SLOTS.at(k)] = s['slot_taken'][k]
    out[OBS_SEAT_COUNT.at(n - MIN_SEATS)] = 1.0
    out[OBS_TURN.start] = s['turn'] / TURN_SCALE
    out[OBS_DRAFT_ROUND.start] = s['draft_round'] / UP_PICKS
    out[OBS_DECK_LEFT.start] = s['deck_n'] / DECK_SIZE
    return OBS_SIZE


@kernel
def state_vector(s, out):
    """Seat 0's observation, then every hand, commit, the deck's order and every fate tile."""
    observe(s, 0, out[STATE_VIEW.start:STATE_VIEW.stop])
    n = s['num_players']
    for j in range(n):
        for t in range(CARD_TYPES):
            out[STATE_HANDS.at(j, t)] = s['hand'][j, t]
        if s['commit'][j] >= 0:
            out[STATE_COMMITS.at(j, s['commit'][j])] = 1.0
    for i in range(s['deck_n']):
        out[STATE_DECK.at(i)] = (s['deck'][s['deck_n'] - 1 - i] + 1) / CARD_TYPES
    for loc in range(LOCATIONS):
        if s['loc_fate'][loc] >= 0:
            out[STATE_FATE.at(loc, FATE_TILE_KIND[s['loc_fate'][loc]])] = 1.0


@rule
def redeal_flags(s, a, b):
    """Re-deal two face-down piles kept as flags (a deck and its box), keeping each one's count."""
    na = 0
    ids = np.zeros(a.shape[0], np.int64)
    m = 0
    for i in range(a.shape[0]):
        na += a[i]
        if a[i] or b[i]:
            ids[m] = i
            m += 1
            a[i] = 0
            b[i] = 0
    shuffle_pool(s['rng'], ids, m)
    for k in range(m):
        if k < na:
            a[ids[k]] = 1
        else:
            b[ids[k]] = 1


@rule
def packet_slots(s, p, t0, t1, me, up, m, fill):
    """The places of packet p's cards in rounds t0..t1 (t1 the current round: the hand and its
    waiting pick; earlier rounds: that round's pick), my own skipped. Collects them into ``up``
    from ``m`` on, or (``fill``) deals ``up`` from ``m`` back into them; returns the next index."""
    n = s['num_players']
    r = s['draft_round']
    for t in range(t0, t1 + 1):
        seat = (p + t) % n
        if seat == me:
            continue
        if t < r:
            if fill:
                s['up_order'][seat, t] = up[m]
            else:
                up[m] = s['up_order'][seat, t]
            m += 1
        elif fill:
            size = 0
            for u in range(UPBRINGING):
                size += s['draft'][seat, u]
                s['draft'][seat, u] = 0
            for _ in range(size):
                s['draft'][seat, up[m]] = 1
                m += 1
        else:
            for u in range(UPBRINGING):
                if s['draft'][seat, u]:
                    up[m] = u
                    m += 1
        if t == r and s['up_pick'][seat] >= 0:
            if fill:
                s['up_pick'][seat] = up[m]
            else:
                up[m] = s['up_pick'][seat]
            m += 1
    return m


@kernel
def determinize(s, me):
    """Re-deal all ``me`` cannot see, keeping all it sees and every count: the other hands and the
    deck; the other draft hands, waiting picks, the box and the upbringing discards; the others'
    unrevealed action cards (any legal one); face-down fate tiles with the tile pile; each
    adventure deck with its removed cards; each reward pile with its removed cards; and the future
    (the generator is re-seeded). The draft hands ``me`` held earlier stay as it saw them."""
    n = s['num_players']
    # skill cards: the others' hands and the deck
    pool = np.zeros(DECK_SIZE, np.int64)
    m = 0
    for j in range(n):
        if j != me:
            m = pool_counts(pool, m, s['hand'][j])
    for i in range(s['deck_n']):
        pool[m] = s['deck'][i]
        m += 1
    shuffle_pool(s['rng'], pool, m)
    k = 0
    for j in range(n):
        if j != me:
            size = hand_size(s, j)
            s['hand'][j, :] = 0
            for _ in range(size):
                s['hand'][j, pool[k]] += 1
                k += 1
    for i in range(s['deck_n']):
        s['deck'][i] = pool[k]
        k += 1
    # upbringing cards unseen by me. Packet p (the draft hand dealt to seat p) is at seat
    # (p + t) % n in round t, and that seat's pick of round t comes from it. I saw packet p whole
    # in round tp = (me - p) % n (if tp <= draft_round): what the later seats picked from it and
    # what is left of it now are a re-deal of exactly those cards. The picks made before I saw
    # it, the packets I never saw, the box and the discards are pooled and re-dealt. My own picks
    # and hand stay. Every pick is face down until the fourth, so before then the others' picks
    # (up_order, up_legend) are re-dealt too.
    up = np.zeros(UPBRINGING, np.int64)
    r = s['draft_round']
    if r < UP_PICKS:
        for p in range(n):
            tp = (me - p) % n
            if tp < r:
                m = packet_slots(s, p, tp + 1, r, me, up, 0, False)
                shuffle_pool(s['rng'], up, m)
                packet_slots(s, p, tp + 1, r, me, up, 0, True)
    m = 0
    if r < UP_PICKS:
        for p in range(n):
            tp = (me - p) % n
            m = packet_slots(s, p, 0, min(tp - 1, r), me, up, m, False)
    nbox = 0
    ndis = 0
    for u in range(UPBRINGING):
        if s['up_box'][u]:
            up[m] = u
            m += 1
            nbox += 1
        if s['up_discard'][u]:
            up[m] = u
            m += 1
            ndis += 1
    shuffle_pool(s['rng'], up, m)
    k = 0
    if r < UP_PICKS:
        for p in range(n):
            tp = (me - p) % n
            k = packet_slots(s, p, 0, min(tp - 1, r), me, up, k, True)
        for j in range(n):
            if j != me:
                s['up_legend'][j, :] = 0
                for t in range(r):
                    s['up_legend'][j, s['up_order'][j, t]] = 1
    s['up_box'][:] = 0
    s['up_discard'][:] = 0
    for _ in range(nbox):
        s['up_box'][up[k]] = 1
        k += 1
    for _ in range(ndis):
        s['up_discard'][up[k]] = 1
        k += 1
    # the others' unrevealed action cards
    if not s['revealed']:
        mask = np.zeros(NUM_ACTIONS, np.bool_)
        c = mask_commit(s, me, mask)
        for j in range(n):
            if j != me and s['commit'][j] >= 0:
                r = randint(s['rng'], c)
                for a in range(COMMIT.start, COMMIT.stop):
                    if mask[a]:
                        if r == 0:
                            s['commit'][j] = COMMIT.split(a)
                            break
                        r -= 1
    # face-down fate tiles and the pile
    tiles = np.zeros(FATE_TILES, np.int64)
    m = 0
    for f in range(FATE_TILES):
        if s['fate_place'][f] == FP_POOL:
            tiles[m] = f
            m += 1
    for loc in range(LOCATIONS):
        if s['loc_fate'][loc] >= 0 and not s['fate_up'][loc]:
            tiles[m] = s['loc_fate'][loc]
            m += 1
    shuffle_pool(s['rng'], tiles, m)
    k = 0
    for f in range(FATE_TILES):
        if s['fate_place'][f] == FP_POOL:
            s['fate_place'][f] = -9   # placeholder, refilled below
    for loc in range(LOCATIONS):
        if s['loc_fate'][loc] >= 0 and not s['fate_up'][loc]:
            s['loc_fate'][loc] = tiles[k]
            s['fate_place'][tiles[k]] = FP_LOC + loc
            k += 1
    for f in range(FATE_TILES):
        if s['fate_place'][f] == -9:
            s['fate_place'][f] = FP_POOL
    for i in range(k, m):
        s['fate_place'][tiles[i]] = FP_POOL
    for loc in range(LOCATIONS):
        redeal_flags(s, s['adv_deck'][loc], s['adv_box'][loc])
    for t in range(REWARD_TYPES):
        redeal_flags(s, s['rew_pile'][t], s['rew_box'][t])
    new_future(s['rng'])
