"""II. The Frontiersman Stage around the adventures: its start (adventures set, fate tiles, seven
skill cards each), the sunrise (age, drop, initiate, reveal), the daytime commits and their
reveal, and the evening (end conditions, the first player passes left). The 3-player rules'
adventure marker lives here too."""
from ..common.jit import rule
from .cards import discard_fate, draw_fate, draw_flag, draw_to_hand, next_seat_from
from .content import (BACK_EAST, FAR_WEST, FATE_SPACE, HARDSHIP_DECK, LOCATIONS, REWARD_TYPES, START_HAND,
                      TRACK)
from .scoring import final_scoring
from .state import COMMIT, COMMIT_REST, FL_COMMIT, FL_LOC_START, FL_NONE, TURN_MAX


@rule
def location_open(s, loc):
    """A location can hold an adventure unless the 3-player adventure marker blocks it."""
    return s['marker'] != loc


@rule
def initiate_adventure(s, loc):
    """"Place one new Adventure card face-up on the leftmost space of a location ... draw a Fate
    token": face up in Back East, face down elsewhere (until the fate icon's space). Returns False
    if the location's deck is empty (the stage ends)."""
    card = draw_flag(s, s['adv_deck'][loc])
    if card < 0:
        return False
    s['active'][loc] = card
    s['age'][loc] = 0
    draw_fate(s, loc)
    s['fate_up'][loc] = 1 if FATE_SPACE[loc] == 0 else 0
    return True


@rule
def start_frontier(s):
    """The first player's set-up of the stage: an adventure and a fate tile at each location (in
    the 3-player game none in the Far West, where the adventure marker goes), seven skill cards
    to each player."""
    n = s['num_players']
    s['marker'] = FAR_WEST if n == 3 else -1
    for loc in range(LOCATIONS):
        if location_open(s, loc):
            initiate_adventure(s, loc)
    for seat in range(n):
        draw_to_hand(s, seat, START_HAND)
    s['turn'] = 1
    begin_daytime(s)


@rule
def drop_adventure(s, loc):
    """An adventure past the last space falls off unachieved; its fate tile is discarded."""
    s['adv_lost'][loc, s['active'][loc]] = 1
    s['active'][loc] = -1
    discard_fate(s, loc, False)


@rule
def sunrise(s):
    """Age every active adventure one space (one on the last space falls off), initiate an
    adventure at every open location without one, reveal fate tiles reaching the fate icon.
    Returns False if an adventure is needed and its deck is empty (the stage ends)."""
    for loc in range(LOCATIONS):
        if s['active'][loc] >= 0:
            if s['age'][loc] == TRACK - 1:
                drop_adventure(s, loc)
            else:
                s['age'][loc] += 1
                if s['age'][loc] >= FATE_SPACE[loc]:
                    s['fate_up'][loc] = 1
    for loc in range(LOCATIONS):
        if s['active'][loc] < 0 and location_open(s, loc):
            if not initiate_adventure(s, loc):
                return False
    return True


@rule
def begin_daytime(s):
    for seat in range(s['num_players']):
        s['commit'][seat] = -1
    s['revealed'] = 0
    s['flow'] = FL_COMMIT


@rule
def next_commit(s):
    """Seats commit in seat order from the first player; nobody sees a commit before the reveal."""
    for k in range(s['num_players']):
        seat = next_seat_from(s, k)
        if s['commit'][seat] < 0:
            return seat
    return -1


@rule
def mask_commit(s, seat, mask):
    """Back East, Frontier or Far West where an adventure is active; Rest always."""
    count = 1
    mask[COMMIT.at(COMMIT_REST)] = True
    for loc in range(LOCATIONS):
        if s['active'][loc] >= 0:
            mask[COMMIT.at(loc)] = True
            count += 1
    return count


@rule
def apply_commit(s, seat, a):
    s['commit'][seat] = COMMIT.split(a)
    s['flow'] = FL_COMMIT


@rule
def reveal_commits(s):
    """"The cards are flipped over simultaneously"; the adventures resolve from Back East."""
    s['revealed'] = 1
    s['res_loc'] = BACK_EAST
    s['flow'] = FL_LOC_START


@rule
def rewards_depleted(s):
    """"When 2 of the 5 Reward decks are depleted": the four reward decks (no face-up card left)
    and the Hardship deck."""
    empty = 0
    for t in range(REWARD_TYPES):
        if s['rew_top'][t] < 0:
            empty += 1
    left = 0
    for h in range(HARDSHIP_DECK):
        left += s['hard_pile'][h]
    if left == 0:
        empty += 1
    return empty >= 2


@rule
def pass_first_player(s):
    """The First Player token (and the rotating deck) pass to the left."""
    s['first_player'] = (s['first_player'] + 1) % s['num_players']


@rule
def evening(s):
    """End conditions (two reward decks depleted; an adventure needed from an empty deck); else
    the first player passes left and the next sunrise."""
    if rewards_depleted(s):
        final_scoring(s)
        s['flow'] = FL_NONE
        return
    pass_first_player(s)
    if s['turn'] < TURN_MAX:
        s['turn'] += 1
    if not sunrise(s):
        final_scoring(s)
        s['flow'] = FL_NONE
        return
    begin_daytime(s)
