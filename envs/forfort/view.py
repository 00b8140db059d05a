"""What a seat may know: its observation, the full-information vector, and the re-deal of all it
cannot see (``determinize``). Kernels of envs/common/game.py; core.py re-exports them.

The observation is written block by block as ``state.OBSERVATION`` declares, each block at its
span's start; inside the repeated blocks the nested layouts ``SEAT_FEATURE`` and
``SPACE_FEATURE`` name every offset.
"""
import numpy as np

from ..common.deal import (deal_counts, deal_items, new_future, pool_counts, pool_items,
                           shuffle_pool)
from ..common.jit import kernel, rule
from ..common.rng import randint
from .content import CARD_WALL_KIND, CARDS_PER_COLOUR, NUM_CARDS, WALL_HAS, WALL_KIND, WALL_SHAPE
from .places import is_teammate, top_card, wall_card
from .state import (ARMIES, ARMY_OVERTHROWN, ARMY_RESERVE, CAMPS, DUNGEON_ARROWS, DUNGEON_WALL,
                    E_BREACH, E_MASON_FREE, E_USES, F_ARMIES, F_CAMP, F_DRAWBRIDGE, F_HEIGHT, F_KIND,
                    F_PRESENT, F_SHAPE, F_SYMBOLS, F_WALL, H_KINDS,
                    H_SHAPES, H_SYMBOLS, H_WALLS, HEIGHT_SCALE, MIN_SEATS, NUM_AXES, NUM_SYMBOLS,
                    OBS_EFFECT, OBS_EFFECT_FLAGS, OBS_GUARD, OBS_HAND, OBS_MASON, OBS_PAIRS,
                    OBS_SEATS, OBS_STAGE, OBS_TABLE, OBS_TARGET, PAIR_USES, SEAT_ARMIES_DOWN,
                    SEAT_ARMIES_READY, SEAT_ARROWS, SEAT_CAMPS, SEAT_DISCARD, SEAT_DRAWBRIDGE_UP,
                    SEAT_DUNGEON, SEAT_FORT, SEAT_HAND, SEAT_ON_TURN, SEAT_PRESENT, SEAT_TEAMMATE,
                    SEAT_TURNS, SPACES, STATE_DUNGEONS, STATE_HANDS, STATE_VIEW, T_END, T_SEATS,
                    T_TEAMS, T_TWO_AXES, TURN_SCALE, TWO_AXES, WALLS)

# CARD_FACE[card]: what a card on top of a space shows in the observation (SPACE_FEATURE's entries
# F_PRESENT to F_SYMBOLS: a card is there, wall or camp, and a wall's kind, shape and symbols). The
# extra last row, read as CARD_FACE[-1] for an empty space (top_card -1), is all zeros. The view
# copies one row per space instead of asking each feature in turn (RESULTS.md: a few per cent of
# Forfort's vector env at most, within the host's noise; the same observations bit for bit).
FACE_SIZE = F_SYMBOLS.stop
assert F_PRESENT.start == 0 and F_SYMBOLS.stop == F_SHAPE.stop + NUM_SYMBOLS   # the face spans lie first, in a run
CARD_FACE = np.zeros((NUM_CARDS + 1, FACE_SIZE), np.float32)
for _c in range(NUM_CARDS):
    _face = CARD_FACE[_c]
    _face[F_PRESENT.start] = 1.0
    if CARD_WALL_KIND[_c] >= 0:
        _w = _c % CARDS_PER_COLOUR
        _face[F_WALL.start] = 1.0
        _face[F_KIND.at(CARD_WALL_KIND[_c])] = 1.0
        _face[F_SHAPE.at(WALL_SHAPE[_w])] = 1.0
        _face[F_SYMBOLS.start:F_SYMBOLS.stop] = WALL_HAS[_w]
    else:
        _face[F_CAMP.start] = 1.0


# --------------------------------------------------------------------------- observations


@rule
def observe_space(s, fort, space, out, b):
    """One space of a fort, from ``b``: its visible card (its face, :data:`CARD_FACE`), how many
    cards it holds and the drawbridge (the armies on it: :func:`observe_armies`)."""
    face = CARD_FACE[top_card(s, fort, space)]   # top_card -1 (no card) reads the blank last row
    for k in range(FACE_SIZE):
        out[b + k] = face[k]
    out[b + F_HEIGHT.start] = s['height'][fort, space] / HEIGHT_SCALE
    out[b + F_DRAWBRIDGE.start] = 1.0 if s['drawbridge'][fort] == space else 0.0


@rule
def observe_armies(s, me, out):
    """Every army in a fort, counted on its space by owner (both seat-relative): one pass over
    the armies rather than a search of them for every space."""
    n = s['num_players']
    for owner in range(n):
        for k in range(ARMIES):
            fort = s['army_fort'][owner, k]
            if fort >= 0:
                b = OBS_SEATS.at((fort - me) % n, 0) + SEAT_FORT.at(s['army_space'][owner, k], 0)
                out[b + F_ARMIES.at((owner - me) % n)] += 1.0


@rule
def observe_seat(s, me, j, out, b):
    """What everyone knows about seat j, from ``b``: fort, armies, counts, the arrows on the
    dungeon's top card, discard pile."""
    for space in range(SPACES):
        observe_space(s, j, space, out, b + SEAT_FORT.at(space, 0))
    out[b + SEAT_PRESENT.start] = 1.0
    out[b + SEAT_TEAMMATE.start] = 1.0 if is_teammate(s, me, j) else 0.0
    n = s['dungeon_size'][j]
    out[b + SEAT_DUNGEON.start] = n / WALLS
    if n > 0:
        out[b + SEAT_ARROWS.at(s['dungeon_axis'][j, n - 1])] = 1.0
    out[b + SEAT_HAND.start] = s['hand_count'][j] / WALLS
    camps = 0
    for k in range(CAMPS):
        camps += s['camp_reserve'][j, k]
    out[b + SEAT_CAMPS.start] = camps / CAMPS
    reserve = 0
    down = 0
    for k in range(ARMIES):
        reserve += s['army_fort'][j, k] == ARMY_RESERVE
        down += s['army_fort'][j, k] == ARMY_OVERTHROWN
    out[b + SEAT_ARMIES_READY.start] = reserve / ARMIES
    out[b + SEAT_ARMIES_DOWN.start] = down / ARMIES
    out[b + SEAT_DRAWBRIDGE_UP.start] = 1.0 if s['drawbridge'][j] < 0 else 0.0
    out[b + SEAT_TURNS.start] = s['turns'][j] / TURN_SCALE
    out[b + SEAT_ON_TURN.start] = 1.0 if s['turn_seat'] == j else 0.0
    for w in range(WALLS):   # stored as it is (0 or 1): a branch a wall went the wrong way half the time
        out[b + SEAT_DISCARD.at(w)] = s['discard'][j, wall_card(j, w)]


@rule
def observe_hand(s, seat, out, b):
    """The observer's own hand, from ``b``: which walls, and how many of each shape, kind and
    symbol."""
    for w in range(WALLS):
        if s['hand'][seat, w]:
            out[b + H_WALLS.at(w)] = 1.0
            out[b + H_SHAPES.at(WALL_SHAPE[w])] += 1.0
            out[b + H_KINDS.at(WALL_KIND[w])] += 1.0
            for y in range(NUM_SYMBOLS):
                if WALL_HAS[w, y]:
                    out[b + H_SYMBOLS.at(y)] += 1.0


@kernel
def observe(s, seat, out):
    """Seat-relative: the observer's block first, then the others in turn order; the observer's own
    hand; the decision in progress. Others' hands and every dungeon's order stay hidden."""
    out[:] = 0.0
    n = s['num_players']
    for rel in range(n):
        observe_seat(s, seat, (seat + rel) % n, out, OBS_SEATS.at(rel, 0))
    observe_armies(s, seat, out)
    observe_hand(s, seat, out, OBS_HAND.start)
    out[OBS_STAGE.at(s['stage'])] = 1.0
    if s['effect'] >= 0:
        out[OBS_EFFECT.at(s['effect'])] = 1.0
    b = OBS_EFFECT_FLAGS.start
    out[b + E_USES.start] = s['effect_uses'] / PAIR_USES
    out[b + E_BREACH.start] = s['breach']
    out[b + E_MASON_FREE.start] = s['mason_free']
    for y in range(NUM_SYMBOLS):
        out[OBS_PAIRS.at(y)] = s['pairs'][y]
    if s['target'] >= 0:
        out[OBS_TARGET.at((s['target'] - seat) % n)] = 1.0
    if s['pending_card'] >= 0:
        out[OBS_MASON.at(s['pending_card'])] = 1.0   # the mason's card is shown as it is built
    if s['guard_fort'] >= 0:
        out[OBS_GUARD.at((s['guard_fort'] - seat) % n, s['guard_space'])] = 1.0
    b = OBS_TABLE.start
    out[b + T_END.start] = s['end_triggered']
    out[b + T_SEATS.at(n - MIN_SEATS)] = 1.0
    out[b + T_TEAMS.start] = s['teams']
    out[b + T_TWO_AXES.start] = 1.0 if s['arrow_axes'] == TWO_AXES else 0.0
    return OBS_TABLE.stop


@kernel
def state_vector(s, out):
    """Full information: seat 0's view, every hand, and every dungeon in order with its arrows."""
    out[:] = 0.0
    observe(s, 0, out[STATE_VIEW.start:STATE_VIEW.stop])
    for j in range(s['num_players']):
        for w in range(WALLS):
            out[STATE_HANDS.at(j, w)] = 1.0 if s['hand'][j, w] else 0.0
    for j in range(s['num_players']):
        for i in range(s['dungeon_size'][j]):
            out[STATE_DUNGEONS.at(j, i, DUNGEON_WALL)] = (s['dungeon'][j, i] + 1) / WALLS
            out[STATE_DUNGEONS.at(j, i, DUNGEON_ARROWS)] = (s['dungeon_axis'][j, i] + 1) / NUM_AXES


# --------------------------------------------------------------------------- the re-deal


@kernel
def determinize(s, seat):
    """Re-deal what ``seat`` cannot see: the order of its own dungeon, and for each other player
    which of their unseen walls are in hand and which in the dungeon, in what order. The arrows on
    each dungeon's top card are public and stay; the arrows of the cards below are re-drawn."""
    pool = np.empty(WALLS, np.int64)
    for j in range(s['num_players']):
        n = s['dungeon_size'][j]
        m = 0
        if j != seat:
            m = pool_counts(pool, m, s['hand'][j])
        m = pool_items(pool, m, s['dungeon'][j], 0, n)
        shuffle_pool(s['rng'], pool, m)
        k = 0
        if j != seat:
            k = deal_counts(pool, k, s['hand'][j], s['hand_count'][j])
        deal_items(pool, k, s['dungeon'][j], 0, n)
        for i in range(n - 1):
            s['dungeon_axis'][j, i] = randint(s['rng'], s['arrow_axes'])
    new_future(s['rng'])
