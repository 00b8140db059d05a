"""Frantic's contract kernels (envs/common/game.py): the set-up, the legal decisions, applying one,
and the scores. Each decision stage has its ``mask_`` and ``apply_`` rules in the file of its
section (turn.py, reactions.py, events.py); ``legal_mask`` and ``apply`` only pick the stage's pair,
and ``apply`` then runs every automatic step (``turn.settle``) up to the next decision.

``observe``, ``state_vector`` and ``determinize`` (view.py) and ``check_invariants``
(invariants.py) are re-exported, so that this module is the Game's ``core``.
"""
from ..common.jit import kernel
from .board import mask_play_cards
from .events import apply_market, mask_market
from .invariants import check_invariants
from .reactions import apply_re_roll_offer, mask_reaction
from .content import R_BLOCK, R_NICE_TRY, R_RE_ROLL
from .state import (ST_BLOCK, ST_GIFT, ST_MAGNET, ST_MARCH, ST_MARKET, ST_NICE_TRY, ST_PLAY,
                    ST_REMOTE, ST_RESTOCK, ST_RE_ROLL, ST_SETUP, ST_SWAP)
from .turn import (apply_block, apply_gift, apply_magnet, apply_march, apply_nice_try, apply_play,
                   apply_remote, apply_restock, apply_setup, apply_swap, clear_turn, deal_round,
                   mask_gift, mask_magnet, mask_token, settle)
from .view import determinize, observe, state_vector

__all__ = ["init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants"]


@kernel
def init(s, opts):
    """'Players agree on a point limit'; tokens on the start space; the first round's set-up.
    (The engine has zeroed the record: only what does not start at zero is set.)"""
    s['point_limit'] = opts[0]
    s['round_rewards'] = opts[1]
    s['reaction_windows'] = opts[2]
    clear_turn(s)
    for c in range(s['loc'].shape[0]):
        s['below'][c] = -1
        s['card_space'][c] = -1
    deal_round(s)


@kernel
def legal_mask(s, mask):
    """The decisions the seat to act may take now, by stage; their number."""
    mask[:] = False
    seat = s['actor']
    if seat < 0:
        return 0
    stage = s['stage']
    if stage == ST_PLAY or stage == ST_SETUP or stage == ST_RESTOCK:
        return mask_play_cards(s, seat, mask)
    if stage == ST_RE_ROLL:
        return mask_reaction(s, seat, R_RE_ROLL, mask)
    if stage == ST_BLOCK:
        return mask_reaction(s, seat, R_BLOCK, mask)
    if stage == ST_NICE_TRY:
        return mask_reaction(s, seat, R_NICE_TRY, mask)
    if stage == ST_REMOTE or stage == ST_MARCH:
        return mask_token(s, seat, mask, False)
    if stage == ST_SWAP:
        return mask_token(s, seat, mask, True)
    if stage == ST_GIFT:
        return mask_gift(s, seat, mask)
    if stage == ST_MAGNET:
        return mask_magnet(s, seat, mask)
    if stage == ST_MARKET:
        return mask_market(s, seat, mask)
    return 0


@kernel
def apply(s, action):
    """Apply one legal decision of the seat to act, then every automatic step after it."""
    seat = s['actor']
    stage = s['stage']
    s['log_len'] = 0
    if stage == ST_PLAY:
        apply_play(s, seat, action)
    elif stage == ST_SETUP:
        apply_setup(s, seat, action)
    elif stage == ST_RE_ROLL:
        apply_re_roll_offer(s, seat, action)
    elif stage == ST_BLOCK:
        apply_block(s, seat, action)
    elif stage == ST_NICE_TRY:
        apply_nice_try(s, seat, action)
    elif stage == ST_REMOTE:
        apply_remote(s, seat, action)
    elif stage == ST_MARCH:
        apply_march(s, seat, action)
    elif stage == ST_SWAP:
        apply_swap(s, seat, action)
    elif stage == ST_GIFT:
        apply_gift(s, seat, action)
    elif stage == ST_MAGNET:
        apply_magnet(s, seat, action)
    elif stage == ST_MARKET:
        apply_market(s, seat, action)
    elif stage == ST_RESTOCK:
        apply_restock(s, seat, action)
    settle(s)


@kernel
def scores(s, out):
    """Each seat's public score now, higher better: minus (points so far + the token's position).
    (Fewest minus points wins, so the score is their negative; a Fuck You in hand is hidden.)"""
    for i in range(out.shape[0]):
        out[i] = -(s['points'][i] + s['pos'][i])
