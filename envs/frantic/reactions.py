"""Reactions: the multi-coloured cards played off-turn, and the windows that ask for them.

A reaction window is a decision of each seat it asks: play the card onto the board (``REACT``,
only with one in hand) or ``PASS`` (always). Who is asked is public (RULES.md, "Reaction windows"),
so by default a window asks every seat that could hold the card as far as the others know
(``board.could_hold``): being asked shows nothing. With ``reaction_windows="holders"`` it asks only
the seats holding one, fewer decisions, and being asked shows the card to the table.

- Re-Roll: after every throw, each seat asked in turn order from the die's owner (owner included)
  answers once about the number showing; a Re-Roll makes the owner throw again and everyone may be
  asked about the new number. On another player's die it is an attack the owner may Block.
- Block: a player targeted by an attack (Remote, Gift, Swap, someone else's Re-Roll) may cancel it.
- Nice Try: at the end of a turn with a token on the skull, the seats asked answer in turn order
  from the player on turn; the first who plays it sends every token on the skull to teleport 6.
"""
from ..common.jit import rule
from ..common.rng import roll_die
from .board import colour_bits, could_hold, holds, log_entry, mask_bits, placement_bits, play_card
from .content import BLOCK, MULTI, NICE_TRY, REACTION_KINDS, RE_ROLL
from .state import (AU_ROLLED, B_RE_ROLL, L_THROW, PASS, REACT, ST_BLOCK, ST_NICE_TRY, ST_RE_ROLL,
                    WINDOWS_HOLDERS)


@rule
def asked_about(s, seat, kind):
    """Whether a window for a ``kind`` reaction asks ``seat``: every seat that could hold one as far
    as the others know, or (``reaction_windows="holders"``) only a seat holding one."""
    if s['reaction_windows'] == WINDOWS_HOLDERS:
        return holds(s, seat, kind)
    return could_hold(s, seat, kind)


@rule
def next_re_roll_seat(s):
    """The next seat, in turn order from the die's owner, that a Re-Roll window asks and that has
    not yet answered about this number; -1 none."""
    n = s['num_players']
    for i in range(n):
        seat = (s['roll_owner'] + i) % n
        if not (s['roll_asked'] >> seat) & 1 and asked_about(s, seat, RE_ROLL):
            return seat
    return -1


@rule
def offer_re_roll(s):
    """Ask the next seat about a Re-Roll; False when everyone has answered (the number stands)."""
    seat = next_re_roll_seat(s)
    if seat < 0:
        return False
    s['stage'] = ST_RE_ROLL
    s['actor'] = seat
    return True


@rule
def mask_reaction(s, seat, r, mask):
    """Play reaction ``r`` onto any space a multi-coloured card may go, with one in hand; or pass."""
    mask[PASS.at()] = True
    if not holds(s, seat, REACTION_KINDS[r]):
        return 1
    return 1 + mask_bits(mask, REACT.at(r, 0), colour_bits(placement_bits(s), MULTI))


@rule
def play_reaction(s, seat, a):
    """Place the reaction card the action names (its effect is the caller's)."""
    r, p = REACT.split(a)
    play_card(s, seat, REACTION_KINDS[r], p, 0)


@rule
def re_roll(s):
    """'The die result is ignored, and the player must roll again' — everyone may answer anew."""
    s['roll_value'] = roll_die(s['rng'], s['roll_die'])
    s['roll_asked'] = 0
    s['rr_seat'] = -1
    s['stage'] = AU_ROLLED
    log_entry(s, L_THROW, s['roll_die'], s['roll_value'], s['roll_owner'])


@rule
def apply_re_roll_offer(s, seat, a):
    """Pass, or Re-Roll: on one's own die the throw is repeated; on another's it is an attack its
    owner may Block (a Block window asks the owner)."""
    s['roll_asked'] |= 1 << seat
    if PASS.has(a):
        s['stage'] = AU_ROLLED
        return
    play_reaction(s, seat, a)
    owner = s['roll_owner']
    if owner != seat and asked_about(s, owner, BLOCK):
        s['rr_seat'] = seat
        s['block_for'] = B_RE_ROLL
        s['target'] = owner
        s['stage'] = ST_BLOCK
        s['actor'] = owner
    else:
        re_roll(s)


@rule
def offer_block(s, attacker, victim, kind):
    """An attack of ``kind`` on ``victim``'s token: if the victim is someone else and a Block window
    asks them, ask them (True); else the attack goes through (False)."""
    s['block_for'] = kind
    s['target'] = victim
    if victim != attacker and asked_about(s, victim, BLOCK):
        s['stage'] = ST_BLOCK
        s['actor'] = victim
        return True
    return False


@rule
def next_nice_try_seat(s):
    """The next seat, in turn order from the player on turn, that a Nice Try window asks and that
    has not yet answered this turn; -1 none."""
    n = s['num_players']
    for i in range(n):
        seat = (s['turn_seat'] + i) % n
        if not (s['nice_asked'] >> seat) & 1 and asked_about(s, seat, NICE_TRY):
            return seat
    return -1


@rule
def offer_nice_try(s):
    """Ask the next seat about a Nice Try; False when none is left to ask."""
    seat = next_nice_try_seat(s)
    if seat < 0:
        return False
    s['stage'] = ST_NICE_TRY
    s['actor'] = seat
    return True
