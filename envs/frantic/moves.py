"""Moving: the steps of a movement with the orange cards met on the way, and the effect of the
space a token ends on (red, blue, orange, white cards and the numbered teleports).

A movement is carried out for one token (``mv_token``): its steps (``walk``), then the effect of
the card on top of the space it ends on (``land``). Effects that 'count as part of your movement'
(Push, Jump, X's step forward) move the token and land it again; those that ask a question (Swap,
Gift, Magnet) or throw a die (Second Chance, Teleport) set the stage for it. 'You' in a landing
effect is the owner of the token that lands (RULES.md, "Whose effect").
"""
from ..common.jit import rule
from .board import clamp, log_entry, take_top, teleport_of, to_hand_in_view, token_on
from .content import (BACKWARD, CARD_KIND, CARD_SPACE, D6, D20, END, FORWARD, FUCK_YOU, GIFT, JUMP,
                      MAGNET, NUM_SPACES, PUSH, SECOND_CHANCE, SNAIL, START, STOP, SWAP, TELEPORT,
                      TELEPORT_SPACE, TROUBLEMAKER, WALL_DOWN_SPACE, WALL_UP, WALL_UP_SPACE, X)
from .state import (AU_CHAIN_DONE, AU_LAND, AU_ROLLED, AU_WALK, L_THROW, R_EVENT, R_SECOND, R_TELEPORT,
                    ST_GIFT, ST_MAGNET, ST_SWAP)
from ..common.rng import roll_die


@rule
def throw(s, owner, sides, purpose):
    """``owner`` throws a die for ``purpose``; the Re-Roll offers come next (AU_ROLLED)."""
    s['roll_die'] = sides
    s['roll_owner'] = owner
    s['roll_value'] = roll_die(s['rng'], sides)
    s['roll_for'] = purpose
    s['roll_asked'] = 0
    s['rr_seat'] = -1
    s['stage'] = AU_ROLLED
    log_entry(s, L_THROW, sides, s['roll_value'], owner)


@rule
def start_move(s, token, direction, steps, ghost):
    """A movement of ``token``: ``steps`` spaces, forward (+1) or backward (-1); a Ghost ignores
    every card on the way and at the end."""
    s['mv_token'] = token
    s['mv_dir'] = direction
    s['mv_steps'] = steps
    s['mv_ghost'] = ghost
    s['stage'] = AU_WALK


@rule
def live_card(s, p):
    """The card on top of ``p`` if it may still trigger this turn (FAQ 1: once per turn), else -1."""
    c = s['top'][p]
    if c < 0 or s['triggered'][c]:
        return -1
    return c


@rule
def on_x(s, p):
    """Whether an X lies on top of space ``p`` (whether or not anything triggered this turn)."""
    c = s['top'][p]
    return CARD_SPACE[p] and c >= 0 and CARD_KIND[c] == X


@rule
def walk(s):
    """'Move forward as many spaces as the number you rolled', meeting the orange cards:
    X: 'You may not enter this space ... jump over it. The space itself does not count as a
    movement step.' Stop: 'Your movement ends immediately on this space.' Snail: 'You need 2
    movement steps to pass it ... If you use your last movement step to enter the card, it has no
    further effect.' The track ends at the start and at the skull: a token goes no further."""
    t = s['mv_token']
    d = s['mv_dir']
    ghost = s['mv_ghost'] != 0
    p = s['pos'][t]
    while s['mv_steps'] > 0:
        if (d > 0 and p == END) or (d < 0 and p == START):
            s['mv_steps'] = 0
            break
        q = p + d
        while not ghost and CARD_SPACE[q]:
            # X is a standing obstacle, not a trigger: FAQ 1's once per turn does not switch it
            # off, so a step never ends on an X (RULES.md, "X stands").
            c = s['top'][q]
            if c < 0 or CARD_KIND[c] != X:
                break
            q = q + d            # X is jumped over; an X sits only on 1..49, so q stays on the track
        p = q
        s['mv_steps'] -= 1
        if not ghost:
            c = live_card(s, p)
            if c >= 0:
                k = CARD_KIND[c]
                if k == STOP:
                    s['triggered'][c] = 1
                    s['mv_steps'] = 0
                elif k == SNAIL and s['mv_steps'] > 0:
                    s['triggered'][c] = 1
                    s['mv_steps'] -= 1
    s['pos'][t] = p
    s['stage'] = AU_LAND


@rule
def push_target(p, orient):
    """Where a Push on space ``p`` sends a token: 'forward, backward, or through the wall onto the
    next space'."""
    if orient == FORWARD:
        return clamp(p + 1)
    if orient == BACKWARD:
        return clamp(p - 1)
    if orient == WALL_UP:
        return WALL_UP_SPACE[p]
    return WALL_DOWN_SPACE[p]


@rule
def jump_target(p, orient):
    """'Jump over the next space in the direction of the arrow, ignoring it completely' (FAQ 2:
    a Stop there too)."""
    return clamp(p + 2) if orient == FORWARD else clamp(p - 2)


@rule
def magnet_choices(s):
    """Cards a Magnet may take: the top card of any space without a token ('not allowed to take
    numbered teleport spaces or cards with a player token on them'), not the Magnet itself."""
    n = 0
    for p in range(NUM_SPACES):
        c = s['top'][p]
        if c >= 0 and c != s['magnet_card'] and not token_on(s, p):
            n += 1
    return n


@rule
def land(s):
    """The effect of the space the token ended its movement on, once per card per turn."""
    t = s['mv_token']
    p = s['pos'][t]
    if s['mv_ghost'] != 0:
        s['stage'] = AU_CHAIN_DONE
        return
    k_tel = teleport_of(p)
    if k_tel >= 0:
        # A numbered teleport: 'Roll your D6 and move your player token to the corresponding
        # numbered teleport space' (FAQ 3: rolling its own number leaves the token in place).
        if s['tele_triggered'][k_tel]:
            s['stage'] = AU_CHAIN_DONE
        else:
            s['tele_triggered'][k_tel] = 1
            throw(s, t, D6, R_TELEPORT)
        return
    if on_x(s, p):
        # FAQ 5: 'If a card effect causes you to land on an X card, move your player token 1 space
        # forward.' Every time: an X is a standing obstacle (FAQ 1 does not switch it off), and
        # the steps forward end (an X sits only on 1..49; the skull holds none).
        s['pos'][t] = p + 1
        s['stage'] = AU_LAND
        return
    c = live_card(s, p) if CARD_SPACE[p] else -1
    if c < 0:
        s['stage'] = AU_CHAIN_DONE
        return
    k = CARD_KIND[c]
    o = s['orient'][c]
    if k == PUSH:
        s['triggered'][c] = 1
        s['pos'][t] = push_target(p, o)
        s['stage'] = AU_LAND
    elif k == JUMP:
        s['triggered'][c] = 1
        s['pos'][t] = jump_target(p, o)
        s['stage'] = AU_LAND
    elif k == SECOND_CHANCE:
        s['triggered'][c] = 1
        throw(s, t, D6, R_SECOND)
    elif k == SWAP:
        s['triggered'][c] = 1
        s['stage'] = ST_SWAP
        s['actor'] = t
    elif k == GIFT:
        s['triggered'][c] = 1
        s['stage'] = ST_GIFT
        s['actor'] = t
    elif k == MAGNET:
        s['triggered'][c] = 1
        s['magnet_card'] = c
        if magnet_choices(s) > 0:
            s['stage'] = ST_MAGNET
            s['actor'] = t
        else:
            s['magnet_card'] = -1
            s['stage'] = AU_CHAIN_DONE
    elif k == TELEPORT:
        s['triggered'][c] = 1
        throw(s, t, D6, R_TELEPORT)
    elif k == FUCK_YOU:
        # 'Take this card in your hand' (the one who ends on it).
        take_top(s, p)
        to_hand_in_view(s, t, c)
        s['stage'] = AU_CHAIN_DONE
    elif k == TROUBLEMAKER:
        # 'Immediately carry out an event.'
        s['triggered'][c] = 1
        throw(s, t, D20, R_EVENT)
    else:
        s['stage'] = AU_CHAIN_DONE   # Stop, Snail, green and multi-coloured cards: nothing more


@rule
def teleport_token(s, t, number):
    """Move token ``t`` to numbered teleport space ``number`` (1..6), triggering nothing."""
    s['pos'][t] = TELEPORT_SPACE[number - 1]


@rule
def swap_tokens(s, a, b):
    """'Swap positions with a player token of your choice' (a change of position: no movement)."""
    pa = s['pos'][a]
    s['pos'][a] = s['pos'][b]
    s['pos'][b] = pa
    # FAQ 5: 'If a card effect causes you to land on an X card, move your player token 1 space
    # forward' -- a Swap is a card effect; the step forward is a change of position like the
    # Swap itself, so the space reached triggers nothing (an X lies only on 1..49)
    while on_x(s, s['pos'][a]):
        s['pos'][a] += 1
    while on_x(s, s['pos'][b]):
        s['pos'][b] += 1
