"""Named spans of a flat vector: the action ranges and the observation blocks of a game.

A game declares its action space and its observation vector once, in ``state.py``, as a
:class:`Layout` of named :class:`Span` s laid end to end::

    ACTIONS = Layout("action")
    BUILD = ACTIONS.span("build", WALLS, SPACES, doc="build hand wall w on space s")
    PASS = ACTIONS.span("pass", doc="keep the drawbridge up")
    NUM_ACTIONS = ACTIONS.size

The same span object then serves every place that needs the encoding, in Python and in compiled
code alike, so an action id is built and read in exactly one way:

===================  =============================================================
``BUILD.at(w, s)``   the id of one action (as many indices as the span has axes;
                     none for a span of one)
``BUILD.split(a)``   the indices back: an int for a 1-axis span, a tuple otherwise
``BUILD.has(a)``     whether ``a`` lies in the span
``BUILD.start``      the first id; ``BUILD.stop`` one past the last; ``BUILD.size``
``ACTIONS.span_of``  (Python only) the span an id falls in, for words and agents
===================  =============================================================

In a jitted function a span is a compile-time constant: Numba sees a type that carries the
start and the shape, so ``BUILD.at(w, s)`` compiles to ``start + w * 8 + s`` and costs nothing
over the hand-written arithmetic (see :class:`SpanType`).

An observation is declared the same way, one span per block of features; ``Layout.table()``
writes the documentation table that the game's module docstring shows, so the document and the
vector come from one declaration. A nested layout (``Layout("space")`` of the features of one
fort space) names the offsets inside a repeated block.
"""
from __future__ import annotations

from numba import types
from numba.core.imputils import lower_builtin, lower_constant, lower_getattr_generic
from numba.core.typing.templates import AttributeTemplate, bound_function, infer_getattr, signature
from numba.extending import models, register_model, typeof_impl

MAX_AXES = 3


class Span:
    """A named run of ``size`` consecutive entries of a flat vector, indexed by ``shape``."""

    def __init__(self, name: str, start: int, shape: tuple, doc: str = ""):
        if not 0 <= len(shape) <= MAX_AXES or any(int(d) < 1 for d in shape):
            raise ValueError(f"span {name!r}: shape must be 0 to {MAX_AXES} positive sizes, got {shape}")
        self.name = name
        self.start = int(start)
        self.shape = tuple(int(d) for d in shape)
        self.doc = doc
        size = 1
        for d in self.shape:
            size *= d
        self.size = size
        self.stop = self.start + size
        # strides[k] multiplies index k; the last axis is contiguous
        strides = []
        step = 1
        for d in reversed(self.shape):
            strides.append(step)
            step *= d
        self.strides = tuple(reversed(strides))

    def at(self, *index) -> int:
        """The id of the entry at ``index`` (one index per axis; none for a one-entry span)."""
        if len(index) != len(self.shape) and not (self.shape == (1,) and not index):
            raise ValueError(f"{self.name}: expected {len(self.shape)} indices {self.shape}, got {index}")
        a = self.start
        for i, d, st in zip(index, self.shape, self.strides):
            if not 0 <= int(i) < d:
                raise ValueError(f"{self.name}: index {index} out of range for shape {self.shape}")
            a += int(i) * st
        return a

    def has(self, a) -> bool:
        return self.start <= int(a) < self.stop

    def split(self, a):
        """The indices of id ``a`` (an int for a one-axis span, else a tuple)."""
        if not self.has(a):
            raise ValueError(f"{a} is not in span {self.name} [{self.start}, {self.stop})")
        r = int(a) - self.start
        out = []
        for st in self.strides:
            q, r = divmod(r, st)
            out.append(q)
        return out[0] if len(out) == 1 else tuple(out)

    def __repr__(self):
        return f"Span({self.name!r}, [{self.start}, {self.stop}), shape={self.shape})"


class Layout:
    """Spans laid end to end from 0; ``size`` is where the last one stops."""

    def __init__(self, what: str):
        self.what = what
        self.spans: list[Span] = []
        self.size = 0

    def span(self, name: str, *shape: int, doc: str = "") -> Span:
        """Add the next span: ``shape`` its axes (none: a single entry)."""
        if any(s.name == name for s in self.spans):
            raise ValueError(f"{self.what} layout: a span named {name!r} already exists")
        s = Span(name, self.size, shape or (1,), doc)
        self.spans.append(s)
        self.size = s.stop
        return s

    def span_of(self, a) -> Span:
        """The span that entry ``a`` lies in; ``ValueError`` outside the layout."""
        for s in self.spans:
            if s.has(a):
                return s
        raise ValueError(f"{a} is outside the {self.what} layout [0, {self.size})")

    def __getitem__(self, name) -> Span:
        for s in self.spans:
            if s.name == name:
                return s
        raise KeyError(name)

    def __iter__(self):
        return iter(self.spans)

    def table(self) -> str:
        """A reStructuredText table of the spans (ids, shape, meaning) for docstrings."""
        rows = [(f"{s.start}" if s.size == 1 else f"{s.start}-{s.stop - 1}",
                 s.name, "x".join(map(str, s.shape)), s.doc) for s in self.spans]
        head = ("entries", self.what, "shape", "meaning")
        w = [max(len(r[k]) for r in rows + [head]) for k in range(4)]
        rule = "  ".join("=" * x for x in w)
        fmt = lambda r: "  ".join(c.ljust(x) for c, x in zip(r, w)).rstrip()  # noqa: E731
        return "\n".join([rule, fmt(head), rule] + [fmt(r) for r in rows] + [rule])


# --------------------------------------------------------------------------- compiled spans
# Spans are typed and lowered directly (a typing template and LLVM constants) rather than through
# @overload: an overload compiles a small function for every span and method a kernel uses, which
# cost Forfort ~1.8 s of cold compile; this costs nothing beyond the arithmetic itself.


class SpanType(types.Type):
    """Numba's type of a :class:`Span`: it carries start, shape and strides, so a span used in
    a compiled function is a constant and its methods compile to plain integer arithmetic (the
    indices of a valid id are non-negative, so truncating division is floor division here)."""

    def __init__(self, name, start, shape, strides):
        self.start = start
        self.shape = shape
        self.strides = strides
        self.stop = start + strides[0] * shape[0]
        super().__init__(name=f"Span({name}, {start}, {shape})")


@typeof_impl.register(Span)
def _typeof_span(val, c):
    return SpanType(val.name, val.start, val.shape, val.strides)


register_model(SpanType)(models.OpaqueModel)


@lower_constant(SpanType)
def _lower_span(context, builder, ty, pyval):
    return context.get_dummy_value()


@infer_getattr
class _SpanAttributes(AttributeTemplate):
    key = SpanType

    def generic_resolve(self, ty, attr):
        if attr in ("start", "stop", "size"):
            return types.intp

    @bound_function("span.at")
    def resolve_at(self, ty, args, kws):
        if not kws and (len(args) == len(ty.shape) or (ty.shape == (1,) and not args)):
            if all(isinstance(a, types.Integer) for a in args):
                return signature(types.intp, *args)

    @bound_function("span.has")
    def resolve_has(self, ty, args, kws):
        if not kws and len(args) == 1 and isinstance(args[0], types.Integer):
            return signature(types.boolean, *args)

    @bound_function("span.split")
    def resolve_split(self, ty, args, kws):
        if not kws and len(args) == 1 and isinstance(args[0], types.Integer):
            ret = types.intp if len(ty.shape) == 1 else types.UniTuple(types.intp, len(ty.shape))
            return signature(ret, *args)


@lower_getattr_generic(SpanType)
def _span_getattr(context, builder, ty, val, attr):
    value = {"start": ty.start, "stop": ty.stop, "size": ty.stop - ty.start}[attr]
    return context.get_constant(types.intp, value)


def _intp(context, builder, sig, args):
    return [context.cast(builder, v, t, types.intp) for v, t in zip(args[1:], sig.args[1:])]


@lower_builtin("span.at", SpanType, types.VarArg(types.Any))
def _span_at(context, builder, sig, args):
    ty = sig.args[0]
    a = context.get_constant(types.intp, ty.start)
    for i, st in zip(_intp(context, builder, sig, args), ty.strides):
        a = builder.add(a, builder.mul(i, context.get_constant(types.intp, st)))
    return a


@lower_builtin("span.has", SpanType, types.Integer)
def _span_has(context, builder, sig, args):
    ty = sig.args[0]
    (a,) = _intp(context, builder, sig, args)
    lo = builder.icmp_signed("<=", context.get_constant(types.intp, ty.start), a)
    hi = builder.icmp_signed("<", a, context.get_constant(types.intp, ty.stop))
    return builder.and_(lo, hi)


@lower_builtin("span.split", SpanType, types.Integer)
def _span_split(context, builder, sig, args):
    ty = sig.args[0]
    (a,) = _intp(context, builder, sig, args)
    r = builder.sub(a, context.get_constant(types.intp, ty.start))
    out = []
    for st in ty.strides:
        c = context.get_constant(types.intp, st)
        out.append(builder.sdiv(r, c))
        r = builder.srem(r, c)
    if len(out) == 1:
        return out[0]
    return context.make_tuple(builder, sig.return_type, out)
