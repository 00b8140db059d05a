"""Numba's ``njit(cache=True)``, made safe for a game's kernels and the drivers built over them.

Numba keys a function's on-disk cache by its own source file alone. A kernel in ``core.py`` that
reads constants from ``state.py`` or calls rules in ``board.py`` would keep running stale machine
code after either changed (an upgrade of the package, an edit), and closures built per game are
keyed by pickled cells that change in every process, so they never load at all. Here every cache
entry is keyed by a fingerprint of all the source files of the game's folder and of
``envs/common`` (and Numba's version), on top of Numba's own key.
"""
from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from pathlib import Path

import numba
from numba import njit

_COMMON = Path(__file__).parent


@lru_cache(maxsize=None)
def folder_fingerprint(folder: str) -> str:
    """A hash of every source file in ``folder`` and in ``envs/common``."""
    h = hashlib.sha256(numba.__version__.encode())
    for d in sorted({Path(folder), _COMMON}):
        for f in sorted(d.glob("*.py")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def _keyed_njit(fn, fingerprint):
    disp = njit(cache=True)(fn)
    code_hash = hashlib.sha256(fn.__code__.co_code).hexdigest()

    def _index_key(sig, codegen):
        return (sig, codegen.magic_tuple(), (code_hash, fingerprint))

    disp._cache._index_key = _index_key
    return disp


def kernel(fn):
    """``@kernel``: a cached jitted function of a game, stale-proof (see the module docstring)."""
    return _keyed_njit(fn, folder_fingerprint(str(Path(sys.modules[fn.__module__].__file__).parent)))


def game_jit(core):
    """A decorator for closures built per game over ``core``'s kernels (engine drivers, search):
    cached under the game's fingerprint, and named after the game, since closures share a
    qualified name and two games' cached copies loaded into one process would otherwise carry
    the same symbol names and clash."""
    fingerprint = folder_fingerprint(str(Path(core.__file__).parent))
    game = core.__name__.rsplit(".", 2)[-2]   # frontierzoo.envs.<game>.core

    def decorate(fn):
        fn.__qualname__ = f"{fn.__qualname__}__{game}"
        fn.__name__ = f"{fn.__name__}__{game}"
        return _keyed_njit(fn, fingerprint)

    return decorate
