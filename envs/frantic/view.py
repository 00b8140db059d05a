"""What a seat may know: its observation, the full-information vector, and the re-deal of all it
cannot see (``determinize``). Kernels of envs/common/game.py; core.py re-exports them."""
import numpy as np

from ..common.deal import new_future, shuffle_pool
from ..common.jit import kernel, rule
from .content import (PLAY_CARD_KIND, CARD_KIND, D20, NUM_CARDS, NUM_KINDS, NUM_SPACES, REACTION_KINDS, R_BLOCK,
                      R_NICE_TRY, R_RE_ROLL, TELEPORT_AT)
from .state import (F_HEIGHT, F_KIND, F_ORIENT, F_TELEPORT, F_TOKENS, F_USED, G_DECK, G_LIMIT,
                    G_ROUND, G_SEATS, HAND_SCALE, HEIGHT_SCALE, LIMIT_SCALE, LOC_DECK, LOC_MARKET,
                    MIN_SEATS, OBS_BOARD, OBS_HAND, OBS_KNOWN, OBS_MARKET, OBS_SEATS, OBS_STAGE, OBS_TABLE,
                    OBS_TURN, ROUND_SCALE, S_ACTOR, S_FIRST, S_HAND, S_POINTS, S_POSITION, S_PRESENT,
                    S_TURN, ST_BLOCK, ST_NICE_TRY, ST_RE_ROLL, STATE_DECK, STATE_HANDS, STATE_VIEW,
                    T_BACKWARD, T_BLOCK_FOR, T_CHOSEN, T_DIE, T_EVENT, T_FLAGS, T_GIFT, T_MOVER, T_PHASE,
                    T_REMOTE, T_ROLL_FOR, T_ROLL_OWNER, T_STEPS, T_TARGET, T_THROWER, T_VALUE,
                    NUM_STAGES, WINDOWS_HOLDERS)


@rule
def observe_board(s, seat, out, b0):
    n = s['num_players']
    for p in range(NUM_SPACES):
        b = b0 + OBS_BOARD.at(p, 0) - OBS_BOARD.start
        c = s['top'][p]
        if c >= 0:
            out[b + F_KIND.at(CARD_KIND[c])] = 1.0
            out[b + F_ORIENT.at(s['orient'][c])] = 1.0
            out[b + F_USED.start] = s['triggered'][c]
        out[b + F_HEIGHT.start] = s['height'][p] / HEIGHT_SCALE
        k = TELEPORT_AT[p]
        if k >= 0:
            out[b + F_TELEPORT.at(k)] = 1.0
            out[b + F_USED.start] = s['tele_triggered'][k]
    for i in range(n):
        b = b0 + OBS_BOARD.at(s['pos'][i], 0) - OBS_BOARD.start
        out[b + F_TOKENS.at((i - seat) % n)] += 1.0


@rule
def rel(j, seat, n):
    return (j - seat) % n


@kernel
def observe(s, seat, out):
    """Seat-relative: the board, every seat's public facts from the observer on, the observer's own
    hand, the Market's open cards, the decision and the turn in progress. Other hands and the draw
    pile stay hidden."""
    out[:] = 0.0
    n = s['num_players']
    observe_board(s, seat, out, OBS_BOARD.start)
    for r in range(n):
        j = (seat + r) % n
        b = OBS_SEATS.at(r, 0)
        out[b + S_PRESENT.start] = 1.0
        out[b + S_POSITION.start] = s['pos'][j] / 50.0
        out[b + S_POINTS.start] = s['points'][j] / s['point_limit']
        out[b + S_HAND.start] = s['hand_count'][j] / HAND_SCALE
        out[b + S_TURN.start] = 1.0 if s['turn_seat'] == j else 0.0
        out[b + S_ACTOR.start] = 1.0 if s['actor'] == j else 0.0
        out[b + S_FIRST.start] = 1.0 if s['first_player'] == j else 0.0
    for k in range(NUM_KINDS):
        out[OBS_HAND.at(k)] = s['hand_kind'][seat, k]
    for c in range(NUM_CARDS):
        l = s['loc'][c]
        if l == LOC_MARKET:
            out[OBS_MARKET.at(CARD_KIND[c])] += 1.0
        elif s['known'][c] != 0 and l < n:
            out[OBS_KNOWN.at(rel(l, seat, n), CARD_KIND[c])] += 1.0
    if s['stage'] < NUM_STAGES:
        out[OBS_STAGE.at(s['stage'])] = 1.0
    b = OBS_TURN.start
    out[b + T_PHASE.at(s['phase'])] = 1.0
    out[b + T_FLAGS.at(0)] = s['skip_move']
    out[b + T_FLAGS.at(1)] = s['reverse']
    out[b + T_FLAGS.at(2)] = s['ghost']
    out[b + T_FLAGS.at(3)] = s['advance']
    out[b + T_FLAGS.at(4)] = s['trouble']
    if s['remote_target'] >= 0:
        out[b + T_REMOTE.at(rel(s['remote_target'], seat, n))] = 1.0
    if s['mv_token'] >= 0:
        out[b + T_MOVER.at(rel(s['mv_token'], seat, n))] = 1.0
    out[b + T_BACKWARD.start] = 1.0 if s['mv_dir'] < 0 else 0.0
    out[b + T_STEPS.start] = s['mv_steps'] / 6.0
    if s['roll_die'] > 0:
        out[b + T_DIE.at(0 if s['roll_die'] < D20 else 1)] = 1.0
        out[b + T_VALUE.at(s['roll_value'] - 1)] = 1.0
        out[b + T_ROLL_FOR.at(s['roll_for'])] = 1.0
        out[b + T_ROLL_OWNER.at(rel(s['roll_owner'], seat, n))] = 1.0
    out[b + T_BLOCK_FOR.at(s['block_for'])] = 1.0
    if s['target'] >= 0:
        out[b + T_TARGET.at(rel(s['target'], seat, n))] = 1.0
    if s['gift_amount'] > 0:
        out[b + T_GIFT.at(s['gift_amount'] - 1)] = 1.0
    if s['chosen'] >= 0:
        out[b + T_CHOSEN.at(s['chosen'])] = 1.0
    if s['ev_kind'] >= 0:
        out[b + T_EVENT.at(s['ev_kind'])] = 1.0
        out[b + T_THROWER.at(rel(s['ev_thrower'], seat, n))] = 1.0
    b = OBS_TABLE.start
    out[b + G_DECK.start] = s['deck_size'] / NUM_CARDS
    out[b + G_ROUND.start] = s['round'] / ROUND_SCALE
    out[b + G_LIMIT.start] = s['point_limit'] / LIMIT_SCALE
    out[b + G_SEATS.at(n - MIN_SEATS)] = 1.0
    return OBS_TABLE.stop


@kernel
def state_vector(s, out):
    """Full information: seat 0's view, every hand, and the draw pile in order."""
    out[:] = 0.0
    observe(s, 0, out[STATE_VIEW.start:STATE_VIEW.stop])
    for j in range(s['num_players']):
        for k in range(NUM_KINDS):
            out[STATE_HANDS.at(j, k)] = s['hand_kind'][j, k]
    for i in range(s['deck_size']):
        out[STATE_DECK.at(i)] = (CARD_KIND[s['deck'][i]] + 1) / NUM_KINDS


@rule
def offered_kind(s):
    """The kind the seat to act is known to hold: the card it chose to play, or, where a reaction
    window asks only holders (``reaction_windows="holders"``), the reaction it is asked about (both
    public); -1 none."""
    st = s['stage']
    if s['chosen'] >= 0:
        return PLAY_CARD_KIND[s['chosen']]
    if s['reaction_windows'] != WINDOWS_HOLDERS:
        return -1
    if st == ST_RE_ROLL:
        return REACTION_KINDS[R_RE_ROLL]
    if st == ST_BLOCK:
        return REACTION_KINDS[R_BLOCK]
    if st == ST_NICE_TRY:
        return REACTION_KINDS[R_NICE_TRY]
    return -1


@kernel
def determinize(s, seat):
    """Re-deal what ``seat`` cannot see: which cards are in the other hands and in the draw pile,
    in what order, keeping every hand's size. Cards everyone saw go into a hand (``known``: a
    Magnet's, a Fuck You picked up, a Market's) stay there; a player who chose a card to play, or
    is asked about a reaction where only holders are asked, is known to hold one: one such card
    stays in their hand."""
    n = s['num_players']
    keep = -1
    kind = offered_kind(s)
    asked = s['actor']
    if kind >= 0 and asked >= 0 and asked != seat:
        for c in range(NUM_CARDS):
            if s['loc'][c] == asked and CARD_KIND[c] == kind and s['known'][c] == 0:
                keep = c
                break
        for c in range(NUM_CARDS):
            if s['loc'][c] == asked and CARD_KIND[c] == kind and s['known'][c] != 0:
                keep = -1                          # a known card of the kind already shows it
    pool = np.empty(NUM_CARDS, np.int64)
    fixed = np.zeros(s['hand_count'].shape[0], np.int64)
    m = 0
    for c in range(NUM_CARDS):
        l = s['loc'][c]
        if l < n and l != seat and (c == keep or s['known'][c] != 0):
            fixed[l] += 1
        elif (l < n and l != seat) or l == LOC_DECK:
            pool[m] = c
            m += 1
    shuffle_pool(s['rng'], pool, m)
    j = 0
    for i in range(n):
        if i == seat:
            continue
        for k in range(NUM_KINDS):
            s['hand_kind'][i, k] = 0
        for c in range(NUM_CARDS):
            if s['loc'][c] == i and (c == keep or s['known'][c] != 0):
                s['hand_kind'][i, CARD_KIND[c]] += 1
        for _ in range(s['hand_count'][i] - fixed[i]):
            c = pool[j]
            j += 1
            s['loc'][c] = i
            s['hand_kind'][i, CARD_KIND[c]] += 1
    for t in range(s['deck_size']):
        c = pool[j]
        j += 1
        s['deck'][t] = c
        s['loc'][c] = LOC_DECK
    new_future(s['rng'])
