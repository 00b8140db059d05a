"""Legends' contract kernels (envs/common/game.py): the set-up, the legal decisions, applying one,
and the scores. Each decision stage has its ``mask_<stage>`` and ``apply_<stage>`` side by side in
the file of its rulebook section; ``legal_mask`` and ``apply`` pick the stage's pair, then
``settle`` runs the automatic steps (reveals, deals, outcomes, sunrise) up to the next decision.

``observe``, ``state_vector`` and ``determinize`` (view.py) and ``check_invariants``
(invariants.py) are re-exported, so that this module is the Game's ``core``.
"""

from ..common.jit import kernel, rule
from ..common.rng import randint, random_order, shuffle
from .adventure import (adventure_outcome, apply_discard, apply_ingenuity, apply_play, apply_redraw, apply_reward,
                        ask, end_adventurer, end_location,
                        fate_start, next_reward, start_adventurer, start_location)
from .penalties import apply_avoid, apply_loss, draw_penalty, next_penalty
from .content import (ADVENTURE_DECK, ADVENTURE_REMOVED, CARD_COPIES, CARD_TYPES, CHARACTERS, DECK_SIZE,
                      FAILURE_DECK, HARDSHIP_DECK, LOCATIONS, REWARD_DECK, REWARD_REMOVED, REWARD_TYPES,
                      START_GRIT)
from .frontier import (apply_commit, begin_daytime, next_commit, pass_first_player, reveal_commits,
                       rewards_depleted, start_frontier, sunrise)
from .invariants import check_invariants
from .rest import (apply_rest_draw, apply_shop, check_hand_limit, first_rewards,
                   next_rest)
from .scoring import final_scoring, score
from .stages import stage_mask
from .state import (FL_FATE_START, FL_COMMIT, FL_DRAFT, FL_EVENING, FL_LOC_END, FL_LOC_START, FL_NONE, FL_OUTCOME, FL_PENALTY,
                    FL_PENALTY_DRAW, FL_PLAYER_END, FL_PLAYER_PLAY, FL_PLAYER_START, FL_REST, FL_REST_LIMIT,
                    FL_REWARD, ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY, ST_PENALTY_CHOICE,
                    ST_PLAY, ST_REDRAW, ST_REST_DRAW, ST_REWARD, ST_SHOP, TURN_MAX)
from .upbringing import (apply_draft, deal_upbringing, next_draft_pick, post_upbringing,
                         reveal_and_pass)
from .view import determinize, observe, state_vector

__all__ = ["init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants"]


@rule
def remove_random(s, deck, box, k):
    """Remove ``k`` cards of a face-down deck unseen (into the box)."""
    for _ in range(k):
        n = 0
        for i in range(deck.shape[0]):
            n += deck[i]
        j = randint(s['rng'], n)
        for i in range(deck.shape[0]):
            if deck[i]:
                if j == 0:
                    deck[i] = 0
                    box[i] = 1
                    break
                j -= 1


@kernel
def init(s, opts):
    """Game set-up: characters dealt at random, the adventure decks cut by seat count, each reward
    deck less two unseen with its top card up, fate tiles mixed, the failure and hardship decks,
    one True Grit each, the skill deck shuffled, the first player drawn; then the upbringing deal.
    (The engine has zeroed the record.)"""
    n = s['num_players']
    s['opt_first_price'] = opts[0]
    s['opt_grit_skill'] = opts[1]
    s['opt_random_loss'] = opts[2]
    s['first_player'] = randint(s['rng'], n)
    chars = random_order(s['rng'], CHARACTERS)
    for seat in range(n):
        s['character'][seat] = chars[seat]
        s['grit'][seat] = START_GRIT
        s['commit'][seat] = -1
    m = 0
    for t in range(CARD_TYPES):
        for _ in range(CARD_COPIES[t]):
            s['deck'][m] = t
            m += 1
    shuffle(s['rng'], s['deck'], DECK_SIZE)
    s['deck_n'] = DECK_SIZE
    s['adv_owner'][:, :] = -1
    s['active'][:] = -1
    s['loc_fate'][:] = -1
    s['marker'] = -1
    for loc in range(LOCATIONS):
        for i in range(ADVENTURE_DECK):
            s['adv_deck'][loc, i] = 1
        remove_random(s, s['adv_deck'][loc], s['adv_box'][loc], ADVENTURE_REMOVED[n])
        for i in range(FAILURE_DECK):
            s['fail_pile'][loc, i] = 1
    s['rew_owner'][:, :] = -1
    for t in range(REWARD_TYPES):
        for k in range(REWARD_DECK):
            s['rew_pile'][t, k] = 1
        remove_random(s, s['rew_pile'][t], s['rew_box'][t], REWARD_REMOVED)
    first_rewards(s, s['opt_first_price'] != 0)
    for h in range(HARDSHIP_DECK):
        s['hard_pile'][h] = 1
    s['hard_owner'][:] = -1
    s['end_award'][:] = -1
    s['pen_card'] = -1
    s['set_suit'] = -1
    deal_upbringing(s)
    settle(s)


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


@kernel
def legal_mask(s, mask):
    """The decisions the seat to act may take now, by stage; their number."""
    mask[:] = False
    seat = s['actor']
    if seat < 0:
        return 0
    return stage_mask(s, seat, mask)


@kernel
def apply(s, action):
    """Apply one legal decision of the seat to act, then every automatic step after it."""
    seat = s['actor']
    stage = s['stage']
    if stage == ST_COMMIT:
        apply_commit(s, seat, action)
    elif stage == ST_PLAY:
        apply_play(s, seat, action)
    elif stage == ST_INGENUITY:
        apply_ingenuity(s, seat, action)
    elif stage == ST_REDRAW:
        apply_redraw(s, seat, action)
    elif stage == ST_DRAFT:
        apply_draft(s, seat, action)
    elif stage == ST_DISCARD:
        apply_discard(s, seat, action)
    elif stage == ST_REWARD:
        apply_reward(s, seat, action)
    elif stage == ST_AVOID:
        apply_avoid(s, seat, action)
    elif stage == ST_PENALTY_CHOICE:
        apply_loss(s, seat, action)
    elif stage == ST_REST_DRAW:
        apply_rest_draw(s, seat, action)
    elif stage == ST_SHOP:
        apply_shop(s, seat, action)
    settle(s)


@kernel
def scores(s, out):
    """Each seat's score if the game were scored now (end-game rewards aside)."""
    for i in range(out.shape[0]):
        out[i] = score(s, i)
