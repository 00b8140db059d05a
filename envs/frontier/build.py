"""Building and buying (rulebook "The island and the opening": "Building costs stay the same all
game"; "A turn": where a village, a road and a keep may stand). Where pieces may stand is
board.py's; this is what building costs and does.
"""
from ..common.jit import rule
from .board import can_place_village, mask_roads, reveal_harbour_at, update_road_of, update_roads_through
from .content import CARD_COST, KEEP_COST, ROAD_COST, VILLAGE_COST
from .state import (BUILD_KEEP, BUILD_VILLAGE, BUY_CARD, KEEP, NUM_CORNERS, NUM_RESOURCES,
                    VILLAGE)


# =========================================================================== paying
@rule
def can_pay(s, p, cost):
    for r in range(NUM_RESOURCES):
        if s['hand'][p, r] < cost[r]:
            return False
    return True


@rule
def pay(s, p, cost):
    """The cost goes back to the supply."""
    for r in range(NUM_RESOURCES):
        s['hand'][p, r] -= cost[r]
        s['bank'][r] += cost[r]


# =========================================================================== what may be built
@rule
def mask_building(s, p, mask):
    """Roads, villages and keeps the player can pay for, has left and may place; a card while the
    deck lasts."""
    n = 0
    if s['roads_left'][p] > 0 and can_pay(s, p, ROAD_COST):
        n += mask_roads(s, p, mask)
    if s['villages_left'][p] > 0 and can_pay(s, p, VILLAGE_COST):
        for c in range(NUM_CORNERS):
            if can_place_village(s, p, c):
                mask[BUILD_VILLAGE.at(c)] = True
                n += 1
    if s['keeps_left'][p] > 0 and can_pay(s, p, KEEP_COST):
        for c in range(NUM_CORNERS):
            if is_own_village(s, p, c):
                mask[BUILD_KEEP.at(c)] = True
                n += 1
    if can_buy_card(s, p):
        mask[BUY_CARD.at()] = True
        n += 1
    return n


@rule
def is_own_village(s, p, c):
    """"A keep can only be built by upgrading one of your own villages.\""""
    return s['corner_owner'][c] == p and s['corner_level'][c] == VILLAGE


@rule
def can_buy_card(s, p):
    return s['deck_top'] < s['deck_size'] and can_pay(s, p, CARD_COST)


# =========================================================================== building
@rule
def place_road(s, p, e):
    """A road from the player's supply (paid for, or free from a card or the opening)."""
    s['edge_owner'][e] = p
    s['roads_left'][p] -= 1
    update_road_of(s, p, e)


@rule
def build_road(s, p, e):
    pay(s, p, ROAD_COST)
    place_road(s, p, e)


@rule
def build_village(s, p, c):
    pay(s, p, VILLAGE_COST)
    s['corner_owner'][c] = p
    s['corner_level'][c] = VILLAGE
    s['villages_left'][p] -= 1
    reveal_harbour_at(s, c)
    update_roads_through(s, c)  # a village may split another player's road


@rule
def build_keep(s, p, c):
    """The village goes back to the player's supply and the keep takes its corner."""
    pay(s, p, KEEP_COST)
    s['corner_level'][c] = KEEP
    s['keeps_left'][p] -= 1
    s['villages_left'][p] += 1


@rule
def buy_card(s, p):
    """Opportunity cards are "bought, kept hidden": the top card of the shuffled deck."""
    pay(s, p, CARD_COST)
    kind = s['deck'][s['deck_top']]
    s['deck'][s['deck_top']] = -1
    s['deck_top'] += 1
    s['cards'][p, kind] += 1
    s['cards_new'][p, kind] += 1
