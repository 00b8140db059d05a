"""Events (the D20): 'If the event has a turn order, start with the player to your right. If
multiple players are eligible to be targeted by an effect, it applies to them all. Changes in
position caused by events do not count as a movement' (only Marching Orders is one)."""
from ..common.jit import rule
from .board import clamp, log_entry, to_hand_in_view
from .content import (CARD_KIND, D6, EARTHQUAKE, END, EPIC_FAIL, EVENT_OF_FACE, EXPANSION,
                      MARCHING_ORDERS, MARKET, MEXICAN_STANDOFF, NUM_CARDS, NUM_TELEPORTS,
                      RECESSION, TELEPORT_6, TELEPORT_SPACE, TELEPORT_TERROR)
from .moves import throw
from .state import (AU_CHAIN_DONE, AU_EVENT, L_EVENT, LOC_MARKET, R_EXPANSION, R_RECESSION,
                    R_TERROR, ST_MARCH, ST_MARKET, ST_RESTOCK, TAKE)


@rule
def frontmost_teleport():
    """The numbered teleport space furthest along the track."""
    best = 0
    for i in range(NUM_TELEPORTS):
        if TELEPORT_SPACE[i] > best:
            best = TELEPORT_SPACE[i]
    return best


@rule
def begin_event(s, thrower, face):
    """The D20 shows ``face``: carry out its event (RULES.md, "Designed content": the faces)."""
    s['ev_kind'] = EVENT_OF_FACE[face]
    s['ev_thrower'] = thrower
    s['ev_index'] = 0
    s['ev_seat'] = -1
    log_entry(s, L_EVENT, s['ev_kind'], thrower, face)
    if s['ev_kind'] == MARKET:
        reveal_market(s)
    s['stage'] = AU_EVENT


@rule
def end_event(s):
    s['ev_kind'] = -1
    s['ev_thrower'] = -1
    s['ev_index'] = 0
    s['ev_seat'] = -1
    s['stage'] = AU_CHAIN_DONE


@rule
def epic_fail(s):
    """'Move the player token that's furthest behind to the frontmost numbered teleport space'
    (all tokens tied furthest behind)."""
    n = s['num_players']
    low = END
    for i in range(n):
        low = min(low, s['pos'][i])
    front = frontmost_teleport()
    for i in range(n):
        if s['pos'][i] == low:
            s['pos'][i] = front


@rule
def earthquake(s):
    """'In turn order, all players move their player token to the space of the player to their
    right': each takes the space its right-hand neighbour held when the event was thrown."""
    n = s['num_players']
    first = s['pos'][0]
    for i in range(n - 1):
        s['pos'][i] = s['pos'][i + 1]
    s['pos'][n - 1] = first


@rule
def mexican_standoff(s):
    """'Move all player tokens to teleport space 6.'"""
    for i in range(s['num_players']):
        s['pos'][i] = TELEPORT_SPACE[TELEPORT_6]


@rule
def reveal_market(s):
    """'Reveal 1 card from the deck for each player' (as many as the pile still holds)."""
    for _ in range(s['num_players']):
        if s['deck_size'] == 0:
            break
        s['deck_size'] -= 1
        c = s['deck'][s['deck_size']]
        s['deck'][s['deck_size']] = -1
        s['loc'][c] = LOC_MARKET


@rule
def market_left(s):
    n = 0
    for c in range(NUM_CARDS):
        if s['loc'][c] == LOC_MARKET:
            n += 1
    return n


@rule
def event_seat(s):
    """The next player in the event's turn order (from the thrower's right, the thrower last)."""
    return (s['ev_thrower'] + 1 + s['ev_index']) % s['num_players']


@rule
def event_step(s):
    """The event's next step: instant ones at once; turn-order ones player by player."""
    k = s['ev_kind']
    n = s['num_players']
    if k == EPIC_FAIL:
        epic_fail(s)
        end_event(s)
    elif k == EARTHQUAKE:
        earthquake(s)
        end_event(s)
    elif k == MEXICAN_STANDOFF:
        mexican_standoff(s)
        end_event(s)
    elif k == MARCHING_ORDERS:
        # one question; the event ends when its die is carried out (turn.roll_result)
        s['ev_index'] = 1
        s['ev_seat'] = s['ev_thrower']
        s['stage'] = ST_MARCH
        s['actor'] = s['ev_thrower']
    elif k == TELEPORT_TERROR or k == EXPANSION or k == RECESSION:
        if s['ev_index'] < n:
            seat = event_seat(s)
            s['ev_index'] += 1
            s['ev_seat'] = seat
            throw(s, seat, D6, R_TERROR if k == TELEPORT_TERROR else (R_EXPANSION if k == EXPANSION
                                                                    else R_RECESSION))
        else:
            end_event(s)
    elif k == MARKET:
        if s['ev_index'] < n and market_left(s) > 0:
            seat = event_seat(s)
            s['ev_index'] += 1
            s['ev_seat'] = seat
            s['stage'] = ST_MARKET
            s['actor'] = seat
        else:
            end_event(s)
    else:   # RESTOCK
        while s['ev_index'] < n:
            seat = event_seat(s)
            s['ev_index'] += 1
            if s['hand_count'][seat] > 0:
                s['ev_seat'] = seat
                s['stage'] = ST_RESTOCK
                s['actor'] = seat
                return
        end_event(s)


@rule
def event_throw_result(s, purpose, value):
    """A Teleport Terror, Expansion or Recession throw of the current player: the token goes to the
    teleport space, or that many spaces forward or back, triggering nothing."""
    seat = s['ev_seat']
    if purpose == R_TERROR:
        s['pos'][seat] = TELEPORT_SPACE[value - 1]
    elif purpose == R_EXPANSION:
        s['pos'][seat] = clamp(s['pos'][seat] + value)
    else:
        s['pos'][seat] = clamp(s['pos'][seat] - value)
    s['stage'] = AU_EVENT


@rule
def mask_market(s, seat, mask):
    """Take one of the open cards (by kind: cards of a kind are alike)."""
    count = 0
    for c in range(NUM_CARDS):
        if s['loc'][c] == LOC_MARKET and not mask[TAKE.at(CARD_KIND[c])]:
            mask[TAKE.at(CARD_KIND[c])] = True
            count += 1
    return count


@rule
def apply_market(s, seat, a):
    kind = TAKE.split(a)
    for c in range(NUM_CARDS):
        if s['loc'][c] == LOC_MARKET and CARD_KIND[c] == kind:
            to_hand_in_view(s, seat, c)
            break
    s['stage'] = AU_EVENT
