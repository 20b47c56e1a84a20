"""The tape: a growable byte stack shared by a derivative and its callees.

The forward pass pushes what the reverse pass will need (values that loops
overwrite, which predecessor a block was entered from); the reverse pass pops
in the opposite order.  One stack serves nested and recursive calls because
the reverse pass of a callee runs, and pops, before its caller's reverse
block pops its own entries.  It grows geometrically, so a loop costs no heap
allocation per iteration.  When the outermost derivative returns, its memory
is kept (one buffer per thread) for the thread's next derivative call.

Layout: `{ i8* base, i64 size, i64 capacity }`.  The helpers are internal
functions emitted once per module: push and pop are inlined, growing the
tape is an out-of-line call.
"""
from __future__ import annotations

from ..ir import Builder, Function
from ..ir.constants import ConstantNull, ConstantZero
from ..ir.module import GlobalVariable
from ..ir.types import I8, I32, I64, FunctionType, StructType, VOID

HEADER_BYTES = 24          # what `__enzyme_augmentsize` reports
TAPE = "enzyme_opt.tape"
PUSH = TAPE + ".push"
POP = TAPE + ".pop"
GROW = TAPE + ".grow"
FIRST_CAPACITY = 1 << 12


def byte_ptr(module):
    return module.pointer_to(I8)


def tape_type(module) -> StructType:
    return StructType((byte_ptr(module), I64, I64))


def tape_ptr_type(module):
    return module.pointer_to(tape_type(module))


def _field(b: Builder, tape, index: int, name: str):
    t = tape_type(b.module)
    return b.gep(t, tape, [b.i32(0), b.i32(index)], b.module.pointer_to(t.elements[index]),
                 name)


def libc(module, name: str):
    """Declarations of the C allocation functions the tape and shadows use."""
    p = byte_ptr(module)
    types = {"malloc": FunctionType(p, (I64,)), "realloc": FunctionType(p, (p, I64)),
             "free": FunctionType(VOID, (p,)), "calloc": FunctionType(p, (I64, I64))}
    return module.declare_function(name, types[name])


def runtime(module):
    """(push, pop) helper functions, created on first use."""
    push = module.get(PUSH)
    if push is None:
        push = _make_push(module)
        _make_pop(module)
    return push, module.get(POP)


def _helper(module, name: str, ret, params, linkage: str, attrs: str) -> Function:
    """A runtime function `name`; `params` are (name, type) pairs."""
    ftype = FunctionType(ret, tuple(t for _, t in params))
    return module.add_function(Function(name, ftype, module.pointer_to(ftype),
                                        [n for n, _ in params], linkage=linkage, attrs=attrs),
                               unique=False)


def _tape_helper(module, name: str, ret, params, attrs: str) -> Function:
    """An internal runtime function `name(tape, ...)`; `params` follow the tape."""
    return _helper(module, name, ret, [("tape", tape_ptr_type(module))] + params,
                   "internal", attrs)


def _make_push(module) -> Function:
    p = byte_ptr(module)
    fn = _tape_helper(module, PUSH, p, [("bytes", I64)], "alwaysinline nounwind")
    tape, nbytes = fn.args
    entry, grow, done = fn.add_block("entry"), fn.add_block("grow"), fn.add_block("done")
    b = Builder(entry)
    size_ptr, cap_ptr, base_ptr = (_field(b, tape, 1, "size.ptr"), _field(b, tape, 2, "cap.ptr"),
                                   _field(b, tape, 0, "base.ptr"))
    size = b.load(I64, size_ptr, "size", 8)
    new_size = b.add(size, nbytes, "new.size")
    cap = b.load(I64, cap_ptr, "cap", 8)
    b.store(new_size, size_ptr, 8)
    b.cond_br(b.icmp("ugt", new_size, cap, "full"), grow, done)
    b.position_at_end(grow)
    # At least double the capacity (4 KB at first).
    doubled = b.mul(cap, b.i64(2), "doubled")
    want = b.select(b.icmp("ugt", new_size, doubled), new_size, doubled, "want")
    want = b.select(b.icmp("ult", want, b.i64(FIRST_CAPACITY)), b.i64(FIRST_CAPACITY), want,
                    "capacity")
    grown = Builder(entry, 0).alloca(p, name="grown.ptr", align=8)
    call = b.call(_make_grow(module), [b.load(p, base_ptr, "old.base", 8), want, grown])
    call.cconv = _grow_cconv(module)
    b.store(b.load(p, grown, "grown", 8), base_ptr, 8)
    b.store(want, cap_ptr, 8)
    b.br(done)
    b.position_at_end(done)
    base = b.load(p, base_ptr, "base", 8)
    b.ret(b.gep(I8, base, [size], p, "slot"))
    return fn


def _grow_cconv(module) -> str:
    """The convention of the out-of-line growth: on x86-64 and AArch64 it
    preserves every register, so the loop around a push keeps its floating
    point values in registers instead of spilling them for a call that
    almost never happens."""
    arch = (module.triple or "").split("-")[0]
    return "preserve_allcc" if arch in ("x86_64", "aarch64", "arm64") else ""


def _make_grow(module) -> Function:
    """`grow(base, capacity, grown)`: the tape's memory moved to a block of
    `capacity` bytes, whose address it stores at `grown`.

    It takes the tape's fields rather than its address, so a derivative
    whose tape does not escape otherwise keeps the tape's size in a
    register: a push is then an add and a compare, not a load and a store
    that each iteration of a loop waits on.  (The address comes back
    through memory: LLVM 14's preserve_allcc restores RAX, the return
    register, on the way out.)
    """
    p = byte_ptr(module)
    linkage = " ".join(filter(None, ("internal", _grow_cconv(module))))
    fn = _helper(module, GROW, VOID, [("base", p), ("capacity", I64),
                                      ("grown", module.pointer_to(p))],
                 linkage, "noinline nounwind cold")
    old_base, capacity, out = fn.args
    b = Builder(fn.add_block("entry"))
    grown = b.call(libc(module, "realloc"), [old_base, capacity], "new.base")
    b.store(grown, out, 8)
    done = fn.add_block("done")
    if "linux" in (module.triple or ""):
        _advise_huge_pages(b, fn, grown, capacity, done)
    b.br(done)
    b.position_at_end(done)
    b.ret()
    return fn


HUGE_PAGE_TAPE = 4 << 20      # bytes from which a tape asks for 2 MB pages
MADV_HUGEPAGE = 14


def _advise_huge_pages(b: Builder, fn, base, capacity, done) -> None:
    """madvise(MADV_HUGEPAGE) over the pages of a large tape.

    A tape is written once, front to back, into fresh memory: with 4 KB
    pages the kernel's page faults cost more than the derivative's own
    arithmetic.  2 MB pages fault 512 times less often.  Only advice: where
    transparent huge pages are off, nothing changes.

    The range covers the allocation's first and last pages whole (a large
    block is a mapping of its own, allocator header included): advising
    part of a mapping splits it, and the next realloc could then no longer
    move it without copying.
    """
    advise = fn.add_block("advise")
    b.cond_br(b.icmp("uge", capacity, b.i64(HUGE_PAGE_TAPE)), advise, done)
    b.position_at_end(advise)
    addr = b.cast("ptrtoint", base, I64)
    start = b.binop("and", addr, b.i64(-4096))
    end = b.binop("and", b.add(b.add(addr, capacity), b.i64(4095)), b.i64(-4096))
    _madvise(b, start, b.sub(end, start), MADV_HUGEPAGE)


def _make_pop(module) -> Function:
    p = byte_ptr(module)
    fn = _tape_helper(module, POP, p, [("bytes", I64)], "alwaysinline nounwind")
    tape, nbytes = fn.args
    b = Builder(fn.add_block("entry"))
    size_ptr = _field(b, tape, 1, "size.ptr")
    size = b.sub(b.load(I64, size_ptr, "size", 8), nbytes, "new.size")
    b.store(size, size_ptr, 8)
    base = tape_base(b, tape, "base")
    b.ret(b.gep(I8, base, [size], p, "slot"))
    return fn


def uses_tape(fn) -> bool:
    """Does `fn`, or anything it calls, push on the tape?

    A split derivative that records nothing needs no tape memory at all,
    so the caller's `enzyme_allocated` buffer can be as small as it likes.
    """
    seen, work = set(), [fn]
    while work:
        f = work.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        for inst in f.instructions():
            callee = getattr(inst, "called_function", None)
            if callee is None:
                continue
            if callee.name == PUSH:
                return True
            if not callee.is_declaration:
                work.append(callee)
    return False


def local_header(fn):
    """An empty tape header in `fn`'s own frame (for derivatives that record nothing)."""
    return Builder(fn.entry, 0).alloca(tape_type(fn.module), name="tape.unused", align=8)


def init_tape(b: Builder, spares: bool, kind: str = TAPE, name: str = "tape"):
    """An empty tape on the stack of the current function, in the memory the
    thread's previous derivative call left behind (see `release_tape`) if
    `spares` (the context's `tape_spares`) allows.  Stacks of another `kind`
    (the undo logs) keep memory of their own."""
    tape = b.alloca(tape_type(b.module), name=name, align=8)
    if not _keeps_spare(b.module, spares):
        clear_tape(b, tape)
        return tape
    spare = _spare(b.module, kind)
    base = tape_base(b, spare, "spare.base")
    cap = b.load(I64, _field(b, spare, 2, "spare.cap.ptr"), "spare.cap", 8)
    clear_tape(b, spare)
    _set_fields(b, tape, base, b.i64(0), cap)
    return tape


_HOSTED = ("linux", "darwin", "apple", "windows", "freebsd", "netbsd", "openbsd")


def _keeps_spare(module, spares: bool) -> bool:
    """Is the spare kept in thread-local storage?  Only for modules targeting
    an operating system: a module without a triple may be JIT-compiled
    where TLS is not available (llvmlite's MCJIT).  And not where
    derivatives are differentiated again (`spares` false: the context's
    `tape_spares`)."""
    return spares and any(os_name in (module.triple or "") for os_name in _HOSTED)


def release_tape(b: Builder, tape, spares: bool, kind: str = TAPE) -> None:
    """End of an outermost derivative call: keep its tape memory for the
    thread's next call (freeing what was kept before).

    Gradients are usually computed over and over; a fresh tape would fault
    in and zero every page again, which cost more than the derivative
    itself.  The price is that a thread holds on to its last tape's memory.
    (Handing it back lazily with MADV_FREE was measured: splitting and
    re-dirtying the huge pages cost a third of matmul's gradient.)
    """
    module = b.module
    if not _keeps_spare(module, spares):
        free_tape(b, tape)
        return
    fn = module.get(kind + ".release")
    if fn is None:
        fn = _make_release(module, kind)
    b.call(fn, [tape])


def _spare(module, kind: str):
    existing = module.get(kind + ".spare")
    if existing is not None:
        return existing
    t = tape_type(module)
    gv = GlobalVariable(module.pointer_to(t), kind + ".spare", t, ConstantZero(t),
                        linkage="internal", pre_attrs="thread_local", attrs=", align 8")
    return module.add_global(gv, unique=False)


def _make_release(module, kind: str) -> Function:
    # Inlined, so the tape's address does not escape through this call.
    fn = _tape_helper(module, kind + ".release", VOID, [], "alwaysinline nounwind")
    (tape,) = fn.args
    b = Builder(fn.add_block("entry"))
    spare = _spare(module, kind)
    b.call(libc(module, "free"), [tape_base(b, spare, "kept")])
    base = tape_base(b, tape, "base")
    cap = b.load(I64, _field(b, tape, 2, "cap.ptr"), "cap", 8)
    _set_fields(b, spare, base, b.i64(0), cap)
    b.ret()
    return fn


def _madvise(b: Builder, start, length, advice: int) -> None:
    module = b.module
    madvise = module.declare_function("madvise", FunctionType(I32, (byte_ptr(module), I64, I32)))
    b.call(madvise, [b.cast("inttoptr", start, byte_ptr(module)), length, b.i32(advice)])


def clear_tape(b: Builder, tape) -> None:
    _set_fields(b, tape, ConstantNull(byte_ptr(b.module)), b.i64(0), b.i64(0))


def _set_fields(b: Builder, tape, base, size, cap) -> None:
    for index, (value, name) in enumerate(((base, "tape.base"), (size, "tape.size"),
                                           (cap, "tape.cap"))):
        b.store(value, _field(b, tape, index, name), 8)


def tape_size(b: Builder, tape):
    return b.load(I64, _field(b, tape, 1, "tape.size.ptr"), "tape.size", 8)


def set_tape_size(b: Builder, tape, size) -> None:
    b.store(size, _field(b, tape, 1, "tape.size.ptr"), 8)


def tape_base(b: Builder, tape, name: str = "tape.base"):
    """Load the buffer pointer of `tape` (or of a spare), naming it `name`."""
    return b.load(byte_ptr(b.module), _field(b, tape, 0, name + ".ptr"), name, 8)


def free_tape(b: Builder, tape) -> None:
    b.call(libc(b.module, "free"), [tape_base(b, tape)])


def entry_size(t) -> int:
    """Bytes a value of type `t` takes in a tape entry: scalars their natural
    size (an i1 one byte), aggregates and vectors whole 8-byte granules."""
    if (t.is_int or t.is_float) and t.bits <= 64:
        size = 1
        while size * 8 < t.bits:
            size *= 2
        return size
    return slot_size(t)


def slot_size(t) -> int:
    """Bytes a value of type `t` takes on the tape (8-byte granules)."""
    bits = _bits(t)
    return max(8, (bits + 63) // 64 * 8)


def _bits(t) -> int:
    if t.is_int or t.is_float:
        return t.bits if t.bits != 80 else 128
    if t.is_pointer:
        return 64
    if t.is_vector or t.is_array:
        return t.count * slot_size(t.element) * 8 if t.is_array else t.count * _bits(t.element)
    if t.is_struct:
        return sum(slot_size(e) for e in t.elements) * 8
    raise ValueError(f"no tape layout for {t}")


def entry_pointer(b: Builder, slot, offset: int, t):
    """A typed pointer to the tape entry at `offset` bytes after `slot`."""
    p = b.gep(I8, slot, [b.i64(offset)], byte_ptr(b.module)) if offset else slot
    return b.pointer_cast(p, b.module.pointer_to(t))

