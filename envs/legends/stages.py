"""Which decisions the seat to act has, by stage: the one dispatch that core.legal_mask and the
invariants' has-a-move check share; and ``settle``, the automatic steps after a decision (the
dealer's work, reveals, outcomes, the sunrise), run along the record's ``flow`` until a seat must
decide (core.apply's last step, and init's)."""
from __future__ import annotations

from ..common.jit import rule
from .adventure import (adventure_outcome, ask, end_adventurer, end_location, fate_start, mask_discard,
                        mask_ingenuity, mask_play, mask_redraw, mask_reward, next_reward, start_adventurer,
                        start_location)
from .frontier import evening, mask_commit, next_commit, reveal_commits, start_frontier
from .penalties import draw_penalty, mask_avoid, mask_loss, next_penalty
from .rest import check_hand_limit, mask_rest_draw, mask_shop, next_rest
from .state import (FL_COMMIT, FL_DRAFT, FL_EVENING, FL_FATE_START, FL_LOC_END, FL_LOC_START, FL_NONE, FL_OUTCOME,
                    FL_PENALTY, FL_PENALTY_DRAW, FL_PLAYER_END, FL_PLAYER_PLAY, FL_PLAYER_START, FL_REST,
                    FL_REST_LIMIT, FL_REWARD, ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY,
                    ST_PENALTY_CHOICE, ST_PLAY, ST_REDRAW, ST_REST_DRAW, ST_REWARD, ST_SHOP)
from .upbringing import mask_draft, next_draft_pick, post_upbringing, reveal_and_pass


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


@rule
def settle(s):
    """The automatic steps up to the next decision (or the end)."""
    while s['flow'] != FL_NONE:
        f = s['flow']
        if f == FL_DRAFT:
            seat = next_draft_pick(s)
            if seat >= 0:
                ask(s, seat, ST_DRAFT)
            elif reveal_and_pass(s):
                post_upbringing(s)
                start_frontier(s)
        elif f == FL_COMMIT:
            seat = next_commit(s)
            if seat >= 0:
                ask(s, seat, ST_COMMIT)
            else:
                reveal_commits(s)
        elif f == FL_LOC_START:
            start_location(s)
        elif f == FL_FATE_START:
            fate_start(s)
        elif f == FL_PLAYER_START:
            start_adventurer(s)
        elif f == FL_PLAYER_PLAY:
            ask(s, s['cur'], ST_PLAY)
        elif f == FL_PLAYER_END:
            end_adventurer(s)
        elif f == FL_OUTCOME:
            adventure_outcome(s)
        elif f == FL_REWARD:
            next_reward(s)
        elif f == FL_PENALTY:
            next_penalty(s)
        elif f == FL_PENALTY_DRAW:
            draw_penalty(s)
        elif f == FL_LOC_END:
            end_location(s, s['num_players'] == 3)
        elif f == FL_REST:
            next_rest(s)
        elif f == FL_REST_LIMIT:
            check_hand_limit(s)
        elif f == FL_EVENING:
            evening(s)
        else:
            s['flow'] = FL_NONE
