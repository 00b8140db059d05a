"""Frontier's contract kernels (envs/common/game.py) over the record of state.py: the set-up, the
legal decisions, applying one, and the scores. Each decision stage has its ``mask_<stage>`` and
``apply_<stage>`` side by side in the file of its rulebook section: opening.py (the island, turn
order, the opening), on_turn.py (the decisions of the player on turn, before and after the throw),
dice.py (the 7's discards), bandit.py, cards.py (opportunity cards), trade.py (the bank and
offers); ``legal_mask`` and ``apply`` only pick the stage's pair, and ``apply`` then calls
``turn.settle``: the automatic steps the decision led to (the stages past ``NUM_STAGES``: the
throw, a steal from a single possible victim, back to the turn after the bandit), then the win and
who decides next, so that the record always waits on a real decision, or is over.
``observe``, ``state_vector`` and ``determinize`` (view.py) and ``check_invariants``
(invariants.py) are re-exported, so that this module is the Game's ``core``.
"""
from ..common.jit import kernel
from .bandit import apply_move_bandit, apply_steal, mask_move_bandit, mask_steal
from .board import public_points, total_points
from .cards import (apply_monopoly, apply_road_building, apply_year_of_plenty, mask_monopoly,
                    mask_road_building, mask_year_of_plenty)
from .dice import apply_discard, mask_discard
from .on_turn import apply_main, apply_pre_roll, mask_main, mask_pre_roll
from .opening import (apply_setup_road, apply_setup_village, begin_opening, empty_table, hand_out_pieces,
                      lay_island, mask_setup_road, mask_setup_village, shuffle_deck)
from .state import (ST_BID_GET, ST_BID_GIVE, ST_DISCARD, ST_GAME_OVER, ST_MAIN, ST_MONOPOLY, ST_MOVE_BANDIT,
                    ST_OFFER_GET, ST_OFFER_GIVE, ST_PRE_ROLL, ST_ROAD_BUILDING, ST_SETUP_ROAD,
                    ST_SETUP_VILLAGE, ST_STEAL, ST_TRADE_CHOOSE, ST_TRADE_REPLY, ST_YEAR_OF_PLENTY)
from .trade import (apply_bid_get, apply_bid_give, apply_offer_get, apply_offer_give, apply_trade_choose,
                    apply_trade_reply, mask_bid_get, mask_bid_give, mask_offer_get, mask_offer_give,
                    mask_trade_choose, mask_trade_reply)
from .turn import settle
from .invariants import check_invariants
from .view import determinize, observe, state_vector

__all__ = ["init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants"]


@kernel
def init(s, opts):
    """Lay out the island, shuffle the deck, throw for turn order and start the opening."""
    empty_table(s)
    s['hidden_harbours'] = opts[0]
    s['fixed_island'] = opts[1]
    lay_island(s)
    shuffle_deck(s)
    hand_out_pieces(s)
    begin_opening(s)


@kernel
def legal_mask(s, mask):
    """Every decision the seat to act may take now, by stage; their number."""
    mask[:] = False
    stage = s['stage']
    p = s['actor']
    if stage == ST_SETUP_VILLAGE:
        return mask_setup_village(s, p, mask)
    if stage == ST_SETUP_ROAD:
        return mask_setup_road(s, p, mask)
    if stage == ST_PRE_ROLL:
        return mask_pre_roll(s, p, mask)
    if stage == ST_MAIN:
        return mask_main(s, p, mask)
    if stage == ST_DISCARD:
        return mask_discard(s, p, mask)
    if stage == ST_MOVE_BANDIT:
        return mask_move_bandit(s, p, mask)
    if stage == ST_STEAL:
        return mask_steal(s, p, mask)
    if stage == ST_ROAD_BUILDING:
        return mask_road_building(s, p, mask)
    if stage == ST_YEAR_OF_PLENTY:
        return mask_year_of_plenty(s, p, mask)
    if stage == ST_MONOPOLY:
        return mask_monopoly(s, p, mask)
    if stage == ST_OFFER_GIVE:
        return mask_offer_give(s, p, mask)
    if stage == ST_OFFER_GET:
        return mask_offer_get(s, p, mask)
    if stage == ST_TRADE_REPLY:
        return mask_trade_reply(s, p, mask)
    if stage == ST_BID_GIVE:
        return mask_bid_give(s, p, mask)
    if stage == ST_BID_GET:
        return mask_bid_get(s, p, mask)
    if stage == ST_TRADE_CHOOSE:
        return mask_trade_choose(s, p, mask)
    return 0  # the game is over


@kernel
def apply(s, a):
    """Apply the legal decision ``a`` of the seat to act, then ``turn.settle``: the automatic
    steps, the win, and who decides next."""
    stage = s['stage']
    p = s['actor']
    if stage == ST_SETUP_VILLAGE:
        apply_setup_village(s, p, a)
    elif stage == ST_SETUP_ROAD:
        apply_setup_road(s, p, a)
    elif stage == ST_PRE_ROLL:
        apply_pre_roll(s, p, a)
    elif stage == ST_MAIN:
        apply_main(s, p, a)
    elif stage == ST_DISCARD:
        apply_discard(s, p, a)
    elif stage == ST_MOVE_BANDIT:
        apply_move_bandit(s, p, a)
    elif stage == ST_STEAL:
        apply_steal(s, p, a)
    elif stage == ST_ROAD_BUILDING:
        apply_road_building(s, p, a)
    elif stage == ST_YEAR_OF_PLENTY:
        apply_year_of_plenty(s, p, a)
    elif stage == ST_MONOPOLY:
        apply_monopoly(s, p, a)
    elif stage == ST_OFFER_GIVE:
        apply_offer_give(s, p, a)
    elif stage == ST_OFFER_GET:
        apply_offer_get(s, p, a)
    elif stage == ST_TRADE_REPLY:
        apply_trade_reply(s, p, a)
    elif stage == ST_BID_GIVE:
        apply_bid_give(s, p, a)
    elif stage == ST_BID_GET:
        apply_bid_get(s, p, a)
    elif stage == ST_TRADE_CHOOSE:
        apply_trade_choose(s, p, a)
    settle(s)


# =========================================================================== scores
@kernel
def scores(s, out):
    """Public points while the game runs; at the end the victory-point cards are shown too."""
    over = s['stage'] == ST_GAME_OVER
    for p in range(out.shape[0]):
        out[p] = total_points(s, p) if over else public_points(s, p)
