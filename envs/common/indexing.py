"""Array elements in compiled code, lowered in a few instructions: the compile-time side of every
``s['field'][i, j]`` and ``out[k] = x`` of every rule.

Numba lowers ``a[i, j]`` on any array the same general way: it copies the array's structure into
a stack slot, reads its shape and strides back field by field, then computes the element's
address. About 45 LLVM instructions for one element, which LLVM then folds back into an address
computation and one load. A record's field is a ``NestedArray``, whose shape is part of its
type, and a game reads and writes its record almost only so, element by element: most of the
79,000 instructions Legends' rules lowered for a first step were such reads and writes, and
building them and optimising them away again was a good part of the cold start.

Reading the field itself (``s['fort']``) built the array's structure in a stack slot too, field
by field (~27 instructions); it is now a constant structure with the data pointer put in (3).

Here an element of a C-contiguous array, indexed by as many integers as it has dimensions, is
addressed directly: the data pointer plus each index (made non-negative as Numba makes it: a
negative signed index counts from the end of its dimension) times the elements after it (a
constant for a nested array), then Numba's own load or store of the element. Anything else (a
slice, an array of indices, fewer indices than dimensions, a strided array, bounds checking
switched on) goes to Numba's own lowering, unchanged. ``tests/test_engine.py`` compares the two.
Registered with Numba (:func:`install`, by ``hooks.install``), it acts only in this project's own
functions (``hooks.lowering_ours``): any other function, a user's own, is lowered by Numba's own
implementation, called as Numba would call it.
"""
import operator

from llvmlite import ir
from numba.core import cgutils, types
from numba.core.imputils import impl_ret_borrowed, lower_builtin, lower_getattr
from numba.np import arrayobj

from .hooks import lowering_ours

NUMBA_GETITEM_INTEGER = arrayobj.getitem_arraynd_intp
NUMBA_GETITEM_TUPLE = arrayobj.getitem_array_tuple
NUMBA_SETITEM = arrayobj.setitem_array


def _integer_indices(context, builder, aryty, idxty, idx):
    """The index types and values of ``a[idx]`` if they are integers, one per dimension of a
    C-contiguous array, bounds checking is off and the function is this project's (the element is
    then addressed here); else ``None`` (Numba's own lowering)."""
    index_types = tuple(idxty.types) if isinstance(idxty, types.BaseTuple) else (idxty,)
    if (not lowering_ours(builder) or aryty.layout != "C" or len(index_types) != aryty.ndim
            or context.enable_boundscheck or not all(isinstance(t, types.Integer) for t in index_types)):
        return None
    if isinstance(idxty, types.BaseTuple):
        return index_types, cgutils.unpack_tuple(builder, idx, count=len(index_types))
    return index_types, (idx,)


def member(context, builder, fe_type, value, name):
    """The named member of a value of ``fe_type``'s data model (an array's ``data``, a range's
    ``step``), taken out of the value itself rather than through a stack slot."""
    return builder.extract_value(value, context.data_model_manager[fe_type].get_field_position(name))


def element_pointer(context, builder, aryty, ary, index_types, indices):
    """The address of ``ary[indices]``: as Numba computes it for a C-contiguous array (each
    index made non-negative, times the product of the later dimensions), with a nested array's
    shape taken from its type."""
    data = member(context, builder, aryty, ary, "data")
    if isinstance(aryty, types.NestedArray):
        shape = [context.get_constant(types.intp, d) for d in aryty.shape]
    else:
        shape = cgutils.unpack_tuple(builder, member(context, builder, aryty, ary, "shape"), aryty.ndim)
    offset = None
    for k, (idxty, idx) in enumerate(zip(index_types, indices)):
        index = arrayobj.fix_integer_index(context, builder, idxty, idx, shape[k])
        for later in shape[k + 1:]:
            index = builder.mul(index, later)
        offset = index if offset is None else builder.add(offset, index)
    return builder.gep(data, [offset])


def getitem_element(context, builder, sig, args):
    """``a[i, j, ...]``: one element, addressed directly; anything else as Numba lowers it."""
    aryty, idxty = sig.args
    found = _integer_indices(context, builder, aryty, idxty, args[1])
    if found is None:
        numba_own = NUMBA_GETITEM_TUPLE if isinstance(idxty, types.BaseTuple) else NUMBA_GETITEM_INTEGER
        return numba_own(context, builder, sig, args)
    ptr = element_pointer(context, builder, aryty, args[0], *found)
    return impl_ret_borrowed(context, builder, sig.return_type, arrayobj.load_item(context, builder, aryty, ptr))


def setitem_element(context, builder, sig, args):
    """``a[i, j, ...] = x`` of one element, addressed directly; anything else as Numba lowers it."""
    aryty, idxty, valty = sig.args
    found = None if isinstance(valty, types.Array) else _integer_indices(context, builder, aryty, idxty, args[1])
    if found is None:
        return NUMBA_SETITEM(context, builder, sig, args)
    ptr = element_pointer(context, builder, aryty, args[0], *found)
    arrayobj.store_item(context, builder, aryty, context.cast(builder, args[2], valty, aryty.dtype), ptr)


def nested_field(context, builder, typ, value, attr):
    """``record[attr]`` (``record.attr``): a nested array's structure as a constant (no owner, the
    shape and strides of its type) with the field's address put in; any other field, and any
    field outside this project's functions, as Numba reads it."""
    elemty = typ.typeof(attr)
    if not (isinstance(elemty, types.NestedArray) and lowering_ours(builder)):
        return arrayobj.record_getattr(context, builder, typ, value, attr)
    context.sentry_record_alignment(typ, attr)
    model = context.data_model_manager[elemty]
    data = cgutils.get_record_member(builder, value, typ.offset(attr), context.get_data_type(elemty.dtype))
    structure_type = context.get_value_type(elemty)
    value_of = {"meminfo": None, "parent": None, "nitems": elemty.nitems, "itemsize": elemty.size,
                "data": None, "shape": list(elemty.shape), "strides": list(elemty.strides)}
    fields = [None] * len(structure_type.elements)
    for name, v in value_of.items():
        at = model.get_field_position(name)
        fields[at] = ir.Constant(structure_type.elements[at], v)
    structure = ir.Constant(structure_type, fields)
    res = builder.insert_value(structure, data, model.get_field_position("data"))
    return impl_ret_borrowed(context, builder, typ, res)


_NESTED_FIELDS: set = set()


def compact_nested_fields(dtype):
    """Read ``dtype``'s nested-array fields by :func:`nested_field` (a field name is registered
    once, for every record type, a user's too, whose functions then get Numba's generic getattr
    through it: Numba looks a getattr up by name before its generic one)."""
    for name, (field_type, _) in dtype.fields.items():
        if field_type.subdtype is not None and name not in _NESTED_FIELDS:
            _NESTED_FIELDS.add(name)
            lower_getattr(types.Record, name)(_read_field(name))


def _read_field(attr):
    """The getattr implementation of one field name (Numba's takes no name for those)."""
    def read(context, builder, typ, value):
        return nested_field(context, builder, typ, value, attr)
    return read


def install():
    """Register the element lowerings with Numba, more specific than its own (``Array`` where
    Numba registers ``Buffer``), so that Numba picks them over its own whether or not it has
    compiled anything yet (a registration made later is loaded at its next compile)."""
    lower_builtin(operator.getitem, types.Array, types.Integer)(getitem_element)
    lower_builtin(operator.getitem, types.Array, types.BaseTuple)(getitem_element)
    lower_builtin(operator.setitem, types.Array, types.Any, types.Any)(setitem_element)
