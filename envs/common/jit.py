"""The two decorators of game code, ``rule`` and ``kernel``, and the cache that keeps them fresh.

How to write a rule
-------------------
* **``@rule``** for every rule of the game: a small function named after the rule, docstring
  quoting the rulebook. A rule is compiled *into* each compiled function that calls it (Numba's
  ``register_jitable``, with integer arguments widened to int64 so that a rule is typed and
  lowered once whatever mix of int32 fields and int64 counters its callers pass), so a game's
  rules become machine code once per driver, not once per rule. Called from Python (a test, a renderer) a rule simply runs as Python over the record;
  that is how rule tests call them, with exact expected values.
* **``@kernel``** only for the contract of ``envs/common/game.py`` (``init``, ``legal_mask``,
  ``apply``, ``observe``, ``state_vector``, ``scores``, ``determinize``, ``check_invariants``):
  cached compiled functions that Python can call at full speed. The engine's drivers compile
  their Python bodies in place too (``engine.inline``), so a kernel is never a separate
  library at run time either.
* Nothing else: no ``njit`` in a game folder. Agents and tools that need compiled code over a
  game's rules build it with ``engine.compiled(game)`` (its inlined kernels and a ``jit``
  decorator cached under the game's fingerprint); their helpers that only compiled code calls
  (an evaluation inside a search) are rules too (``rule``), compiled into those callers.

Why the cache is keyed here
---------------------------
Numba keys a function's on-disk cache by its own source file alone. A kernel in ``rules.py``
that reads constants from ``state.py`` would keep running stale machine code after ``state.py``
changed, and closures built per game are keyed by pickled cells that change in every process, so
they never load at all. Here every cache entry is keyed by a digest of what its closure holds
(written the same in every process) and by a fingerprint of all the source files
of the game's folder, at any depth, and of ``envs/common`` (and Numba's version), on top of
Numba's own key. The hook replaces ``_CacheImpl``'s index key, a private part of Numba: the
supported Numba range is pinned in ``pyproject.toml`` and ``tests/test_engine.py`` fails if a
Numba release stops honouring it.

Why a rule has its own compiler pipeline
----------------------------------------
Numba finishes every function as if Python could call it: optimises its module with all it
links, then emits machine code. A rule is only ever linked into its callers, which optimise and
emit the whole again, so a rule compiles through ``_RuleCompiler`` into a ``_LinkedOnlyLibrary``
that only lowers and links (cold compiles ~40% shorter). This too leans on Numba's internals
(its lowering pass and code library); ``tests/test_engine.py`` checks that Numba still uses it.
The same library drops the reference counts a rule takes on an array argument it only borrows
(``_borrowed_arguments_unrefcounted``): each is an atomic add, and Numba's own pruning left
enough of them (a mask passed down the rules of every decision) for ~13% of Frontier's random
rollouts.

Where else a cold compile is cut
--------------------------------
Measured first, each below where it is made: five of Numba's own steps that answer the same as
Numba's but cheaper (compile flags' values, a record type's text, the type of a call, the
variables a statement uses, the owners inside a value; ``tests/test_engine.py`` compares each with
Numba's own), Python's full garbage collections held off while a compile runs, array elements
and range loops lowered in a few instructions (``indexing.py``, ``ranges.py``), and SciPy's BLAS
looked for only when a compiled function needs it (every start, cached ones too). Each leans on
Numba's internals, hence the pinned Numba range.
"""
from __future__ import annotations

import gc
import hashlib
import operator
import os
import pickle
import re
import sys
import weakref
from functools import lru_cache, wraps
from pathlib import Path
from types import FunctionType, ModuleType

import numba
import numpy as np
from llvmlite import binding as llvm
from numba import _dynfunc, njit
from numba.core import ir, types
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import CompilerBase, DefaultPassBuilder, _LowerResult
from numba.core.compiler_lock import global_compiler_lock, require_global_compiler_lock
from numba.core.compiler_machinery import PassManager, register_pass
from numba.core.runtime.context import NRTContext
from numba.core.runtime.nrtopt import remove_redundant_nrt_refct
from numba.core.targetconfig import ConfigStack, TargetConfig
from numba.core.typed_passes import NativeLowering
from numba.core.types.functions import BaseFunction
from numba.core.types.npytypes import Record
from numba.core.typing.templates import infer, infer_global, make_overload_template

from . import indexing  # noqa: F401  (array elements lowered in a few instructions)
from . import ranges

ranges.install()   # range loops lowered in fewer instructions, before Numba installs its own

_COMMON = Path(__file__).resolve().parent
# The files whose contents compiled code can depend on (data a game reads at import included).
SOURCE_SUFFIXES = (".py", ".json", ".toml", ".csv", ".npy")


class _LinkedOnlyLibrary(JITCodeLibrary):
    """The compiled library of a rule: only ever linked into the compiled code that calls it.

    Numba finishes every function it compiles as if Python might call it: it optimises the
    function's module with everything it links in, then emits machine code. For a rule neither is
    used (Python calls the plain function, and each caller links a rule's code and optimises and
    emits the whole at its own level again), and the two took about a third of a game's cold
    compile, once for every level of rules calling rules. This library only links what it calls.
    """

    __slots__ = ()   # the layout of Numba's library, so that a library can become one

    def add_llvm_module(self, ll_module):
        """Numba's ``add_llvm_module``, with the rule's borrowed arguments left uncounted."""
        self._optimize_functions(ll_module)
        if not numba.config.LLVM_REFPRUNE_PASS:
            ll_module = remove_redundant_nrt_refct(ll_module)
        text = str(ll_module)
        if "@NRT_incref(ptr %arg." in text:
            pruned = _borrowed_arguments_unrefcounted(text)
            if pruned != text:
                name = ll_module.name
                ll_module = llvm.parse_assembly(pruned)
                ll_module.name = name
        self._final_module.link_in(ll_module)

    def finalize(self):
        require_global_compiler_lock()
        self._raise_if_finalized()
        seen = set()
        for library in self._linking_libraries:
            if library not in seen:
                seen.add(library)
                self._reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._finalized = True


_DEFINE = re.compile(r"^define [^\n]*\{$", re.M)
_ARGUMENT = re.compile(r"ptr (%arg\.[\w.]+)")


def _borrowed_arguments_unrefcounted(text: str) -> str:
    """A rule's optimised LLVM IR without the reference count it takes on a borrowed argument.

    Numba passes arguments borrowed (the caller holds them for the call) yet a function takes a
    reference on each array argument at entry and drops it at every exit; its pruning pass leaves
    the pair wherever the exits are many (each callee's error path is one), and each is an atomic
    add. Here, for an argument owner that the function increfs once, in its entry block, and uses
    for nothing but that, its decrefs and passing it on to calls (so it is never stored, returned
    or made part of a view), the incref and the decrefs go: on every path the count is as before."""
    out, last = [], 0
    for m in _DEFINE.finditer(text):
        start = m.start()
        end = text.index("\n}\n", start)
        out.append(text[last:start])
        out.append(_unrefcounted(text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)


def _unrefcounted(fn: str) -> str:
    """One function's text (``define ... {`` to its last line), its borrowed arguments uncounted."""
    header, body = fn.split("\n", 1)
    entry = body.split("\n\n", 1)[0]
    lines = body.split("\n")
    for arg in set(_ARGUMENT.findall(header)):
        incref = f"call void @NRT_incref(ptr {arg})"
        decref = f"call void @NRT_decref(ptr {arg})"
        if body.count(incref) != 1 or incref not in entry:
            continue
        uses = [line for line in lines if re.search(re.escape(arg) + r"\b", line)]
        if all(incref in u or decref in u or (" call " in u and "@NRT_" not in u) for u in uses):
            lines = [line for line in lines if incref not in line and decref not in line]
    return "\n".join([header] + lines)


@register_pass(mutates_CFG=True, analysis_only=False)
class _LinkedOnlyLowering(NativeLowering):
    """Numba's lowering, into a :class:`_LinkedOnlyLibrary`."""

    _name = "frontierzoo_linked_only_lowering"

    def run_pass(self, state):
        if state.library is None:
            state.library = state.targetctx.codegen().create_library(state.func_id.func_qualname)
        state.library.__class__ = _LinkedOnlyLibrary
        state.flags.no_compile = True       # lower only: no machine code, no entry point
        super().run_pass(state)
        # What Numba does after lowering a function it compiles, less the machine code: register
        # the function for the callers to link, behind an entry point Python never reaches (a
        # rule's dispatcher is private to its overload; Python calls the plain function).
        lowered = state["cr"]
        fndesc = lowered.fndesc
        entry = _dynfunc.make_function(fndesc.lookup_module(), fndesc.qualname.split(".")[-1],
                                       "a rule, linked into its callers only", 0, lowered.env, (state.library,))
        state.targetctx.insert_user_function(entry, fndesc, [state.library])
        state.reload_init.extend(state.library._reload_init)
        state["cr"] = _LowerResult(fndesc, lowered.call_helper, cfunc=entry, env=lowered.env)
        return True


class _RuleCompiler(CompilerBase):
    """Numba's nopython pipeline with :class:`_LinkedOnlyLowering` as its lowering."""

    def define_pipelines(self):
        pm = PassManager("frontierzoo_rule")
        for stage in (DefaultPassBuilder.define_untyped_pipeline(self.state),
                      DefaultPassBuilder.define_typed_pipeline(self.state),
                      DefaultPassBuilder.define_nopython_lowering_pipeline(self.state)):
            for pass_class, description in stage.passes:
                pm.add_pass(_LinkedOnlyLowering if pass_class is NativeLowering else pass_class, description)
        pm.finalize()
        return [pm]


# A rule needs neither of the entry points Numba gives a function Python or C could call.
LINKED_ONLY = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True, "pipeline_class": _RuleCompiler}


# Two of Numba's own costs that grow with the size of a game's record rather than with its code,
# each about 0.5 s of every game's cold start (measured in fresh processes to the first AEC step,
# 70,000-85,000 calls and 3,800-4,500 calls). Both are replaced by functions that return exactly
# what Numba's own return (``tests/test_engine.py`` compares them, and fails if Numba's change).
#
# * Numba compares compile flags (``Flags.__eq__``, ``__hash__``) through ``values()``, a dict of
#   all 22 options read one by one through their properties, on every lookup of a compiled
#   overload: ~4.5 us a call. Here, the class's defaults overlaid with the values set.
# * Before every pass over every function Numba writes the pass's arguments out for its event log
#   (``str(args)``), and a record type's ``repr`` is rebuilt field by field each time: ~0.1 ms
#   for a game's record. Types never change, so each record type's repr is kept once made.
NUMBA_FLAG_VALUES = TargetConfig.values
NUMBA_RECORD_REPR = Record.__repr__
_OPTION_DEFAULTS: dict = {}
_RECORD_REPRS = weakref.WeakKeyDictionary()


def _flag_values(self):
    """``TargetConfig.values``: every option's value, the default where none is set."""
    defaults = _OPTION_DEFAULTS.get(type(self))
    if defaults is None:
        defaults = _OPTION_DEFAULTS[type(self)] = {k: o.default for k, o in self.options.items()}
    return {**defaults, **self._values}


def _record_repr(self):
    """``Record.__repr__``, made once per record type."""
    text = _RECORD_REPRS.get(self)
    if text is None:
        text = _RECORD_REPRS[self] = NUMBA_RECORD_REPR(self)
    return text


TargetConfig.values = _flag_values
Record.__repr__ = _record_repr


def _widened(ty):
    """The type a rule is compiled for in place of an argument's type: any integer that fits in
    int64 as int64. Record fields are int32 and uint8, loop counters int64; compiled for each mix
    as it comes, a rule of three integer arguments could compile up to eight times (Forfort's did:
    169 compilations of 119 functions). Callers convert, as they do for an explicit signature; the
    values are the same (uint64, which int64 cannot hold, keeps its type)."""
    if isinstance(ty, (types.IntegerLiteral, types.BooleanLiteral)):
        ty = ty.literal_type
    if isinstance(ty, types.Integer) and (ty.signed or ty.bitwidth < 64):
        return types.int64
    return ty


# The caller's compile flags that a compiled function takes over (Numba's
# ``CPUTargetOptions.finalize`` inherits exactly these; ``tests/test_engine.py`` checks that it
# still does). The caller's other flags, such as whether it has a Python wrapper, leave a rule's
# code unchanged.
INHERITED_FLAGS = ("nrt", "fastmath", "error_model", "forceinline")


def _inherited(flags):
    """What a rule's compiled code can depend on in its caller's compile flags."""
    return None if flags is None else tuple(repr(getattr(flags, name)) for name in INHERITED_FLAGS)


# A third: Numba types every call anew. Each ``a[i]``, ``a == b``, ``n += 1`` and ``bool(x)`` of
# every function is resolved by trying the operator's typing templates in turn (dozens for
# ``getitem``: ~0.4 ms a call), though the answer depends only on the argument types: ~1 s of
# Legends' cold start went to 6,300 such resolutions, most of them repeats. For the builtin
# operators and the game's rules the answer is kept, keyed as Numba keys an overload's compiled
# implementation (typing context, argument types, the caller's compile flags, compared by value
# and copied, since a compile may set a flag on its object later), so that where the answer names
# compiled code (``max`` is an overload) it names the code Numba would. A failure is never kept:
# it is raised each time, as before.
NUMBA_CALL_TYPE = BaseFunction.get_call_type
_KEPT_CALLS = frozenset((
    operator.getitem, operator.setitem, operator.contains, operator.truth, operator.not_,
    operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge,
    operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
    operator.neg, operator.pos, operator.invert, operator.and_, operator.or_, operator.xor,
    operator.lshift, operator.rshift, operator.iadd, operator.isub, operator.imul,
    operator.itruediv, operator.ifloordiv, operator.imod, operator.iand, operator.ior,
    operator.ixor, operator.ilshift, operator.irshift, bool, range, len, abs, min, max,
))
_RULES: set = set()      # the functions ``rule`` registered
_CALL_TYPES: dict = {}


def _call_type(self, context, args, kws):
    """``BaseFunction.get_call_type``, its answer kept for the builtin operators and the rules."""
    if kws or not (self.typing_key in _KEPT_CALLS or self.typing_key in _RULES):
        return NUMBA_CALL_TYPE(self, context, args, kws)
    flags = ConfigStack.top_or_none()
    kept = _CALL_TYPES.get((self, context, args, flags))
    if kept is None:
        sig = NUMBA_CALL_TYPE(self, context, args, kws)
        if sig is None:
            return None
        kept = (sig, self._impl_keys[sig.args])
        _CALL_TYPES[self, context, args, None if flags is None else flags.copy()] = kept
    sig, impl_key = kept
    self._impl_keys[sig.args] = impl_key     # what Numba's own call leaves behind for lowering
    return sig


BaseFunction.get_call_type = _call_type


# A fourth: Numba asks every statement which variables it uses (``Inst.list_vars``) each time it
# recomputes variables' lifetimes, nine times a function, and answers by walking every attribute
# of the statement through a chain of ``isinstance`` tests, a new list at every level: ~7% of
# Legends' cold start (sampled). The same walk, in the same order, skips at once what cannot hold
# a variable (a location, a name, a constant), by its type.
NUMBA_REC_LIST_VARS = ir.Inst._rec_list_vars
_HOLDS_NO_VARIABLE: dict = {}     # type -> whether Numba's walk returns nothing for its values


def _rec_list_vars(self, val):
    """``Inst._rec_list_vars``: the variables in ``val`` (a variable, a statement, or a list,
    tuple or dict of them at any depth), in the order Numba's walk finds them."""
    kind = type(val)
    if kind is ir.Var:
        return [val]
    if kind is dict:
        items = val.values()
    elif kind is list or kind is tuple:
        items = val
    elif kind is ir.Expr:
        return val.list_vars()
    else:
        return NUMBA_REC_LIST_VARS(self, val)
    found = []
    for item in items:
        kind = type(item)
        if kind is ir.Var:
            found.append(item)
            continue
        holds_none = _HOLDS_NO_VARIABLE.get(kind)
        if holds_none is None:
            holds_none = _HOLDS_NO_VARIABLE[kind] = not issubclass(kind, (ir.Var, ir.Inst, list, tuple, dict))
        if not holds_none:
            found.extend(self._rec_list_vars(item))
    return found


ir.Inst._rec_list_vars = _rec_list_vars


# A fifth: to add or drop a reference to a value (an array, at each variable's end) Numba walks
# the value's structure and takes out every member, its shape, strides and data pointer too,
# before finding that only the owner pointer counts: ten instructions where one is used, ~5,000
# of the 61,000 that Legends' rules lowered for a first step. The same walk, taking out only the
# members that hold an owner somewhere (the same owners, in the same order).
NUMBA_GET_MEMINFOS = NRTContext.get_meminfos
_HOLDS_OWNER: dict = {}     # type -> whether its data model holds an NRT owner anywhere


def _get_meminfos(self, builder, ty, val):
    """``NRTContext.get_meminfos``: every ``(type, owner)`` inside ``val``, in Numba's order."""
    model = self._context.data_model_manager[ty]
    meminfos = [(ty, model.get_nrt_meminfo(builder, val))] if model.has_nrt_meminfo() else []
    for member_type, getter in model.traverse(builder):
        holds = _HOLDS_OWNER.get(member_type)
        if holds is None:
            holds = _HOLDS_OWNER[member_type] = self._context.data_model_manager[member_type].contains_nrt_meminfo()
        if holds:
            meminfos.extend(self.get_meminfos(builder, member_type, getter(val)))
    return meminfos


NRTContext.get_meminfos = _get_meminfos


# A sixth, of every start, cold or cached: the first compile or cache load of a process imports
# Numba's NumPy implementations, and ``numba.np.arraymath`` asks at import whether SciPy's BLAS
# is there (importing ``scipy.linalg``, 0.10-0.16 s of a ~0.6 s cached start) for the one
# overload that reads the answer (``np.vdot``'s choice of an inner product). No game's rule uses
# BLAS, so the question is asked when that overload first reads it, with Numba's own check.
class _BlasLookedForWhenAsked:
    """``arraymath._HAVE_BLAS``: Numba's ``_check_blas()``, run the first time it is read."""

    def __init__(self, check):
        self._check, self._answer = check, None

    def __bool__(self):
        if self._answer is None:
            self._answer = self._check()
        return self._answer


def _ask_for_blas_when_needed():
    if "numba.np.arraymath" in sys.modules:     # a compile before the engine was imported: asked
        return
    from numba.np import linalg

    ensure_blas = linalg.ensure_blas
    linalg.ensure_blas = lambda: None           # arraymath's import-time check answers at once...
    try:
        from numba.np import arraymath
    finally:
        linalg.ensure_blas = ensure_blas
    arraymath.ensure_blas = ensure_blas         # ...and the real one runs when first read
    arraymath._HAVE_BLAS = _BlasLookedForWhenAsked(arraymath._check_blas)


_ask_for_blas_when_needed()


def rule(fn):
    """``@rule``: a rule of the game, compiled into the compiled code that calls it, once per
    shape of its arguments (integers widened, :func:`_widened`). Numba's ``register_jitable``
    with a typing template that widens integers first, and that keeps one compiled form for all
    callers whose inherited flags agree: Numba keys it by all of the caller's flags, so a rule
    called both from rules and from a driver (which differ only in their wrappers) compiled twice
    (4-9 rules a game, ~0.3 s of a cold start)."""
    base = make_overload_template(fn, lambda *args, **kwargs: fn, LINKED_ONLY, False, "never")
    compiled = {}

    class RuleTemplate(base):
        def _get_impl(self, args, kws):
            args = tuple(map(_widened, args))
            kws = {k: _widened(v) for k, v in kws.items()}
            key = (self.context, args, tuple(kws.items()), _inherited(ConfigStack.top_or_none()))
            if key not in compiled:
                compiled[key] = super()._get_impl(args, kws)
            return compiled[key]

    infer(RuleTemplate)
    infer_global(fn, types.Function(RuleTemplate))
    _RULES.add(fn)
    return fn


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


def codegen_settings() -> tuple:
    """Numba's settings that change the machine code it builds but are not in its own cache key. A
    build made under one must not load under another: with ``NUMBA_ENABLE_PROFILING=1`` LLVM
    inlined almost nothing (Forfort's rollout driver kept 116 functions instead of 46) and the
    cached build then ran every later process's rollouts ~40% slower."""
    c = numba.config
    return (int(c.OPT), c.ENABLE_PROFILING, c.BOUNDSCHECK, c.DEBUGINFO_DEFAULT, c.LOOP_VECTORIZE, c.SLP_VECTORIZE)


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


# Python's full garbage collections while Numba compiles. A compile makes hundreds of thousands of
# objects (typed IR, LLVM IR builders, types), and every few thousand of them that outlive the young
# generations trigger a full collection, which walks every object Numba has made so far: 9 of them,
# ~130 ms each, were ~1.1 s of Legends' cold start (1.4-1.7 s in all collections), against 0.36 s
# when only the young generations are collected while a compile runs (their cycles are still freed).
# So the full collection waits until the outermost compile ends; the thresholds then are the
# caller's again, and the next full collection comes when they say.
NO_FULL_COLLECTION = 2**30
_compiles_running = 0


def _compile_without_full_collections(compile):
    """A dispatcher's ``compile``, run with Python's full collections held off (above)."""

    @wraps(compile)
    def compile_(sig):
        global _compiles_running
        with global_compiler_lock:             # Numba's own, re-entrant: compiles run one at a time
            if _compiles_running == 0:
                thresholds = gc.get_threshold()
                gc.set_threshold(thresholds[0], thresholds[1], NO_FULL_COLLECTION)
            _compiles_running += 1
            try:
                return compile(sig)
            finally:
                _compiles_running -= 1
                if _compiles_running == 0:
                    gc.set_threshold(*thresholds)

    return compile_


def _keyed_njit(fn, fingerprint):
    disp = njit(cache=True)(fn)
    disp.compile = _compile_without_full_collections(disp.compile)
    # The defining file's bytes too: an agent's or a tool's compiled function freezes the globals it
    # reads (a weight, a limit) into its machine code, and those sit outside any game's folder.
    code_hash = hashlib.sha256(fn.__code__.co_code + Path(fn.__code__.co_filename).read_bytes()).hexdigest()

    def _index_key(sig, codegen):
        # And what its closure holds: one factory's closures share code and file, and a key without
        # their cells loaded the first one built for every other (a driver over one pick rule ran
        # another's). Numba keys cells by pickling them, which differs between processes for
        # functions; this digest does not.
        return (sig, codegen.magic_tuple(), (code_hash, closure_digest(fn), fingerprint, codegen_settings()))

    disp._cache._index_key = _index_key
    return disp


def common_jit(fn):
    """A compiled function of the engine itself, over no game's rules (batch helpers): cached under
    the fingerprint of ``envs/common``."""
    return _keyed_njit(fn, folder_fingerprint(str(_COMMON)))


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
