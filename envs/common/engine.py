"""Batched and fused drivers built once per game from its kernels, and the compiled game for agents.

The AEC env, the vector env, the benchmarks and the fuzz all drive a game the same way: apply a
decision, collect rewards, find the next seat, fill its mask and observation. Writing that loop once
here, as compiled closures over a game's kernels, keeps every game's folder free of engine code and
makes each Python-level step a single call into compiled code.

``compiled(game)`` hands the same inlined kernels to agents that search or look ahead (MCTS, the
heuristics), with a ``jit`` decorator that caches their compiled functions under the game's
fingerprint: the route into a game's compiled rules for everything above it (which also uses the
engine's small shared helpers: ``pick_legal`` here, ``record.copy_record``, the rng's draws).
"""
from __future__ import annotations

from pathlib import Path
from types import ModuleType, SimpleNamespace

import numpy as np

from .bits import BLOCK_ENTRIES, WORD_ENTRIES, lowest_set_bit, mask_block, mask_word, set_bits
from .jit import game_jit, game_rule, rule
from .record import begin_step, rewards, start_record, step_count, to_act
from .rng import randint, random_u64, seed_rng

_BUILT: dict = {}
_COMPILED: dict = {}
_INLINED = set()
# Per byte of a word: 1 (the prefix-sum multiplier) and the high bit.
BYTE_ONES = np.uint64(0x0101010101010101)
BYTE_HIGHS = np.uint64(0x8080808080808080)


@rule
def count_legal(mask):
    """How many entries of a bool mask are legal, a word of eight at a time (``popcnt``)."""
    size = mask.shape[0]
    count = 0
    a = 0
    while a + WORD_ENTRIES <= size:
        count += set_bits(mask_word(mask, a))
        a += WORD_ENTRIES
    while a < size:
        count += mask[a]
        a += 1
    return count


@rule
def kth_legal(mask, k):
    """Entry number ``k`` (from 0) among the legal entries of a bool mask, -1 if there are not
    that many. Whole blocks of 32 entries are skipped by their count (one vector compare and one
    ``popcnt``), then words of eight (a bool is one byte, 0 or 1), and the entry inside the word is
    found without a branch: summing the entries one by one was a quarter of Forfort's random
    rollout (its mask has 359 entries, and most stages' entries lie past 260). Compiled code only:
    its blocks and words are machine instructions (``bits.py``)."""
    size = mask.shape[0]
    a = 0
    while a + BLOCK_ENTRIES <= size:   # whole blocks of 32 first: one vector compare and popcnt each
        count = set_bits(mask_block(mask, a))
        if k < count:
            break
        k -= count
        a += BLOCK_ENTRIES
    while a + WORD_ENTRIES <= size:
        word = mask_word(mask, a)
        count = set_bits(word)
        if k < count:
            # byte i of the product: the legal entries among bytes 0..i; the answer is the first
            # byte where that exceeds k (each byte is at most 8, so no byte borrows from the next)
            running = word * BYTE_ONES
            beyond = ((running | BYTE_HIGHS) - np.uint64(k + 1) * BYTE_ONES) & BYTE_HIGHS
            return a + (lowest_set_bit(beyond) >> 3)
        k -= count
        a += WORD_ENTRIES
    while a < size:
        if mask[a]:
            if k == 0:
                return a
            k -= 1
        a += 1
    return -1


@rule
def pick_legal(mask, n, rng):
    """A uniformly random legal action from a bool mask with ``n`` legal entries."""
    return kth_legal(mask, randint(rng, n))


@rule
def add_margin_change(before, after, rew):
    """``reward="vp"``: add to each seat's reward its change in margin (own score less the mean of
    the others' scores) from the scores ``before`` a decision to those ``after`` it."""
    n = rew.shape[0]
    tb = np.float32(0.0)   # summed as NumPy's float32 sum does, in order; a loop rather than
    ta = np.float32(0.0)   # .sum(), whose reduction compiled for ~0.15 s of every cold start
    for i in range(n):
        tb += before[i]
        ta += after[i]
    for i in range(n):
        mb = before[i] - (tb - before[i]) / (n - 1)
        ma = after[i] - (ta - after[i]) / (n - 1)
        rew[i] += ma - mb


def inline(kernel):
    """The Python function of a game's kernel, registered so that compiled code calling it compiles
    its body in place (an overload) instead of linking the kernel's own dispatcher.

    Every dispatcher Numba compiles becomes a library with its own machine code for all it links
    in; calling the kernels through their dispatchers made each of a game's ~11 kernels generate
    machine code for the whole game once more on the first run. Drivers built on ``inline`` compile
    the rules once each."""
    fn = kernel.py_func
    if fn not in _INLINED:
        rule(fn)
        _INLINED.add(fn)
    return fn


def compiled(game) -> ModuleType:
    """The game's kernels for compiled code above the game (search, heuristics), as a module, so
    that a compiled function can call ``G.step(s, a)`` on a global ``G = compiled(game)``:

    ``deal(buf, i, num_players, opts, seed)`` (zero record ``i`` of a batch's bytes, deal a game
    into it and return it), ``records(buf)`` (the batch's bytes viewed as its records),
    ``step(s, a)`` (count the decision, clear the rewards, apply),
    ``legal_mask``, ``observe``, ``to_act``, ``rewards``, ``scores``, ``determinize``,
    ``check_invariants``, and ``jit``, the decorator to compile functions over them, cached under
    the game's fingerprint and named after the game.

    ``deal`` calls ``init`` itself rather than through another wrapper: every rule is its own
    compiled library, optimised again with all it links, so each wrapper level above ``init``
    re-optimised the whole game once more (~1.3 s of Forfort's cold compile a level).
    """
    if game.name not in _COMPILED:
        core = game.core
        per_game = game_rule(game.name)
        init = inline(core.init)
        apply = inline(core.apply)

        itemsize = game.dtype.itemsize
        dtype = game.dtype

        @per_game
        def records(buf):
            """The records of a batch given as its bytes. The drivers view the bytes as records here
            only: each view compiled NumPy's view machinery once more (~0.1 s cold)."""
            return buf.view(dtype)

        @per_game
        def deal(buf, i, num_players, opts, seed):
            """Zero record ``i`` of a batch given as its bytes and deal a game into it; return it."""
            fresh(buf, i, itemsize)
            s = records(buf)[i]
            start_record(s, num_players, seed)
            init(s, opts)
            return s

        @per_game
        def step(s, action):
            """One decision, as the env takes it."""
            begin_step(s)
            apply(s, action)

        g = ModuleType(f"{core.__name__.rsplit('.', 1)[0]}.compiled")
        g.__dict__.update(
            deal=deal, step=step, records=records,
            legal_mask=inline(core.legal_mask), observe=inline(core.observe),
            scores=inline(core.scores), determinize=inline(core.determinize),
            check_invariants=inline(core.check_invariants),
            to_act=to_act, rewards=rewards, step_count=step_count,
            jit=game_jit(str(Path(core.__file__).parent), game.name),
        )
        _COMPILED[game.name] = g
    return _COMPILED[game.name]


@rule
def fresh(buf, i, itemsize):
    """Zero record ``i`` of a batch given as its bytes, before a new deal. A loop over the
    record's own slice, which LLVM makes a memset (64 ns for a 6,136-byte record): assigning to
    the slice compiled Numba's broadcasting (~0.1 s cold), and a loop over the whole batch's
    indices kept a negative-index check on every byte (2.5 us, rollouts 9% slower)."""
    record = buf[i * itemsize:(i + 1) * itemsize]
    for b in range(itemsize):
        record[b] = 0


def new_record(game, num_players, seed, **options):
    """A freshly dealt record of ``game`` (for tests, agents and tools working on records)."""
    states = np.zeros(1, game.dtype)
    n = game.check_players(num_players)
    kernels(game).aec(states.view(np.uint8), True, n, game.options(n, **options), np.uint64(seed), 0, False,
                      np.zeros(n, np.float32), np.zeros(0, np.float32), np.zeros(game.obs_size, np.float32),
                      np.zeros(game.num_actions, np.bool_))
    return states[0]


def kernels(game) -> SimpleNamespace:
    """The compiled drivers for ``game`` (built on first use, then shared)."""
    if game.name not in _BUILT:
        _BUILT[game.name] = _build(game)
    return _BUILT[game.name]


def _build(game):
    """The drivers. They take the records as their raw bytes (``states.view(np.uint8)``) and view
    them as records inside: Numba unboxes a structured array argument in ~4 us, a byte array in
    ~0.3 us, and a record's bytes can be zeroed before a new deal."""
    g = compiled(game)
    dtype, num_actions, obs_size = game.dtype, game.num_actions, game.obs_size
    itemsize = dtype.itemsize
    deal, step, legal_mask, observe, records = g.deal, g.step, g.legal_mask, g.observe, g.records
    scores, check_invariants = g.scores, g.check_invariants
    jit = g.jit
    per_game = game_rule(game.name)

    @per_game
    def _decision_view(s, seat, obs, mask):
        """Fill the mask (as bool) and observation of ``seat`` if it is to act, else clear both
        (when a seat acts the kernels write every entry, and clearing first as well cost a tenth
        of a vector step)."""
        if seat >= 0:
            legal_mask(s, mask)
            observe(s, seat, obs)
        else:
            mask[:] = False
            obs[:] = 0.0

    @per_game
    def allowed(a, mask):
        """Whether action ``a`` is on the board and in the acting seat's ``mask``."""
        return 0 <= a < num_actions and mask[a]

    @per_game
    def _next_view(s, i, seats, obs, masks):
        """Row ``i`` of a batch's outputs: the seat to act in ``s`` (-1 if none), its mask and
        observation (``_decision_view``)."""
        seat = to_act(s)
        seats[i] = seat
        _decision_view(s, seat, obs[i], masks[i])

    @per_game
    def _add_margin_change(s, before, after, rew):
        """``reward="vp"``: add each seat's change in margin since ``before`` (its scores then),
        writing the scores now into ``after``. The drivers hand both in (the AEC env's own
        buffer; the vector driver's one allocation a call): every allocation inside a rule compiles
        NumPy's machinery once more under a rule's compile flags (~0.1 s cold)."""
        scores(s, after)
        add_margin_change(before, after, rew)

    @jit
    def aec(buf, reset, num_players, opts, seed, action, vp, rew, margins, obs, mask):
        """One AEC call: ``reset`` a game from ``seed``, or apply ``action`` (already checked
        legal) writing per-seat rewards into ``rew``; then the next seat to act, returned, with its
        observation and mask written into ``obs`` and ``mask``. The buffers are the env's own, so a
        step allocates nothing; ``margins`` holds the scores before and after a step under ``vp``
        (``reward="vp"``; empty otherwise). One driver for reset and step, so the game's code is
        compiled to machine code once."""
        if reset:
            deal(buf, 0, num_players, opts, seed)
        s = records(buf)[0]
        if not reset:
            n = rew.shape[0]
            if vp:
                scores(s, margins[:n])
            step(s, action)
            rewards(s, rew)
            if vp:
                _add_margin_change(s, margins[:n], margins[n:], rew)
        seat = to_act(s)
        _decision_view(s, seat, obs, mask)
        return seat

    @jit
    def observe_seat(buf, seat):
        obs = np.zeros(obs_size, np.float32)
        observe(records(buf)[0], seat, obs)
        return obs

    @jit
    def vec(buf, reset, actions, num_players, opts, rng, max_steps, vp,
            seats, obs, masks, rews, terminated, truncated, steps, final_obs):
        """Reset every game of the batch from the batch's rng, or step each with its action;
        finished games restart at once, each seat's view of the final position first written into
        ``final_obs[i]`` (B, players, obs_size). One driver for both (one machine-code build).

        Returns the index of the first game whose action is illegal (nothing is stepped then),
        or -1.
        """
        states = records(buf)
        B = states.shape[0]
        if not reset:
            for i in range(B):
                a = actions[i]
                if not allowed(a, masks[i]):
                    return i
        margins = np.zeros(2 * num_players, np.float32)   # scores before and after a step
        before, after = margins[:num_players], margins[num_players:]
        for i in range(B):
            s = states[i]
            restart = reset
            if not reset:
                if vp:
                    scores(s, before)
                step(s, actions[i])
                steps[i] += 1
                rewards(s, rews[i])
                if vp:
                    _add_margin_change(s, before, after, rews[i])
                seat = to_act(s)
                terminated[i] = seat < 0
                truncated[i] = seat >= 0 and max_steps > 0 and steps[i] >= max_steps
                restart = terminated[i] or truncated[i]
                if restart:
                    for p in range(num_players):
                        observe(s, p, final_obs[i, p])
            if restart:
                deal(buf, i, num_players, opts, random_u64(rng))
                steps[i] = 0
            _next_view(s, i, seats, obs, masks)
        return -1

    @jit
    def play_some(buf, idx, actions, num_players, opts, seeds, seats, obs, masks, rews):
        """For each game ``idx[j]`` of the batch: deal it from ``seeds[j]`` (when ``actions`` is
        empty) or apply ``actions[j]``, adding each seat's rewards into ``rews[idx[j]]``; then its
        next seat (-1 once it is over), that seat's mask and observation. Unlike ``vec``, games
        are dealt from the caller's seeds and never again, and only the games named step: a
        tournament of fixed, seeded games whose seats are played by different agents.

        Returns the first ``j`` whose action the mask does not allow (nothing is stepped then),
        or -1."""
        states = records(buf)
        dealing = actions.shape[0] == 0
        if not dealing:
            for j in range(idx.shape[0]):
                a = actions[j]
                if not allowed(a, masks[idx[j]]):
                    return j
        rew = np.zeros(num_players, np.float32)
        for j in range(idx.shape[0]):
            i = idx[j]
            if dealing:
                deal(buf, i, num_players, opts, seeds[j])
            s = states[i]
            if not dealing:
                step(s, actions[j])
                rewards(s, rew)
                for k in range(num_players):   # not rews[i] += rew: an array expression
                    rews[i, k] += rew[k]       # compiles Numba's broadcasting (~1.8 s cold)
            _next_view(s, i, seats, obs, masks)
        return -1

    @jit
    def random_rollouts(buf, num_players, opts, seed, max_steps):
        """Play every record of ``buf`` from a fresh deal to its end, uniformly at random.

        Returns (decisions applied, games finished by the rules, games truncated at max_steps).
        """
        rng = np.zeros(2, np.uint64)
        seed_rng(rng, seed)
        mask = np.zeros(num_actions, np.bool_)
        total = 0
        finished = 0
        cut = 0
        for i in range(buf.shape[0] // itemsize):
            s = deal(buf, i, num_players, opts, random_u64(rng))
            n_steps = 0
            while to_act(s) >= 0:
                if max_steps > 0 and n_steps >= max_steps:
                    break
                n = legal_mask(s, mask)
                step(s, pick_legal(mask, n, rng))
                n_steps += 1
            total += n_steps
            if to_act(s) < 0:
                finished += 1
            else:
                cut += 1
        return total, finished, cut

    @jit
    def fuzz(buf, num_players, opts, seed, max_steps):
        """Random play of every record to its end, checking after every step that the
        invariants hold, the mask is non-empty while live, the step count is right and the
        observation fills exactly ``obs_size`` entries.

        Returns (game index, step, code) of the first failure, or (-1, decisions, games ended).
        Code -1: empty mask while live; -2: step count disagrees; -3: rewards nonzero before the
        end; -4: ``observe`` wrote a length other than ``obs_size``; otherwise the game's
        invariant code.
        """
        rng = np.zeros(2, np.uint64)
        seed_rng(rng, seed)
        mask = np.zeros(num_actions, np.bool_)
        rew = np.zeros(num_players, np.float32)
        obs = np.zeros(obs_size, np.float32)
        total = 0
        ended = 0
        for i in range(buf.shape[0] // itemsize):
            s = deal(buf, i, num_players, opts, random_u64(rng))
            code = check_invariants(s)
            if code != 0:
                return i, 0, code
            n_steps = 0
            while to_act(s) >= 0 and (max_steps <= 0 or n_steps < max_steps):
                n = legal_mask(s, mask)
                if n <= 0:
                    return i, n_steps, -1
                if observe(s, to_act(s), obs) != obs_size:
                    return i, n_steps, -4
                step(s, pick_legal(mask, n, rng))
                n_steps += 1
                if step_count(s) != n_steps:
                    return i, n_steps, -2
                code = check_invariants(s)
                if code != 0:
                    return i, n_steps, code
                rewards(s, rew)
                if to_act(s) >= 0:
                    for k in range(num_players):
                        if rew[k] != 0.0:
                            return i, n_steps, -3
            total += n_steps
            if to_act(s) < 0:
                ended += 1
        return -1, total, ended

    return SimpleNamespace(
        aec=aec, observe_seat=observe_seat, vec=vec, play_some=play_some,
        random_rollouts=random_rollouts, fuzz=fuzz,
    )


FUZZ_CODES = {-1: "empty mask while live", -2: "step count disagrees", -3: "reward before the end",
              -4: "observe() wrote a length other than obs_size"}
