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

from typing import Optional

from ..analysis.cfg import blocks_in_cycles
from ..analysis.loops import LoopInfo, constant_integer, constant_trip_count
from ..analysis.tbaa import OPAQUE_NAME, Name, node_items
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.compiled_regex import compile_cached
from ..ir.constants import ConstantNull, ConstantZero
from ..ir.module import INLINED_HELPER_ATTRIBUTES, GlobalVariable
from ..ir.references import reaches_function
from ..ir.types import I8, I64, ArrayType, FunctionType, StructType, VOID

HEADER_BYTES = 24          # what `__enzyme_augmentsize` reports
TAPE = "enzyme_opt.tape"
PUSH = TAPE + ".push"
POP = TAPE + ".pop"
GROW = TAPE + ".grow"
RESERVE = TAPE + ".reserve"
RESERVED_PUSH = TAPE + ".push.reserved"
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


def _load_field(b: Builder, tape, index: int, name: str):
    t = tape_type(b.module).elements[index]
    load = b.load(t, _field(b, tape, index, name + ".ptr"), name, 8)
    load.metadata.append(("tbaa", _field_tag(b.module, index)))
    return load


def _store_field(b: Builder, value, tape, index: int, name: str) -> None:
    store = b.store(value, _field(b, tape, index, name + ".ptr"), 8)
    store.metadata.append(("tbaa", _field_tag(b.module, index)))


# The header's fields as C would tag them.  Derivative code is differentiated
# again (higher order): then the tape is memory like any other, and the type
# analysis must know that the sizes it saves and restores are integers.
TBAA_ROOT = '!{!"enzyme-opt tape"}'
FIELD_TYPE_NAMES = ("any pointer", "long", "long")
# clang's roots: our tags under its "omnipotent char" let LLVM tell the
# tape's accesses from the program's (a store of a double into an array does
# not touch the tape's size), so a loop keeps the header in registers.
CLANG_TBAA_ROOTS = ("Simple C++ TBAA", "Simple C/C++ TBAA")
# The types of tape entries: any value, and a known integer (a child of the
# first, since the same tape bytes hold values of any type over time).  Apart
# from the header's fields and the program's own types, so that LLVM knows
# that neither the program's stores nor the entries touch the header.  The
# type analysis reads the first as "any type", the second as an integer
# (analysis/tbaa.kind_of_type_name).
ENTRY_TYPE_NAME = "enzyme-opt tape entry"
INTEGER_ENTRY_TYPE_NAME = "enzyme-opt tape integer"


def _field_tag(module, index: int) -> str:
    return tbaa_tag(module, FIELD_TYPE_NAMES[index])


def tbaa_tag(module, type_name: str) -> str:
    """The `!tbaa` access tag of a C scalar `type_name` ("long", "any
    pointer") or of a tape entry (`ENTRY_TYPE_NAME`, ...), made on first
    use: under clang's tree when the module has exactly one, else under a
    root of our own."""
    tags = module.facts.setdefault("runtime tbaa tags", {})
    if type_name not in tags:
        if type_name == INTEGER_ENTRY_TYPE_NAME:
            parent = _scalar_node(module, tags, ENTRY_TYPE_NAME)
        else:
            parent = tags.get(None) or _clang_char_node(module) or \
                new_metadata_node(module, TBAA_ROOT)
            tags[None] = parent
        scalar = new_metadata_node(module, f'!{{!"{type_name}", {parent}, i64 0}}')
        tags[("scalar", type_name)] = scalar
        tags[type_name] = new_metadata_node(module, f"!{{{scalar}, {scalar}, i64 0}}")
    return tags[type_name]


def _scalar_node(module, tags, type_name: str) -> str:
    tbaa_tag(module, type_name)
    return tags[("scalar", type_name)]


def _clang_char_node(module):
    """`!N` of clang's "omnipotent char" type node, if the module's TBAA
    nodes form exactly one clang tree (one root, one char node under it)."""
    roots, chars = set(), []
    for key, text in module.metadata.items():
        if '"' not in text:
            continue
        items = node_items(text)
        if not items or not isinstance(items[0], Name):
            continue
        if len(items) == 1 and items[0] in CLANG_TBAA_ROOTS:
            roots.add("!" + key)
        elif items[0] == OPAQUE_NAME and len(items) == 3:
            chars.append(("!" + key, items[1]))
    under = [char for char, parent in chars if parent in roots]
    return under[0] if len(roots) == 1 and len(under) == 1 else None


def new_metadata_node(module, text: str) -> str:
    """`!N`, a new node `text` of the module."""
    md = module.metadata
    # The next free number, found by one scan of a module's nodes (a large
    # module has 100k of them) and remembered with their count then: if
    # nodes came another way since, the scan is made again.
    count, key = module.facts.get("next metadata number", (None, None))
    if count != len(md):
        key = 1 + max((int(k) for k in md if k.isdigit()), default=-1)
    md[str(key)] = text
    module.facts["next metadata number"] = (len(md), key + 1)
    return f"!{key}"


def libc(module, name: str):
    """Declarations of the C allocation functions the tape and shadows use."""
    p = byte_ptr(module)
    types = {"malloc": FunctionType(p, (I64,)), "realloc": FunctionType(p, (p, I64)),
             "free": FunctionType(VOID, (p,)), "calloc": FunctionType(p, (I64, I64))}
    return module.declare_function(name, types[name])


def runtime(module, contiguous: bool = False):
    """(push, pop) helper functions, created on first use: those of a
    chunked tape in modules that differentiate derivatives (see
    `use_chunks`), unless the caller reads its tape as one `contiguous`
    buffer (the undo logs' replay)."""
    if chunked(module) and not contiguous:
        return _chunk_runtime(module)
    push = module.get(PUSH)
    if push is None:
        push = _make_push(module)
        _make_pop(module)
    return push, module.get(POP)


# -- chunked tapes ---------------------------------------------------------------------------
# Where derivatives are differentiated again, the tape is memory the outer
# derivative gives a shadow, and a tape that grows by realloc has its
# shadow copied -- bytes of every kind the tape holds, in no static layout,
# which a third derivative could not tell apart.  There the tape is a chain
# of chunks that never move: a push that does not fit starts a new chunk
# (twice as large) and a pop that empties one frees it and goes back to the
# one before.  Each chunk's data is preceded by the header of the chunk
# before it: base, size and capacity, as the tape header was on leaving it.
CHUNK_PREFIX = 32
CHUNK_PUSH, CHUNK_POP = TAPE + ".chunk.push", TAPE + ".chunk.pop"
CHUNK_NEW, CHUNK_BACK, CHUNK_FREE = TAPE + ".chunk.new", TAPE + ".chunk.back", TAPE + ".chunk.free"


def use_chunks(module) -> None:
    """Chunked tapes for this module (it differentiates derivatives)."""
    module.facts["chunked tape"] = True


def chunked(module) -> bool:
    return bool(module.facts.get("chunked tape"))


def _chunk_runtime(module):
    push = module.get(CHUNK_PUSH)
    if push is None:
        push = _make_chunk_push(module)
        _make_chunk_pop(module)
    return push, module.get(CHUNK_POP)


def _prefix_field(b: Builder, data, index: int, name: str):
    """The chunk prefix's field `index` (as the tape header's), before `data`."""
    p = byte_ptr(b.module)
    t = tape_type(b.module).elements[index]
    at = b.gep(I8, data, [b.i64(8 * index - CHUNK_PREFIX)], p, name + ".at")
    return b.pointer_cast(at, b.module.pointer_to(t)), t


def _load_prefix(b: Builder, data, index: int, name: str):
    ptr, t = _prefix_field(b, data, index, name)
    load = b.load(t, ptr, name, 8)
    load.metadata.append(("tbaa", _field_tag(b.module, index)))
    return load


def _store_prefix(b: Builder, value, data, index: int) -> None:
    ptr, _ = _prefix_field(b, data, index, "prev")
    store = b.store(value, ptr, 8)
    store.metadata.append(("tbaa", _field_tag(b.module, index)))


def _make_chunk_push(module) -> Function:
    p = byte_ptr(module)
    fn = _tape_helper(module, CHUNK_PUSH, p, [("bytes", I64)], INLINED_HELPER_ATTRIBUTES)
    tape, nbytes = fn.args
    entry, fits, more, done = (fn.add_block(n) for n in ("entry", "fits", "more", "done"))
    b = Builder(entry)
    size = _load_field(b, tape, 1, "size")
    new_size = b.add(size, nbytes, "new.size")
    cap = _load_field(b, tape, 2, "cap")
    b.cond_br(b.icmp("ugt", new_size, cap, "full"), more, fits)
    b.position_at_end(fits)
    _store_field(b, new_size, tape, 1, "new.size")
    slot = b.gep(I8, _load_field(b, tape, 0, "base"), [size], p, "slot")
    b.br(done)
    b.position_at_end(more)
    fresh = b.call(_make_chunk_new(module), [tape, nbytes], "fresh")
    b.br(done)
    b.position_at_end(done)
    b.ret(b.phi(p, [(slot, fits), (fresh, more)], "entry"))
    return fn


def _make_chunk_new(module) -> Function:
    """`new(tape, bytes)`: a chunk for at least `bytes` (twice the current
    one's capacity, 4 KB at least) becomes the tape's, holding one entry of
    `bytes` at its start; returns that entry."""
    p = byte_ptr(module)
    fn = _tape_helper(module, CHUNK_NEW, p, [("bytes", I64)], "noinline nounwind")
    tape, nbytes = fn.args
    b = Builder(fn.add_block("entry"))
    old = [_load_field(b, tape, k, n) for k, n in enumerate(("base", "size", "cap"))]
    doubled = b.mul(old[2], b.i64(2), "doubled")
    want = b.select(b.icmp("ugt", nbytes, doubled), nbytes, doubled, "want")
    want = b.select(b.icmp("ult", want, b.i64(FIRST_CAPACITY)), b.i64(FIRST_CAPACITY), want,
                    "capacity")
    chunk = b.call(libc(module, "malloc"), [b.add(want, b.i64(CHUNK_PREFIX))], "chunk")
    data = b.gep(I8, chunk, [b.i64(CHUNK_PREFIX)], p, "data")
    for index, value in enumerate(old):
        _store_prefix(b, value, data, index)
    for index, value in enumerate((data, nbytes, want)):
        _store_field(b, value, tape, index, "chunk")
    b.ret(data)
    return fn


def _make_chunk_pop(module) -> Function:
    p = byte_ptr(module)
    fn = _tape_helper(module, CHUNK_POP, p, [("bytes", I64)], INLINED_HELPER_ATTRIBUTES)
    tape, nbytes = fn.args
    entry, back, here = fn.add_block("entry"), fn.add_block("back"), fn.add_block("here")
    b = Builder(entry)
    size = _load_field(b, tape, 1, "size")
    b.cond_br(b.icmp("eq", size, b.i64(0), "empty"), back, here)
    b.position_at_end(back)
    b.call(_make_chunk_back(module), [tape])
    b.br(here)
    b.position_at_end(here)
    size = b.sub(_load_field(b, tape, 1, "top"), nbytes, "new.size")
    _store_field(b, size, tape, 1, "new.size")
    b.ret(b.gep(I8, _load_field(b, tape, 0, "base"), [size], p, "slot"))
    return fn


def _make_chunk_back(module) -> Function:
    """`back(tape)`: the tape's (empty) chunk is freed, the one before is the tape's."""
    fn = _tape_helper(module, CHUNK_BACK, VOID, [], "noinline nounwind")
    (tape,) = fn.args
    b = Builder(fn.add_block("entry"))
    data = _load_field(b, tape, 0, "base")
    for index, name in enumerate(("prev.base", "prev.size", "prev.cap")):
        _store_field(b, _load_prefix(b, data, index, name), tape, index, name)
    b.call(libc(module, "free"), [b.gep(I8, data, [b.i64(-CHUNK_PREFIX)], byte_ptr(module))])
    b.ret()
    return fn


def _make_chunk_free(module) -> Function:
    """`free(tape)`: every chunk of the tape freed."""
    p = byte_ptr(module)
    fn = _tape_helper(module, CHUNK_FREE, VOID, [], "nounwind")
    (tape,) = fn.args
    entry, loop, done = fn.add_block("entry"), fn.add_block("loop"), fn.add_block("done")
    b = Builder(entry)
    first = _load_field(b, tape, 0, "base")
    b.cond_br(b.icmp("eq", first, b.zero(p)), done, loop)
    b.position_at_end(loop)
    data = b.phi(p, [(first, entry)], "data")
    prev = _load_prefix(b, data, 0, "prev")
    b.call(libc(module, "free"), [b.gep(I8, data, [b.i64(-CHUNK_PREFIX)], p)])
    data.add_incoming(prev, loop)
    b.cond_br(b.icmp("eq", prev, b.zero(p)), done, loop)
    b.position_at_end(done)
    b.ret()
    return fn


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


def _make_push(module, name: str = PUSH, checked: bool = True) -> Function:
    """`name(tape, bytes)`: takes `bytes` at the tape's end and returns
    their address; `checked`, it first grows the tape if they do not fit
    (the reserved push leaves that to a reserve before its loop)."""
    p = byte_ptr(module)
    fn = _tape_helper(module, name, p, [("bytes", I64)], INLINED_HELPER_ATTRIBUTES)
    tape, nbytes = fn.args
    b = Builder(fn.add_block("entry"))
    size = _load_field(b, tape, 1, "size")
    new_size = b.add(size, nbytes, "new.size")
    cap = _load_field(b, tape, 2, "cap") if checked else None
    _store_field(b, new_size, tape, 1, "new.size")
    if checked:
        _grow_unless_room(b, tape, new_size, cap)
    base = _load_field(b, tape, 0, "base")
    b.ret(b.gep(I8, base, [size], p, "slot"))
    return fn


def _grow_unless_room(b: Builder, tape, new_size, cap) -> None:
    """End `b`'s block, and go on at the end of a new one (`done`), reached
    directly if `new_size` bytes fit the capacity `cap`, else through a
    block that first grows the tape to at least double its capacity (4 KB
    at first)."""
    fn = b.block.parent
    grow, done = fn.add_block("grow"), fn.add_block("done")
    b.cond_br(b.icmp("ugt", new_size, cap, "full"), grow, done)
    b.position_at_end(grow)
    p = byte_ptr(b.module)
    doubled = b.mul(cap, b.i64(2), "doubled")
    want = b.select(b.icmp("ugt", new_size, doubled), new_size, doubled, "want")
    want = b.select(b.icmp("ult", want, b.i64(FIRST_CAPACITY)), b.i64(FIRST_CAPACITY), want,
                    "capacity")
    grow_fn = b.module.get(GROW) or _make_grow(b.module)
    old_base = _load_field(b, tape, 0, "old.base")
    if grow_fn.function_type.ret.is_pointer:            # `_grow_returns`
        call = b.call(grow_fn, [old_base, want], "grown")
        grown_base = call
    else:
        grown = Builder(fn.blocks[0], 0).alloca(p, name="grown.ptr", align=8)
        call = b.call(grow_fn, [old_base, want, grown])
        grown_base = b.load(p, grown, "grown", 8)
    call.cconv = _grow_cconv(b.module)
    _store_field(b, grown_base, tape, 0, "grown")
    _store_field(b, want, tape, 2, "capacity")
    b.br(done)
    b.position_at_end(done)


def reserved_runtime(module):
    """(reserve, push) for a loop whose pushes are paid for before it: the
    first makes room for a number of bytes without taking them, the second
    takes bytes with no capacity check (so no growth call sits in the loop,
    and LLVM keeps the tape's size in a register).  None where the tape is
    chunked: a chunk's room is not the tape's."""
    if chunked(module):
        return None
    reserve = module.get(RESERVE)
    if reserve is None:
        reserve = _make_reserve(module)
        _make_push(module, RESERVED_PUSH, checked=False)
    return reserve, module.get(RESERVED_PUSH)


def _make_reserve(module) -> Function:
    fn = _tape_helper(module, RESERVE, VOID, [("bytes", I64)], INLINED_HELPER_ATTRIBUTES)
    tape, nbytes = fn.args
    b = Builder(fn.add_block("entry"))
    wanted = b.add(_load_field(b, tape, 1, "size"), nbytes, "wanted")
    _grow_unless_room(b, tape, wanted, _load_field(b, tape, 2, "cap"))
    b.ret()
    return fn



def _grow_cconv(module) -> str:
    """The convention of the out-of-line growth: on x86-64 and AArch64 it
    preserves every register, so the loop around a push keeps its floating
    point values in registers instead of spilling them for a call that
    almost never happens."""
    arch = (module.triple or "").split("-")[0]
    return "preserve_allcc" if arch in ("x86_64", "aarch64", "arm64") else ""


def settle_grow_convention(module) -> None:
    """Compile the growth for the machine its callers are compiled for, or
    give up preserve_allcc where that cannot be made safe.

    Under preserve_allcc a callee saves the registers its own target has:
    one compiled for plain x86-64 saves XMM registers, while an AVX caller
    counts on whole YMM registers surviving the call, and realloc clobbers
    their upper lanes (a vectorized reverse loop at `-mavx2` lost lanes 2
    and 3 of every group, exit status 0).  So the growth takes its callers'
    target attributes.  Even then LLVM (14 to 19) ends an AVX preserve_allcc
    function with a `vzeroupper` after restoring the YMM registers, which
    the growth's `-vzeroupper` feature prevents.  Where the callers differ
    (`__attribute__((target))`), or name no features (rustc, flang: then
    the command line's `-mavx2` would apply to them, and the growth could not
    both match it and say `-vzeroupper`), or use SVE registers on AArch64,
    the growth takes the C convention: each caller saves its own registers."""
    grow = module.get(GROW)
    if grow is None or grow.is_declaration or "preserve_allcc" not in grow.linkage:
        return
    targets = {fn.target_attributes() for fn in _calling_after_inlining(module, grow)}
    target = targets.pop() if len(targets) == 1 else ""
    features = _TARGET_FEATURES.search(target)
    arch = (module.triple or "").split("-")[0]
    if features is not None and arch == "x86_64":
        listed = ",".join(filter(None, (features.group(1), "-vzeroupper")))
        grow.attrs = " ".join((grow.attrs, target.replace(
            features.group(0), f'"target-features"="{listed}"')))
        return
    if features is not None and not _SCALABLE_VECTORS.search(features.group(1)):
        grow.attrs = " ".join((grow.attrs, target))
        return
    grow.linkage = "internal"
    for fn in module.read_functions():
        for inst in fn.instructions():
            if isinstance(inst, I.CallBase) and inst.called_function is grow:
                inst.cconv = ""


_TARGET_FEATURES = compile_cached(r'"target-features"="([^"]*)"')
_SCALABLE_VECTORS = compile_cached(r'\+(?:sve|sme)')


def _calling_after_inlining(module, callee) -> list:
    """The functions that call `callee` once always-inlined helpers are
    folded into their callers."""
    callers = {}
    for fn in module.read_functions():
        for inst in fn.instructions():
            if isinstance(inst, I.CallBase) and inst.called_function is not None:
                callers.setdefault(id(inst.called_function), {})[id(fn)] = fn
    found, work, seen = [], [callee], {id(callee)}
    while work:
        for fn in callers.get(id(work.pop()), {}).values():
            if id(fn) in seen:
                continue
            seen.add(id(fn))
            if "alwaysinline" in fn.attribute_words():
                work.append(fn)
            else:
                found.append(fn)
    return found


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
    if _grow_returns(module):
        fn = _helper(module, GROW, p, [("base", p), ("capacity", I64)],
                     linkage, "noinline nounwind cold")
        fn.ret_attrs = "noalias"
    else:
        fn = _helper(module, GROW, VOID, [("base", p), ("capacity", I64),
                                          ("grown", module.pointer_to(p))],
                     linkage, "noinline nounwind cold")
    old_base, capacity = fn.args[:2]
    b = Builder(fn.add_block("entry"))
    grown = b.call(libc(module, "realloc"), [old_base, capacity], "new.base")
    _abort_if_null(b, fn, grown)
    if fn.function_type.ret.is_pointer:
        b.ret(grown)
        return fn
    b.store(grown, fn.args[2], 8)
    b.ret()
    return fn


def _grow_returns(module) -> bool:
    """Does the growth hand the new base back as its `noalias` result (a
    block realloc just gave, which nothing else points to), rather than
    through memory?  With its take of the spare (`_take_spare`), every
    base a derivative's own tape can have is then a fresh object to LLVM,
    so it knows that the tape's stores in a loop touch none of the arrays
    the loop reads and writes, and orders them freely (tools/perfhunt
    jacobi2d: its forward stencil loop 17 instructions -> 15).  (A row
    copied to the tape does not become a memcpy yet: BasicAA gives up on
    a phi of the base whose incoming values are phis of loops around it.)
    A preserve_allcc growth returns in RAX only where LLVM 19 or later
    compiles it: LLVM 14 restores RAX, the result register, on the way
    out (llc-14: `popq %rax` after the call of realloc); the versions
    between were not checked, and the clang that made the module is taken
    for the one that compiles it.  AArch64's preserve_allcc was not
    checked either.  Not where tapes are chunked: there a derivative is
    differentiated again, growth included."""
    if chunked(module):
        return False
    cconv = _grow_cconv(module)
    if not cconv:
        return True
    arch = (module.triple or "").split("-")[0]
    return arch == "x86_64" and (_producer_clang_major(module) or 0) >= 19


_CLANG_VERSION = compile_cached(r'clang version (\d+)')
_NODE_REFERENCE = compile_cached(r'!(\d+)')


def _producer_clang_major(module) -> Optional[int]:
    """The major version of the clang that made `module` (`!llvm.ident`;
    the oldest one where modules were linked), or None if no clang did."""
    found = []
    for line in module.named_metadata:
        if not line.startswith("!llvm.ident"):
            continue
        for key in _NODE_REFERENCE.findall(line.split("=", 1)[1]):
            version = _CLANG_VERSION.search(module.metadata.get(key, ""))
            if version is None:
                return None
            found.append(int(version.group(1)))
    return min(found) if found else None


def _abort_if_null(b: Builder, fn, grown) -> None:
    """Stop where the tape could not grow (a reserve for a run no memory
    holds asks for 2^62 bytes on purpose): going on from a null base would
    write the pushes at small addresses, which may be mapped."""
    failed, kept = fn.add_block("failed"), fn.add_block("kept")
    b.cond_br(b.icmp("eq", grown, ConstantNull(grown.type), "no.room"), failed, kept)
    b.position_at_end(failed)
    b.call(b.module.declare_function("abort", FunctionType(VOID, ())), [])
    b.unreachable()
    b.position_at_end(kept)


def _make_pop(module) -> Function:
    p = byte_ptr(module)
    fn = _tape_helper(module, POP, p, [("bytes", I64)], INLINED_HELPER_ATTRIBUTES)
    tape, nbytes = fn.args
    b = Builder(fn.add_block("entry"))
    size = b.sub(_load_field(b, tape, 1, "size"), nbytes, "new.size")
    _store_field(b, size, tape, 1, "new.size")
    base = tape_base(b, tape, "base")
    b.ret(b.gep(I8, base, [size], p, "slot"))
    return fn


def uses_tape(fn) -> bool:
    """Does `fn`, or anything it calls, push on the tape?

    A split derivative that records nothing needs no tape memory at all,
    so the caller's `enzyme_allocated` buffer can be as small as it likes.
    """
    return reaches_function(fn, lambda f: f.name in (PUSH, CHUNK_PUSH, RESERVED_PUSH))


def local_header(fn):
    """An empty tape header in `fn`'s own frame (for derivatives that record nothing)."""
    return Builder(fn.entry, 0).alloca(tape_type(fn.module), name="tape.unused", align=8)


# The most bytes a derivative keeps in a tape on its own stack frame
# (`init_stack_tape`) rather than in the thread's heap tape.
STACK_TAPE_BYTES = 1024


def tape_header(b: Builder, name: str = "tape"):
    """A tape header on the stack of the current function, not yet set up
    (`init_tape_at` or `init_stack_tape` sets it up once all pushes are known)."""
    return b.alloca(tape_type(b.module), name=name, align=8)


def init_stack_tape(b: Builder, tape, nbytes: int) -> None:
    """Set `tape` up over a buffer of `nbytes` in the current function's frame.

    For a combined derivative whose every call pushes at most `nbytes`
    (`pushed_bytes_bound`): it needs no thread-local spare, no free at the
    end, and once its callees are inlined LLVM sees the buffer's size and the
    constant offsets, so the capacity checks fold away and the entries can
    live in registers.  The buffer is never grown (a push beyond the bound
    would pass a stack address to realloc): the bound may exceed what a call
    pushes, never fall short of it."""
    base = b.alloca(ArrayType(nbytes, I8), name="tape.stack", align=16)
    if base.type != byte_ptr(b.module):        # typed pointers: [n x i8]*
        base = b.cast("bitcast", base, byte_ptr(b.module))
    _set_fields(b, tape, base, b.i64(0), b.i64(nbytes))


def pushed_bytes_bound(fn, tape) -> Optional[int]:
    """The most bytes one call of `fn` can push on `tape` (a value of `fn`),
    counting the pushes of the callees it hands the tape to, and the room
    each reserve asks for (besides the pushes it pays for, which are
    counted too: a reserve may ask for more than they take); None when that
    is not bounded by a constant: a push or reserve of a variable size, a
    push in a cycle that is not a loop with a constant trip count, the tape
    handed to anything but a defined function (an indirect call, a runtime
    call, a store) or to a function that calls itself.  Reads and writes
    of the header's size (`tape_size`, `set_tape_size`) push nothing: no
    code sets it past what its pushes took (a loop's run settled in one
    step, an earlier size restored)."""
    return _bound(fn, tape, set())


def size_field(ptr, tape) -> bool:
    """Is `ptr` the address of `tape`'s size field (`tape_size`)?"""
    return isinstance(ptr, I.GetElementPtr) and len(ptr.operands) == 3 and \
        ptr.operands[0] is tape and constant_integer(ptr.operands[2]) == 1


def _size_access(user, tape) -> bool:
    """Is `user` the address of `tape`'s size field, only loaded and stored to?"""
    return size_field(user, tape) and \
        all(isinstance(u, I.Load) or isinstance(u, I.Store) and at == 1 for u, at in user.uses)


def _bound(fn, tape, active: set) -> Optional[int]:
    if id(fn) in active:
        return None
    active = active | {id(fn)}
    runs = _block_runs(fn)
    total = 0
    for user in tape.users:
        if _size_access(user, tape):
            continue
        if not isinstance(user, I.CallBase) or user.callee is tape:
            return None
        callee = user.called_function
        if callee is not None and callee.name == POP:
            continue
        times = runs(user.parent)
        if callee is None or times is None:
            return None
        if callee.name in (PUSH, RESERVED_PUSH, RESERVE):
            size = constant_integer(user.args[1])
            if size is None or user.args[0] is not tape:
                return None
            total += times * size
            continue
        if (callee.is_declaration or callee.name.startswith(TAPE + ".")
                or any(arg is tape for arg in user.args[len(callee.args):])):   # variadic
            return None
        for arg, param in zip(user.args, callee.args):
            if arg is tape:
                inner = _bound(callee, param, active)
                if inner is None:
                    return None
                total += times * inner
    return total


def _block_runs(fn):
    """block -> how many times it can run in one call of `fn` at most (None:
    not bounded by a constant)."""
    cyclic = blocks_in_cycles(fn)
    info = reducible = None
    trips_of = {}                 # id(loop) -> its constant trip count, or None

    def runs(block):
        nonlocal info, reducible
        if id(block) not in cyclic:
            return 1
        if info is None:
            # Of the whole function, which `_bound` does not change: made
            # once, not once per user of the tape.
            info = LoopInfo(fn)
            reducible = info.is_reducible()
        loops = info.loops_around(block)
        count = 1 if loops and reducible else None
        for loop in loops:
            if id(loop) not in trips_of:
                trips_of[id(loop)] = constant_trip_count(loop, info.dom.preds)
            trips = trips_of[id(loop)]
            count = None if trips is None or count is None else count * trips
        return count
    return runs


def init_tape(b: Builder, spares: bool, kind: str = TAPE, name: str = "tape"):
    """An empty tape on the stack of the current function, in the memory the
    thread's previous derivative call left behind (see `release_tape`) if
    `spares` (the context's `tape_spares`) allows.  Stacks of another `kind`
    (the undo logs) keep memory of their own."""
    tape = tape_header(b, name)
    init_tape_at(b, tape, spares, kind)
    return tape


def init_tape_at(b: Builder, tape, spares: bool, kind: str = TAPE) -> None:
    """Set up the header `tape` as `init_tape` does."""
    if not _keeps_spare(b.module, spares):
        clear_tape(b, tape)
        return
    spare = _spare(b.module, kind)
    if _grow_returns(b.module):
        base = b.call(_take_spare(b.module, kind), [spare], "spare.base")
    else:
        base = tape_base(b, spare, "spare.base")
    cap = _load_field(b, spare, 2, "spare.cap")
    clear_tape(b, spare)
    _set_fields(b, tape, base, b.i64(0), cap)


def _take_spare(module, kind: str) -> Function:
    """`take(spare)`: the spare's memory, its base cleared; a `noalias`
    result, as the growth's (`_grow_returns`): nothing else points to that
    memory once the spare lets go of it (the call that kept it has
    returned, and a derivative called inside this one finds the spare
    empty).  Out of line: inlined, the call and what it says would go."""
    name = kind + ".take"
    existing = module.get(name)
    if existing is not None:
        return existing
    fn = _tape_helper(module, name, byte_ptr(module), [], "noinline nounwind")
    fn.ret_attrs = "noalias"
    (spare,) = fn.args
    b = Builder(fn.add_block("entry"))
    base = tape_base(b, spare, "base")
    _store_field(b, ConstantNull(byte_ptr(module)), spare, 0, "taken")
    b.ret(base)
    return fn


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
    (Handing it back lazily with MADV_FREE was measured: re-dirtying the
    pages cost a third of matmul's gradient.  Asking for transparent huge
    pages was measured too, and dropped: on a virtual machine whose free
    memory the host takes back, a fresh 2 MB page is often not backed yet,
    and the reference's fft at its own size ran 1.4x slower with the advice,
    slower than the reference, 5 runs out of 5.)
    """
    module = b.module
    if not _keeps_spare(module, spares):
        free_tape(b, tape, kind)
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
    fn = _tape_helper(module, kind + ".release", VOID, [], INLINED_HELPER_ATTRIBUTES)
    (tape,) = fn.args
    b = Builder(fn.add_block("entry"))
    spare = _spare(module, kind)
    b.call(libc(module, "free"), [tape_base(b, spare, "kept")])
    base = tape_base(b, tape, "base")
    cap = _load_field(b, tape, 2, "cap")
    _set_fields(b, spare, base, b.i64(0), cap)
    b.ret()
    return fn


def clear_tape(b: Builder, tape) -> None:
    _set_fields(b, tape, ConstantNull(byte_ptr(b.module)), b.i64(0), b.i64(0))


def _set_fields(b: Builder, tape, base, size, cap) -> None:
    for index, (value, name) in enumerate(((base, "tape.base"), (size, "tape.size"),
                                           (cap, "tape.cap"))):
        _store_field(b, value, tape, index, name)


def tape_size(b: Builder, tape):
    return _load_field(b, tape, 1, "tape.size")


def set_tape_size(b: Builder, tape, size) -> None:
    _store_field(b, size, tape, 1, "tape.size")


def tape_base(b: Builder, tape, name: str = "tape.base"):
    """Load the buffer pointer of `tape` (or of a spare), naming it `name`."""
    return _load_field(b, tape, 0, name)


def free_tape(b: Builder, tape, kind: str = TAPE) -> None:
    """Free a tape's memory: its chunks, where tapes are chunked (`kind`
    TAPE; the undo logs are contiguous everywhere)."""
    if kind == TAPE and chunked(b.module):
        fn = b.module.get(CHUNK_FREE) or _make_chunk_free(b.module)
        b.call(fn, [tape])
        return
    b.call(libc(b.module, "free"), [tape_base(b, tape)])


# The alignment of a value in a tape entry: entries take the bytes their
# values need (instrument._layout: one byte for an i1 or an i8 path index),
# so an entry may start at any byte of the tape.  (x86 reads a scalar at any
# address in the same instruction; the entries were at most 8-aligned before,
# so no 16-byte operand was folded into arithmetic then either.)
ENTRY_ALIGN = 1


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



# -- the pool of a thread's parallel-region tapes -----------------------------------------
# A parallel region's derivative gives each thread a tape of its own
# (openmp.py), and a program differentiates its regions over and over: with
# fresh tapes every thread faults in and zeroes every page of its tapes on
# every call, which cost more than the region's derivative itself.  The
# reverse sweep therefore hands a thread's emptied tape memory to a pool in
# thread-local storage, and the next region's forward sweep on that thread
# starts in it.  The pool is a stack: the regions of a derivative are
# reversed in the reverse of the order they ran, so the next call's first
# region gets back the memory its first region grew, and so on.  A free
# buffer holds the pool's links in its first bytes: the next buffer, its
# capacity and how many buffers it tops.
POOL = TAPE + ".pool"
POOL_DEPTH = 64             # buffers a thread keeps at most; the rest are freed
_POOL_LINK = (("next", 0), ("cap", 8), ("depth", 16))


def pools_tapes(module, spares: bool) -> bool:
    """Do parallel regions' thread tapes come from and go back to the pool?
    Where tapes keep spares (`init_tape`), and not where they are chunked."""
    return _keeps_spare(module, spares) and not chunked(module)


def _pool(module):
    existing = module.get(POOL)
    if existing is not None:
        return existing
    p = byte_ptr(module)
    gv = GlobalVariable(module.pointer_to(p), POOL, p, ConstantNull(p),
                        linkage="internal", pre_attrs="thread_local", attrs=", align 8")
    return module.add_global(gv, unique=False)


def _link(b: Builder, buffer, field: str):
    offset = dict(_POOL_LINK)[field]
    t = byte_ptr(b.module) if field == "next" else I64
    p = b.gep(I8, buffer, [b.i64(offset)], byte_ptr(b.module)) if offset else buffer
    return b.pointer_cast(p, b.module.pointer_to(t)), t


def take_from_pool(b: Builder, tape) -> None:
    """Start the empty tape `tape` in the thread's last pooled buffer, if any."""
    fn = b.module.get(POOL + ".take") or _make_pool_take(b.module)
    b.call(fn, [tape])


def give_to_pool(b: Builder, tape) -> None:
    """Hand the (emptied) tape's memory to the thread's pool, or free it if
    the pool is full; the tape is left without memory."""
    fn = b.module.get(POOL + ".give") or _make_pool_give(b.module)
    b.call(fn, [tape])


def _make_pool_take(module) -> Function:
    fn = _tape_helper(module, POOL + ".take", VOID, [], INLINED_HELPER_ATTRIBUTES)
    (tape,) = fn.args
    entry, take, done = fn.add_block("entry"), fn.add_block("take"), fn.add_block("done")
    b = Builder(entry)
    pool = _pool(module)
    p = byte_ptr(module)
    head = b.load(p, pool, "pool.head", 8)
    clear_tape(b, tape)
    b.cond_br(b.icmp("eq", head, b.zero(p)), done, take)
    b.position_at_end(take)
    next_ptr, t = _link(b, head, "next")
    b.store(b.load(t, next_ptr, "pool.next", 8), pool, 8)
    cap_ptr, t = _link(b, head, "cap")
    _set_fields(b, tape, head, b.i64(0), b.load(t, cap_ptr, "pool.cap", 8))
    b.br(done)
    b.position_at_end(done)
    b.ret()
    return fn


def _make_pool_give(module) -> Function:
    fn = _tape_helper(module, POOL + ".give", VOID, [], INLINED_HELPER_ATTRIBUTES)
    (tape,) = fn.args
    blocks = [fn.add_block(n) for n in ("entry", "give", "keep", "drop", "done")]
    entry, give, keep, drop, done = blocks
    b = Builder(entry)
    pool = _pool(module)
    p = byte_ptr(module)
    base = tape_base(b, tape, "base")
    cap = _load_field(b, tape, 2, "cap")
    clear_tape(b, tape)
    b.cond_br(b.icmp("eq", base, b.zero(p)), done, give)
    b.position_at_end(give)
    head = b.load(p, pool, "pool.head", 8)
    b.cond_br(b.icmp("eq", head, b.zero(p)), keep, drop)
    # `drop` first checks the depth below: a full pool frees the buffer.
    b.position_at_end(drop)
    depth_ptr, t = _link(b, head, "depth")
    below = b.load(t, depth_ptr, "pool.depth", 8)
    full = fn.add_block("full")
    b.cond_br(b.icmp("uge", below, b.i64(POOL_DEPTH)), full, keep)
    b.position_at_end(full)
    b.call(libc(module, "free"), [base])
    b.br(done)
    b.position_at_end(keep)
    depth = b.phi(I64, [(b.i64(0), give), (below, drop)], "depth.below")
    for field, value in (("next", head), ("cap", cap), ("depth", b.add(depth, b.i64(1)))):
        ptr, _ = _link(b, base, field)
        b.store(value, ptr, 8)
    b.store(base, pool, 8)
    b.br(done)
    b.position_at_end(done)
    b.ret()
    return fn
