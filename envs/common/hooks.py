"""The speed hooks into Numba's internals: cheaper cold compiles and fewer reference counts, for
this project's own compiled functions only.

Each hook below states its measured gain where it is made; ``NUMBA.md`` (beside this file) lists
them all, with the test that guards each and what to re-measure when Numba's pin moves.

Fenced to this project's functions
----------------------------------
A user's ``@njit`` function in the same process compiles exactly as with stock Numba, whatever
the import order (``tests/test_engine.py::test_a_users_function_compiles_as_with_stock_numba``):

* Numba's methods that a hook replaces (compile flags' values, a record type's text, the type of
  a call, the variables a statement uses, the owners inside a value) are swapped in only while
  one of this project's dispatchers compiles (:func:`compiling_ours`), under Numba's compiler
  lock, and Numba's own are put back after; outside, Numba's classes are as Numba left them.
* The lowerings registered with Numba (``indexing.py``, ``ranges.py``) and the owners hook act
  only on the LLVM modules of this project's functions (:func:`mark_ours`, made by the libraries
  of :class:`_OurLowering`); any other module, a Numba overload compiled for one of ours
  included, gets Numba's own lowering, called as Numba calls it.
* The rule pipeline (:class:`_RuleCompiler`) and its reference-count pruning run only for
  ``jit.rule``'s functions.
* The AEC step's direct call (:func:`entry_point`) is taken by the env for its own driver only.
* One hook is process-wide: Numba's import-time check for SciPy's BLAS is asked when first read
  (:func:`_ask_for_blas_when_needed`), with Numba's own check, so every reader gets Numba's answer.

Off with one switch
-------------------
``FRONTIERZOO_STOCK_NUMBA=1`` installs none of them (:data:`STOCK`): rules are Numba's
``register_jitable``, kernels plain ``njit(cache=True)``. The cache key (``cache.py``) is not a
speed hook and stays on; it records which way a build was made, so neither loads for the other.
"""
from __future__ import annotations

import gc
import operator
import os
import re
import sys
import weakref
from contextlib import contextmanager
from functools import wraps

import numba
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
from numba.core.typing.typeof import Purpose, typeof

# Read once, at import: a process runs on one machinery, and the cache key records which.
STOCK = os.environ.get("FRONTIERZOO_STOCK_NUMBA") == "1"

_OURS = "_frontierzoo"     # the attribute that marks an LLVM module as one of this project's


def mark_ours(module):
    """Mark an LLVM IR module as lowering one of this project's functions; returns it."""
    setattr(module, _OURS, True)
    return module


def lowering_ours(builder) -> bool:
    """Whether ``builder`` writes into one of this project's modules (the hooks then apply)."""
    return getattr(builder.module, _OURS, False)


class _OurLibrary(JITCodeLibrary):
    """The code library of one of this project's functions: its modules are marked ours."""

    __slots__ = ()   # the layout of Numba's library, so that a library can become one

    def create_ir_module(self, name):
        return mark_ours(super().create_ir_module(name))


class _LinkedOnlyLibrary(_OurLibrary):
    """The compiled library of a rule: only ever linked into the compiled code that calls it.

    Numba finishes every function it compiles as if Python might call it: it optimises the
    function's module with everything it links in, then emits machine code. For a rule neither is
    used (Python calls the plain function, and each caller links a rule's code and optimises and
    emits the whole at its own level again), and the two took about a third of a game's cold
    compile, once for every level of rules calling rules. This library only links what it calls.
    """

    __slots__ = ()

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
    add (~13% of Frontier's random rollouts). Here, for an argument owner that the function
    increfs once, in its entry block, and uses for nothing but that, its decrefs and passing it on
    to calls (so it is never stored, returned or made part of a view), the incref and the decrefs
    go: on every path the count is as before. This reads Numba's IR as text, so a change in how
    Numba names arguments or calls the runtime makes it prune nothing (safe), and one that keeps
    the names but changes their meaning is what ``NUMBA.md`` asks to re-check on an upgrade."""
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
class _OurLowering(NativeLowering):
    """Numba's lowering, into an :class:`_OurLibrary` (so that the hooks know the code is ours)."""

    _name = "frontierzoo_lowering"
    library_class = _OurLibrary

    def run_pass(self, state):
        if state.library is None:
            state.library = state.targetctx.codegen().create_library(state.func_id.func_qualname)
            state.library.enable_object_caching()    # as Numba's lowering does: it may be cached
        state.library.__class__ = self.library_class
        return super().run_pass(state)


@register_pass(mutates_CFG=True, analysis_only=False)
class _LinkedOnlyLowering(_OurLowering):
    """Numba's lowering, into a :class:`_LinkedOnlyLibrary`."""

    _name = "frontierzoo_linked_only_lowering"
    library_class = _LinkedOnlyLibrary

    def run_pass(self, state):
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


def _nopython_pipeline(state, name, lowering):
    """Numba's nopython pipeline with ``lowering`` in place of its own."""
    pm = PassManager(name)
    for stage in (DefaultPassBuilder.define_untyped_pipeline(state),
                  DefaultPassBuilder.define_typed_pipeline(state),
                  DefaultPassBuilder.define_nopython_lowering_pipeline(state)):
        for pass_class, description in stage.passes:
            pm.add_pass(lowering if pass_class is NativeLowering else pass_class, description)
    pm.finalize()
    return pm


class _OurCompiler(CompilerBase):
    """Numba's nopython pipeline with :class:`_OurLowering` as its lowering."""

    def define_pipelines(self):
        return [_nopython_pipeline(self.state, "frontierzoo", _OurLowering)]


class _RuleCompiler(CompilerBase):
    """Numba's nopython pipeline with :class:`_LinkedOnlyLowering` as its lowering."""

    def define_pipelines(self):
        return [_nopython_pipeline(self.state, "frontierzoo_rule", _LinkedOnlyLowering)]


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


# A fifth: to add or drop a reference to a value (an array, at each variable's end) Numba walks
# the value's structure and takes out every member, its shape, strides and data pointer too,
# before finding that only the owner pointer counts: ten instructions where one is used, ~5,000
# of the 61,000 that Legends' rules lowered for a first step. The same walk, taking out only the
# members that hold an owner somewhere (the same owners, in the same order); in a module not ours,
# Numba's own walk.
NUMBA_GET_MEMINFOS = NRTContext.get_meminfos
_HOLDS_OWNER: dict = {}     # type -> whether its data model holds an NRT owner anywhere


def _get_meminfos(self, builder, ty, val):
    """``NRTContext.get_meminfos``: every ``(type, owner)`` inside ``val``, in Numba's order."""
    if not lowering_ours(builder):
        return NUMBA_GET_MEMINFOS(self, builder, ty, val)
    model = self._context.data_model_manager[ty]
    meminfos = [(ty, model.get_nrt_meminfo(builder, val))] if model.has_nrt_meminfo() else []
    for member_type, getter in model.traverse(builder):
        holds = _HOLDS_OWNER.get(member_type)
        if holds is None:
            holds = _HOLDS_OWNER[member_type] = self._context.data_model_manager[member_type].contains_nrt_meminfo()
        if holds:
            meminfos.extend(self.get_meminfos(builder, member_type, getter(val)))
    return meminfos


# Numba's methods the hooks above replace, while one of this project's functions compiles.
SWAPPED = ((TargetConfig, "values", NUMBA_FLAG_VALUES, _flag_values),
           (Record, "__repr__", NUMBA_RECORD_REPR, _record_repr),
           (BaseFunction, "get_call_type", NUMBA_CALL_TYPE, _call_type),
           (ir.Inst, "_rec_list_vars", NUMBA_REC_LIST_VARS, _rec_list_vars),
           (NRTContext, "get_meminfos", NUMBA_GET_MEMINFOS, _get_meminfos))


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


# Python's full garbage collections while Numba compiles. A compile makes hundreds of thousands of
# objects (typed IR, LLVM IR builders, types), and every few thousand of them that outlive the young
# generations trigger a full collection, which walks every object Numba has made so far: 9 of them,
# ~130 ms each, were ~1.1 s of Legends' cold start (1.4-1.7 s in all collections), against 0.36 s
# when only the young generations are collected while a compile runs (their cycles are still freed).
# So the full collection waits until the outermost compile ends; the thresholds then are the
# caller's again, and the next full collection comes when they say.
NO_FULL_COLLECTION = 2**30
_compiles_running = 0


@contextmanager
def hooks_in_place():
    """While one of this project's functions compiles (nested compiles inside it too): Numba's
    methods in :data:`SWAPPED` replaced by the hooks, and full collections held off (above). Under
    Numba's own re-entrant compiler lock, so no other thread compiles meanwhile; the outermost
    puts Numba's methods and the caller's thresholds back, also when the compile fails."""
    global _compiles_running
    with global_compiler_lock:
        if _compiles_running == 0:
            thresholds = gc.get_threshold()
            gc.set_threshold(thresholds[0], thresholds[1], NO_FULL_COLLECTION)
            for owner, name, _, ours in SWAPPED:
                setattr(owner, name, ours)
        _compiles_running += 1
        try:
            yield
        finally:
            _compiles_running -= 1
            if _compiles_running == 0:
                for owner, name, numbas, _ in SWAPPED:
                    setattr(owner, name, numbas)
                gc.set_threshold(*thresholds)


def compiling_ours(compile):
    """A dispatcher's ``compile``, run with the hooks in place (:func:`hooks_in_place`)."""

    @wraps(compile)
    def compile_(sig):
        with hooks_in_place():
            return compile(sig)

    return compile_


def dispatcher(fn, cache=False):
    """One of this project's compiled functions: Numba's ``njit`` through :class:`_OurCompiler`,
    compiled with the hooks in place."""
    disp = njit(cache=cache, pipeline_class=_OurCompiler)(fn)
    disp.compile = compiling_ours(disp.compile)
    return disp


def entry_point(disp, *args):
    """The machine code's own entry (the overload's ``entry_point``, the function Numba's
    dispatcher itself calls) for ``args``' types, compiled or loaded by one ordinary call of
    ``disp`` before: a call to it skips the dispatcher's typing of every argument, which it does
    again on each call (an AEC step's 11 arguments, ~1.5 us of a 12-13 us step in Forfort and
    Frontier, CPU time, measured). The entry unboxes its arguments by the types it was compiled
    for and checks nothing more, so only a caller whose arguments keep exactly these types (the
    AEC env's own buffers) may take it. With :data:`STOCK`, or for types not compiled, ``disp``
    itself."""
    if STOCK:
        return disp
    compiled = disp.overloads.get(tuple(typeof(a, Purpose.argument) for a in args))
    return disp if compiled is None else compiled.entry_point


def rule(fn):
    """``jit.rule`` on the hooks: Numba's ``register_jitable`` with a typing template that widens
    integers first (:func:`_widened`) and that keeps one compiled form for all callers whose
    inherited flags agree: Numba keys it by all of the caller's flags, so a rule called both from
    rules and from a driver (which differ only in their wrappers) compiled twice (4-9 rules a
    game, ~0.3 s of a cold start). Compiled through :class:`_RuleCompiler`."""
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


def register_record(dtype):
    """Lower ``dtype``'s nested-array fields the cheap way (``indexing.compact_nested_fields``),
    in this project's functions; nothing with :data:`STOCK`."""
    if not STOCK:
        from .indexing import compact_nested_fields

        compact_nested_fields(dtype)


def install():
    """Register the lowerings (``indexing.py``, ``ranges.py``) and the BLAS question; with
    :data:`STOCK`, nothing. ``jit.py`` calls it once, at its import."""
    if STOCK:
        return
    from . import indexing, ranges

    indexing.install()
    ranges.install()
    _ask_for_blas_when_needed()
