"""The record header every game's state extends, and the rules the engine provides over it.

A game's record is one NumPy structured scalar (``envs/common/game.py``). Its first fields are
always this header, so that the engine, not each game, answers "who decides now", "how many
decisions so far" and "what did the last one pay":

==================  ===========================================================================
``rng``             the game's PCG32 generator (``rng.py``): all of its randomness
``steps``           decisions applied since the deal
``num_players``     seats at the table
``actor``           the seat that must decide now; -1 once the game is over
``last_rewards``    each seat's reward for the last decision (+1/-1 at the end, else 0)
==================  ===========================================================================

The engine zeroes the whole record, seeds ``rng`` and sets ``num_players`` before it calls the
game's ``init``, and clears ``last_rewards`` and counts ``steps`` around every ``apply``
(:func:`step`). A game's ``init`` therefore sets only what does not start at zero.
"""
from __future__ import annotations

import numpy as np

from .hooks import register_record
from .jit import rule
from .rng import RNG_WORDS, seed_rng

MAX_SEATS = 8   # last_rewards is sized for the widest table of any game (Legends: 7)
# The decision count stops here (centuries of stepping), so that no game counts past what a save
# may hold.
STEPS_MAX = 2**62

HEADER = [
    ("rng", np.uint64, (RNG_WORDS,)),
    ("steps", np.int64),
    ("num_players", np.int32),
    ("actor", np.int32),
    ("last_rewards", np.float32, (MAX_SEATS,)),
]
HEADER_FIELDS = tuple(f[0] for f in HEADER)


def record_dtype(fields) -> np.dtype:
    """The aligned dtype of a game's record: the header, then the game's own ``fields``."""
    names = {f[0] for f in fields}
    clash = names & set(HEADER_FIELDS)
    if clash:
        raise ValueError(f"record fields {sorted(clash)} are the engine's header; do not declare them")
    dtype = np.dtype(HEADER + list(fields), align=True)
    register_record(dtype)
    return dtype


@rule
def to_act(s):
    """The seat that must decide now, -1 once the game is over."""
    return s['actor']


@rule
def step_count(s):
    """Decisions applied since the deal."""
    return s['steps']


@rule
def rewards(s, out):
    """Each seat's reward for the last decision."""
    for i in range(out.shape[0]):
        out[i] = s['last_rewards'][i]


@rule
def start_record(s, num_players, seed):
    """What the engine does before a game's ``init``: seed the generator, seat the players.
    The record must be zeroed already (the drivers zero its bytes)."""
    seed_rng(s['rng'], seed)
    s['num_players'] = num_players


@rule
def begin_step(s):
    """What the engine does before a game's ``apply``: count the decision (up to STEPS_MAX), clear
    the rewards."""
    if s['steps'] < STEPS_MAX:
        s['steps'] += 1
    for i in range(MAX_SEATS):
        s['last_rewards'][i] = 0.0


@rule
def copy_record(dst, src):
    """Copy a record given as its bytes (a row of ``states.view(np.uint8)``) onto another: what a
    search does before every position it tries. An explicit loop on purpose: Numba's slice
    assignment between two arrays (``dst[:] = src``) takes a generic path, about 2 us for Forfort's
    6 KB record, where this loop becomes a vector copy of under 0.1 us."""
    for i in range(src.shape[0]):
        dst[i] = src[i]
