"""The two decorators of game code, ``rule`` and ``kernel``, and the cache that keeps them fresh.

How to write a rule
-------------------
* **``@rule``** for every rule of the game: a small function named after the rule, docstring
  quoting the rulebook. A rule is compiled *into* each compiled function that calls it (Numba's
  ``register_jitable``), so a game's rules become machine code once per driver, not once per
  rule. Called from Python (a test, a renderer) a rule simply runs as Python over the record;
  that is how rule tests call them, with exact expected values.
* **``@kernel``** only for the contract of ``envs/common/game.py`` (``init``, ``legal_mask``,
  ``apply``, ``observe``, ``state_vector``, ``scores``, ``determinize``, ``check_invariants``):
  cached compiled functions that Python can call at full speed. The engine's drivers compile
  their Python bodies in place too (``engine.inline``), so a kernel is never a separate
  library at run time either.
* Nothing else: no ``njit`` in a game folder. Agents and tools that need compiled code over a
  game's rules build it with ``engine.compiled(game)`` (its inlined kernels and a ``jit``
  decorator cached under the game's fingerprint).

Why the cache is keyed here
---------------------------
Numba keys a function's on-disk cache by its own source file alone. A kernel in ``rules.py``
that reads constants from ``state.py`` would keep running stale machine code after ``state.py``
changed, and closures built per game are keyed by pickled cells that change in every process, so
they never load at all. Here every cache entry is keyed by a fingerprint of all the source files
of the game's folder, at any depth, and of ``envs/common`` (and Numba's version), on top of
Numba's own key. The hook replaces ``_CacheImpl``'s index key, a private part of Numba: the
supported Numba range is pinned in ``pyproject.toml`` and ``tests/test_engine.py`` fails if a
Numba release stops honouring it.
"""
from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from pathlib import Path

import numba
from numba import njit
from numba.extending import register_jitable

_COMMON = Path(__file__).parent
# The files whose contents compiled code can depend on (data a game reads at import included).
SOURCE_SUFFIXES = (".py", ".json", ".toml", ".csv", ".npy")


def rule(fn):
    """``@rule``: a rule of the game, compiled into the compiled code that calls it."""
    return register_jitable(fn)


@lru_cache(maxsize=None)
def folder_fingerprint(folder: str) -> str:
    """A hash of every source file under ``folder`` and under ``envs/common``, at any depth."""
    h = hashlib.sha256(numba.__version__.encode())
    for d in sorted({Path(folder), _COMMON}):
        for f in sorted(d.rglob("*")):
            if f.suffix in SOURCE_SUFFIXES and "__pycache__" not in f.parts and f.is_file():
                h.update(str(f.relative_to(d)).encode())
                h.update(f.read_bytes())
    return h.hexdigest()


def _keyed_njit(fn, fingerprint):
    disp = njit(cache=True)(fn)
    # The defining file's bytes too: an agent's or a tool's compiled function freezes the globals it
    # reads (a weight, a limit) into its machine code, and those sit outside any game's folder.
    code_hash = hashlib.sha256(fn.__code__.co_code + Path(fn.__code__.co_filename).read_bytes()).hexdigest()

    def _index_key(sig, codegen):
        return (sig, codegen.magic_tuple(), (code_hash, fingerprint))

    disp._cache._index_key = _index_key
    return disp


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
    return lambda fn: register_jitable(_name_after(fn, game))


def game_jit(folder: str, game: str):
    """A decorator for compiled functions built per game (engine drivers, search, heuristics):
    cached under the game's fingerprint, and named after the game, since closures share a
    qualified name and two games' cached copies loaded into one process would otherwise carry
    the same symbol names and clash."""
    fingerprint = folder_fingerprint(folder)

    def decorate(fn):
        return _keyed_njit(_name_after(fn, game), fingerprint)

    return decorate
