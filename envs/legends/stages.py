"""Which decisions the seat to act has, by stage: the one dispatch that core.legal_mask and the
invariants' has-a-move check share."""
from __future__ import annotations

from ..common.jit import rule
from .adventure import mask_discard, mask_ingenuity, mask_play, mask_redraw, mask_reward
from .frontier import mask_commit
from .penalties import mask_avoid, mask_loss
from .rest import mask_rest_draw, mask_shop
from .state import (ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY, ST_PENALTY_CHOICE, ST_PLAY, ST_REDRAW,
                    ST_REST_DRAW, ST_REWARD, ST_SHOP)
from .upbringing import mask_draft


@rule
def stage_mask(s, seat, mask):
    """Mark ``seat``'s legal decisions in the record's stage; their number."""
    stage = s['stage']
    if stage == ST_COMMIT:
        return mask_commit(s, seat, mask)
    if stage == ST_PLAY:
        return mask_play(s, seat, mask)
    if stage == ST_INGENUITY:
        return mask_ingenuity(s, seat, mask)
    if stage == ST_REDRAW:
        return mask_redraw(s, seat, mask)
    if stage == ST_DRAFT:
        return mask_draft(s, seat, mask)
    if stage == ST_DISCARD:
        return mask_discard(s, seat, mask)
    if stage == ST_REWARD:
        return mask_reward(s, seat, mask)
    if stage == ST_AVOID:
        return mask_avoid(s, seat, mask)
    if stage == ST_PENALTY_CHOICE:
        return mask_loss(s, seat, mask)
    if stage == ST_REST_DRAW:
        return mask_rest_draw(s, seat, mask)
    if stage == ST_SHOP:
        return mask_shop(s, seat, mask)
    return 0
