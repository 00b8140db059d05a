"""Fantasy Frontier's contract kernels (envs/common/game.py): the set-up, the legal decisions,
applying one, and the scores. Each decision stage has its ``mask_<stage>`` and ``apply_<stage>``
side by side in the file of its rulebook section; ``legal_mask`` and ``apply`` only pick the pair,
and ``apply`` then calls ``flow.settle``, which runs the automatic steps up to the next decision.

``observe``, ``state_vector`` and ``determinize`` (view.py) and ``check_invariants``
(invariants.py) are re-exported, so that this module is the Game's ``core``.
"""
from ..common.jit import kernel
from ..common.rng import randint, shuffle
from .board import final_points
from .combat import apply_aim, apply_counter, apply_declare, mask_aim, mask_counter, mask_declare
from .economy import apply_take, mask_take
from .flow import settle
from .invariants import check_invariants
from .research import (apply_dev, apply_discard, apply_phase3, apply_redraw, mask_dev, mask_discard, mask_phase3,
                       mask_redraw)
from .setup import (apply_faction, apply_setup_ship, apply_setup_tile, apply_tile_cell, begin_factions,
                    mask_faction, mask_setup_ship, mask_setup_tile, mask_tile_cell)
from .state import (CARDS, MARKERS, MAX_SEATS, ST_AIM, ST_COUNTER, ST_DECLARE, ST_DEV, ST_DISCARD, ST_FACTION,
                    ST_PHASE1, ST_PHASE2, ST_PHASE3, ST_PLACE, ST_REDRAW, ST_REROLL, ST_SETUP_SHIP, ST_SETUP_TILE,
                    ST_TILE_CELL, ST_TAKE, ST_TOWNSHIP, SUPPLY_TOTAL, TILE_COUNTS, RESOURCES, TERRAINS)
from .turn import (apply_phase1, apply_phase2, apply_place, apply_reroll, apply_township, mask_phase1, mask_phase2,
                   mask_place, mask_reroll, mask_township)
from .view import determinize, observe, state_vector

__all__ = ["init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants"]


@kernel
def init(s, opts):
    """Preparation: the research deck shuffled, the 80 tiles in the bag, the supply sorted; the
    combat die names the starting player; factions, then a map card and two tiles each
    (``setup.begin_opening_board``); then the opening board, decision by decision. (The engine
    zeroed the record.)"""
    n = s['num_players']
    s['random_factions'] = opts[0]
    for j in range(MAX_SEATS):
        s['faction'][j] = -1
        s['ship'][j] = -1
    s['board'][:] = -1
    s['township'][:] = -1
    s['ground'][:] = -1
    for t in range(TERRAINS):
        s['bag'][t] = TILE_COUNTS[t]
    for r in range(RESOURCES):
        s['supply'][r] = SUPPLY_TOTAL[r]
    s['markers'] = MARKERS
    for c in range(CARDS):
        s['deck'][c] = c
    s['deck_size'] = CARDS
    shuffle(s['rng'], s['deck'], CARDS)
    s['pending_dev'] = -1
    s['yield_cell'] = -1
    s['shooter'] = -1
    s['victim'] = -1
    s['reply_to'] = -1
    s['shot_kind'] = -1
    s['shot_aim'] = -1
    s['owe_res'] = -1
    s['placing'] = -1
    s['scouted'][:] = -1
    s['decl_target'][:] = -1
    s['decl_kind'][:] = -1
    s['first_player'] = randint(s['rng'], n)   # the highest roll of the combat die
    s['turn_seat'] = s['first_player']
    begin_factions(s)


@kernel
def legal_mask(s, mask):
    """The decisions the seat to act may take now, by stage; their number."""
    mask[:] = False
    seat = s['actor']
    if seat < 0:
        return 0
    stage = s['stage']
    if stage == ST_PHASE1:
        return mask_phase1(s, seat, mask)
    if stage == ST_PHASE2:
        return mask_phase2(s, seat, mask)
    if stage == ST_PLACE:
        return mask_place(s, seat, mask)
    if stage == ST_AIM:
        return mask_aim(s, seat, mask)
    if stage == ST_REROLL:
        return mask_reroll(s, seat, mask)
    if stage == ST_DECLARE:
        return mask_declare(s, seat, mask)
    if stage == ST_COUNTER:
        return mask_counter(s, seat, mask)
    if stage == ST_PHASE3:
        return mask_phase3(s, seat, mask)
    if stage == ST_TOWNSHIP:
        return mask_township(s, seat, mask)
    if stage == ST_TAKE:
        return mask_take(s, seat, mask)
    if stage == ST_DEV:
        return mask_dev(s, seat, mask)
    if stage == ST_DISCARD:
        return mask_discard(s, seat, mask)
    if stage == ST_REDRAW:
        return mask_redraw(s, seat, mask)
    if stage == ST_FACTION:
        return mask_faction(s, seat, mask)
    if stage == ST_TILE_CELL:
        return mask_tile_cell(s, seat, mask)
    if stage == ST_SETUP_TILE:
        return mask_setup_tile(s, seat, mask)
    if stage == ST_SETUP_SHIP:
        return mask_setup_ship(s, seat, mask)
    return 0


@kernel
def apply(s, action):
    """Apply one legal decision of the seat to act, then every automatic step after it."""
    seat = s['actor']
    stage = s['stage']
    if stage == ST_PHASE1:
        apply_phase1(s, seat, action)
    elif stage == ST_PHASE2:
        apply_phase2(s, seat, action)
    elif stage == ST_PLACE:
        apply_place(s, seat, action)
    elif stage == ST_AIM:
        apply_aim(s, seat, action)
    elif stage == ST_REROLL:
        apply_reroll(s, seat, action)
    elif stage == ST_DECLARE:
        apply_declare(s, seat, action)
    elif stage == ST_COUNTER:
        apply_counter(s, seat, action)
    elif stage == ST_PHASE3:
        apply_phase3(s, seat, action)
    elif stage == ST_TOWNSHIP:
        apply_township(s, seat, action)
    elif stage == ST_TAKE:
        apply_take(s, seat, action)
    elif stage == ST_DEV:
        apply_dev(s, seat, action)
    elif stage == ST_DISCARD:
        apply_discard(s, seat, action)
    elif stage == ST_REDRAW:
        apply_redraw(s, seat, action)
    elif stage == ST_FACTION:
        apply_faction(s, seat, action)
    elif stage == ST_TILE_CELL:
        apply_tile_cell(s, seat, action)
    elif stage == ST_SETUP_TILE:
        apply_setup_tile(s, seat, action)
    elif stage == ST_SETUP_SHIP:
        apply_setup_ship(s, seat, action)
    settle(s)


@kernel
def scores(s, out):
    """Each seat's public score now: the final count (points plus resources but turkey legs)."""
    for i in range(out.shape[0]):
        out[i] = final_points(s, i)
