"""The game's invariants, checked after every step of the fuzz and on every loaded save
(``check_invariants``; a kernel of envs/common/game.py, re-exported by core.py).

Together they say: each of the 94 cards is in exactly one place (a hand, the draw pile, one
board stack, the Market), the hand counts agree with the hands, the board's stacks are proper
(no card on the start, the skull or a teleport space, white cards never covered, arrows only on
bordered cards), every token is on the track, the stage tells a consistent story (a seat asked
about a reaction is one its window asks), and the scores: each completed round's minus points are the tokens'
positions (plus 21 for the white card), and the game is over exactly when the limit is reached,
with the fewest points winning.
"""
import numpy as np

from ..common.jit import kernel, rule
from ..common.record import MAX_SEATS as HEADER_SEATS
from .reactions import asked_about
from .content import (PLAY_CARD_KIND, PUSH, WALL_DOWN, WALL_DOWN_SPACE, WALL_UP, WALL_UP_SPACE)
from .content import (CARD_KIND, CARD_SPACE, END, FUCK_YOU, FUCK_YOU_POINTS, KIND_COLOUR,
                      KIND_ORIENTS, NUM_CARDS, NUM_KINDS, NUM_SPACES, START, WHITE)
from .state import (
    LOC_BOARD, LOC_DECK, LOC_MARKET, MAX_SEATS, NUM_STAGES, ST_BLOCK, ST_NICE_TRY, ST_OVER,
    ST_PLAY, ST_RE_ROLL, ST_SETUP, ST_MARKET, PH_SETUP, B_NONE)
from .content import (BLOCK, D20, D6, EXPANSION, MARCHING_ORDERS, MARKET, NICE_TRY, RECESSION, RESTOCK,
                      RE_ROLL, TELEPORT_TERROR)
from .state import (
    B_GIFT, B_RE_ROLL, B_SWAP, PH_PLAY, R_EVENT, R_EXPANSION, R_MARCH, R_MOVE, R_NONE, R_RECESSION,
    R_SECOND, R_TELEPORT, R_TERROR, ST_MAGNET, ST_MARCH, ST_REMOTE, ST_RESTOCK)

INV_CARD_PLACES = 1
INV_HAND_COUNT = 2
INV_STACK = 3
INV_TOKENS = 4
INV_STAGE = 5
INV_SCORES = 6
INV_WINNER = 7
INV_EMPTY_SEAT = 8

INVARIANT_NAMES = {
    INV_CARD_PLACES: "a card is not in exactly one place (hand, draw pile, one board stack, Market)",
    INV_HAND_COUNT: "a hand's count or kinds disagree with its cards",
    INV_STACK: "a board stack is improper (a card on start, skull or teleport, a white card covered, "
               "a height or arrow wrong)",
    INV_TOKENS: "a token is off the track",
    INV_STAGE: "the stage disagrees with who acts (a seat asked about a reaction its window does not ask...)",
    INV_SCORES: "the minus points do not add up from positions (and the white card)",
    INV_WINNER: "the game is over without the limit reached, or the winners and rewards are not the "
                "fewest points",
    INV_EMPTY_SEAT: "a seat not at the table holds something",
}


@rule
def cards_ok(s):
    """Every card in exactly one place, the hands' counts and kinds as their cards say."""
    n = s['num_players']
    seen = np.zeros(NUM_CARDS, np.int64)
    for i in range(s['deck_size']):
        c = s['deck'][i]
        if c < 0 or s['loc'][c] != LOC_DECK:
            return INV_CARD_PLACES
        seen[c] += 1
    for i in range(s['deck_size'], NUM_CARDS):
        if s['deck'][i] != -1:
            return INV_CARD_PLACES
    for p in range(NUM_SPACES):
        c = s['top'][p]
        h = 0
        while c >= 0 and h <= NUM_CARDS:
            if s['loc'][c] != LOC_BOARD or s['card_space'][c] != p:
                return INV_CARD_PLACES
            seen[c] += 1
            h += 1
            c = s['below'][c]
        if h != s['height'][p]:
            return INV_STACK
    kinds = np.zeros((MAX_SEATS, NUM_KINDS), np.int64)
    for c in range(NUM_CARDS):
        l = s['loc'][c]
        if l < MAX_SEATS:
            if l >= n:
                return INV_CARD_PLACES
            seen[c] += 1
            kinds[l, CARD_KIND[c]] += 1
        elif l == LOC_MARKET:
            seen[c] += 1
        if s['known'][c] != 0 and l >= n:
            return INV_CARD_PLACES                # only a hand card can be known to be there
        if l != LOC_BOARD and (s['card_space'][c] != -1 or s['below'][c] != -1 or s['orient'][c] != 0):
            return INV_STACK
    for c in range(NUM_CARDS):
        if seen[c] != 1:
            return INV_CARD_PLACES
    for i in range(MAX_SEATS):
        total = 0
        for k in range(NUM_KINDS):
            if kinds[i, k] != s['hand_kind'][i, k]:
                return INV_HAND_COUNT
            total += kinds[i, k]
        if total != s['hand_count'][i]:
            return INV_HAND_COUNT
    return 0


@rule
def stacks_ok(s):
    """Cards only where cards may lie; a white card on top if anywhere; arrows only on bordered cards."""
    for p in range(NUM_SPACES):
        c = s['top'][p]
        if c >= 0 and not CARD_SPACE[p]:
            return False
        first = True
        while c >= 0:
            if not first and KIND_COLOUR[CARD_KIND[c]] == WHITE:
                return False
            if s['orient'][c] >= KIND_ORIENTS[CARD_KIND[c]]:
                return False
            if CARD_KIND[c] == PUSH and ((s['orient'][c] == WALL_UP and WALL_UP_SPACE[p] < 0)
                                         or (s['orient'][c] == WALL_DOWN and WALL_DOWN_SPACE[p] < 0)):
                return False                      # a Push points through a wall only where one is
            first = False
            c = s['below'][c]
    return True


@rule
def stage_ok(s):
    """Live: someone at the table acts at a decision stage; a seat asked about a reaction is one its
    window asks (with ``reaction_windows="holders"``: it holds one); over: nobody acts."""
    st = s['stage']
    a = s['actor']
    if st == ST_OVER:
        return a == -1
    if st >= NUM_STAGES or a < 0 or a >= s['num_players']:
        return False
    if st == ST_RE_ROLL:
        return asked_about(s, a, RE_ROLL) and s['roll_die'] > 0
    if st == ST_BLOCK:
        return asked_about(s, a, BLOCK) and s['block_for'] != B_NONE and s['target'] == a
    if st == ST_NICE_TRY:
        return asked_about(s, a, NICE_TRY)
    if st == ST_PLAY:
        return a == s['turn_seat'] and s['hand_count'][a] > 0
    if st == ST_SETUP:
        return s['phase'] == PH_SETUP and s['hand_count'][a] > 4
    return True


@rule
def scores_ok(s):
    """The minus points are at least the last round's, a round scores 0..71 (a position 0..50 plus
    21 if the white card was held), and at the game's end the last round's score is the token's
    position plus 21 for the white card (the record keeps no per-round history to check more)."""
    n = s['num_players']
    for i in range(n):
        r = s['round_score'][i]
        if s['points'][i] < r or r < 0 or r > END + FUCK_YOU_POINTS:
            return False
        if s['round'] == 0 and (r != 0 or s['points'][i] != 0):
            return False
        if s['stage'] == ST_OVER:
            fy = FUCK_YOU_POINTS if s['hand_kind'][i, FUCK_YOU] > 0 else 0
            if r != s['pos'][i] + fy:
                return False
    return True


@rule
def winners_ok(s):
    n = s['num_players']
    over = s['stage'] == ST_OVER
    best = s['points'][0]
    reached = False
    for i in range(n):
        best = min(best, s['points'][i])
        reached = reached or s['points'][i] >= s['point_limit']
    if over != reached:
        return False
    for j in range(HEADER_SEATS):
        if j >= n or not over:
            if j < MAX_SEATS and s['winner'][j] != 0:
                return False
            if j >= n and s['last_rewards'][j] != 0.0:
                return False
            if j < n and not over:
                r = s['last_rewards'][j]
                if r != 0.0 and (s['round_rewards'] == 0 or (r != 1.0 and r != -1.0)):
                    return False
            continue
        won = s['points'][j] == best
        if (s['winner'][j] != 0) != won or s['last_rewards'][j] != (1.0 if won else -1.0):
            return False
    return True


@rule
def seat_or_none(x, n):
    return -1 <= x < n


@rule
def turn_ok(s):
    """The turn in progress tells one story: seats named are at the table; a die shows a number of
    its own faces exactly while a throw awaits its answers; the event, the attack and the movement
    fields fit the question being asked; cards have triggered only on the board."""
    n = s['num_players']
    st = s['stage']
    if not (0 <= s['first_player'] < n and 0 <= s['turn_seat'] < n):
        return False
    if not (seat_or_none(s['remote_target'], n) and seat_or_none(s['mv_token'], n)
            and seat_or_none(s['roll_owner'], n) and seat_or_none(s['rr_seat'], n)
            and seat_or_none(s['target'], n) and seat_or_none(s['ev_thrower'], n)
            and seat_or_none(s['ev_seat'], n)):
        return False
    if s['roll_asked'] >= (1 << n) or s['nice_asked'] >= (1 << n) or s['ev_index'] > n:
        return False
    if s['mv_steps'] != 0:
        return False                      # steps are walked between decisions
    ck = s['chosen']
    if ck >= 0:
        if not (st == ST_PLAY or st == ST_SETUP or st == ST_RESTOCK):
            return False
        if s['hand_kind'][s['actor'], PLAY_CARD_KIND[ck]] <= 0:
            return False                  # the card chosen is in the hand until it is placed
    if (st == ST_SETUP) != (s['phase'] == PH_SETUP):
        return False
    if st == ST_PLAY and s['phase'] != PH_PLAY:
        return False
    # the die
    rf = s['roll_for']
    if (s['roll_die'] == 0) != (rf == R_NONE):
        return False
    if s['roll_die'] == 0:
        if s['roll_value'] != 0 or s['roll_owner'] != -1 or s['roll_asked'] != 0 or s['rr_seat'] != -1:
            return False
        if st == ST_RE_ROLL:
            return False
    else:
        if s['roll_die'] != (D20 if rf == R_EVENT else D6):
            return False
        if s['roll_value'] < 1 or s['roll_value'] > s['roll_die'] or s['roll_owner'] < 0:
            return False
        if st != ST_RE_ROLL and not (st == ST_BLOCK and s['block_for'] == B_RE_ROLL):
            return False
        if (rf == R_MOVE or rf == R_SECOND or rf == R_TELEPORT or rf == R_MARCH) and s['mv_token'] < 0:
            return False
        if rf == R_MOVE and s['mv_dir'] != 1 and s['mv_dir'] != -1:
            return False
        if rf == R_SECOND and s['mv_dir'] != 1 and s['mv_dir'] != -1:
            return False
        if rf == R_TERROR and (s['ev_kind'] != TELEPORT_TERROR or s['ev_seat'] < 0):
            return False
        if rf == R_EXPANSION and (s['ev_kind'] != EXPANSION or s['ev_seat'] < 0):
            return False
        if rf == R_RECESSION and (s['ev_kind'] != RECESSION or s['ev_seat'] < 0):
            return False
        if rf == R_MARCH and s['ev_kind'] != MARCHING_ORDERS:
            return False
    if (s['rr_seat'] >= 0) != (st == ST_BLOCK and s['block_for'] == B_RE_ROLL):
        return False
    # the attack
    bf = s['block_for']
    if st == ST_BLOCK:
        if bf == B_NONE or s['target'] < 0:
            return False
        if bf == B_GIFT and (s['gift_amount'] < 1 or s['gift_amount'] > 2):
            return False
        if bf == B_SWAP and s['mv_token'] < 0:
            return False
    elif bf != B_NONE or s['target'] != -1 or s['gift_amount'] != 0:
        return False
    # the event
    ek = s['ev_kind']
    if ek < 0 and (s['ev_thrower'] != -1 or s['ev_index'] != 0 or s['ev_seat'] != -1):
        return False
    if ek >= 0 and s['ev_thrower'] < 0:
        return False
    # an event is in progress only while it asks its own question or throws its own die (Marching
    # Orders ends when its die is carried out: the march is the turn's chain from then on)
    if ek >= 0 and not (st == ST_MARCH or st == ST_MARKET or st == ST_RESTOCK or rf == R_TERROR
                        or rf == R_EXPANSION or rf == R_RECESSION or rf == R_MARCH):
        return False
    if st == ST_MARCH and (ek != MARCHING_ORDERS or s['ev_index'] != 1 or s['ev_seat'] != s['actor']):
        return False
    if st == ST_MARKET and (ek != MARKET or s['ev_seat'] != s['actor']):
        return False
    if st == ST_RESTOCK and (ek != RESTOCK or s['ev_seat'] != s['actor']):
        return False
    market = 0
    for c in range(NUM_CARDS):
        if s['loc'][c] == LOC_MARKET:
            market += 1
        if s['triggered'][c] != 0 and s['loc'][c] != LOC_BOARD:
            return False
    if market > 0 and ek != MARKET:
        return False
    if st == ST_MARKET and market == 0:
        return False
    # the Magnet, the Remote
    if (s['magnet_card'] >= 0) != (st == ST_MAGNET):
        return False
    if st == ST_MAGNET and s['loc'][s['magnet_card']] != LOC_BOARD:
        return False
    if st == ST_REMOTE and (s['actor'] != s['turn_seat'] or s['phase'] != PH_PLAY):
        return False
    return True


@kernel
def check_invariants(s):
    """0 if every invariant holds, else the first broken one's code (``INVARIANT_NAMES``)."""
    n = s['num_players']
    for j in range(n, MAX_SEATS):
        if (s['pos'][j] | s['points'][j] | s['round_score'][j] | s['hand_count'][j]) != 0:
            return INV_EMPTY_SEAT
    for i in range(n):
        if s['pos'][i] < START or s['pos'][i] > END:
            return INV_TOKENS
    code = cards_ok(s)
    if code != 0:
        return code
    if not stacks_ok(s):
        return INV_STACK
    if not stage_ok(s) or not turn_ok(s):
        return INV_STAGE
    if not scores_ok(s):
        return INV_SCORES
    if not winners_ok(s):
        return INV_WINNER
    return 0
