"""Phase 3: research (map cards into the secret hand, development cards equipped or sold) and
scouting (two tiles a worker, a turkey leg redraws a pair); then the turn ends (rulebook:
"Research", "Scout", "End of Game")."""
from ..common.jit import rule
from .board import draw_tile, end_game, hand_limit
from .content import DEV_SALE
from .economy import eat_turkey, has_turkey, settle_gains
from .state import (DEV, DISCARD, END, MAP_CARDS, MAX_ROUNDS, REDRAW, RESEARCH, RESOURCES, RESUME_PHASE3,
                    SCORE, SCOUT, ST_DEV, ST_DISCARD, ST_OVER, ST_PHASE3, ST_REDRAW, TILES_PER_SCOUT)
from .turn import apply_score, mask_score, start_turn


@rule
def enter_phase3(s):
    """Phase 3: one research card per research worker (1 to 3), two tiles per scout (1 to 2); a
    damaged research or scout assignment ("rendering it useless") draws nothing."""
    seat = s['turn_seat']
    n = s['ready'][RESEARCH]
    s['research_left'] = 0 if s['damaged'][seat, RESEARCH] else n
    s['ready'][RESEARCH] = 0
    s['spent'][RESEARCH] += n
    n = s['ready'][SCOUT]
    s['scout_left'] = 0 if s['damaged'][seat, SCOUT] else n
    s['ready'][SCOUT] = 0
    s['spent'][SCOUT] += n
    for i in range(4):
        s['scouted'][i] = -1
    continue_phase3(s)


@rule
def draw_research(s):
    """The top research card, -1 if the deck is spent."""
    if s['deck_size'] == 0:
        return -1
    c = s['deck'][0]
    s['deck_size'] -= 1
    for i in range(s['deck_size']):
        s['deck'][i] = s['deck'][i + 1]
    s['deck'][s['deck_size']] = -1
    return c


@rule
def continue_phase3(s):
    """Research draws one at a time (a development card waits for its decision, a fourth map card
    for the discard), then the scouted tiles, then the phase-3 choices."""
    seat = s['turn_seat']
    if not settle_gains(s, seat, RESUME_PHASE3):
        return
    while s['research_left'] > 0:
        s['research_left'] -= 1
        c = draw_research(s)
        if c < 0:
            s['research_left'] = 0
            break
        if c >= MAP_CARDS:
            s['pending_dev'] = c - MAP_CARDS
            s['stage'] = ST_DEV
            s['actor'] = seat
            return
        s['hand'][seat, c] = 1
        s['hand_count'][seat] += 1
        if s['hand_count'][seat] > hand_limit(s, seat):
            s['stage'] = ST_DISCARD
            s['actor'] = seat
            return
    if s['scout_left'] > 0:
        for i in range(s['scout_left'] * TILES_PER_SCOUT):
            t = draw_tile(s)
            s['scouted'][i] = t
            if t >= 0:
                s['held'][seat, t] += 1
        s['scout_left'] = 0
    offer_redraw(s)


@rule
def pair_scouted(s, p):
    return s['scouted'][2 * p] >= 0 or s['scouted'][2 * p + 1] >= 0


@rule
def offer_redraw(s):
    """A turkey leg may redraw a scouted pair: offered while the player has legs."""
    seat = s['turn_seat']
    s['actor'] = seat
    if has_turkey(s, seat) and (pair_scouted(s, 0) or pair_scouted(s, 1)):
        s['stage'] = ST_REDRAW
    else:
        s['stage'] = ST_PHASE3


@rule
def mask_redraw(s, seat, mask):
    mask[REDRAW.at(0)] = True
    count = 1
    for p in range(2):
        if pair_scouted(s, p):
            mask[REDRAW.at(p + 1)] = True
            count += 1
    return count


@rule
def apply_redraw(s, seat, a):
    """"Consuming one turkey leg allows for the redraw of 2 terrain tiles, he must redraw BOTH"."""
    k = REDRAW.split(a)
    if k == 0:
        s['stage'] = ST_PHASE3
        return
    p = k - 1
    eat_turkey(s, seat)
    for i in range(2 * p, 2 * p + 2):
        t = s['scouted'][i]
        if t >= 0:
            s['held'][seat, t] -= 1
            s['bag'][t] += 1
    for i in range(2 * p, 2 * p + 2):
        t = draw_tile(s)
        s['scouted'][i] = t
        if t >= 0:
            s['held'][seat, t] += 1
    offer_redraw(s)


@rule
def mask_dev(s, seat, mask):
    mask[DEV.at(0)] = True
    mask[DEV.at(1)] = True
    return 2


@rule
def apply_dev(s, seat, a):
    """"Equipping the card is a permanent airship upgrade"; selling it gains 1 to 2 resources and
    removes it from the game."""
    d = s['pending_dev']
    s['pending_dev'] = -1
    if DEV.split(a) == 0:
        s['equipped'][seat, d] = 1
    else:
        s['sold'][d] = 1
        for r in range(RESOURCES):
            s['gain'][r] += DEV_SALE[d, r]
    continue_phase3(s)


@rule
def mask_discard(s, seat, mask):
    """Over the hand limit: return one map card, or score one (a card may be scored "any time
    during their turn", the one just drawn too)."""
    count = mask_score(s, seat, mask)
    for m in range(MAP_CARDS):
        if s['hand'][seat, m]:
            mask[DISCARD.at(m)] = True
            count += 1
    return count


@rule
def apply_discard(s, seat, a):
    """A scored card brings the hand back to its limit; otherwise the player returns a map card of
    his choice (the new one or an old one) face down to the bottom of the research deck
    (RULES.md). Then the research goes on."""
    if SCORE.has(a):
        apply_score(s, seat, a)
        if s['stage'] == ST_OVER:
            return
    else:
        m = DISCARD.split(a)
        s['hand'][seat, m] = 0
        s['hand_count'][seat] -= 1
        s['deck'][s['deck_size']] = m
        s['deck_size'] += 1
    continue_phase3(s)


@rule
def mask_phase3(s, seat, mask):
    count = mask_score(s, seat, mask)
    mask[END.at()] = True
    return count + 1


@rule
def apply_phase3(s, seat, a):
    if SCORE.has(a):
        apply_score(s, seat, a)
        return
    end_turn(s)


@rule
def end_turn(s):
    """The next player clockwise; a round ends back at the starting player. After MAX_ROUNDS rounds
    the game ends and is scored as at 40 VP (our round bound, RULES.md "End of the game")."""
    n = s['num_players']
    nxt = (s['turn_seat'] + 1) % n
    if nxt == s['first_player']:
        s['round'] += 1
        if s['round'] >= MAX_ROUNDS:
            end_game(s)
            return
    start_turn(s, nxt)
