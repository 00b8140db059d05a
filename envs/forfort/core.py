"""Forfort's contract kernels (envs/common/game.py): the set-up, the legal decisions, applying one,
and the scores. The rules live in the files of the rulebook's sections; each decision stage has its
``mask_<stage>`` and ``apply_<stage>`` side by side there, and ``legal_mask`` and ``apply`` only
pick the stage's pair. ``apply`` then runs every automatic step (pairs that fire alone, army
advances, draws, the end of a turn) up to the next decision.

``observe``, ``state_vector`` and ``determinize`` (view.py) and ``check_invariants``
(invariants.py) are re-exported, so that this module is the Game's ``core``.
"""
from ..common.jit import kernel
from ..common.rng import randint, shuffle
from .armies import apply_camp_space, mask_camp_space
from .effects import (apply_direction, apply_guard, apply_mason_pick, apply_mason_space, apply_pair,
                      apply_row, apply_target, mask_direction, mask_guard, mask_mason_pick,
                      mask_mason_space, mask_pair, mask_row, mask_target)
from .invariants import check_invariants
from .places import draw_card
from .scoring import side_points
from .state import (ARMY_RESERVE, CAMPS, CHAIRS, SIDE_TOWARDS, ST_CAMP_SPACE, ST_DIRECTION,
                    ST_DRAWBRIDGE, ST_FIRST_CAMP, ST_GUARD, ST_MAIN, ST_MASON_PICK, ST_MASON_SPACE,
                    ST_PAIR, ST_RESOLVE, ST_ROW, ST_TARGET, START_HAND, TABLE_CHAIRS, WALLS)
from .turn import (apply_drawbridge, apply_first_camp, apply_play_card, begin_first_camps,
                   mask_drawbridge, mask_first_camp, mask_play_card, settle)
from .view import determinize, observe, state_vector

__all__ = ["init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants"]


@kernel
def init(s, opts):
    """Player set-up: shuffle 22 walls into the dungeon with the arrows turned at random, draw 3,
    agree the front lines; the first player is drawn at random, and the players then place their
    first camps, from the first player on (the first decisions). (The engine has zeroed the
    record: only what does not start at zero is set.)"""
    num_players = s['num_players']
    s['teams'] = opts[0]
    s['arrow_axes'] = opts[1]
    s['played_card'] = -1
    s['effect'] = -1
    s['target'] = -1
    s['pending_card'] = -1
    s['guard_fort'] = -1
    s['guard_space'] = -1
    s['fort'][:, :, :] = -1
    s['army_fort'][:, :] = ARMY_RESERVE
    s['army_space'][:, :] = -1
    s['army_dir'][:, :] = -1
    s['drawbridge'][:] = -1
    s['front'][:, :] = -1
    s['chair'][:] = -1
    for i in range(num_players):
        s['chair'][i] = TABLE_CHAIRS[num_players, i]   # 2 players face each other
    for i in range(num_players):
        for j in range(num_players):
            if i != j:
                s['front'][i, j] = SIDE_TOWARDS[(s['chair'][j] - s['chair'][i]) % CHAIRS]
    for seat in range(num_players):
        for w in range(WALLS):
            s['dungeon'][seat, w] = w
            s['dungeon_axis'][seat, w] = randint(s['rng'], s['arrow_axes'])
        shuffle(s['rng'], s['dungeon'][seat], WALLS)
        s['dungeon_size'][seat] = WALLS
        for k in range(CAMPS):
            s['camp_reserve'][seat, k] = True
        for _ in range(START_HAND):
            draw_card(s, seat)
    s['first_player'] = randint(s['rng'], num_players)
    begin_first_camps(s)


@kernel
def legal_mask(s, mask):
    """The decisions the seat to act may take now, by stage; their number."""
    mask[:] = False
    seat = s['actor']
    if seat < 0:
        return 0
    stage = s['stage']
    if stage == ST_MAIN:
        return mask_play_card(s, seat, mask)
    if stage == ST_FIRST_CAMP:
        return mask_first_camp(s, seat, mask)
    if stage == ST_CAMP_SPACE:
        return mask_camp_space(s, seat, mask)
    if stage == ST_MASON_PICK:
        return mask_mason_pick(s, seat, mask)
    if stage == ST_MASON_SPACE:
        return mask_mason_space(s, seat, mask)
    if stage == ST_TARGET:
        return mask_target(s, seat, mask)
    if stage == ST_ROW:
        return mask_row(s, seat, mask)
    if stage == ST_GUARD:
        return mask_guard(s, seat, mask)
    if stage == ST_DIRECTION:
        return mask_direction(s, seat, mask)
    if stage == ST_PAIR:
        return mask_pair(s, seat, mask)
    if stage == ST_DRAWBRIDGE:
        return mask_drawbridge(s, seat, mask)
    return 0


@kernel
def apply(s, action):
    """Apply one legal decision of the seat to act, then every automatic step after it."""
    seat = s['actor']
    stage = s['stage']
    if stage == ST_MAIN:
        apply_play_card(s, seat, action)
    elif stage == ST_FIRST_CAMP:
        apply_first_camp(s, seat, action)
    elif stage == ST_CAMP_SPACE:
        apply_camp_space(s, seat, action)
    elif stage == ST_MASON_PICK:
        apply_mason_pick(s, seat, action)
    elif stage == ST_MASON_SPACE:
        apply_mason_space(s, seat, action)
    elif stage == ST_TARGET:
        apply_target(s, seat, action)
    elif stage == ST_ROW:
        apply_row(s, seat, action)
    elif stage == ST_GUARD:
        apply_guard(s, seat, action)
    elif stage == ST_DIRECTION:
        apply_direction(s, seat, action)
    elif stage == ST_PAIR:
        apply_pair(s, seat, action)
    elif stage == ST_DRAWBRIDGE:
        apply_drawbridge(s, seat, action)
    if s['stage'] == stage and s['actor'] == seat:
        s['stage'] = ST_RESOLVE   # the decision is done: on with the automatic steps
    settle(s)   # a decision that asks another question (a space, a row...), or the same one of the
    #             next player (the set-up's camps), stops at it at once


@kernel
def scores(s, out):
    """Each seat's points if the game were scored now (the team's in the team game)."""
    for i in range(out.shape[0]):
        out[i] = side_points(s, i, True)
