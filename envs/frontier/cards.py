"""Opportunity cards (rulebook "A turn": "bought, kept hidden, and played one per turn, before or
after the dice"): what each card does, and largest army. When a card may be played is turn.py's
(``card_playable``); buying one is build.py's.
"""
from ..common.jit import rule
from .board import any_road_placeable, bank_total, mask_roads
from .build import place_road
from .content import FREE_ROADS, PLENTY_PICKS
from .state import (BUILD_ROAD, KNIGHT, LARGEST_ARMY_MIN, MONOPOLY, MONOPOLY_PICK, NUM_RESOURCES,
                    PLAY_KNIGHT, PLAY_MONOPOLY, PLAY_ROAD_BUILDING, PLAY_YEAR_OF_PLENTY, ROAD_BUILDING,
                    ST_MONOPOLY, ST_MOVE_BANDIT, ST_ROAD_BUILDING, ST_YEAR_OF_PLENTY, YEAR_OF_PLENTY,
                    YEAR_OF_PLENTY_PICK)
from .turn import back_to_turn, card_playable


@rule
def mask_cards(s, p, mask):
    """The cards the player may play now (before or after the throw)."""
    n = 0
    if card_playable(s, p, KNIGHT):
        mask[PLAY_KNIGHT.at()] = True
        n += 1
    if card_playable(s, p, ROAD_BUILDING):
        mask[PLAY_ROAD_BUILDING.at()] = True
        n += 1
    if card_playable(s, p, YEAR_OF_PLENTY):
        mask[PLAY_YEAR_OF_PLENTY.at()] = True
        n += 1
    if card_playable(s, p, MONOPOLY):
        mask[PLAY_MONOPOLY.at()] = True
        n += 1
    return n


@rule
def play_card(s, p, a):
    """The card chosen (before or after the throw)."""
    if PLAY_KNIGHT.has(a):
        play_knight(s, p)
    elif PLAY_ROAD_BUILDING.has(a):
        play_road_building(s, p)
    elif PLAY_YEAR_OF_PLENTY.has(a):
        play_year_of_plenty(s, p)
    elif PLAY_MONOPOLY.has(a):
        play_monopoly(s, p)


@rule
def start_card(s, p, kind):
    """The card is played face up: one a turn."""
    s['cards'][p, kind] -= 1
    s['cards_played'][p, kind] += 1
    s['card_played'] = 1


# =========================================================================== knight
@rule
def play_knight(s, p):
    """"Move the bandit and take a card from somebody on that tile"; counts toward largest army."""
    start_card(s, p, KNIGHT)
    update_largest_army(s, p)
    s['stage'] = ST_MOVE_BANDIT


@rule
def update_largest_army(s, p):
    """"Largest army goes to the first player who has played three knights, and moves only to
    someone who has played more.\""""
    k = s['cards_played'][p, KNIGHT]
    h = s['largest_army']
    if k >= LARGEST_ARMY_MIN and (h < 0 or k > s['cards_played'][h, KNIGHT]):
        s['largest_army'] = p


# =========================================================================== road building
@rule
def play_road_building(s, p):
    """"Place two roads, free" (fewer if the player has fewer roads left or nowhere to build)."""
    start_card(s, p, ROAD_BUILDING)
    s['free_roads'] = min(FREE_ROADS, s['roads_left'][p])
    s['stage'] = ST_ROAD_BUILDING
    end_road_building_if_done(s, p)


@rule
def mask_road_building(s, p, mask):
    """A free road wherever a road may be built."""
    return mask_roads(s, p, mask)


@rule
def apply_road_building(s, p, a):
    """A free road on the edge chosen."""
    place_free_road(s, p, BUILD_ROAD.split(a))


@rule
def place_free_road(s, p, e):
    place_road(s, p, e)
    s['free_roads'] -= 1
    end_road_building_if_done(s, p)


@rule
def end_road_building_if_done(s, p):
    if s['free_roads'] <= 0 or s['roads_left'][p] <= 0 or not any_road_placeable(s, p):
        s['free_roads'] = 0
        back_to_turn(s)


# =========================================================================== year of plenty
@rule
def play_year_of_plenty(s, p):
    """"Take any two resources from the supply" (as many as the supply still holds, up to two)."""
    start_card(s, p, YEAR_OF_PLENTY)
    s['plenty_left'] = PLENTY_PICKS
    s['stage'] = ST_YEAR_OF_PLENTY
    if bank_total(s) == 0:
        s['plenty_left'] = 0
        back_to_turn(s)


@rule
def mask_year_of_plenty(s, p, mask):
    """Any resource the supply still holds."""
    n = 0
    for r in range(NUM_RESOURCES):
        if s['bank'][r] > 0:
            mask[YEAR_OF_PLENTY_PICK.at(r)] = True
            n += 1
    return n


@rule
def apply_year_of_plenty(s, p, a):
    """One resource of the supply, the one chosen."""
    take_plenty(s, p, YEAR_OF_PLENTY_PICK.split(a))


@rule
def take_plenty(s, p, r):
    s['bank'][r] -= 1
    s['hand'][p, r] += 1
    s['plenty_left'] -= 1
    if s['plenty_left'] <= 0 or bank_total(s) == 0:
        s['plenty_left'] = 0
        back_to_turn(s)


# =========================================================================== monopoly
@rule
def play_monopoly(s, p):
    start_card(s, p, MONOPOLY)
    s['stage'] = ST_MONOPOLY


@rule
def mask_monopoly(s, p, mask):
    """"Name a resource": any of the five."""
    for r in range(NUM_RESOURCES):
        mask[MONOPOLY_PICK.at(r)] = True
    return NUM_RESOURCES


@rule
def apply_monopoly(s, p, a):
    """The resource named."""
    take_monopoly(s, p, MONOPOLY_PICK.split(a))


@rule
def take_monopoly(s, p, r):
    """"Name a resource. Every player hands you all of theirs.\""""
    for q in range(s['num_players']):
        if q != p:
            s['hand'][p, r] += s['hand'][q, r]
            s['hand'][q, r] = 0
    back_to_turn(s)
