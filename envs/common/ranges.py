"""``for i in range(...)`` in compiled code, lowered in fewer instructions.

Numba builds a range object and then its iterator each in a stack slot, field by field, reads
them back field by field, and counts the iterations in an if/else: ~60 LLVM instructions before a
loop's body (Forfort's ``observe_hand``), for each of the 127 loops Legends' first step lowers,
which LLVM then folds away again. Here the same values are built as structures directly, and the
count is chosen without a branch; the same fields, the same count (and, for a zero step, the same
``ValueError``), the same iteration. ``len(range)`` and the rest stay Numba's.

Numba registers these for the exact range types, so a more specific registration cannot win over
them; one with the same types, registered later, does (Numba keeps the last implementation of a
signature). :func:`install` registers, for each of Numba's, one that lowers this project's
functions (``hooks.lowering_ours``) as above and any other function, a user's own, by Numba's own
implementation. ``tests/test_engine.py`` compares the two.
"""
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.imputils import RefType, builtin_registry, impl_ret_untracked, iternext_impl, lower_builtin

from .hooks import lowering_ours
from .indexing import member


def _structure(context, builder, fe_type, **fields):
    """A value of ``fe_type``'s data model with the named fields set."""
    model = context.data_model_manager[fe_type]
    value = ir.Constant(context.get_value_type(fe_type), ir.Undefined)
    for name, field in fields.items():
        value = builder.insert_value(value, field, model.get_field_position(name))
    return value


def range_object(context, builder, sig, args):
    """``range(stop)``, ``range(start, stop)``, ``range(start, stop, step)``."""
    int_type = sig.return_type.dtype
    start, stop, step = ((context.get_constant(int_type, 0), args[0], context.get_constant(int_type, 1))
                         if len(args) == 1 else
                         (args[0], args[1], context.get_constant(int_type, 1)) if len(args) == 2 else args)
    value = _structure(context, builder, sig.return_type, start=start, stop=stop, step=step)
    return impl_ret_untracked(context, builder, sig.return_type, value)


def range_iterator(context, builder, sig, args):
    """``iter(range)``: the next value and the iterations left, each in a stack slot, as Numba's
    iterator holds them; the count as Numba computes it (a zero step raises its ``ValueError``)."""
    state_type, iter_type = sig.args[0], sig.return_type
    int_type = state_type.dtype
    (state,) = args
    start, stop, step = (member(context, builder, state_type, state, n) for n in ("start", "stop", "step"))
    zero, one = context.get_constant(int_type, 0), context.get_constant(int_type, 1)
    with cgutils.if_unlikely(builder, builder.icmp_unsigned('==', step, zero)):
        context.call_conv.return_user_exc(builder, ValueError, ("range() arg 3 must not be zero",))
    diff = builder.sub(stop, start)
    pos_diff = builder.icmp_signed('>', diff, zero)
    sign_differs = builder.xor(pos_diff, builder.icmp_signed('>', step, zero))
    rem = builder.srem(diff, step)
    uneven = builder.icmp_signed('>', builder.select(pos_diff, rem, builder.neg(rem)), zero)
    count = builder.add(builder.sdiv(diff, step), builder.select(uneven, one, zero))
    nextptr = cgutils.alloca_once_value(builder, start)
    countptr = cgutils.alloca_once_value(builder, builder.select(sign_differs, zero, count))
    value = _structure(context, builder, iter_type, iter=nextptr, stop=stop, step=step, count=countptr)
    return impl_ret_untracked(context, builder, iter_type, value)


@iternext_impl(RefType.BORROWED)
def range_next(context, builder, sig, args, result):
    """``next(range iterator)``: as Numba steps it."""
    (iter_type,), (value,) = sig.args, args
    nextptr, step, countptr = (member(context, builder, iter_type, value, n) for n in ("iter", "step", "count"))
    count = builder.load(countptr)
    is_valid = builder.icmp_signed('>', count, context.get_constant(iter_type.yield_type, 0))
    result.set_valid(is_valid)
    with builder.if_then(is_valid):
        current = builder.load(nextptr)
        result.yield_(current)
        builder.store(builder.sub(count, context.get_constant(iter_type.yield_type, 1), flags=["nsw"]), countptr)
        builder.store(builder.add(current, step), nextptr)


def _ours(func, sig):
    """The implementation here for one of Numba's range registrations, or ``None``."""
    if func is range and all(isinstance(t, types.Integer) for t in sig) and 1 <= len(sig) <= 3:
        return range_object
    if func == "getiter" and len(sig) == 1 and isinstance(sig[0], types.RangeType):
        return range_iterator
    if func == "iternext" and len(sig) == 1 and isinstance(sig[0], types.RangeIteratorType):
        return range_next
    return None


def _ours_else_numbas(ours, numbas):
    """A lowering that is ``ours`` in this project's functions and ``numbas`` in any other."""
    def lower(context, builder, sig, args):
        return (ours if lowering_ours(builder) else numbas)(context, builder, sig, args)

    lower.__name__ = ours.__name__        # Numba's wrapper keeps it: what a test can ask for
    return lower


def install():
    """Register, after each of Numba's range registrations, one of the same types that lowers as
    above in this project's functions."""
    import numba.cpython.rangeobj  # noqa: F401  (Numba's registrations, to be shadowed)

    shadowed = [(impl, func, sig) for impl, func, sig in builtin_registry.functions if _ours(func, sig)]
    for impl, func, sig in shadowed:
        lower_builtin(func, *sig)(_ours_else_numbas(_ours(func, sig), impl))
