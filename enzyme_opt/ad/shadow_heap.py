"""Heap shadows of reverse mode, which remember their size.

Reverse mode keeps the shadow of every block the function allocates until
the allocation's reverse frees it.  `realloc` needs the old block's size to
know how many adjoints flow back into it, and libc does not say, so each
shadow block carries a 16-byte header with its size in front of it, and
the address malloc returned (an over-aligned block starts further in):

    [ padding ][ size : i64 | malloc's address ][ shadow bytes ... ]
                                               ^ the shadow pointer

A null pointer's shadow reads as size 0 (and frees nothing).
"""
from __future__ import annotations

from ..ir import Builder, Function
from ..ir.types import I8, I64, VOID, FunctionType
from . import tape as T

HEADER = 16


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
    size = b.store(nbytes, b.pointer_cast(size_at, module.pointer_to(I64)), 8)
    size.metadata.append(("tbaa", T.tbaa_tag(module, "long")))
    raw_at = b.gep(I8, block, [b.i64(8 - HEADER)], p)
    address = b.store(b.pointer_cast(raw, p), b.pointer_cast(raw_at, module.pointer_to(p)), 8)
    address.metadata.append(("tbaa", T.tbaa_tag(module, "any pointer")))
    ctx.memset_zero(b, block, nbytes)
    return block


def size_of(b: Builder, block):
    """The size of a shadow block (0 for null)."""
    p = T.byte_ptr(b.module)
    return b.call(_size_helper(b.module), [b.pointer_cast(block, p)], "shadow.size")


def kept_by_realloc(b: Builder, old_block, nbytes):
    """How many bytes of `old_block` a realloc to `nbytes` (i64) keeps."""
    old_size = size_of(b, old_block)
    return b.select(b.icmp("ult", old_size, nbytes), old_size, nbytes, "kept")


def release(b: Builder, block, aligned: bool = True) -> None:
    """Free a shadow block made by `allocate` (nothing for null).

    `aligned=False`: `allocate` made it without `align` (so it is never
    null), and malloc's address is HEADER bytes before it.  It is freed from
    there rather than from the address read back from the header: then LLVM
    sees which block the free ends and drops the stores to it that nothing
    reads before the free (the reverse's zeroing of a work array's shadow
    just before it is released)."""
    p = T.byte_ptr(b.module)
    if aligned:
        b.call(_release_helper(b.module), [b.pointer_cast(block, p)])
        return
    raw = b.gep(I8, b.pointer_cast(block, p), [b.i64(-HEADER)], p)
    b.call(T.libc(b.module, "free"), [raw])


# Null is tested with a branch, in helpers of their own, not by reading a
# static empty header instead: these helpers are differentiated again when
# a derivative is (higher order), and a pointer that is either a shadow
# block or a constant global has no consistent shadow of its own.
SIZE = "enzyme_opt.shadow.size"
RELEASE = "enzyme_opt.shadow.release"


def _size_helper(module):
    fn = module.get(SIZE)
    if fn is not None:
        return fn
    fn = _null_checked_helper(module, SIZE, I64)
    b = Builder(fn.blocks[1])
    header = b.pointer_cast(b.gep(I8, fn.args[0], [b.i64(-HEADER)], T.byte_ptr(module)),
                            module.pointer_to(I64))
    size = b.load(I64, header, "size", 8)
    size.metadata.append(("tbaa", T.tbaa_tag(module, "long")))
    b.ret(size)
    Builder(fn.blocks[2]).ret(b.i64(0))
    return fn


def _release_helper(module):
    fn = module.get(RELEASE)
    if fn is not None:
        return fn
    fn = _null_checked_helper(module, RELEASE, VOID)
    b = Builder(fn.blocks[1])
    p = T.byte_ptr(module)
    raw_at = b.pointer_cast(b.gep(I8, fn.args[0], [b.i64(8 - HEADER)], p), module.pointer_to(p))
    raw = b.load(p, raw_at, "raw", 8)
    raw.metadata.append(("tbaa", T.tbaa_tag(module, "any pointer")))
    b.call(T.libc(module, "free"), [raw])
    b.ret()
    Builder(fn.blocks[2]).ret()
    return fn


def _null_checked_helper(module, name, ret):
    """`name(ptr block)`: blocks entry, block (not null), null."""
    p = T.byte_ptr(module)
    ftype = FunctionType(ret, (p,))
    fn = module.add_function(Function(name, ftype, module.pointer_to(ftype), ["block"],
                                      linkage="internal", attrs=T.INLINED_HELPER_ATTRIBUTES),
                             unique=False)
    entry, present, null = fn.add_block("entry"), fn.add_block("block"), fn.add_block("null")
    b = Builder(entry)
    b.cond_br(b.icmp("eq", fn.args[0], b.zero(p)), null, present)
    return fn
