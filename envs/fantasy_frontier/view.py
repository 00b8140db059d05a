"""What a seat may know: its observation, the full-information vector, and the re-deal of all it
cannot see (``determinize``): the other players' map cards and the research deck's order. Kernels
of envs/common/game.py; core.py re-exports them."""
import numpy as np

from ..common.deal import new_future, shuffle_pool
from ..common.jit import kernel, rule
from .board import victory_points
from .content import DEV_KIND
from .state import (BAY_SIZE, C_SHIP, C_TERRAIN, C_TOWNSHIP, C_WORKER, CARDS, CELLS, COMBAT_HITS, DAMAGEABLE,
                    DEV_CARDS, FISH_PER_TURN, HAND_LIMIT, HELD_MAX, MAP_CARDS, MAX_ROUNDS, MAX_SEATS, MIN_SEATS,
                    NUM_TILES, OBS_BOARD, OBS_HAND, OBS_SEATS, OBS_STAGE, OBS_TABLE, OBS_TURN, PILOT_MOVES,
                    RESOURCES, S_BAYS, S_COMBAT, S_COUNTERED, S_DAMAGE, S_EQUIPPED, S_FACTION, S_HAND, S_HELD,
                    S_HITS, S_OFFBOARD, S_ON_TURN, S_PRESENT, S_SCORED, S_TOWNSHIPS, S_VP, SPOTS, STATE_DECK,
                    STATE_HANDS, STATE_VIEW, T_COUNTER, T_CREW, T_DECL, T_DEV, T_DRIFT, T_FISH, T_MOVES, T_OWED,
                    T_READY, T_ROLL, T_SCOUTED, T_SHOOTER, T_TO_PLACE, TB_BAG, TB_DECK, TB_DEVS_OUT, TB_ROUND,
                    TB_SEATS, TB_SUPPLY, TERRAINS, TOWNSHIPS, WIN_VP, WORKERS)

SUPPLY_SCALE = 12.0


@rule
def observe_seat(s, me, j, out, b, ground):
    """What everyone knows about seat j (``ground``: its workers ashore, counted by the caller)."""
    out[b + S_PRESENT.start] = 1.0
    if s['faction'][j] >= 0:
        out[b + S_FACTION.at(s['faction'][j])] = 1.0
    out[b + S_VP.start] = victory_points(s, j) / WIN_VP
    out[b + S_COMBAT.start] = s['combat_vp'][j] / WIN_VP
    out[b + S_HITS.start] = s['hits'][j] / COMBAT_HITS
    out[b + S_TOWNSHIPS.start] = s['townships'][j] / TOWNSHIPS
    for r in range(RESOURCES):
        out[b + S_BAYS.at(r)] = s['bays'][j, r] / BAY_SIZE
    for k in range(DAMAGEABLE):
        out[b + S_DAMAGE.at(k)] = s['damaged'][j, k]
    out[b + S_HAND.start] = s['hand_count'][j] / HAND_LIMIT
    for m in range(MAP_CARDS):
        out[b + S_SCORED.at(m)] = s['scored'][j, m]
    for d in range(DEV_CARDS):
        if s['equipped'][j, d]:
            out[b + S_EQUIPPED.at(DEV_KIND[d])] += 1.0
    for t in range(TERRAINS):
        out[b + S_HELD.at(t)] = s['held'][j, t] / HELD_MAX
    out[b + S_COUNTERED.start] = s['countered'][j] / WORKERS
    out[b + S_OFFBOARD.start] = (ground + s['builders'][j]) / WORKERS
    out[b + S_ON_TURN.start] = 1.0 if s['turn_seat'] == j else 0.0


@kernel
def observe(s, seat, out):
    """Seat-relative: the board, each seat from the observer on, the observer's own map cards, the
    stage, the turn in progress, the table. Other hands and the deck's order stay hidden."""
    out[:] = 0.0
    n = s['num_players']
    ashore = np.zeros(MAX_SEATS, np.int64)
    for c in range(CELLS):
        b = OBS_BOARD.at(c, 0)
        t = s['board'][c]
        if t >= 0:
            out[b + C_TERRAIN.at(t)] = 1.0
        o = s['township'][c]
        if o >= 0:
            out[b + C_TOWNSHIP.at(0 if o == seat else 1)] = 1.0
        o = s['ground'][c]
        if o >= 0:
            out[b + C_WORKER.at(0 if o == seat else 1)] = 1.0
            ashore[o] += 1
    for j in range(n):
        if s['ship'][j] >= 0:
            out[OBS_BOARD.at(s['ship'][j], 0) + C_SHIP.at((j - seat) % n)] = 1.0
    for rel in range(n):
        j = (seat + rel) % n
        observe_seat(s, seat, j, out, OBS_SEATS.at(rel, 0), ashore[j])
    for m in range(MAP_CARDS):
        out[OBS_HAND.at(m)] = s['hand'][seat, m]
    out[OBS_STAGE.at(s['stage'])] = 1.0
    b = OBS_TURN.start
    for k in range(SPOTS):
        out[b + T_CREW.at(k)] = s['crew'][k] / WORKERS
        out[b + T_READY.at(k)] = s['ready'][k] / WORKERS
    out[b + T_TO_PLACE.start] = s['to_place'] / WORKERS
    out[b + T_MOVES.start] = s['moves_left'] / PILOT_MOVES
    out[b + T_DRIFT.start] = s['drift_left']
    out[b + T_FISH.start] = s['fish_used'] / FISH_PER_TURN
    if s['roll'] > 0:
        out[b + T_ROLL.at(s['roll'] - 1)] = 1.0
    for i in range(s['n_decl']):
        out[b + T_DECL.at(i, (s['decl_target'][i] - seat) % n)] = 1.0
        out[b + T_DECL.at(i, MAX_SEATS)] = s['decl_kind'][i]
        out[b + T_DECL.at(i, MAX_SEATS + 1)] = 1.0 if i < s['shot'] else 0.0
    for j in range(n):
        out[b + T_COUNTER.at((j - seat) % n)] = s['counter_left'][j] / WORKERS
    if s['shooter'] >= 0:
        out[b + T_SHOOTER.at((s['shooter'] - seat) % n)] = 1.0
    if s['owe_res'] >= 0:
        out[b + T_OWED.at(s['owe_res'])] = 1.0
    if s['pending_dev'] >= 0:
        out[b + T_DEV.at(DEV_KIND[s['pending_dev']])] = 1.0
    for i in range(4):
        if s['scouted'][i] >= 0:
            out[b + T_SCOUTED.at(i, s['scouted'][i])] = 1.0
    b = OBS_TABLE.start
    out[b + TB_SEATS.at(n - MIN_SEATS)] = 1.0
    for t in range(TERRAINS):
        out[b + TB_BAG.at(t)] = s['bag'][t] / NUM_TILES
    for r in range(RESOURCES):
        out[b + TB_SUPPLY.at(r)] = s['supply'][r] / SUPPLY_SCALE
    out[b + TB_DECK.start] = s['deck_size'] / CARDS
    for d in range(DEV_CARDS):           # out of the deck: equipped, sold or being decided on
        if s['sold'][d] or s['pending_dev'] == d:
            out[b + TB_DEVS_OUT.at(DEV_KIND[d])] += 1.0
        else:
            for j in range(n):
                if s['equipped'][j, d]:
                    out[b + TB_DEVS_OUT.at(DEV_KIND[d])] += 1.0
    out[b + TB_ROUND.start] = s['round'] / MAX_ROUNDS
    return OBS_TABLE.stop


@kernel
def state_vector(s, out):
    """Full information: seat 0's view, every hand, the deck in order."""
    out[:] = 0.0
    observe(s, 0, out[STATE_VIEW.start:STATE_VIEW.stop])
    for j in range(s['num_players']):
        for m in range(MAP_CARDS):
            out[STATE_HANDS.at(j, m)] = s['hand'][j, m]
    for i in range(s['deck_size']):
        out[STATE_DECK.at(i)] = (s['deck'][i] + 1) / CARDS


@kernel
def determinize(s, seat):
    """Re-deal what ``seat`` cannot see: the other players' unscored map cards and the deck's order.
    The hands keep their sizes and hold map cards only; the deck keeps its development cards
    (which ones are still in it is public)."""
    pool = np.empty(CARDS, np.int64)
    m = 0
    for j in range(s['num_players']):
        if j == seat:
            continue
        for c in range(MAP_CARDS):
            if s['hand'][j, c]:
                pool[m] = c
                m += 1
                s['hand'][j, c] = 0
    devs = np.empty(CARDS, np.int64)
    nd = 0
    for i in range(s['deck_size']):
        c = s['deck'][i]
        if c < MAP_CARDS:
            pool[m] = c
            m += 1
        else:
            devs[nd] = c
            nd += 1
    shuffle_pool(s['rng'], pool, m)
    k = 0
    for j in range(s['num_players']):
        if j == seat:
            continue
        for _ in range(s['hand_count'][j]):
            s['hand'][j, pool[k]] = 1
            k += 1
    i = 0
    while k < m:
        s['deck'][i] = pool[k]
        i += 1
        k += 1
    for x in range(nd):
        s['deck'][i] = devs[x]
        i += 1
    shuffle_pool(s['rng'], s['deck'], s['deck_size'])
    new_future(s['rng'])
