"""Heap shadows of reverse mode, which remember their size.

Reverse mode keeps the shadow of every block the function allocates until
the allocation's reverse frees it.  `realloc` needs the old block's size to
know how many adjoints flow back into it, and libc does not say, so each
shadow block carries a 16-byte header with its size in front of it, and
the address malloc returned (an over-aligned block starts further in):

    [ padding ][ size : i64 | malloc's address ][ shadow bytes ... ]
                                               ^ the shadow pointer

A null pointer's shadow reads as size 0 (and frees nothing) through a
static empty header.
"""
from __future__ import annotations

from ..ir import Builder
from ..ir.constants import ConstantZero
from ..ir.module import GlobalVariable
from ..ir.types import I8, I64, ArrayType
from . import tape as T

HEADER = 16
EMPTY = "enzyme_opt.empty_shadow"


def allocate(ctx, b: Builder, nbytes, name=None, align=None):
    """A zeroed shadow block of `nbytes` (i64) bytes, with its size in front;
    aligned to `align` (i64, a power of two) if given, else as malloc aligns."""
    module = b.module
    p = T.byte_ptr(module)
    extra = b.i64(HEADER) if align is None else b.add(align, b.i64(HEADER))
    raw = b.call(T.libc(module, "malloc"), [b.add(nbytes, extra)], name)
    if align is None:
        block = b.gep(I8, raw, [b.i64(HEADER)], p)
    else:
        # the first multiple of `align` at least HEADER bytes into the block
        at = b.cast("ptrtoint", raw, I64)
        start = b.binop("and", b.add(at, b.add(align, b.i64(HEADER - 1))),
                        b.sub(b.i64(0), align))
        block = b.gep(I8, raw, [b.sub(start, at)], p)
    size_at = b.gep(I8, block, [b.i64(-HEADER)], p)
    b.store(nbytes, b.pointer_cast(size_at, module.pointer_to(I64)), 8)
    raw_at = b.gep(I8, block, [b.i64(8 - HEADER)], p)
    b.store(b.pointer_cast(raw, p), b.pointer_cast(raw_at, module.pointer_to(p)), 8)
    ctx.memset_zero(b, block, nbytes)
    return block


def size_of(b: Builder, block):
    """The size of a shadow block (0 for null)."""
    module = b.module
    p = T.byte_ptr(module)
    block = _header_of_null(b, b.pointer_cast(block, p))
    header = b.gep(I8, block, [b.i64(-HEADER)], p)
    return b.load(I64, b.pointer_cast(header, module.pointer_to(I64)), "shadow.size", 8)


def kept_by_realloc(b: Builder, old_block, nbytes):
    """How many bytes of `old_block` a realloc to `nbytes` (i64) keeps."""
    old_size = size_of(b, old_block)
    return b.select(b.icmp("ult", old_size, nbytes), old_size, nbytes, "kept")


def release(b: Builder, block) -> None:
    """Free a shadow block made by `allocate` (nothing for null)."""
    module = b.module
    p = T.byte_ptr(module)
    block = _header_of_null(b, b.pointer_cast(block, p))
    raw_at = b.gep(I8, block, [b.i64(8 - HEADER)], p)
    b.call(T.libc(module, "free"), [b.load(p, b.pointer_cast(raw_at, module.pointer_to(p)),
                                           align=8)])


def _header_of_null(b: Builder, block):
    """`block`, or for null the static empty header's block."""
    p = T.byte_ptr(b.module)
    empty = b.gep(I8, b.pointer_cast(_empty_header(b.module), p), [b.i64(HEADER)], p)
    return b.select(b.icmp("eq", block, b.zero(p)), empty, block)


def _empty_header(module):
    existing = module.get(EMPTY)
    if existing is not None:
        return existing
    t = ArrayType(HEADER, I8)
    gv = GlobalVariable(module.pointer_to(t), EMPTY, t, ConstantZero(t), is_constant=True,
                        linkage="internal", attrs=", align 16")
    return module.add_global(gv, unique=False)
