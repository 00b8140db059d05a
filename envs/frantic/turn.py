"""The set-up, the turn (1. play a card, 2. move, 3. draw), the round's end and the game's end,
and ``settle``, which runs the automatic steps between decisions."""
import numpy as np

from ..common.jit import rule
from ..common.rng import roll_die, shuffle
from .board import (at_end, choose_or_place, clear_board, draw_up, holds, take_top, to_hand,
                    to_hand_in_view, token_on)
from .content import (
    CARD_KIND, D20, D6, DEAL_BY_SEATS, END, FUCK_YOU, FUCK_YOU_ADVANCE, FUCK_YOU_POINTS, GHOST, GIFT,
    HAND_SIZE, MAGNET, NUM_CARDS, NUM_SPACES, REMOTE, REVERSE, SKIP,
    START, TELEPORT, TELEPORT_6, TELEPORT_SPACE, TROUBLEMAKER, KIND_COLOUR, RED, ORANGE, MULTI)
from .events import begin_event, end_event, event_step, event_throw_result
from .moves import land, magnet_choices, start_move, swap_tokens, teleport_token, throw, walk
from .reactions import offer_block, offer_nice_try, offer_re_roll, play_reaction, re_roll
from .state import (
    AU_CHAIN_DONE, AU_END_TURN, AU_EVENT, AU_LAND, AU_NICE_TRY, AU_ROLLED, AU_WALK, B_GIFT, B_NONE,
    B_REMOTE, B_RE_ROLL, B_SWAP, GIFT_TO, LOC_DECK, MAGNET_AT, MAX_SEATS, PASS, PH_END, PH_MOVE,
    PH_PLAY, PH_SETUP, R_EVENT, R_MARCH, R_MOVE, R_NONE, R_SECOND, R_TELEPORT, ST_GIFT,
    ROUNDS_MAX, ST_MAGNET, ST_OVER, ST_PLAY, ST_REMOTE, ST_SETUP, TOKEN)

# --------------------------------------------------------------------------- set-up and rounds


@rule
def starting_player(s):
    """'All players now roll the D20. The player with the highest roll is the starting player. In
    case of a tie, all tied players roll again.'"""
    n = s['num_players']
    # MAX_SEATS int64s, not n bools: an int32 size or a new dtype compiles NumPy's allocation again
    tied = np.zeros(MAX_SEATS, np.int64)
    for i in range(n):
        tied[i] = 1
    while True:
        rolls = np.zeros(MAX_SEATS, np.int64)
        best = 0
        for i in range(n):
            if tied[i]:
                rolls[i] = roll_die(s['rng'], D20)
                best = max(best, rolls[i])
        count = 0
        last = -1
        for i in range(n):
            tied[i] = 1 if tied[i] and rolls[i] == best else 0
            if tied[i]:
                count += 1
                last = i
        if count == 1:
            return last


@rule
def deal_round(s):
    """Set-up from 'Shuffle the playing cards': every card into the pile, shuffled; 8 / 7 / 6 cards
    each (2 / 3 / 4 or more players); the starting player by the D20; then the placements."""
    n = s['num_players']
    clear_board(s)
    for i in range(MAX_SEATS):
        s['pos'][i] = START
        s['hand_count'][i] = 0
        for k in range(s['hand_kind'].shape[1]):
            s['hand_kind'][i, k] = 0
    for c in range(NUM_CARDS):
        s['deck'][c] = c
        s['loc'][c] = LOC_DECK
        s['known'][c] = 0
    s['deck_size'] = NUM_CARDS
    shuffle(s['rng'], s['deck'], NUM_CARDS)
    for i in range(n):
        for _ in range(DEAL_BY_SEATS[n]):
            draw_up_one(s, i)
    s['first_player'] = starting_player(s)
    s['turn_seat'] = s['first_player']
    s['phase'] = PH_SETUP
    s['stage'] = ST_SETUP
    s['actor'] = s['first_player']


@rule
def draw_up_one(s, seat):
    s['deck_size'] -= 1
    c = s['deck'][s['deck_size']]
    s['deck'][s['deck_size']] = -1
    to_hand(s, seat, c)


@rule
def apply_setup(s, seat, a):
    """'In turn order, each player plays a hand card of their choice onto the game board. Keep doing
    this until all players have 4 cards left in their hand. The effects of the played cards are not
    triggered yet.'"""
    if choose_or_place(s, seat, a) < 0:
        return                             # the card is chosen; its space next
    n = s['num_players']
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if s['hand_count'][nxt] > HAND_SIZE:
            s['actor'] = nxt
            return
    begin_turn(s, s['first_player'])


@rule
def end_round(s):
    """'Players now write down the minus points they scored, which correspond to the position of
    their player token', plus 21 for the white card in hand; the game ends once someone reaches
    the point limit (fewest points wins), else a new round."""
    n = s['num_players']
    over = False
    for i in range(n):
        score = s['pos'][i] + (FUCK_YOU_POINTS if holds(s, i, FUCK_YOU) else 0)
        s['round_score'][i] = score
        s['points'][i] += score
        if s['points'][i] >= s['point_limit']:
            over = True
    if s['round'] < ROUNDS_MAX:
        s['round'] += 1
    if over:
        best = s['points'][0]
        for i in range(n):
            best = min(best, s['points'][i])
        for i in range(n):
            won = s['points'][i] == best
            s['winner'][i] = 1 if won else 0
            s['last_rewards'][i] = 1.0 if won else -1.0
        s['stage'] = ST_OVER
        s['actor'] = -1
        clear_turn(s)
        return
    if s['round_rewards'] != 0:
        best = s['round_score'][0]
        for i in range(n):
            best = min(best, s['round_score'][i])
        for i in range(n):
            s['last_rewards'][i] = 1.0 if s['round_score'][i] == best else -1.0
    clear_turn(s)
    deal_round(s)


# --------------------------------------------------------------------------- the turn


@rule
def clear_turn(s):
    """Nothing of a turn in progress: flags, movement, throw, attack, event, offers."""
    s['chosen'] = -1
    s['skip_move'] = 0
    s['reverse'] = 0
    s['ghost'] = 0
    s['advance'] = 0
    s['trouble'] = 0
    s['remote_target'] = -1
    s['magnet_card'] = -1
    s['mv_token'] = -1
    s['mv_dir'] = 0
    s['mv_steps'] = 0
    s['mv_ghost'] = 0
    s['roll_die'] = 0
    s['roll_owner'] = -1
    s['roll_value'] = 0
    s['roll_for'] = R_NONE
    s['roll_asked'] = 0
    s['rr_seat'] = -1
    s['block_for'] = B_NONE
    s['target'] = -1
    s['gift_amount'] = 0
    s['ev_kind'] = -1
    s['ev_thrower'] = -1
    s['ev_index'] = 0
    s['ev_seat'] = -1
    s['nice_asked'] = 0
    s['deck_out'] = 0
    for c in range(NUM_CARDS):
        s['triggered'][c] = 0
    for i in range(s['tele_triggered'].shape[0]):
        s['tele_triggered'][i] = 0


@rule
def begin_turn(s, seat):
    """A turn: 1. play a card, 2. move, 3. draw. Each card triggers once per turn (FAQ 1)."""
    clear_turn(s)
    s['turn_seat'] = seat
    s['phase'] = PH_PLAY
    if s['hand_count'][seat] > 0:
        s['stage'] = ST_PLAY
        s['actor'] = seat
    else:
        s['stage'] = AU_CHAIN_DONE   # nothing to play (the pile ran short): on to moving


@rule
def apply_play(s, seat, a):
    """'Play a card from your hand onto the game board, and activate its effect if necessary':
    green and blue cards and the white cards act when played; red, orange and multi-coloured
    cards only lie there (a reaction played on one's own turn activates nothing)."""
    c = choose_or_place(s, seat, a)
    if c < 0:
        return                             # the card is chosen; its space next
    kind = CARD_KIND[c]
    s['stage'] = AU_CHAIN_DONE
    if kind == SKIP:
        s['skip_move'] = 1                 # 'Skip your movement phase.'
    elif kind == REVERSE:
        s['reverse'] = 1                   # 'Move backward instead of forward this turn.'
    elif kind == GHOST:
        s['ghost'] = 1                     # 'Ignore all card effects on the game board during your movement.'
    elif kind == REMOTE:
        s['stage'] = ST_REMOTE             # 'Nominate a player token, roll your die and carry out a movement with it.'
        s['actor'] = seat
    elif kind == GIFT:
        s['stage'] = ST_GIFT
        s['actor'] = seat
    elif kind == MAGNET:
        s['magnet_card'] = c
        if magnet_choices(s) > 0:
            s['stage'] = ST_MAGNET
            s['actor'] = seat
        else:
            s['magnet_card'] = -1
    elif kind == TELEPORT:
        s['mv_token'] = seat
        throw(s, seat, D6, R_TELEPORT)
    elif kind == FUCK_YOU:
        s['advance'] = 1                   # 'Immediately advance ... 21 spaces ... Then, carry out your movement.'
    elif kind == TROUBLEMAKER:
        s['trouble'] = 1                   # 'Skip your movement phase and carry out an event instead.'
    if KIND_COLOUR[kind] != RED and KIND_COLOUR[kind] != ORANGE and KIND_COLOUR[kind] != MULTI:
        s['triggered'][c] = 1              # it has acted (FAQ 1: once per turn); red and orange wait


@rule
def begin_moving(s):
    """2. Moving: 'Roll your D6 and move forward as many spaces as the number you rolled', backward
    after a Reverse, ignoring the board after a Ghost, another's token after a Remote; no movement
    after a Skip (or a blocked Remote, FAQ 4); an event instead after a Troublemaker."""
    seat = s['turn_seat']
    s['phase'] = PH_MOVE
    if s['skip_move'] != 0:
        s['stage'] = AU_CHAIN_DONE
        return
    if s['trouble'] != 0:
        throw(s, seat, D20, R_EVENT)
        return
    if s['advance'] != 0:
        s['pos'][seat] = min(s['pos'][seat] + FUCK_YOU_ADVANCE, END)   # ignoring all card effects
    token = s['remote_target'] if s['remote_target'] >= 0 else seat
    s['mv_token'] = token
    s['mv_dir'] = -1 if s['reverse'] != 0 else 1
    s['mv_ghost'] = s['ghost']
    throw(s, seat, D6, R_MOVE)


@rule
def chain_done(s):
    """An effect chain is over: after phase 1 comes the movement, after it the draw."""
    s['mv_steps'] = 0
    s['magnet_card'] = -1
    s['block_for'] = B_NONE
    s['target'] = -1
    s['gift_amount'] = 0
    if s['phase'] == PH_PLAY:
        begin_moving(s)
    else:
        s['phase'] = PH_END
        s['stage'] = AU_END_TURN


@rule
def end_turn_draws(s):
    """3. 'Draw back up to 4 cards. All other players that now have fewer than 4 cards also draw
    back up to 4.' A player who cannot (the pile is empty) ends the round."""
    n = s['num_players']
    for i in range(n):
        seat = (s['turn_seat'] + i) % n
        if not draw_up(s, seat):
            s['deck_out'] = 1
    s['stage'] = AU_NICE_TRY


@rule
def finish_turn(s):
    """'A round ends immediately when, at the end of a turn, at least 1 of the player tokens has
    reached or exceeded the end space', or a player could not draw; otherwise the next player."""
    if at_end(s) or s['deck_out'] != 0:
        end_round(s)
    else:
        begin_turn(s, (s['turn_seat'] + 1) % s['num_players'])


@rule
def nice_try_step(s):
    """With a token on the skull at the end of the turn, a Nice Try window asks its seats in turn."""
    if at_end(s) and offer_nice_try(s):
        return
    finish_turn(s)


@rule
def apply_nice_try(s, seat, a):
    """'Immediately move all player tokens on the end space to teleport space 6. This does not
    trigger the teleport space.'"""
    s['nice_asked'] |= 1 << seat
    if not PASS.has(a):
        play_reaction(s, seat, a)
        for i in range(s['num_players']):
            if s['pos'][i] == END:
                s['pos'][i] = TELEPORT_SPACE[TELEPORT_6]
    s['stage'] = AU_NICE_TRY


# --------------------------------------------------------------------------- choices


@rule
def mask_token(s, seat, mask, others_only):
    """Nominate a token (``others_only``: not one's own)."""
    n = s['num_players']
    count = 0
    for r in range(n):
        if r == 0 and others_only:
            continue
        mask[TOKEN.at(r)] = True
        count += 1
    return count


@rule
def apply_remote(s, seat, a):
    """Remote is an attack on another's token: its owner may Block, and then 'the attacker does
    not carry out their movement phase' (FAQ 4)."""
    t = (seat + TOKEN.split(a)) % s['num_players']
    if not offer_block(s, seat, t, B_REMOTE):
        remote_goes_through(s, t)


@rule
def remote_goes_through(s, t):
    s['remote_target'] = t
    s['block_for'] = B_NONE
    s['target'] = -1
    s['stage'] = AU_CHAIN_DONE


@rule
def mask_gift(s, seat, mask):
    """'Move someone else's player token 1 or 2 spaces forward.'"""
    count = 0
    for r in range(1, s['num_players']):
        mask[GIFT_TO.at(r, 0)] = True
        mask[GIFT_TO.at(r, 1)] = True
        count += 2
    return count


@rule
def apply_gift(s, seat, a):
    """A Gift is an attack: the token's owner may Block; else 'this counts as a movement'."""
    r, amount = GIFT_TO.split(a)
    t = (seat + r) % s['num_players']
    s['gift_amount'] = amount + 1
    if not offer_block(s, seat, t, B_GIFT):
        gift_goes_through(s, t)


@rule
def gift_goes_through(s, t):
    steps = s['gift_amount']
    s['block_for'] = B_NONE
    s['target'] = -1
    s['gift_amount'] = 0
    start_move(s, t, 1, steps, 0)


@rule
def mask_magnet(s, seat, mask):
    """'Take a card of your choice from the game board into your hand.'"""
    count = 0
    for p in range(NUM_SPACES):
        c = s['top'][p]
        if c >= 0 and c != s['magnet_card'] and not token_on(s, p):
            mask[MAGNET_AT.at(p)] = True
            count += 1
    return count


@rule
def apply_magnet(s, seat, a):
    c = take_top(s, MAGNET_AT.split(a))
    to_hand_in_view(s, seat, c)
    s['magnet_card'] = -1
    s['stage'] = AU_CHAIN_DONE


@rule
def apply_swap(s, seat, a):
    """FAQ 7: the one who landed on Swap cannot cancel it, 'however, the player you want to swap
    positions with can prevent this by using a Block card'."""
    t = (seat + TOKEN.split(a)) % s['num_players']
    if not offer_block(s, seat, t, B_SWAP):
        swap_goes_through(s, seat, t)


@rule
def swap_goes_through(s, seat, t):
    swap_tokens(s, seat, t)
    s['block_for'] = B_NONE
    s['target'] = -1
    s['stage'] = AU_CHAIN_DONE


@rule
def apply_march(s, seat, a):
    """Marching Orders: 'Nominate a player token, roll for it, and move it forward the
    corresponding number of spaces. This counts as a movement.'"""
    s['mv_token'] = (seat + TOKEN.split(a)) % s['num_players']
    throw(s, seat, D6, R_MARCH)


@rule
def apply_restock(s, seat, a):
    """Restock: 'everyone plays a hand card of their choice onto the game board' (no effect)."""
    if choose_or_place(s, seat, a) < 0:
        return                             # the card is chosen; its space next
    s['stage'] = AU_EVENT


@rule
def apply_block(s, seat, a):
    """The target of an attack answers: a Block cancels it ('the corresponding effect is ignored')."""
    blocked = not PASS.has(a)
    if blocked:
        play_reaction(s, seat, a)
    kind = s['block_for']
    t = s['target']
    if kind == B_RE_ROLL:
        s['block_for'] = B_NONE
        s['target'] = -1
        if blocked:
            s['rr_seat'] = -1
            s['stage'] = AU_ROLLED     # the number stands; the others may still be asked
        else:
            re_roll(s)
    elif kind == B_REMOTE:
        if blocked:
            s['skip_move'] = 1
            s['block_for'] = B_NONE
            s['target'] = -1
            s['stage'] = AU_CHAIN_DONE
        else:
            remote_goes_through(s, t)
    elif kind == B_GIFT:
        if blocked:
            s['block_for'] = B_NONE
            s['target'] = -1
            s['gift_amount'] = 0
            s['stage'] = AU_CHAIN_DONE
        else:
            gift_goes_through(s, t)
    else:   # B_SWAP: the token that landed is the one moving
        if blocked:
            s['block_for'] = B_NONE
            s['target'] = -1
            s['stage'] = AU_CHAIN_DONE
        else:
            swap_goes_through(s, s['mv_token'], t)


# --------------------------------------------------------------------------- dice


@rule
def roll_result(s):
    """The number stands (every seat the Re-Roll window asks has answered): carry out what it was
    thrown for."""
    purpose = s['roll_for']
    v = s['roll_value']
    owner = s['roll_owner']
    s['roll_die'] = 0
    s['roll_owner'] = -1
    s['roll_value'] = 0
    s['roll_for'] = R_NONE
    s['roll_asked'] = 0
    s['rr_seat'] = -1
    if purpose == R_MARCH:
        # Marching Orders' die is carried out: the event is over, the march is a movement of the
        # turn's chain (its effects may throw other dice, even another event)
        end_event(s)
    if purpose == R_MOVE or purpose == R_MARCH:
        ghost = s['mv_ghost'] if purpose == R_MOVE else 0
        start_move(s, s['mv_token'], s['mv_dir'] if purpose == R_MOVE else 1, v, ghost)
    elif purpose == R_SECOND:
        # 'Roll your die again and carry out an additional movement' (FAQ 6: backward after Reverse).
        start_move(s, s['mv_token'], s['mv_dir'], v, 0)
    elif purpose == R_TELEPORT:
        teleport_token(s, s['mv_token'], v)
        s['stage'] = AU_CHAIN_DONE
    elif purpose == R_EVENT:
        begin_event(s, owner, v)
    else:
        event_throw_result(s, purpose, v)


@rule
def after_roll(s):
    """A die shows a number: a Re-Roll window asks its seats, then it is carried out."""
    if not offer_re_roll(s):
        roll_result(s)


@rule
def settle(s):
    """Run the automatic steps until a decision is due or the game is over."""
    while True:
        st = s['stage']
        if st == AU_CHAIN_DONE:
            chain_done(s)
        elif st == AU_WALK:
            walk(s)
        elif st == AU_LAND:
            land(s)
        elif st == AU_ROLLED:
            after_roll(s)
        elif st == AU_EVENT:
            event_step(s)
        elif st == AU_END_TURN:
            end_turn_draws(s)
        elif st == AU_NICE_TRY:
            nice_try_step(s)
        else:
            return
