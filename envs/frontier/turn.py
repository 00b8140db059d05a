"""The frame of a turn (rulebook "A turn"): the throw first, unless a card is played before it;
one card a turn, "before or after the dice"; back to the turn after a card or the bandit; the end
of the turn; the win "as soon as you have 10 points on your own turn"; and who decides next
(``settle``, the last step of every decision, which runs the automatic steps the decision led
to: the throw, a steal from a single possible victim, the way back to the turn after the bandit).
"""
from ..common.jit import rule
from .bandit import rob_sole_victim
from .board import any_road_placeable, bank_total, total_points
from .dice import next_discarder, throw_dice
from .state import (NUM_CARD_KINDS, ROAD_BUILDING, ST_BID_GET, ST_BID_GIVE, ST_DISCARD, ST_GAME_OVER,
                    ST_MAIN, ST_PRE_ROLL, ST_RESUME, ST_ROB, ST_SETUP_ROAD, ST_SETUP_VILLAGE, ST_THROW,
                    ST_TRADE_REPLY, TURNS_MAX, VICTORY_POINT, WINNING_POINTS, YEAR_OF_PLENTY)


# =========================================================================== one card a turn
@rule
def playable(s, p, kind):
    """"Played one per turn, before or after the dice", and "not on the turn you bought it"."""
    return s['card_played'] == 0 and s['cards'][p, kind] - s['cards_new'][p, kind] > 0


@rule
def card_playable(s, p, kind):
    """A card that may be played now and would do something: road building needs a road to place,
    year of plenty a resource in the supply; victory points are never played (they just count)."""
    if kind == VICTORY_POINT or not playable(s, p, kind):
        return False
    if kind == ROAD_BUILDING:
        return s['roads_left'][p] > 0 and any_road_placeable(s, p)
    if kind == YEAR_OF_PLENTY:
        return bank_total(s) > 0
    return True


# =========================================================================== the throw first
@rule
def old_cards(s, p):
    """The cards p holds that were not bought this turn: a count the whole table sees."""
    t = 0
    for k in range(NUM_CARD_KINDS):
        t += s['cards'][p, k] - s['cards_new'][p, k]
    return t


@rule
def await_throw(s):
    """Before the throw the only choice is to play a card first. A player who holds a card from an
    earlier turn and has played none this turn decides (even if its cards are all victory points,
    which are never played: then throwing is its only choice); otherwise the dice are thrown at once
    (``ST_THROW``, an automatic step of ``settle``), as after a card played before the throw, since
    only one card may be played a turn. Whether the throw waits so depends only on counts the table
    sees, never on the kinds of the cards. A player who already has 10 points wins before throwing
    (``check_win``)."""
    s['stage'] = ST_PRE_ROLL
    p = s['turn_seat']
    if total_points(s, p) >= WINNING_POINTS:
        return
    if s['card_played'] == 0 and old_cards(s, p) > 0:
        return
    s['stage'] = ST_THROW


@rule
def back_to_turn(s):
    """After a card or the bandit: back to the main stage, or to the throw."""
    if s['rolled'] != 0:
        s['stage'] = ST_MAIN
    else:
        await_throw(s)


# =========================================================================== the end
@rule
def end_turn(s):
    """"End your turn when you are done": the next seat's turn begins."""
    p = s['turn_seat']
    for k in range(NUM_CARD_KINDS):
        s['cards_new'][p, k] = 0
    s['card_played'] = 0
    s['rolled'] = 0
    s['proposals'] = 0
    s['hearings'] = 0
    s['turn_seat'] = (p + 1) % s['num_players']
    s['turn'] += 1
    if s['turn'] > TURNS_MAX:
        s['turn'] -= s['num_players']
    await_throw(s)


@rule
def check_win(s):
    """"You win as soon as you have 10 points on your own turn." Checked after every decision, and
    so also when a turn begins: points reached on another's turn win "when your turn comes"."""
    p = s['turn_seat']
    if total_points(s, p) >= WINNING_POINTS:
        s['winner'] = p
        s['stage'] = ST_GAME_OVER
        for q in range(s['num_players']):
            s['last_rewards'][q] = 1.0 if q == p else -1.0


@rule
def set_actor(s):
    """Who decides now: a discarder on a 7, the replier to an offer or the bidder, else the player
    on turn; nobody once the game is over."""
    stage = s['stage']
    if stage == ST_GAME_OVER:
        s['actor'] = -1
    elif stage == ST_DISCARD:
        s['actor'] = next_discarder(s)
    elif stage == ST_TRADE_REPLY or stage == ST_BID_GIVE or stage == ST_BID_GET:
        s['actor'] = s['trade_replier']
    else:
        s['actor'] = s['turn_seat']


@rule
def settle(s):
    """After every decision: the automatic steps it led to (the throw, with its production or the
    7's discards; a steal from a single possible victim; back to the turn after the bandit), each
    of which sets the next stage, until a decision is due; then the win (not in the opening), and
    who decides next."""
    while True:
        stage = s['stage']
        if stage == ST_THROW:
            throw_dice(s)
        elif stage == ST_ROB:
            rob_sole_victim(s)
        elif stage == ST_RESUME:
            back_to_turn(s)
        else:
            break
    if s['stage'] != ST_SETUP_VILLAGE and s['stage'] != ST_SETUP_ROAD:
        check_win(s)
    set_actor(s)
