"""Frontier's contract kernels (envs/common/game.py) over the record of state.py.

``apply`` takes one decision and resolves every automatic step after it (the throw's production,
who discards on a 7, a steal with a single possible victim, the end of a stage) so that the
record always waits on a real decision, or is over. ``legal_mask`` and ``apply`` only dispatch on
the stage to the rules, which follow the rulebook's sections: opening.py (the island, turn order,
the opening), turn.py (the throw first, one card a turn, the end of a turn, the win), dice.py (the
throw and the 7's discards), bandit.py, build.py (building and buying), cards.py (opportunity
cards), trade.py (the bank and offers) and board.py (where pieces stand, production, longest
road, points). What a seat may see is view.py's, the invariants invariants.py's; both are
re-exported here, so ``Game.core`` is this module.
"""
from ..common.jit import kernel, rule
from .bandit import mask_move_bandit, mask_steal, move_bandit, steal_from
from .board import public_points, total_points
from .build import build_keep, build_road, build_village, buy_card, mask_building
from .cards import (mask_cards, mask_free_road, mask_monopoly, mask_plenty, place_free_road, play_knight,
                    play_monopoly, play_road_building, play_year_of_plenty, take_monopoly, take_plenty)
from .dice import discard_one, mask_discard, throw_dice
from .opening import (begin_opening, empty_table, hand_out_pieces, lay_island, mask_setup_road,
                      mask_setup_village, place_setup_road, place_setup_village, shuffle_deck)
from .state import (BANK_TRADE, BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, BUY_CARD, COUNTER_OFFER, DISCARD,
                    END_TURN, HEAR_OFFERS, MONOPOLY_PICK, MOVE_BANDIT, NO_OFFER, OFFER_GET, OFFER_GIVE,
                    OFFER_TRADE, PLAY_KNIGHT, PLAY_MONOPOLY, PLAY_ROAD_BUILDING, PLAY_YEAR_OF_PLENTY, ROLL,
                    ST_BID_GET, ST_BID_GIVE, ST_DISCARD, ST_GAME_OVER, ST_MAIN, ST_MONOPOLY,
                    ST_MOVE_BANDIT, ST_OFFER_GET, ST_OFFER_GIVE, ST_PRE_ROLL, ST_ROAD_BUILDING,
                    ST_SETUP_ROAD, ST_SETUP_VILLAGE, ST_STEAL, ST_TRADE_CHOOSE, ST_TRADE_REPLY,
                    ST_YEAR_OF_PLENTY, STEAL, TRADE_ACCEPT, TRADE_CANCEL, TRADE_COMPLETE, TRADE_DECLINE,
                    YEAR_OF_PLENTY_PICK)
from .trade import (choose_bid_get, choose_bid_give, choose_offer_get, choose_offer_give, clear_trade,
                    complete, hear_offers, make_no_offer, mask_bank_trades, mask_bid_get, mask_bid_give,
                    mask_completions, mask_offer_get, mask_offer_give, mask_replies, mask_table_trades,
                    open_offer, reply_accept, reply_counter, reply_decline, trade_with_bank)
from .turn import check_win, end_turn, set_actor
# the contract's kernels that live in their own modules, so that Game.core is this module
from .invariants import check_invariants  # noqa: F401
from .view import determinize, observe, state_vector  # noqa: F401


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


# =========================================================================== legal decisions
@rule
def mask_main(s, p, mask):
    """After the throw: build and buy, play a card, trade with the bank, make or hear offers, end
    the turn."""
    mask[END_TURN.at()] = True
    return (1 + mask_building(s, p, mask) + mask_cards(s, p, mask) + mask_bank_trades(s, p, mask)
            + mask_table_trades(s, p, mask))


@kernel
def legal_mask(s, mask):
    """Every decision the seat to act may take now."""
    mask[:] = False
    stage = s['stage']
    p = s['actor']
    if stage == ST_SETUP_VILLAGE:
        return mask_setup_village(s, mask)
    if stage == ST_SETUP_ROAD:
        return mask_setup_road(s, mask)
    if stage == ST_PRE_ROLL:
        mask[ROLL.at()] = True
        return 1 + mask_cards(s, p, mask)
    if stage == ST_MAIN:
        return mask_main(s, p, mask)
    if stage == ST_DISCARD:
        return mask_discard(s, p, mask)
    if stage == ST_MOVE_BANDIT:
        return mask_move_bandit(s, mask)
    if stage == ST_STEAL:
        return mask_steal(s, p, mask)
    if stage == ST_ROAD_BUILDING:
        return mask_free_road(s, p, mask)
    if stage == ST_YEAR_OF_PLENTY:
        return mask_plenty(s, mask)
    if stage == ST_MONOPOLY:
        return mask_monopoly(s, mask)
    if stage == ST_OFFER_GIVE:
        return mask_offer_give(s, p, mask)
    if stage == ST_OFFER_GET:
        return mask_offer_get(s, mask)
    if stage == ST_TRADE_REPLY:
        return mask_replies(s, p, mask)
    if stage == ST_BID_GIVE:
        return mask_bid_give(s, p, mask)
    if stage == ST_BID_GET:
        return mask_bid_get(s, p, mask)
    if stage == ST_TRADE_CHOOSE:
        return mask_completions(s, mask)
    return 0  # the game is over


# =========================================================================== applying one
@rule
def take_turn_action(s, p, a):
    """A decision of the player on turn before or after the throw."""
    if ROLL.has(a):
        throw_dice(s)
    elif END_TURN.has(a):
        end_turn(s)
    elif BUY_CARD.has(a):
        buy_card(s, p)
    elif PLAY_KNIGHT.has(a):
        play_knight(s, p)
    elif PLAY_ROAD_BUILDING.has(a):
        play_road_building(s, p)
    elif PLAY_YEAR_OF_PLENTY.has(a):
        play_year_of_plenty(s, p)
    elif PLAY_MONOPOLY.has(a):
        play_monopoly(s, p)
    elif OFFER_TRADE.has(a):
        open_offer(s)
    elif HEAR_OFFERS.has(a):
        hear_offers(s)
    elif BUILD_ROAD.has(a):
        build_road(s, p, BUILD_ROAD.split(a))
    elif BUILD_VILLAGE.has(a):
        build_village(s, p, BUILD_VILLAGE.split(a))
    elif BUILD_KEEP.has(a):
        build_keep(s, p, BUILD_KEEP.split(a))
    elif BANK_TRADE.has(a):
        give, get = BANK_TRADE.split(a)
        trade_with_bank(s, p, give, get)


@rule
def answer_offer(s, a):
    """The replier accepts, declines or counters the offer on the table."""
    if TRADE_ACCEPT.has(a):
        reply_accept(s)
    elif TRADE_DECLINE.has(a):
        reply_decline(s)
    else:
        want, k = COUNTER_OFFER.split(a)
        reply_counter(s, want, k + 1)


@kernel
def apply(s, a):
    """Apply the legal decision ``a`` of the seat to act, then every automatic step after it."""
    stage = s['stage']
    p = s['actor']
    if stage == ST_SETUP_VILLAGE:
        place_setup_village(s, BUILD_VILLAGE.split(a))
    elif stage == ST_SETUP_ROAD:
        place_setup_road(s, BUILD_ROAD.split(a))
    elif stage == ST_PRE_ROLL or stage == ST_MAIN:
        take_turn_action(s, p, a)
    elif stage == ST_DISCARD:
        discard_one(s, p, DISCARD.split(a))
    elif stage == ST_MOVE_BANDIT:
        move_bandit(s, MOVE_BANDIT.split(a))
    elif stage == ST_STEAL:
        steal_from(s, (p + 1 + STEAL.split(a)) % s['num_players'])
    elif stage == ST_ROAD_BUILDING:
        place_free_road(s, p, BUILD_ROAD.split(a))
    elif stage == ST_YEAR_OF_PLENTY:
        take_plenty(s, p, YEAR_OF_PLENTY_PICK.split(a))
    elif stage == ST_MONOPOLY:
        take_monopoly(s, p, MONOPOLY_PICK.split(a))
    elif stage == ST_OFFER_GIVE:
        give, k = OFFER_GIVE.split(a)
        choose_offer_give(s, give, k + 1)
    elif stage == ST_OFFER_GET:
        get, k = OFFER_GET.split(a)
        choose_offer_get(s, get, k + 1)
    elif stage == ST_TRADE_REPLY:
        answer_offer(s, a)
    elif stage == ST_BID_GIVE:
        if NO_OFFER.has(a):
            make_no_offer(s)
        else:
            give, k = OFFER_GIVE.split(a)
            choose_bid_give(s, give, k + 1)
    elif stage == ST_BID_GET:
        get, k = OFFER_GET.split(a)
        choose_bid_get(s, get, k + 1)
    elif stage == ST_TRADE_CHOOSE:
        if TRADE_CANCEL.has(a):
            clear_trade(s)
        else:
            complete(s, 1 + TRADE_COMPLETE.split(a))
    if s['stage'] != ST_SETUP_VILLAGE and s['stage'] != ST_SETUP_ROAD:
        check_win(s)
    set_actor(s)


# =========================================================================== scores
@kernel
def scores(s, out):
    """Public points while the game runs; at the end the victory-point cards are shown too."""
    over = s['stage'] == ST_GAME_OVER
    for p in range(out.shape[0]):
        out[p] = total_points(s, p) if over else public_points(s, p)
