"""Re-dealing what a seat cannot see: pool the unseen, shuffle, deal back keeping every count.

Every game with hidden information determinises the same way (``determinize`` in
``envs/common/game.py``): gather the items whose place the seat cannot tell apart (other hands,
the undrawn deck, face-down tiles) into one pool, put the pool in order, shuffle it with the
record's generator, and hand each place back exactly as many items as it held. Ordering the pool
first makes the re-deal depend only on *which* items are unseen, never on where they lay: two
worlds that differ only in hidden facts re-deal identically from the same seed, so a search that
determinises decides the same in both, seed for seed. These rules are those steps; a game's
``determinize`` says only *which* places are unseen. Places are either counts by kind (a hand of
resources: ``counts[kind]``) or ordered items (a deck: ``items[lo:hi]``).
"""
from .jit import rule
from .rng import random_u64, seed_rng, shuffle


@rule
def pool_counts(pool, m, counts):
    """Add ``counts[k]`` items of kind ``k`` to ``pool[m:]``; return the new pool length."""
    for k in range(counts.shape[0]):
        for _ in range(counts[k]):
            pool[m] = k
            m += 1
    return m


@rule
def deal_counts(pool, j, counts, total):
    """Refill ``counts`` (by kind) with ``total`` items from ``pool[j:]``; return the new ``j``."""
    counts[:] = 0
    for t in range(total):
        counts[pool[j + t]] += 1
    return j + total


@rule
def pool_items(pool, m, items, lo, hi):
    """Add ``items[lo:hi]`` to ``pool[m:]``; return the new pool length."""
    for t in range(lo, hi):
        pool[m] = items[t]
        m += 1
    return m


@rule
def deal_items(pool, j, items, lo, hi):
    """Refill ``items[lo:hi]`` from ``pool[j:]``; return the new ``j``."""
    for t in range(lo, hi):
        items[t] = pool[j]
        j += 1
    return j


@rule
def shuffle_pool(rng, pool, m):
    """Order the first ``m`` pooled items, then shuffle them."""
    pool[:m].sort()
    shuffle(rng, pool, m)


@rule
def new_future(rng):
    """Re-seed the generator from itself: the dice and draws still to come are re-dealt too, so a
    search that determinises cannot read the real future from the record."""
    seed_rng(rng, random_u64(rng))
