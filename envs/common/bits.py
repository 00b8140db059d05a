"""Machine instructions compiled code reaches through LLVM: eight bool mask entries read as one
64-bit word, 32 of them compared at once into the bits of one (a vector compare), and the count and
position of a word's set bits (x86 ``popcnt`` and ``tzcnt``; portable LLVM intrinsics elsewhere).
They let ``engine.kth_legal`` step through a mask a block and a word at a time.

``lowest_bit`` is the one of them rules use: rules also run as plain Python (tests build positions
and settle them), so it has a Python body and compiles to the instruction."""
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload

WORD_ENTRIES = 8   # bool entries in one 64-bit word
BLOCK_ENTRIES = 32   # bool entries in one vector block (mask_block)


def _mask_entries(mask, a):
    """Whether ``mask``, ``a`` are a contiguous 1-d bool array and an integer: what the loads below
    read from."""
    return (isinstance(mask, types.Array) and mask.dtype == types.boolean and mask.ndim == 1
            and mask.layout == "C" and isinstance(a, types.Integer))


def _entry_pointer(context, builder, sig, args, entry_type):
    """A pointer to entry ``a`` of the mask, as a pointer to ``entry_type`` (unaligned)."""
    array = context.make_array(sig.args[0])(context, builder, args[0])
    at = builder.gep(array.data, [context.cast(builder, args[1], sig.args[1], types.intp)])
    return builder.bitcast(at, entry_type.as_pointer())


@intrinsic
def mask_word(typingctx, mask, a):
    """Entries ``a .. a + 7`` of a contiguous bool array as one uint64, entry ``a`` the lowest
    byte (an unaligned load; the caller keeps ``a + 8 <= mask.shape[0]``)."""
    if not _mask_entries(mask, a):
        return None

    def codegen(context, builder, sig, args):
        return builder.load(_entry_pointer(context, builder, sig, args, ir.IntType(64)), align=1)

    return types.uint64(mask, a), codegen


@intrinsic
def mask_block(typingctx, mask, a):
    """Entries ``a .. a + 31`` of a contiguous bool array as the low 32 bits of a uint64 (bit i:
    entry ``a + i`` is set): one unaligned vector load and compare (x86 ``vpcmpeqb``,
    ``vpmovmskb``); the caller keeps ``a + 32 <= mask.shape[0]``."""
    if not _mask_entries(mask, a):
        return None

    def codegen(context, builder, sig, args):
        block = ir.VectorType(ir.IntType(8), BLOCK_ENTRIES)
        entries = builder.load(_entry_pointer(context, builder, sig, args, block), align=1)
        legal = builder.icmp_unsigned("!=", entries, ir.Constant(block, None))
        return builder.zext(builder.bitcast(legal, ir.IntType(BLOCK_ENTRIES)), ir.IntType(64))

    return types.uint64(mask, a), codegen


@intrinsic
def set_bits(typingctx, x):
    """How many bits of a uint64 are set."""
    if x != types.uint64:
        return None

    def codegen(context, builder, sig, args):
        return builder.zext(builder.ctpop(args[0]), ir.IntType(64))

    return types.int64(x), codegen


@intrinsic
def lowest_set_bit(typingctx, x):
    """The position of the lowest set bit of a non-zero uint64."""
    if x != types.uint64:
        return None

    def codegen(context, builder, sig, args):
        return builder.zext(builder.cttz(args[0], ir.Constant(ir.IntType(1), 1)), ir.IntType(64))

    return types.int64(x), codegen


def lowest_bit(bits):
    """The position of the lowest set bit of a positive int: the first member of a bit set."""
    bits = int(bits)   # a NumPy integer has no bit_length
    return (bits & -bits).bit_length() - 1


@overload(lowest_bit)
def _lowest_bit_compiled(bits):
    if isinstance(bits, types.Integer):
        return lambda bits: lowest_set_bit(np.uint64(bits))
    return None
