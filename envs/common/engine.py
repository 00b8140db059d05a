"""Batched and fused drivers built once per game from its core's kernels.

The AEC env, the vector env, the benchmarks and the fuzz all drive a core the same way: apply a
decision, collect rewards, find the next seat, fill its mask and observation. Writing that loop once
here, as jitted closures over a core's kernels, keeps every game's folder free of engine code and
makes each Python-level step a single call into compiled code.

The drivers are compiled with :func:`~frontierzoo.envs.common.jit.game_jit`, so they cache per
game and reload in a second process.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from numba.extending import register_jitable

from .jit import game_jit
from .rng import randint, random_u64, seed_rng

_BUILT: dict = {}


@register_jitable
def pick_legal(mask, n, rng):
    """A uniformly random legal action from a bool mask with ``n`` legal entries."""
    k = randint(rng, n)
    for a in range(mask.shape[0]):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


def kernels(game) -> SimpleNamespace:
    """The compiled drivers for ``game`` (built on first use, then shared)."""
    key = game.name
    if key not in _BUILT:
        _BUILT[key] = _build(game.core, game.dtype, game.num_actions, game.obs_size)
    return _BUILT[key]


_INLINED = set()


def inline(kernel):
    """The Python function of a core's kernel, registered so that jitted code calling it compiles
    its body in place (an overload) instead of linking the kernel's own dispatcher.

    Every dispatcher Numba compiles becomes a library with its own machine code for all it links
    in; calling the kernels through their dispatchers made each of a game's ~11 kernels generate
    machine code for the whole game once more on the first run. Drivers built on ``inline`` compile
    the rules once each."""
    fn = kernel.py_func
    if fn not in _INLINED:
        register_jitable(fn)
        _INLINED.add(fn)
    return fn


def _build(core, dtype, num_actions, obs_size):
    """The drivers. Those called once per step (``aec``, ``vec``) take the records as their raw
    bytes (``states.view(np.uint8)``) and view them as records inside: Numba unboxes a structured
    array argument in ~4 us, a byte array in ~0.3 us."""
    init = inline(core.init)
    to_act = inline(core.to_act)
    legal_mask = inline(core.legal_mask)
    apply = inline(core.apply)
    observe = inline(core.observe)
    rewards = inline(core.rewards)
    scores = inline(core.scores)
    step_count = inline(core.step_count)
    check_invariants = inline(core.check_invariants)

    jit = game_jit(core)

    @register_jitable
    def _decision_view(s, seat, obs, mask):
        """Fill the mask (as bool) and observation of ``seat`` if it is to act."""
        if seat >= 0:
            legal_mask(s, mask)
            observe(s, seat, obs)

    @jit
    def aec(buf, reset, num_players, opts, seed, action, vp, rew):
        """One AEC call: ``reset`` a game from ``seed``, or apply ``action`` (already checked
        legal) writing per-seat rewards into ``rew``; then the next seat, its observation and
        mask. One driver for both, so the game's code is compiled to machine code once."""
        s = buf.view(dtype)[0]
        if reset:
            init(s, num_players, opts, seed)
        else:
            n = rew.shape[0]
            before = np.zeros(n, np.float32)
            if vp:
                scores(s, before)
            apply(s, action)
            rewards(s, rew)
            if vp:
                _add_margin_change(s, before, rew)
        seat = to_act(s)
        obs = np.zeros(obs_size, np.float32)
        mask = np.zeros(num_actions, np.bool_)
        _decision_view(s, seat, obs, mask)
        return seat, obs, mask

    @register_jitable
    def _add_margin_change(s, before, rew):
        """``reward="vp"``: each seat's change in (own score - mean of the others' scores)."""
        n = rew.shape[0]
        after = np.zeros(n, np.float32)
        scores(s, after)
        tb = before.sum()
        ta = after.sum()
        for i in range(n):
            mb = before[i] - (tb - before[i]) / (n - 1)
            ma = after[i] - (ta - after[i]) / (n - 1)
            rew[i] += ma - mb

    @jit
    def observe_seat(buf, seat):
        obs = np.zeros(obs_size, np.float32)
        observe(buf.view(dtype)[0], seat, obs)
        return obs

    @jit
    def vec(buf, reset, actions, num_players, opts, rng, max_steps, vp,
            seats, obs, masks, rews, terminated, truncated, steps):
        """Reset every game of the batch from the batch's rng, or step each with its action;
        finished games restart at once. One driver for both (one machine-code build).

        Returns the index of the first game whose action is illegal (nothing is stepped then),
        or -1.
        """
        states = buf.view(dtype)
        B = states.shape[0]
        if not reset:
            for i in range(B):
                a = actions[i]
                if a < 0 or a >= num_actions or not masks[i, a]:
                    return i
        before = np.zeros(num_players, np.float32)
        for i in range(B):
            s = states[i]
            restart = reset
            if not reset:
                if vp:
                    scores(s, before)
                apply(s, actions[i])
                steps[i] += 1
                rewards(s, rews[i])
                if vp:
                    _add_margin_change(s, before, rews[i])
                seat = to_act(s)
                terminated[i] = seat < 0
                truncated[i] = seat >= 0 and max_steps > 0 and steps[i] >= max_steps
                restart = terminated[i] or truncated[i]
            if restart:
                init(s, num_players, opts, random_u64(rng))
                steps[i] = 0
            seat = to_act(s)
            seats[i] = seat
            masks[i, :] = False
            obs[i, :] = 0.0
            _decision_view(s, seat, obs[i], masks[i])
        return -1

    @jit
    def random_rollouts(states, num_players, opts, seed, max_steps):
        """Play every record of ``states`` from a fresh deal to its end, uniformly at random.

        Returns (decisions applied, games finished by the rules, games truncated at max_steps).
        """
        rng = np.zeros(2, np.uint64)
        seed_rng(rng, seed)
        mask = np.zeros(num_actions, np.bool_)
        total = 0
        finished = 0
        cut = 0
        for i in range(states.shape[0]):
            s = states[i]
            init(s, num_players, opts, random_u64(rng))
            n_steps = 0
            while to_act(s) >= 0:
                if max_steps > 0 and n_steps >= max_steps:
                    break
                n = legal_mask(s, mask)
                apply(s, pick_legal(mask, n, rng))
                n_steps += 1
            total += n_steps
            if to_act(s) < 0:
                finished += 1
            else:
                cut += 1
        return total, finished, cut

    @jit
    def fuzz(states, num_players, opts, seed, max_steps):
        """Random play of every record to its end, checking after every step that the
        invariants hold, the mask is non-empty while live and the step count is right.

        Returns (game index, step, code) of the first failure, or (-1, decisions, games ended).
        Code -1: empty mask while live; -2: step_count disagrees; -3: rewards nonzero before the
        end; otherwise the core's invariant code.
        """
        rng = np.zeros(2, np.uint64)
        seed_rng(rng, seed)
        mask = np.zeros(num_actions, np.bool_)
        rew = np.zeros(num_players, np.float32)
        total = 0
        ended = 0
        for i in range(states.shape[0]):
            s = states[i]
            init(s, num_players, opts, random_u64(rng))
            code = check_invariants(s)
            if code != 0:
                return i, 0, code
            n_steps = 0
            while to_act(s) >= 0 and (max_steps <= 0 or n_steps < max_steps):
                n = legal_mask(s, mask)
                if n <= 0:
                    return i, n_steps, -1
                apply(s, pick_legal(mask, n, rng))
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
        aec=aec, observe_seat=observe_seat,
        vec=vec,
        random_rollouts=random_rollouts, fuzz=fuzz,
    )
