"""Legends' contract kernels (envs/common/game.py): the set-up, the legal decisions, applying one,
and the scores. Each decision stage has its ``mask_<stage>`` and ``apply_<stage>`` side by side in
the file of its rulebook section; ``legal_mask`` and ``apply`` pick the stage's pair, then
``stages.settle`` runs the automatic steps (reveals, deals, outcomes, sunrise) up to the next decision.

``observe``, ``state_vector`` and ``determinize`` (view.py) and ``check_invariants``
(invariants.py) are re-exported, so that this module is the Game's ``core``.
"""

from ..common.jit import kernel
from ..common.rng import randint, random_order, shuffle
from .adventure import apply_discard, apply_ingenuity, apply_play, apply_redraw, apply_reward
from .cards import remove_random
from .content import (ADVENTURE_DECK, ADVENTURE_REMOVED, CARD_COPIES, CARD_TYPES, CHARACTERS, DECK_SIZE,
                      FAILURE_DECK, HARDSHIP_DECK, LOCATIONS, REWARD_DECK, REWARD_REMOVED, REWARD_TYPES,
                      START_GRIT)
from .frontier import apply_commit
from .invariants import check_invariants
from .penalties import apply_avoid, apply_loss
from .rest import apply_rest_draw, apply_shop, first_rewards
from .scoring import score
from .stages import settle, stage_mask
from .state import (ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY, ST_PENALTY_CHOICE, ST_PLAY,
                    ST_REDRAW, ST_REST_DRAW, ST_REWARD, ST_SHOP)
from .upbringing import apply_draft, deal_upbringing
from .view import determinize, observe, state_vector

__all__ = ["init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants"]


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
