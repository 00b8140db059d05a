"""The two decorators of game code, ``rule`` and ``kernel``, over the cache key and the speed hooks.

How to write a rule
-------------------
* **``@rule``** for every rule of the game: a small function named after the rule, docstring
  quoting the rulebook. A rule is compiled *into* each compiled function that calls it (Numba's
  ``register_jitable``; the hooks widen its integer arguments to int64, so that a rule is typed
  and lowered once whatever mix of int32 fields and int64 counters its callers pass), so a game's
  rules become machine code once per driver, not once per rule. Called from Python (a test, a
  renderer) a rule simply runs as Python over the record; that is how rule tests call them, with
  exact expected values. So a rule computes the same for every width of integer it is given.
* **``@kernel``** only for the contract of ``envs/common/game.py`` (``init``, ``legal_mask``,
  ``apply``, ``observe``, ``state_vector``, ``scores``, ``determinize``, ``check_invariants``):
  cached compiled functions that Python can call at full speed. The engine's drivers compile
  their Python bodies in place too (``engine.inline``), so a kernel is never a separate
  library at run time either.
* Nothing else: no ``njit`` in a game folder. Agents and tools that need compiled code over a
  game's rules build it with ``engine.compiled(game)`` (its inlined kernels and a ``jit``
  decorator cached under the game's fingerprint); their helpers that only compiled code calls
  (an evaluation inside a search) are rules too (``rule``), compiled into those callers.

Where the machinery is
----------------------
``cache.py`` keys every cache entry (correctness: what makes a cached build valid, whatever the
settings); ``hooks.py`` holds the speed hooks into Numba's internals (the rule pipeline that only
lowers and links, the borrowed reference counts a rule drops, cheaper typing and lowering), which
act only on this project's functions. ``FRONTIERZOO_STOCK_NUMBA=1`` turns every hook off: a rule is
then Numba's ``register_jitable``, a kernel plain ``njit(cache=True)``, both keyed by ``cache.py``.
``NUMBA.md`` is the checklist for moving Numba's pin.
"""
from __future__ import annotations

import sys
from pathlib import Path

from numba import njit
from numba.extending import register_jitable

from . import hooks
from .cache import common_fingerprint, folder_fingerprint, key_cache

hooks.install()


def rule(fn):
    """``@rule``: a rule of the game, compiled into the compiled code that calls it, once per
    shape of its arguments (``hooks.rule``; with ``FRONTIERZOO_STOCK_NUMBA=1``, Numba's own
    ``register_jitable``). From Python it is the plain function."""
    return register_jitable(fn) if hooks.STOCK else hooks.rule(fn)


def _keyed_njit(fn, fingerprint):
    """``fn`` compiled as one of this project's functions (``hooks.dispatcher``; with
    ``FRONTIERZOO_STOCK_NUMBA=1``, Numba's own ``njit``), cached under ``fingerprint``."""
    disp = njit(cache=True)(fn) if hooks.STOCK else hooks.dispatcher(fn, cache=True)
    return key_cache(disp, fingerprint)


def common_jit(fn):
    """A compiled function of the engine itself, over no game's rules (batch helpers): cached under
    the fingerprint of ``envs/common``."""
    return _keyed_njit(fn, common_fingerprint())


def _game_folder(module_name: str) -> str:
    """The folder of the game a module belongs to: ``frontierzoo.envs.<game>`` at any depth."""
    parts = module_name.split(".")
    i = parts.index("envs") if "envs" in parts else len(parts) - 2
    pkg = sys.modules[".".join(parts[:i + 2])]
    return str(Path(pkg.__file__).parent)


def kernel(fn):
    """``@kernel``: a contract kernel of a game, cached and stale-proof (module docstring)."""
    return _keyed_njit(fn, folder_fingerprint(_game_folder(fn.__module__)))


def _name_after(fn, game):
    fn.__qualname__ = f"{fn.__qualname__}__{game}"
    fn.__name__ = f"{fn.__name__}__{game}"
    return fn


def game_rule(game: str):
    """``rule`` for functions built per game inside the engine (closures over a game's kernels):
    named after the game, as :func:`game_jit` names its functions, for the same reason."""
    return lambda fn: rule(_name_after(fn, game))


def game_jit(folder: str, game: str):
    """A decorator for compiled functions built per game (engine drivers, search, heuristics):
    cached under the game's fingerprint, and named after the game, since closures share a
    qualified name and two games' cached copies loaded into one process would otherwise carry
    the same symbol names and clash."""
    fingerprint = folder_fingerprint(folder)

    def decorate(fn):
        return _keyed_njit(_name_after(fn, game), fingerprint)

    return decorate
