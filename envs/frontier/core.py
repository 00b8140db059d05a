"""Frontier's jitted core: the kernels of envs/common/game.py over the record of state.py.

``apply`` takes one decision and resolves every automatic step after it (the throw's production,
who discards on a 7, a steal with a single possible victim, the end of a phase) so that the
record always waits on a real decision, or is over. The island and its pieces live in board.py,
trading in trade.py, what a seat may see in view.py, the invariants in invariants.py; this
module is the turn: the opening, the throw, the 7, building, cards, the awards and the win.

Compilation: the contract's kernels are ``@kernel`` dispatchers. Small rules are
``register_jitable`` (compiled into the kernel that calls them, which keeps the number of cached
functions and the cold compile down); rules that many branches of ``apply`` reach (the throw, the
return to the turn, the trade table, the road award) or that tests and agents call from Python
stay dispatchers, so they are compiled once rather than inlined at every call site.
"""
import numpy as np
from numba.extending import register_jitable

from ..common.jit import kernel
from ..common.rng import randint, roll_die, seed_rng, shuffle
from .board import (any_road_placeable, can_place_road, can_place_village, corner_free_by_distance,
                    desert_hex, hand_size, lay_fixed_island, lay_random_island, pay_second_village, produce,
                    public_points, reveal_harbour_at, total_points, update_longest_road,
                    update_road_of, update_roads_through)
from .content import (BANK_START, CARD_COST, DECK_SIZE, DECK_START, KEEP_COST, KEEPS_PER_PLAYER,
                      ROAD_COST, ROADS_PER_PLAYER, VILLAGE_COST, VILLAGES_PER_PLAYER)
from .state import (BANK_TRADE, BANK_TRADE_END, BUILD_KEEP, BUILD_KEEP_END, BUILD_ROAD,
                    BUILD_ROAD_END, BUILD_VILLAGE, BUILD_VILLAGE_END, BUY_CARD, CORNER_EDGES,
                    COUNTER_OFFER, DISCARD, DISCARD_LIMIT, END_TURN, HEX_CORNERS, KEEP, KNIGHT,
                    LARGEST_ARMY_MIN, MAX_PLAYERS, MONOPOLY, MONOPOLY_PICK, MOVE_BANDIT,
                    NUM_CARD_KINDS, NUM_CORNERS, NUM_EDGES, NUM_HEXES, NUM_RESOURCES, OFFER_GET,
                    OFFER_GIVE, OFFER_TRADE, ST_DISCARD, ST_GAME_OVER, ST_MAIN,
                    ST_MONOPOLY, ST_MOVE_BANDIT, ST_OFFER_GET, ST_OFFER_GIVE,
                    ST_PRE_ROLL, ST_ROAD_BUILDING, ST_SETUP_ROAD, ST_SETUP_VILLAGE,
                    ST_STEAL, ST_TRADE_CHOOSE, ST_TRADE_REPLY, ST_YEAR_OF_PLENTY,
                    PLAY_KNIGHT, ROAD_BUILDING, ROLL, STEAL, TRADE_ACCEPT, TRADE_CANCEL,
                    TRADE_COMPLETE, TRADE_DECLINE, VICTORY_POINT, VILLAGE, WINNING_POINTS,
                    YEAR_OF_PLENTY, YEAR_OF_PLENTY_PICK, PLAY_MONOPOLY, PLAY_ROAD_BUILDING,
                    PLAY_YEAR_OF_PLENTY)
from .trade import (can_offer, choose_offer_get, choose_offer_give, clear_trade, complete,
                    mask_bank_trades, mask_completions, mask_offer_get, mask_offer_give,
                    mask_replies, open_offer, reply_accept, reply_counter, reply_decline,
                    trade_with_bank)


# =========================================================================== setting up
@register_jitable
def _empty_table(s):
    """What is not zero in a fresh record: nothing built, no holders, no trade, a full bank."""
    s['stage'] = ST_SETUP_VILLAGE
    s['setup_corner'] = -1
    s['winner'] = -1
    s['corner_owner'][:] = -1
    s['edge_owner'][:] = -1
    s['bank'][:] = BANK_START
    s['deck'][:] = -1
    s['deck_size'] = DECK_SIZE
    s['longest_road'] = -1
    s['largest_army'] = -1
    s['trade_give'] = -1
    s['trade_get'] = -1
    s['trade_replier'] = -1
    s['trade_counter'][:] = -1


@register_jitable
def throw_for_turn_order(s, n):
    """"Everyone throws for turn order": the highest throw of two dice begins, ties throw again;
    play then goes round the seats in order."""
    tied = np.ones(MAX_PLAYERS, np.bool_)
    while True:
        best = -1
        count = 0
        first = -1
        throws = np.zeros(MAX_PLAYERS, np.int64)
        for p in range(n):
            if tied[p]:
                throws[p] = roll_die(s['rng'], 6) + roll_die(s['rng'], 6)
                if throws[p] > best:
                    best = throws[p]
        for p in range(n):
            if tied[p] and throws[p] == best:
                count += 1
                first = p
            else:
                tied[p] = False
        if count == 1:
            return first


@kernel
def init(s, opts):
    """Lay out the island, shuffle the deck, throw for turn order and start the opening."""
    _empty_table(s)
    n = s['num_players']
    s['hidden_harbours'] = opts[0]
    s['fixed_island'] = opts[1]
    if s['fixed_island'] != 0:
        lay_fixed_island(s)
    else:
        lay_random_island(s)
    if s['hidden_harbours'] == 0:
        s['harbour_revealed'][:] = 1
    s['bandit'] = desert_hex(s)
    for i in range(DECK_SIZE):
        s['deck'][i] = DECK_START[i]
    shuffle(s['rng'], s['deck'], DECK_SIZE)
    for p in range(n):
        s['villages_left'][p] = VILLAGES_PER_PLAYER
        s['keeps_left'][p] = KEEPS_PER_PLAYER
        s['roads_left'][p] = ROADS_PER_PLAYER
    first = throw_for_turn_order(s, n)
    s['first_player'] = first
    s['turn_seat'] = first
    s['actor'] = first


@register_jitable
def setup_seat(s, step):
    """The opening goes "round the table once in order and once in reverse" from the first player."""
    n = s['num_players']
    if step < n:
        return (s['first_player'] + step) % n
    return (s['first_player'] + 2 * n - 1 - step) % n


# =========================================================================== small helpers
@register_jitable
def can_pay(s, p, cost):
    for r in range(NUM_RESOURCES):
        if s['hand'][p, r] < cost[r]:
            return False
    return True


@register_jitable
def pay(s, p, cost):
    for r in range(NUM_RESOURCES):
        s['hand'][p, r] -= cost[r]
        s['bank'][r] += cost[r]


@register_jitable
def playable(s, p, kind):
    """"Played one per turn, before or after the dice", and "not on the turn you bought it"."""
    return s['card_played'] == 0 and s['cards'][p, kind] - s['cards_new'][p, kind] > 0


@register_jitable
def bank_total(s):
    t = 0
    for r in range(NUM_RESOURCES):
        t += s['bank'][r]
    return t


@register_jitable
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


@kernel
def await_throw(s):
    """Before the throw the only choice is to play a card first. A player with no playable card
    has nothing to decide, so the dice are thrown at once (an automatic step of ``apply``); so are
    they after a card played before the throw, as only one card may be played a turn. A player who
    already has 10 points wins before throwing (``check_win``)."""
    s['stage'] = ST_PRE_ROLL
    p = s['turn_seat']
    if total_points(s, p) >= WINNING_POINTS:
        return
    for k in range(NUM_CARD_KINDS):
        if card_playable(s, p, k):
            return
    throw_dice(s)


@kernel
def back_to_turn(s):
    """After a card or the bandit: back to the main phase, or to the throw."""
    if s['rolled'] != 0:
        s['stage'] = ST_MAIN
    else:
        await_throw(s)


# =========================================================================== the opening
@register_jitable
def place_setup_village(s, c):
    p = s['turn_seat']
    s['corner_owner'][c] = p
    s['corner_level'][c] = VILLAGE
    s['villages_left'][p] -= 1
    reveal_harbour_at(s, c)
    if s['setup_step'] >= s['num_players']:
        pay_second_village(s, p, c)
    s['setup_corner'] = c
    s['stage'] = ST_SETUP_ROAD


@register_jitable
def place_setup_road(s, e):
    p = s['turn_seat']
    s['edge_owner'][e] = p
    s['roads_left'][p] -= 1
    s['setup_step'] += 1
    s['setup_corner'] = -1
    if s['setup_step'] >= 2 * s['num_players']:
        update_longest_road(s)
        s['turn_seat'] = s['first_player']
        s['turn'] = 1
        await_throw(s)
    else:
        s['turn_seat'] = setup_seat(s, s['setup_step'])
        s['stage'] = ST_SETUP_VILLAGE


# =========================================================================== the throw and the 7
@kernel
def throw_dice(s):
    """"On your turn, throw the dice first." A 7 pays nothing and starts the discards and the
    bandit; any other number produces."""
    d1 = roll_die(s['rng'], 6)
    d2 = roll_die(s['rng'], 6)
    s['dice'][0] = d1
    s['dice'][1] = d2
    s['rolled'] = 1
    if d1 + d2 == 7:
        start_discards(s)
    else:
        produce(s, d1 + d2)
        s['stage'] = ST_MAIN


@register_jitable
def start_discards(s):
    """"Anyone holding more than seven cards discards half of them, rounded down.\""""
    for p in range(s['num_players']):
        t = hand_size(s, p)
        s['discard_left'][p] = t // 2 if t > DISCARD_LIMIT else 0
    settle_discards(s)


@kernel
def settle_discards(s):
    """Discards owed by a player holding a single kind of resource are forced, so they are made
    without a decision; the first discarder with a real choice decides, or, with none left, the
    thrower moves the bandit."""
    while True:
        q = next_discarder(s)
        if q < 0:
            s['stage'] = ST_MOVE_BANDIT
            return
        kinds = 0
        only = -1
        for r in range(NUM_RESOURCES):
            if s['hand'][q, r] > 0:
                kinds += 1
                only = r
        if kinds > 1:
            s['stage'] = ST_DISCARD
            return
        s['hand'][q, only] -= s['discard_left'][q]
        s['bank'][only] += s['discard_left'][q]
        s['discard_left'][q] = 0


@register_jitable
def next_discarder(s):
    """Discarders decide one card at a time, in turn order from the thrower."""
    n = s['num_players']
    for k in range(n):
        p = (s['turn_seat'] + k) % n
        if s['discard_left'][p] > 0:
            return p
    return -1


@register_jitable
def discard_one(s, r):
    p = s['actor']
    s['hand'][p, r] -= 1
    s['bank'][r] += 1
    s['discard_left'][p] -= 1
    settle_discards(s)


@register_jitable
def is_victim(s, p, h, q):
    """q can be robbed at h: another player with a village or keep on h, holding a card. (Choosing
    a player with an empty hand would take nothing; we leave such players out.)"""
    if q == p or hand_size(s, q) == 0:
        return False
    for k in range(6):
        if s['corner_owner'][HEX_CORNERS[h, k]] == q:
            return True
    return False


@kernel
def move_bandit(s, h):
    """The bandit moves to another hex; the mover then takes a card from a player there. With one
    possible victim the steal resolves at once, with none it is skipped."""
    p = s['turn_seat']
    s['bandit'] = h
    n = s['num_players']
    count = 0
    last = -1
    for q in range(n):
        if is_victim(s, p, h, q):
            count += 1
            last = q
    if count == 0:
        back_to_turn(s)
    elif count == 1:
        steal_from(s, last)
    else:
        s['stage'] = ST_STEAL


@kernel
def steal_from(s, q):
    """Take one card at random from q's hand."""
    p = s['turn_seat']
    k = randint(s['rng'], hand_size(s, q))
    for r in range(NUM_RESOURCES):
        if k < s['hand'][q, r]:
            s['hand'][q, r] -= 1
            s['hand'][p, r] += 1
            break
        k -= s['hand'][q, r]
    back_to_turn(s)


# =========================================================================== building and buying
@register_jitable
def can_build_road(s, p, e):
    return s['roads_left'][p] > 0 and can_pay(s, p, ROAD_COST) and can_place_road(s, p, e)


@register_jitable
def can_build_village(s, p, c):
    return s['villages_left'][p] > 0 and can_pay(s, p, VILLAGE_COST) and can_place_village(s, p, c)


@register_jitable
def can_build_keep(s, p, c):
    """"A keep can only be built by upgrading one of your own villages.\""""
    return (s['keeps_left'][p] > 0 and s['corner_owner'][c] == p and s['corner_level'][c] == VILLAGE
            and can_pay(s, p, KEEP_COST))


@register_jitable
def can_buy_card(s, p):
    return s['deck_top'] < s['deck_size'] and can_pay(s, p, CARD_COST)


@kernel
def place_road(s, p, e):
    s['edge_owner'][e] = p
    s['roads_left'][p] -= 1
    update_road_of(s, p)


@kernel
def build_village(s, p, c):
    pay(s, p, VILLAGE_COST)
    s['corner_owner'][c] = p
    s['corner_level'][c] = VILLAGE
    s['villages_left'][p] -= 1
    reveal_harbour_at(s, c)
    update_roads_through(s, c)  # a village may split another player's road


@register_jitable
def build_keep(s, p, c):
    """The village goes back to the player's supply and the keep takes its corner."""
    pay(s, p, KEEP_COST)
    s['corner_level'][c] = KEEP
    s['keeps_left'][p] -= 1
    s['villages_left'][p] += 1


@register_jitable
def buy_card(s, p):
    """Opportunity cards are "bought, kept hidden": the top card of the shuffled deck."""
    pay(s, p, CARD_COST)
    kind = s['deck'][s['deck_top']]
    s['deck'][s['deck_top']] = -1
    s['deck_top'] += 1
    s['cards'][p, kind] += 1
    s['cards_new'][p, kind] += 1


# =========================================================================== opportunity cards
@register_jitable
def start_card(s, p, kind):
    s['cards'][p, kind] -= 1
    s['cards_played'][p, kind] += 1
    s['card_played'] = 1


@register_jitable
def play_knight(s, p):
    """"Move the bandit and take a card from somebody on that tile"; counts toward largest army."""
    start_card(s, p, KNIGHT)
    update_largest_army(s, p)
    s['stage'] = ST_MOVE_BANDIT


@kernel
def update_largest_army(s, p):
    """"Largest army goes to the first player who has played three knights, and moves only to
    someone who has played more.\""""
    k = s['cards_played'][p, KNIGHT]
    h = s['largest_army']
    if k >= LARGEST_ARMY_MIN and (h < 0 or k > s['cards_played'][h, KNIGHT]):
        s['largest_army'] = p


@register_jitable
def play_road_building(s, p):
    """"Place two roads, free" (fewer if the player has fewer roads left or nowhere to build)."""
    start_card(s, p, ROAD_BUILDING)
    s['free_roads'] = min(2, s['roads_left'][p])
    s['stage'] = ST_ROAD_BUILDING
    end_road_building_if_done(s, p)


@register_jitable
def end_road_building_if_done(s, p):
    if s['free_roads'] <= 0 or s['roads_left'][p] <= 0 or not any_road_placeable(s, p):
        s['free_roads'] = 0
        back_to_turn(s)


@register_jitable
def play_year_of_plenty(s, p):
    """"Take any two resources from the supply" (as many as the supply still holds, up to two)."""
    start_card(s, p, YEAR_OF_PLENTY)
    s['plenty_left'] = 2
    s['stage'] = ST_YEAR_OF_PLENTY
    if bank_total(s) == 0:
        s['plenty_left'] = 0
        back_to_turn(s)


@register_jitable
def take_plenty(s, p, r):
    s['bank'][r] -= 1
    s['hand'][p, r] += 1
    s['plenty_left'] -= 1
    if s['plenty_left'] <= 0 or bank_total(s) == 0:
        s['plenty_left'] = 0
        back_to_turn(s)


@register_jitable
def play_monopoly(s, p):
    start_card(s, p, MONOPOLY)
    s['stage'] = ST_MONOPOLY


@register_jitable
def take_monopoly(s, p, r):
    """"Name a resource. Every player hands you all of theirs.\""""
    for q in range(s['num_players']):
        if q != p:
            s['hand'][p, r] += s['hand'][q, r]
            s['hand'][q, r] = 0
    back_to_turn(s)


# =========================================================================== the turn
@kernel
def end_turn(s):
    p = s['turn_seat']
    for k in range(NUM_CARD_KINDS):
        s['cards_new'][p, k] = 0
    s['card_played'] = 0
    s['rolled'] = 0
    s['proposals'] = 0
    s['turn_seat'] = (p + 1) % s['num_players']
    s['turn'] += 1
    await_throw(s)


@kernel
def check_win(s):
    """"You win as soon as you have 10 points on your own turn." Checked after every decision, and
    so also when a turn begins: points reached on another's turn win "when your turn comes"."""
    p = s['turn_seat']
    if total_points(s, p) >= WINNING_POINTS:
        s['winner'] = p
        s['stage'] = ST_GAME_OVER
        for q in range(s['num_players']):
            s['last_rewards'][q] = 1.0 if q == p else -1.0


@register_jitable
def set_actor(s):
    ph = s['stage']
    if ph == ST_GAME_OVER:
        s['actor'] = -1
    elif ph == ST_DISCARD:
        s['actor'] = next_discarder(s)
    elif ph == ST_TRADE_REPLY:
        s['actor'] = s['trade_replier']
    else:
        s['actor'] = s['turn_seat']


# =========================================================================== the kernels
@register_jitable
def _mask_cards(s, p, mask):
    n = 0
    for k in range(NUM_CARD_KINDS):
        if card_playable(s, p, k):
            mask[PLAY_KNIGHT + k] = True
            n += 1
    return n


@register_jitable
def _mask_main(s, p, mask):
    mask[END_TURN] = True
    n = 1
    if s['roads_left'][p] > 0 and can_pay(s, p, ROAD_COST):
        for e in range(NUM_EDGES):
            if can_place_road(s, p, e):
                mask[BUILD_ROAD + e] = True
                n += 1
    if s['villages_left'][p] > 0 and can_pay(s, p, VILLAGE_COST):
        for c in range(NUM_CORNERS):
            if can_place_village(s, p, c):
                mask[BUILD_VILLAGE + c] = True
                n += 1
    if s['keeps_left'][p] > 0 and can_pay(s, p, KEEP_COST):
        for c in range(NUM_CORNERS):
            if s['corner_owner'][c] == p and s['corner_level'][c] == VILLAGE:
                mask[BUILD_KEEP + c] = True
                n += 1
    if can_buy_card(s, p):
        mask[BUY_CARD] = True
        n += 1
    n += _mask_cards(s, p, mask)
    n += mask_bank_trades(s, p, mask)
    if can_offer(s, p):
        mask[OFFER_TRADE] = True
        n += 1
    return n


@kernel
def legal_mask(s, mask):
    """Every decision the seat to act may take now."""
    mask[:] = False
    ph = s['stage']
    p = s['actor']
    n = 0
    if ph == ST_GAME_OVER:
        return 0
    if ph == ST_SETUP_VILLAGE:
        for c in range(NUM_CORNERS):
            if corner_free_by_distance(s, c):
                mask[BUILD_VILLAGE + c] = True
                n += 1
    elif ph == ST_SETUP_ROAD:
        c = s['setup_corner']
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e >= 0 and s['edge_owner'][e] < 0:
                mask[BUILD_ROAD + e] = True
                n += 1
    elif ph == ST_PRE_ROLL:
        mask[ROLL] = True
        n = 1 + _mask_cards(s, p, mask)
    elif ph == ST_MAIN:
        n = _mask_main(s, p, mask)
    elif ph == ST_DISCARD:
        for r in range(NUM_RESOURCES):
            if s['hand'][p, r] > 0:
                mask[DISCARD + r] = True
                n += 1
    elif ph == ST_MOVE_BANDIT:
        for h in range(NUM_HEXES):
            if h != s['bandit']:
                mask[MOVE_BANDIT + h] = True
                n += 1
    elif ph == ST_STEAL:
        np_ = s['num_players']
        for k in range(1, np_):
            if is_victim(s, p, s['bandit'], (p + k) % np_):
                mask[STEAL + k - 1] = True
                n += 1
    elif ph == ST_ROAD_BUILDING:
        for e in range(NUM_EDGES):
            if can_place_road(s, p, e):
                mask[BUILD_ROAD + e] = True
                n += 1
    elif ph == ST_YEAR_OF_PLENTY:
        for r in range(NUM_RESOURCES):
            if s['bank'][r] > 0:
                mask[YEAR_OF_PLENTY_PICK + r] = True
                n += 1
    elif ph == ST_MONOPOLY:
        for r in range(NUM_RESOURCES):
            mask[MONOPOLY_PICK + r] = True
            n += 1
    elif ph == ST_OFFER_GIVE:
        n = mask_offer_give(s, p, mask)
    elif ph == ST_OFFER_GET:
        n = mask_offer_get(s, mask)
    elif ph == ST_TRADE_REPLY:
        n = mask_replies(s, p, mask, TRADE_ACCEPT, TRADE_DECLINE)
    elif ph == ST_TRADE_CHOOSE:
        n = mask_completions(s, mask, TRADE_CANCEL)
    return n


@register_jitable
def _apply_turn_action(s, p, a):
    """A decision of the player on turn before or after the throw."""
    if a == ROLL:
        throw_dice(s)
    elif a == END_TURN:
        end_turn(s)
    elif a == BUY_CARD:
        buy_card(s, p)
    elif a == PLAY_KNIGHT:
        play_knight(s, p)
    elif a == PLAY_ROAD_BUILDING:
        play_road_building(s, p)
    elif a == PLAY_YEAR_OF_PLENTY:
        play_year_of_plenty(s, p)
    elif a == PLAY_MONOPOLY:
        play_monopoly(s, p)
    elif a == OFFER_TRADE:
        open_offer(s)
    elif BUILD_ROAD <= a < BUILD_ROAD_END:
        pay(s, p, ROAD_COST)
        place_road(s, p, a - BUILD_ROAD)
    elif BUILD_VILLAGE <= a < BUILD_VILLAGE_END:
        build_village(s, p, a - BUILD_VILLAGE)
    elif BUILD_KEEP <= a < BUILD_KEEP_END:
        build_keep(s, p, a - BUILD_KEEP)
    elif BANK_TRADE <= a < BANK_TRADE_END:
        g = (a - BANK_TRADE) // NUM_RESOURCES
        trade_with_bank(s, p, g, (a - BANK_TRADE) % NUM_RESOURCES)


@kernel
def apply(s, a):
    """Apply the legal decision ``a`` of the seat to act, then every automatic step after it."""
    ph = s['stage']
    p = s['actor']
    if ph == ST_SETUP_VILLAGE:
        place_setup_village(s, a - BUILD_VILLAGE)
    elif ph == ST_SETUP_ROAD:
        place_setup_road(s, a - BUILD_ROAD)
    elif ph == ST_PRE_ROLL or ph == ST_MAIN:
        _apply_turn_action(s, p, a)
    elif ph == ST_DISCARD:
        discard_one(s, a - DISCARD)
    elif ph == ST_MOVE_BANDIT:
        move_bandit(s, a - MOVE_BANDIT)
    elif ph == ST_STEAL:
        steal_from(s, (p + a - STEAL + 1) % s['num_players'])
    elif ph == ST_ROAD_BUILDING:
        place_road(s, p, a - BUILD_ROAD)
        s['free_roads'] -= 1
        end_road_building_if_done(s, p)
    elif ph == ST_YEAR_OF_PLENTY:
        take_plenty(s, p, a - YEAR_OF_PLENTY_PICK)
    elif ph == ST_MONOPOLY:
        take_monopoly(s, p, a - MONOPOLY_PICK)
    elif ph == ST_OFFER_GIVE:
        choose_offer_give(s, a - OFFER_GIVE)
    elif ph == ST_OFFER_GET:
        choose_offer_get(s, a - OFFER_GET)
    elif ph == ST_TRADE_REPLY:
        if a == TRADE_ACCEPT:
            reply_accept(s)
        elif a == TRADE_DECLINE:
            reply_decline(s)
        else:
            reply_counter(s, a - COUNTER_OFFER)
    elif ph == ST_TRADE_CHOOSE:
        if a == TRADE_CANCEL:
            clear_trade(s)
        else:
            complete(s, a - TRADE_COMPLETE + 1)
    if s['stage'] != ST_SETUP_VILLAGE and s['stage'] != ST_SETUP_ROAD:
        check_win(s)
    set_actor(s)


# =========================================================================== rewards and scores
@kernel
def scores(s, out):
    """Public points while the game runs; at the end the victory-point cards are shown too."""
    over = s['stage'] == ST_GAME_OVER
    for p in range(out.shape[0]):
        out[p] = total_points(s, p) if over else public_points(s, p)


# =========================================================================== seeing and checking
# (kernels of the contract that live in their own modules)
from .view import determinize, encode, observe, state_vector  # noqa: E402,F401
from .invariants import INVARIANT_NAMES, check_invariants  # noqa: E402,F401
