"""The one random generator of frontierzoo: PCG32 (O'Neill, 2014), its state kept in the record.

The draws are rules (``jit.rule``): compiled into each kernel that uses them rather than as
separate dispatchers, which keeps a game's cold compile short. ``seed_rng`` stays a dispatcher, to
be called from Python too.

Every game keeps a ``rng`` field of two uint64 words (state, increment) in its state record and
draws all of its randomness here, so that a seed and a sequence of actions reproduce a game bit for
bit in any process, batch position or thread. Nothing here touches ``np.random`` or ``random``.
"""
import numpy as np
from numba import njit

from .jit import rule

RNG_WORDS = 2  # the record field: rng = (state, increment), dtype uint64

_MULT = np.uint64(6364136223846793005)
_ONE = np.uint64(1)
_MASK32 = np.uint64(0xFFFFFFFF)
_TWO_32 = np.uint64(1 << 32)


@rule
def _splitmix64(x):
    """One step of SplitMix64: spreads a small seed over all 64 bits."""
    x = x + np.uint64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x, z ^ (z >> np.uint64(31))


@njit(cache=True)
def seed_rng(rng, seed):
    """Seed ``rng`` (a uint64[2] view) from any 64-bit seed; distinct seeds give distinct streams."""
    x = np.uint64(seed)
    x, a = _splitmix64(x)
    x, b = _splitmix64(x)
    rng[1] = (b << _ONE) | _ONE  # the increment must be odd
    rng[0] = np.uint64(0)
    next_u32(rng)
    rng[0] = rng[0] + a
    next_u32(rng)


@rule
def next_u32(rng):
    """The next 32 random bits (PCG-XSH-RR), as an int64 in [0, 2**32)."""
    old = rng[0]
    rng[0] = old * _MULT + rng[1]
    xorshifted = (((old >> np.uint64(18)) ^ old) >> np.uint64(27)) & _MASK32
    rot = old >> np.uint64(59)
    out = ((xorshifted >> rot) | (xorshifted << ((np.uint64(32) - rot) & np.uint64(31)))) & _MASK32
    return np.int64(out)


@rule
def randint(rng, n):
    """A uniform integer in [0, n) for 1 <= n < 2**32, without modulo bias: a draw below
    2**32 mod n is thrown again. That bound is less than n, so a draw of at least n needs no
    second division to know it is kept (almost every draw, for the counts of legal actions), and
    the arithmetic is unsigned (the same numbers, without a signed remainder's corrections)."""
    bound = np.uint64(n)
    while True:
        r = np.uint64(next_u32(rng))
        if r >= bound or r >= (_TWO_32 - bound) % bound:
            return np.int64(r % bound)


@rule
def random_u64(rng):
    """64 random bits, e.g. to seed a fresh game or a determinisation from this stream."""
    hi = np.uint64(next_u32(rng))
    lo = np.uint64(next_u32(rng))
    return (hi << np.uint64(32)) | lo


@rule
def shuffle(rng, items, n):
    """Fisher–Yates shuffle of the first ``n`` entries of ``items`` in place."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t


@rule
def random_order(rng, n):
    """The numbers 0..n-1 (int64) in a shuffled order, e.g. distinct cards to deal from. Filled
    by a loop: ``np.arange`` compiled its own implementation, ~0.3 s of a cold start."""
    items = np.zeros(n, np.int64)
    for i in range(n):
        items[i] = i
    shuffle(rng, items, n)
    return items


@rule
def roll_die(rng, sides):
    """One fair die with ``sides`` faces: 1..sides."""
    return randint(rng, sides) + 1
