"""The decisions of the player on turn (rulebook "A turn"): before the throw, throw or play a card;
after it, "build and trade in any order", buy or play a card, make or hear offers, end the turn.
Each stage's legality and consequence side by side, as ``core`` picks them.
"""
from ..common.jit import rule
from .build import build_keep, build_road, build_village, buy_card, mask_building
from .cards import mask_cards, play_card
from .state import (BANK_TRADE, BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, BUY_CARD, END_TURN, HEAR_OFFERS,
                    OFFER_TRADE, ROLL, ST_THROW)
from .trade import hear_offers, mask_bank_trades, mask_table_trades, open_offer, trade_with_bank
from .turn import end_turn


@rule
def mask_pre_roll(s, p, mask):
    """Before the throw: throw, or play a card."""
    mask[ROLL.at()] = True
    return 1 + mask_cards(s, p, mask)


@rule
def apply_pre_roll(s, p, a):
    """Throw the dice (``turn.settle`` throws them), or play the card chosen."""
    if ROLL.has(a):
        s['stage'] = ST_THROW
    else:
        play_card(s, p, a)


@rule
def mask_main(s, p, mask):
    """After the throw: build and buy, play a card, trade with the bank, make or hear offers, end
    the turn."""
    mask[END_TURN.at()] = True
    return (1 + mask_building(s, p, mask) + mask_cards(s, p, mask) + mask_bank_trades(s, p, mask)
            + mask_table_trades(s, p, mask))


@rule
def apply_main(s, p, a):
    """A decision of the player on turn after the throw."""
    if END_TURN.has(a):
        end_turn(s)
    elif BUY_CARD.has(a):
        buy_card(s, p)
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
    else:
        play_card(s, p, a)
