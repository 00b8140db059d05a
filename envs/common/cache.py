"""The key of every cache entry of this project's compiled functions: what makes a cached compiled
artifact valid. Correctness only; the speed hooks are ``hooks.py``, and nothing here depends on
whether they are on.

Numba keys a function's on-disk cache by its own source file alone. A kernel in ``rules.py``
that reads constants from ``state.py`` would keep running stale machine code after ``state.py``
changed, and closures built per game are keyed by pickled cells that change in every process, so
they never load at all. Here every cache entry is keyed, on top of Numba's own key, by

* the defining file's bytes (an agent's compiled function freezes the globals it reads, a weight
  or a limit, into its machine code, and those sit outside any game's folder);
* a digest of what its closure holds, written the same in every process (:func:`closure_digest`);
* a fingerprint of all the source files of the game's folder, at any depth, and of
  ``envs/common``, and Numba's version (:func:`folder_fingerprint`);
* Numba's settings that change the machine code but are not in its own key, and whether the
  speed hooks built it (:func:`codegen_settings`): a build made with the hooks never loads under
  ``FRONTIERZOO_STOCK_NUMBA=1``, nor the other way round.

The key replaces ``_CacheImpl``'s index key (:func:`key_cache`), a private part of Numba: the
supported Numba range is pinned in ``pyproject.toml`` (its checklist: ``NUMBA.md``) and
``tests/test_engine.py`` fails if a Numba release stops honouring it.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from functools import lru_cache
from pathlib import Path
from types import FunctionType, ModuleType

import numba
import numpy as np

from .hooks import STOCK

_COMMON = Path(__file__).resolve().parent
# The files whose contents compiled code can depend on (data a game reads at import included).
SOURCE_SUFFIXES = (".py", ".json", ".toml", ".csv", ".npy")


@lru_cache(maxsize=None)
def _tree_digest(folder: str) -> bytes:
    """A hash of the names and contents of every source file under ``folder``, at any depth. The
    walk skips ``__pycache__`` (where Numba keeps its cache, hundreds of files a game) and sorts
    plain strings: this runs at every import, so it is kept to a few milliseconds."""
    h = hashlib.sha256()
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(root, folder)
        for name in sorted(files):
            if os.path.splitext(name)[1] in SOURCE_SUFFIXES:
                path = os.path.join(root, name)
                if not os.path.isfile(path):
                    continue
                h.update(os.path.normpath(os.path.join(rel, name)).encode())
                with open(path, "rb") as f:
                    h.update(f.read())
    return h.digest()


@lru_cache(maxsize=None)
def folder_fingerprint(folder: str) -> str:
    """A hash of every source file under ``folder`` and under ``envs/common``, at any depth."""
    h = hashlib.sha256(numba.__version__.encode())
    for d in sorted({os.path.realpath(folder), str(_COMMON)}):
        h.update(_tree_digest(d))
    return h.hexdigest()


def common_fingerprint() -> str:
    """The fingerprint of the engine's own compiled functions, over no game's rules."""
    return folder_fingerprint(str(_COMMON))


def codegen_settings() -> tuple:
    """Numba's settings that change the machine code it builds but are not in its own cache key,
    and which machinery built it. A build made under one must not load under another: with
    ``NUMBA_ENABLE_PROFILING=1`` LLVM inlined almost nothing (Forfort's rollout driver kept 116
    functions instead of 46) and the cached build then ran every later process's rollouts ~40%
    slower; and a run on stock Numba must run stock Numba's code, not the hooks' (``hooks.py``)."""
    c = numba.config
    return (int(c.OPT), c.ENABLE_PROFILING, c.BOUNDSCHECK, c.DEBUGINFO_DEFAULT, c.LOOP_VECTORIZE, c.SLP_VECTORIZE,
            "stock" if STOCK else "hooks")


@lru_cache(maxsize=None)
def _file_digest(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:        # no file behind the code (an interactive session): its text is its own
        return "no file"


def _const_digest(const) -> bytes:
    """A constant of compiled Python code, the same in every process (a set's order is not)."""
    if hasattr(const, "co_code"):
        return _code_digest(const)
    if isinstance(const, (frozenset, set)):
        return b"{" + b",".join(sorted(_const_digest(c) for c in const)) + b"}"
    if isinstance(const, tuple):
        return b"(" + b",".join(_const_digest(c) for c in const) + b")"
    return repr(const).encode()


def _code_digest(code) -> bytes:
    """A code object, the same in every process: its bytecode, names, constants (nested code too)."""
    return b"code(" + code.co_code + repr(code.co_names).encode() + _const_digest(code.co_consts) + b")"


def _value_digest(value, seen) -> bytes:
    """What a closure's cell holds, written the same in every process: a compiled function is
    what it computes (its code, closure, and the file that defines it), a number or an array its
    value. Anything else is pickled, as Numba keys cells; if that differs between processes the
    entry only never loads again, which is safe."""
    value = getattr(value, "py_func", value)          # a dispatcher: its Python function
    if isinstance(value, FunctionType):
        if id(value) in seen:
            return b"(recursive)"
        seen.add(id(value))
        cells = b",".join(_value_digest(c.cell_contents, seen) for c in value.__closure__ or ())
        return (f"fn {value.__module__}.{value.__qualname__} {_file_digest(value.__code__.co_filename)}".encode()
                + _code_digest(value.__code__) + b"[" + cells + b"]")
    if isinstance(value, (bool, int, float, complex, str, bytes, type(None), np.generic, np.dtype)):
        return f"{type(value).__name__}:{value!r}".encode()
    if isinstance(value, np.ndarray):
        return f"ndarray:{value.dtype!r}{value.shape}:".encode() + np.ascontiguousarray(value).tobytes()
    if isinstance(value, (tuple, list)):
        return b"[" + b",".join(_value_digest(v, seen) for v in value) + b"]"
    if isinstance(value, ModuleType):
        return f"module:{value.__name__}".encode()
    try:
        return b"pickle:" + pickle.dumps(value)
    except Exception:        # cannot be written out: a key no other process shares
        return f"object:{id(value)}".encode()


def closure_digest(fn) -> str:
    """A digest of what ``fn``'s closure cells hold (:func:`_value_digest`)."""
    cells = [c.cell_contents for c in fn.__closure__ or ()]
    return hashlib.sha256(_value_digest(cells, set())).hexdigest()


def key_cache(disp, fingerprint: str):
    """Key the on-disk cache of ``disp`` (a ``cache=True`` dispatcher) as the module docstring
    says, under ``fingerprint``; returns ``disp``."""
    fn = disp.py_func
    code_hash = hashlib.sha256(fn.__code__.co_code + Path(fn.__code__.co_filename).read_bytes()).hexdigest()

    def _index_key(sig, codegen):
        # And what its closure holds: one factory's closures share code and file, and a key without
        # their cells loaded the first one built for every other (a driver over one pick rule ran
        # another's). Numba keys cells by pickling them, which differs between processes for
        # functions; this digest does not.
        return (sig, codegen.magic_tuple(), (code_hash, closure_digest(fn), fingerprint, codegen_settings()))

    disp._cache._index_key = _index_key
    return disp
