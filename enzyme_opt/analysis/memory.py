"""Which memory a function leaves untouched.

The reverse pass needs the values the forward pass loaded.  Memory that the
function never writes still holds the same values when the reverse pass
runs, so a load from there can simply be executed again instead of being
saved on the tape.

Which writes can reach the memory of a load depends on what may alias:
- the function's own stack and heap objects (allocas, its mallocs) are not
  memory any load from an argument or global sees;
- arguments may alias each other and any global, unless one of the two is
  `noalias` (C's `restrict`): then they are separate objects;
- distinct globals are separate objects, and constant globals never change;
- a write through a pointer of unknown origin, or by a call that may write,
  may reach anything.

Memory that the function does write can still be read again if the reverse
pass undoes the writes on its way back (see ad/undo_log.py):
`restorable_loads` names the loads for which that is possible and pays.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Set

from ..ir import instructions as I
from ..ir.compiled_regex import LazyPattern
from ..ir.constants import ConstantExpr, ConstantInt, ConstantNull
from ..ir.module import GlobalVariable
from ..ir.types import alloc_size
from ..ir.values import Argument
from .cfg import ExecutionOrder
from .library import (HINT_INTRINSICS, MASKED_GATHER, MASKED_LOAD, MASKED_READS, MASKED_SCATTER,
                      MASKED_STORE, MASKED_WRITES, NO_VISIBLE_WRITES, allocator, blas_routine, blas_written_argument,
                      is_deallocator, math_function, reallocator, writes_memory_block)
from .loops import counter_parts, final_count_bound


def _writes_nothing_visible(name: str) -> bool:
    """Library calls that write no memory the caller can see (besides what they return)."""
    return name in NO_VISIBLE_WRITES or is_deallocator(name) or allocator(name) is not None


def _frees(name: str) -> bool:
    return is_deallocator(name) or reallocator(name) is not None


def underlying_object(ptr):
    """The argument, global, alloca or allocation call `ptr` points into, or None."""
    while True:
        if isinstance(ptr, (I.GetElementPtr, I.Cast)) or (
                isinstance(ptr, ConstantExpr) and ptr.opcode in ("getelementptr", "bitcast",
                                                                  "addrspacecast")):
            ptr = ptr.operands[0]
            continue
        if isinstance(ptr, (Argument, GlobalVariable, I.Alloca)):
            return ptr
        if isinstance(ptr, I.CallBase) and ptr.called_function is not None and \
                allocator(ptr.called_function.name) is not None:
            return ptr
        return None


class _FreshHeap:
    """The written object of a pointer that phis and selects pick among the
    function's own heap allocations -- the two buffers of a time-stepping
    loop that swaps them -- when which one is not known."""

    def __repr__(self) -> str:
        return "<one of the function's heap allocations>"


FRESH_HEAP = _FreshHeap()


def _is_local(obj) -> bool:
    return isinstance(obj, (I.Alloca, I.CallBase)) or obj is FRESH_HEAP


def _written_object(ptr):
    """`underlying_object(ptr)`, or FRESH_HEAP when every object phis and
    selects may pick for `ptr` is a heap allocation of the function.  (Not
    for allocas: the undo log must know which alloca a store reaches.)"""
    obj = underlying_object(ptr)
    if obj is None and _only_fresh_heap(ptr, set()):
        return FRESH_HEAP
    return obj


def _only_fresh_heap(ptr, seen: Set[int]) -> bool:
    while isinstance(ptr, (I.GetElementPtr, I.Cast)):
        ptr = ptr.operands[0]
    if id(ptr) in seen:                   # a phi of the loop that swaps the buffers
        return True
    seen.add(id(ptr))
    if isinstance(ptr, I.Phi):
        sources = [value for value, _ in ptr.incoming]
    elif isinstance(ptr, I.Select):
        sources = ptr.operands[1:]
    else:
        return isinstance(underlying_object(ptr), I.CallBase)
    return all(_only_fresh_heap(source, seen) for source in sources)


def _stored_to(inst):
    """The pointer a store or an atomic update writes through; else None."""
    if isinstance(inst, I.Store):
        return inst.pointer
    if isinstance(inst, I.GenericInstruction) and inst.opcode in ("atomicrmw", "cmpxchg"):
        return inst.operands[0]
    return None


def writes_only_local_memory(fn, seen: Optional[Set[int]] = None) -> bool:
    """Does `fn` (and everything it calls) store only into its own allocas and mallocs?"""
    seen = set() if seen is None else seen
    if id(fn) in seen:
        return True
    seen.add(id(fn))
    for inst in fn.instructions():
        target = _stored_to(inst)
        if target is not None:
            if not _is_local(underlying_object(target)):
                return False
        elif isinstance(inst, I.CallBase) and not _call_writes_only_local(inst, seen):
            return False
    return True


def _call_writes_only_local(call, seen) -> bool:
    callee = call.called_function
    if callee is None:
        return False
    name = callee.name
    if writes_memory_block(name):
        return _is_local(underlying_object(call.args[0]))
    if name.startswith(HINT_INTRINSICS + MASKED_READS) or _writes_nothing_visible(name):
        return True
    if blas_routine(name) is not None:          # the name is the contract, body or not
        written = blas_written_argument(name)
        return written is None or _is_local(underlying_object(call.args[written]))
    if callee.is_declaration:
        known = math_function(name) is not None or (
            name.startswith("llvm.") and not name.startswith("llvm.masked"))
        # frexp, modf and their kind store through their pointer arguments
        return known and all(_is_local(underlying_object(a)) for a in call.args
                             if a.type.is_pointer)
    return writes_only_local_memory(callee, seen)


def reloadable_loads(fn, only=None, rooted=frozenset()) -> Set[int]:
    """ids of the loads of `fn` that may be executed again after `fn`'s own code
    ran: non-volatile loads from argument or global memory that no write of the
    function can reach (see the module docstring).  With `only` (ids of
    arguments), loads from those arguments' memory alone: the memory the
    caller of a split derivative keeps until its reverse pass.  `rooted`
    (ids of arguments) names arguments whose memory, and all memory reached
    by loads from it, no write of the whole differentiated call tree
    reaches (analysis/tree_writes.py): every load from there is repeated."""
    targets = _write_targets(fn)
    out = set()
    for inst in fn.instructions():
        if not isinstance(inst, I.Load) or inst.volatile or inst.atomic:
            continue
        if rooted and id(loaded_root(inst.pointer)) in rooted:
            out.add(id(inst))
            continue
        obj = underlying_object(inst.pointer)
        if only is not None and id(obj) not in only:
            continue
        if not isinstance(obj, (Argument, GlobalVariable)):
            # A function that writes only its own memory cannot have stored
            # a pointer to it where its caller's memory holds pointers: what
            # a chain of loads from an argument or global reaches is the
            # caller's memory too, and unchanged (`p->mu[k]`).
            if targets == [] and _rooted_in_caller_memory(inst.pointer):
                out.add(id(inst))
            continue
        if _never_written(obj) or (targets is not None and
                                   all(separate_objects(obj, t) for t in targets)):
            out.add(id(inst))
    return out


def heap_kept_until_reverse(fn, exit_block):
    """Loads from the function's own heap blocks that a combined derivative's
    reverse pass may repeat, once the blocks' frees wait for the reverse of
    their allocation: (ids of the loads, {id(allocation): its free call}).

    A block qualifies when it is allocated in no cycle, on a path to the
    exit, and its address goes nowhere but to loads, stores into it,
    address arithmetic, comparisons, memory intrinsics, non-capturing call
    parameters and at most one free of the allocation itself, which runs
    once whenever the allocation has run (`_free_follows`).  Then every
    write to it is one of its uses, and a load that none of them can run
    after reads what the block holds until the free: an array filled before
    the loop that reads it (gmm's exponentiated diagonals; a std::vector
    allocated only when its size is not 0, freed before the exit).  The
    reverse of the allocation runs after the reverse of everything the
    allocation dominates, so the free moved there comes after every repeated
    load.  The reverse pass itself never writes primal heap memory (the undo
    log restores arguments, globals and the stack only)."""
    order = ExecutionOrder(fn)
    loads, frees = set(), {}
    for alloc in fn.instructions():
        if not (isinstance(alloc, I.CallBase) and underlying_object(alloc) is alloc) or \
                id(alloc.parent) in order.cyclic or not _reaches(order, alloc.parent, exit_block):
            continue
        uses = _heap_block_uses(alloc, None)
        if uses is None:
            continue
        reads, writes, freed = uses
        if len(freed) > 1 or freed and not _free_follows(order, freed[0], alloc, exit_block):
            continue
        kept = [load for load in reads if not any(order.may_run_after(w, load) for w in writes)]
        if kept:
            loads.update(id(load) for load in kept)
            frees.update((id(alloc), f) for f in freed)
    return loads, frees


def _reaches(order, block, exit_block) -> bool:
    return block is exit_block or id(exit_block) in order.blocks_after(block)


def _free_follows(order, free, alloc, exit_block) -> bool:
    """Does call `free` run once, after `alloc`, whenever `alloc` has run in a
    call that returns: a plain call (the reverse gets no unwind edge) in
    `alloc`'s block after it, or in a block every path from `alloc`'s to
    the exit passes once?  (A free only on some paths, or in a loop, does
    not: freeing in the allocation's reverse would free what the forward
    pass kept, or once where it freed several times.)"""
    if not isinstance(free, I.Call):
        return False
    if free.parent is alloc.parent:
        return order.may_run_after(free, alloc)
    return order.runs_once_after(free.parent, alloc.parent, exit_block)


def _heap_block_uses(alloc, exit_block):
    """(loads, writes, frees) among the uses of heap block `alloc`'s address,
    or None when it may escape or be freed elsewhere than in `exit_block`
    (anywhere, of the whole block, when it is None).  The address is
    followed through phis and selects that pick only among it, addresses
    computed from it and null (a block allocated only when needed, a
    vector's end pointer): loads and stores through them read and write
    the block (null is never dereferenced in a defined run)."""
    reads, writes, frees = [], [], []
    roots, followed = [alloc], {id(alloc)}
    while roots:
        for user, index in address_uses(roots.pop()):
            if isinstance(user, I.Load):
                if user.volatile or user.atomic:
                    return None
                reads.append(user)
            elif isinstance(user, I.Store) and index == 1:
                writes.append(user)
            elif isinstance(user, I.CallBase) and user.called_function is not None and \
                    index < len(user.args):
                kind = _heap_call_use(user, index, _whole_block(user.args[index], alloc),
                                      exit_block)
                if kind is None:
                    return None
                if kind != "read":
                    (writes if kind == "write" else frees).append(user)
            elif isinstance(user, (I.Phi, I.Select)):
                if id(user) not in followed:
                    if not _picks_within(user, alloc, followed):
                        return None
                    followed.add(id(user))
                    roots.append(user)
            elif not isinstance(user, I.Compare):
                return None
    return reads, writes, frees


def _picks(choice) -> list:
    """The values phi or select `choice` picks among."""
    if isinstance(choice, I.Phi):
        return [value for value, _ in choice.incoming]
    return choice.operands[1:]


def _picks_within(choice, alloc, followed) -> bool:
    """Is each value `choice` picks null, or an address computed from `alloc`
    or from a phi or select already followed (a loop's cursor)?"""
    for value in _picks(choice):
        while isinstance(value, (I.GetElementPtr, I.Cast)) and \
                value.opcode in ("getelementptr", "bitcast", "addrspacecast"):
            value = value.operands[0]
        if value is not choice and id(value) not in followed and \
                not isinstance(value, ConstantNull):
            return False
    return True


def _whole_block(ptr, alloc) -> bool:
    """Is `ptr` the address `alloc` returned, or (through phis and selects)
    either that or null: what a free of the whole block is given?"""
    ptr = _without_casts(ptr)
    if ptr is alloc or isinstance(ptr, ConstantNull):
        return True
    return isinstance(ptr, (I.Phi, I.Select)) and \
        all(_without_casts(v) is alloc or isinstance(_without_casts(v), ConstantNull)
            for v in _picks(ptr))


def _without_casts(v):
    while isinstance(v, I.Cast) and v.opcode in ("bitcast", "addrspacecast"):
        v = v.operands[0]
    return v


def _heap_call_use(call, index: int, whole: bool, exit_block):
    """What `call` does with the heap block address it gets as argument
    `index`: "read", "write", "free", or None (it may keep the address, or
    frees part of the block, or frees it outside `exit_block` when that is
    given)."""
    name = call.called_function.name
    if is_deallocator(name):
        return "free" if index == 0 and whole and \
            (exit_block is None or call.parent is exit_block) else None
    if writes_memory_block(name):
        return "write" if index == 0 else "read" if index == 1 else None
    if name.startswith(HINT_INTRINSICS):
        return "read"
    at_call = call.arg_attrs[index] if call.arg_attrs and index < len(call.arg_attrs) else ""
    declared = call.called_function.args[index].attrs \
        if index < len(call.called_function.args) else ""
    attrs = f"{at_call or ''} {declared or ''}"
    if "nocapture" not in attrs.split() and "captures(none)" not in attrs:
        return None
    return "read" if {"readonly", "readnone"} & set(attrs.split()) else "write"


def forwarding_store(load, loops, preds, exit_block, cyclic):
    """The store whose value `load` reads, known without running the
    program, as (store, its loop's counter, the load's index): the load's
    value is what the store wrote in the iteration where the counter equals
    the index.  (gmm's centred x: a loop fills `xc[j]`, and later loops
    read `xc[i]` for the same range of i.)  None unless:

    - the load reads `base[k]` of a heap block of the function whose only
      write is the store, to `base[j]` (the same base and element type);
    - j is the counter of the store's innermost loop, which leaves only at
      its latch (by the test `final_count_bound` reads), and the store runs
      in every iteration (its block dominates the latch), each iteration's
      bytes apart from the others' (`_stores_apart`);
    - k is the counter of a loop around the load with the same start, step
      and final count, the start and the bound each one value per call:
      every run of either loop walks the same counter values, so the last
      run of the store's loop wrote every cell the load may read;
    - the block after the store's loop (entered from it alone) dominates
      the load: after any execution of a value the store's loop uses from
      outside it, the loop runs to its end again before the load."""
    ptr = load.pointer
    if not isinstance(ptr, I.GetElementPtr) or len(ptr.operands) != 2 or \
            load.volatile or load.atomic:
        return None
    block = underlying_object(ptr.pointer)
    if not isinstance(block, I.CallBase):
        return None
    uses = _heap_block_uses(block, exit_block)
    if uses is None or len(uses[1]) != 1 or not isinstance(uses[1][0], I.Store):
        return None
    store = uses[1][0]
    at = store.pointer
    if not isinstance(at, I.GetElementPtr) or len(at.operands) != 2 or \
            at.pointer is not ptr.pointer or at.source_type != ptr.source_type or \
            store.value.type != load.type or store.volatile or store.atomic:
        return None
    j, k = at.operands[1], ptr.operands[1]
    around = loops.loops_around(store.parent)
    if not around or around[0].header is not j.parent or \
            around[0].contains(load.parent) or j.type != k.type:
        return None
    store_loop = around[0]
    if not _stores_apart(store, store_loop):
        return None
    load_loop = next((lp for lp in loops.loops_around(load.parent)
                      if lp.header is k.parent), None)
    after = _bottom_exit(store_loop, preds, loops.dom, store)
    if load_loop is None or after is None or not loops.dom.dominates(after, load.parent):
        return None
    if not _same_walk(store_loop, j, load_loop, k, preds, cyclic):
        return None
    return store, j, k


def _stores_apart(store, loop) -> bool:
    """Does `store` write bytes no other iteration of `loop` writes: its
    address moves by at least the value's size per iteration?  (A pair of
    doubles stored 8 bytes apart loses its second lane to the next store.)"""
    step, size = address_step(store.pointer, loop), alloc_size(store.value.type)
    return step is not None and size is not None and abs(step) >= size


def _bottom_exit(loop, preds, dom, store):
    """The block `loop` leaves to from its only latch, entered from the
    loop alone, when `store` runs in every iteration; else None."""
    latches = [p for p in preds[id(loop.header)] if loop.contains(p)]
    if len(latches) != 1 or not dom.dominates(store.parent, latches[0]):
        return None
    outside = [s for s in latches[0].successors if not loop.contains(s)]
    if len(outside) != 1 or not all(loop.contains(p) for p in preds[id(outside[0])]):
        return None
    return outside[0]


def _same_walk(loop_a, a, loop_b, b, preds, cyclic) -> bool:
    """Do counters `a` of `loop_a` and `b` of `loop_b` take the same values
    in every run: the same start, step and final count, each one value per
    call (a constant, an argument, or defined outside every cycle)?"""
    parts_a, parts_b = counter_parts(a), counter_parts(b)
    ends_a, ends_b = final_count_bound(loop_a, a, preds), final_count_bound(loop_b, b, preds)
    if None in (parts_a, parts_b, ends_a, ends_b):
        return False
    pairs = [(parts_a[0], parts_b[0]), (parts_a[2].operands[1], parts_b[2].operands[1]),
             (ends_a[0], ends_b[0]), (ends_a[1], ends_b[1])]
    return all(_same_value(x, y) and _once_per_call(x, cyclic) and _once_per_call(y, cyclic)
               for x, y in pairs)


def _same_value(x, y) -> bool:
    """Are `x` and `y` the same number: one value, equal constants, or the
    same cast of the same number (clang repeats `zext i32 %n` per loop)?"""
    if isinstance(x, ConstantInt) and isinstance(y, ConstantInt):
        return x.type == y.type and x.value == y.value
    if isinstance(x, I.Cast) and isinstance(y, I.Cast):
        return x.opcode == y.opcode and x.type == y.type and \
            _same_value(x.operands[0], y.operands[0])
    return x is y


def _once_per_call(v, cyclic) -> bool:
    return not isinstance(v, I.Instruction) or id(v.parent) not in cyclic


def unwritten_memory(fn, ptr, targets) -> bool:
    """Does no write of `fn` reach the memory `ptr` points into (an argument's
    or a global's)?  `targets` is `write_targets(fn)`, asked once."""
    obj = underlying_object(ptr)
    if not isinstance(obj, (Argument, GlobalVariable)):
        return False
    return _never_written(obj) or (targets is not None and
                                   all(separate_objects(obj, t) for t in targets))


def _rooted_in_caller_memory(ptr) -> bool:
    """Is `ptr` an address computed from pointers loaded, directly or through
    further loads, from an argument or a global?"""
    return isinstance(loaded_root(ptr), (Argument, GlobalVariable))


def loaded_root(ptr):
    """What address arithmetic and non-volatile loads compute `ptr` from:
    `p` for `p->data[k]`; a value of any other kind where the chain stops."""
    while True:
        if isinstance(ptr, (I.GetElementPtr, I.Cast)):
            ptr = ptr.operands[0]
        elif isinstance(ptr, I.Load) and not ptr.volatile and not ptr.atomic:
            ptr = ptr.pointer
        else:
            return ptr


def write_targets(fn):
    return _write_targets(fn)


def _write_targets(fn):
    """The objects `fn` may write besides its own (None: anything)."""
    targets = []
    for _, _, obj in _classified_writes(fn):
        if obj is None:
            return None
        if not _is_local(obj):
            targets.append(obj)
    return targets


_ANYWHERE = object()    # a call that may write memory we cannot name


def _call_written_pointer(call):
    """The pointer a call writes through or frees, None when it writes only the
    caller's own memory, or _ANYWHERE."""
    callee = call.called_function
    if callee is not None and _frees(callee.name) and call.args:
        return call.args[0]                  # freed memory cannot be read again
    if _call_writes_only_local(call, set()):
        return None
    if callee is not None and writes_memory_block(callee.name):
        return call.args[0]
    if callee is not None and callee.name.startswith(MASKED_STORE):
        return call.args[1]
    if callee is not None and blas_written_argument(callee.name) is not None:
        return call.args[blas_written_argument(callee.name)]
    return _ANYWHERE


def _never_written(obj) -> bool:
    return isinstance(obj, GlobalVariable) and obj.is_constant_global


def _is_noalias(obj) -> bool:
    return isinstance(obj, Argument) and "noalias" in obj.attrs.split()


def separate_objects(obj, target) -> bool:
    """Can no write to `target` change the memory of `obj`?"""
    if obj is target:
        return False
    if _is_noalias(obj) or _is_noalias(target):
        return True
    return isinstance(obj, GlobalVariable) and isinstance(target, GlobalVariable)


# ---------------------------------------------------------------- undoable writes
LOGGABLE_BYTES = (1, 2, 4, 8, 16)


def restorable_loads(fn, reloadable: Set[int], loops) -> Dict[int, List[I.Store]]:
    """Loads that the reverse pass of `fn`'s block may repeat once the stores
    that can reach their memory are undone, each with those stores.

    A load qualifies when:
    - its object is an argument, a global, or an entry-block alloca whose
      address is only loaded from, stored to and copied (so nothing but the
      function's own stores and memory intrinsics can reach it);
    - every write that may reach the object is a plain store of 1 to 16
      bytes, which the log can undo -- except, for an alloca, a memory
      intrinsic outside loops that dominates the load: it runs at most once,
      and before the load, so no repeated load needs the memory it replaced
      (stores that cannot run after the load are not logged for it: a local
      array, or one the caller passes, filled, even by a loop, before a loop
      reads it; the reverse of the load comes before the reverse of any of
      them, so the log has taken back only stores that followed the load);
    - no such store follows it in its block (the reverse of a block sees the
      memory as the block left it);
    - it sits in more loops than each of those stores: the log then records
      fewer entries than the tape would;
    - its address moves by at most a cache line per iteration of its
      innermost loop.  The reverse of a strided load already walks its
      adjoint's stride; walking the primal's as well doubles what the loop
      keeps in cache, and costs more than reading the tape (the reverse of
      a matrix product's column walk ran 1.7 times slower).
    """
    writers = _classified_writes(fn)
    order = ExecutionOrder(fn)
    reaching_cache: Dict[int, Optional[list]] = {}
    found: Dict[int, List[I.Store]] = {}
    for inst in fn.instructions():
        if not isinstance(inst, I.Load) or inst.volatile or inst.atomic or \
                id(inst) in reloadable:
            continue
        around = loops.loops_around(inst.parent)
        depth = len(around)
        if depth == 0 or not _contiguous_in(inst.pointer, around[0]):
            continue
        obj = underlying_object(inst.pointer)
        if id(obj) not in reaching_cache:
            reaching = _reaching_writes(obj, writers)
            reaching_cache[id(obj)] = None if reaching is None else (
                [w for k, w in reaching if k == "intrinsic"],
                _StoreSummary([w for k, w in reaching if k == "store"], loops))
        reaching = reaching_cache[id(obj)]
        if reaching is None or any(
                not order.runs_once_before(w, inst, loops.dom) for w in reaching[0]):
            continue
        stores = reaching[1]
        stores = _StoreSummary([s for s in stores.stores
                                if order.may_run_after(s, inst)], loops)
        if stores.latest_in.get(id(inst.parent), -1) > inst.parent.index_of(inst):
            continue                  # the reverse of its block would see the store
        if stores.deepest < depth:
            found[id(inst)] = stores.stores
    return found


class _StoreSummary:
    """Stores to one object, with what restorable_loads asks of them for
    every load of it: the most loops around any, the last one's position in
    each block (an object written in a thousand places is read in as many)."""
    __slots__ = ("stores", "deepest", "latest_in")

    def __init__(self, stores, loops):
        self.stores = stores
        self.deepest = max((len(loops.loops_around(s.parent)) for s in stores), default=-1)
        self.latest_in: Dict[int, int] = {}
        for s in stores:
            here = self.latest_in.get(id(s.parent), -1)
            self.latest_in[id(s.parent)] = max(here, s.parent.index_of(s))


def _classified_writes(fn):
    """(kind, instruction, object written) for every write of `fn`: kind
    'store' (undoable), 'intrinsic' (memcpy, memset, ...) or 'other'; the
    object is None when unknown."""
    out = []
    for inst in fn.instructions():
        if isinstance(inst, I.Store):
            kind = "store" if store_bytes(inst) in LOGGABLE_BYTES else "other"
            out.append((kind, inst, _written_object(inst.pointer)))
        elif _stored_to(inst) is not None:
            out.append(("other", inst, _written_object(_stored_to(inst))))
        elif isinstance(inst, I.CallBase):
            callee = inst.called_function
            if callee is not None and writes_memory_block(callee.name):
                out.append(("intrinsic", inst, _written_object(inst.args[0])))
                continue
            ptr = _call_written_pointer(inst)
            if ptr is not None:
                out.append(("other", inst, None if ptr is _ANYWHERE else _written_object(ptr)))
    return out


def loop_invariant_load(load, blocks, kind_of) -> bool:
    """Does `load` read the same value in every iteration of the loop made
    of `blocks`?  Its address must come from outside the loop and no write
    in the loop may reach what it reads.  A write cannot if it goes to the
    function's own memory while the load reads an argument's or a global's,
    or if the two accesses have different scalar types by clang's TBAA
    (`kind_of(access)`: "double", "ptr", "int"..., None if unknown or char):
    C does not let memory written as one type be read as another, which is
    what clang -O2 itself relies on (-fno-strict-aliasing writes no tags).
    A call in the loop may write only the function's own memory."""
    inside = {id(block) for block in blocks}
    if not isinstance(load, I.Load) or load.volatile or load.atomic or (
            isinstance(load.pointer, I.Instruction) and id(load.pointer.parent) in inside):
        return False
    caller_memory = isinstance(underlying_object(load.pointer), (Argument, GlobalVariable))
    kind = kind_of(load)
    for block in blocks:
        for inst in block.instructions:
            target = _stored_to(inst)
            if target is not None:
                if caller_memory and _is_local(underlying_object(target)):
                    continue
                other = kind_of(inst)
                if kind is None or other is None or other == kind:
                    return False
            elif isinstance(inst, I.CallBase) and not (
                    caller_memory and _call_writes_only_local(inst, set())) and not (
                    inst.called_function is not None and
                    _writes_nothing_visible(inst.called_function.name)):
                return False
    return True


def _reaching_writes(obj, writers) -> Optional[list]:
    """(kind, write) for the writes that may reach `obj`, when each is a store
    or (to an alloca) a memory intrinsic; None when some other write may, or
    `obj` is not memory the undo log can restore."""
    if isinstance(obj, I.Alloca):
        if obj.parent is not obj.parent.parent.blocks[0] or _address_escapes(obj):
            return None
        reaching = [(k, w) for k, w, o in writers if o is obj]
        allowed = ("store", "intrinsic")
    elif isinstance(obj, Argument) or (isinstance(obj, GlobalVariable)
                                       and not obj.is_constant_global):
        reaching = [(k, w) for k, w, o in writers
                    if o is None or (not _is_local(o) and not separate_objects(obj, o))]
        allowed = ("store",)
    else:
        return None
    return reaching if all(k in allowed for k, _ in reaching) else None


def store_bytes(store) -> Optional[int]:
    """The bytes a plain store of numbers (or a fixed vector of them) writes;
    None for anything else."""
    t, count = store.value.type, 1
    if t.is_vector and not t.scalable:
        t, count = t.element, t.count
    if store.volatile or store.atomic or not (t.is_int or t.is_float) or \
            store.pointer.type.addrspace:
        return None
    return t.bits * count // 8 if t.bits % 8 == 0 else None


def is_local_store(store) -> bool:
    """Does `store` write the function's own stack (gone when it returns)?"""
    return isinstance(underlying_object(store.pointer), I.Alloca)


def _address_escapes(alloca, allowed=None) -> bool:
    """Is the alloca's address used other than to load, store or copy memory
    (or as operand `at` of `user` where `allowed(user, at)`)?"""
    for user, index in address_uses(alloca):
        if isinstance(user, I.Load) or (isinstance(user, I.Store) and index == 1):
            continue
        if isinstance(user, I.CallBase) and user.called_function is not None and \
                writes_memory_block(user.called_function.name) and index < 2:
            continue
        if allowed is None or not allowed(user, index):
            return True
    return False


def address_uses(root):
    """(user, operand index) for every use of `root`'s address and of the
    addresses computed from it (getelementptr, bitcast, addrspacecast),
    those computations themselves left out."""
    work = [root]
    while work:
        ptr = work.pop()
        for user, index in ptr.uses:
            if isinstance(user, (I.GetElementPtr, I.Cast)) and index == 0 and \
                    user.opcode in ("getelementptr", "bitcast", "addrspacecast"):
                work.append(user)
            else:
                yield user, index


CACHE_LINE = 64


def _contiguous_in(ptr, loop) -> bool:
    """Does `ptr` move by at most a cache line per iteration of `loop`?
    (A cost estimate only: a wrong answer costs time, not correctness.)"""
    step = address_step(ptr, loop)
    return step is not None and abs(step) <= CACHE_LINE


def address_step(ptr, loop) -> Optional[int]:
    """The bytes `ptr` moves by per iteration of `loop`, if constant."""
    if _invariant_in(ptr, loop):
        return 0
    if not isinstance(ptr, I.GetElementPtr):
        return None
    return gep_step(ptr, address_step(ptr.operands[0], loop), lambda i: _index_step(i, loop))


def gep_step(gep, base_step: Optional[int], index_step) -> Optional[int]:
    """The bytes `gep`'s address moves by when its base moves by `base_step`
    and each index `i` by `index_step(i)`; None when any of that is unknown."""
    step = base_step
    for index, unit in gep_indices(gep):
        moves = index_step(index)
        if step is None or moves is None or (moves and unit is None):
            return None
        step += moves * (unit or 0)
    return step


def gep_indices(gep):
    """(index, bytes one unit of it moves the address by) for each index of
    `gep`.  The bytes are None for a struct field (a constant index: its
    offset comes from the layout) and for elements of no fixed size."""
    t = gep.source_type
    for k, index in enumerate(gep.operands[1:]):
        if k:
            if not (t.is_array or t.is_vector):
                yield index, None
                if not (t.is_struct and isinstance(index, ConstantInt)):
                    return
                t = t.elements[index.value]
                continue
            t = t.element
        yield index, alloc_size(t)


def _index_step(v, loop) -> Optional[int]:
    """How much an integer `v` changes per iteration of `loop`, if constant."""
    if _invariant_in(v, loop):
        return 0
    if isinstance(v, I.Cast) and v.opcode in ("sext", "zext", "trunc"):
        return _index_step(v.operands[0], loop)
    if isinstance(v, I.Phi):
        parts = counter_parts(v) if v.parent is loop.header else None
        return parts[2].operands[1].value if parts is not None else None
    if not isinstance(v, I.BinaryOp):
        return None
    a, b = (_index_step(op, loop) for op in v.operands)
    if a is None or b is None:
        return None
    scale = v.operands[1]
    if v.opcode in ("add", "or"):         # `or` of an unrolled loop's offsets adds
        return a + b
    if v.opcode == "sub":
        return a - b
    if v.opcode == "mul" and isinstance(scale, ConstantInt):
        return a * scale.value
    if v.opcode == "shl" and isinstance(scale, ConstantInt):
        return a << scale.value
    return None


def _invariant_in(v, loop) -> bool:
    return not isinstance(v, I.Instruction) or id(v.parent) not in loop.blocks


def masked_access(call):
    """(value type, pointer or vector of pointers, alignment, mask, value
    stored or pass-through) of a masked load, store, gather or scatter;
    None for any other call."""
    name = call.called_function.name if call.called_function is not None else ""
    if name.startswith((MASKED_LOAD, MASKED_GATHER)):
        ptr, align, mask, passthru = call.args
        return call.type, ptr, align, mask, passthru
    if name.startswith((MASKED_STORE, MASKED_SCATTER)):
        value, ptr, align, mask = call.args
        return value.type, ptr, align, mask, value
    return None


# ---------------------------------------------------------------- calls without a body
_MEMORY_ATTR = LazyPattern(r"\bmemory\s*\(([^)]*)\)")
# Intrinsics that store through a pointer argument (others carry LLVM's own
# attributes, which hand-written declarations may leave out).


def call_may_write_through(call, index: int) -> bool:
    """May `call`, to a function without a body, write memory through its
    pointer argument `index`?  Its attributes (at the call and the
    declaration, of the function and of the parameter) may say it cannot."""
    callee = call.called_function
    if callee.name.startswith("llvm."):
        return callee.name.startswith(MASKED_WRITES)
    at_call = call.arg_attrs[index] if call.arg_attrs and index < len(call.arg_attrs) else ""
    declared = callee.args[index].attrs if index < len(callee.args) else ""
    if {"readonly", "readnone"} & set(f"{at_call or ''} {declared or ''}".split()):
        return False
    fn_text = f"{callee.attrs} {call.fn_attrs or ''}"
    if callee.module is not None:
        fn_text = callee.module.with_groups(fn_text)
    if {"readonly", "readnone"} & set(re.findall(r"[a-z_]+", fn_text)):
        return False
    for effects in _MEMORY_ATTR.findall(fn_text):
        if _argmem_access(effects) in ("none", "read"):
            return False
    return True


def _argmem_access(effects: str) -> str:
    """The access `memory(...)` allows to argument memory: its `argmem:`
    entry, else its default, else none."""
    default = "none"
    for entry in (e.strip() for e in effects.split(",")):
        location, _, access = entry.rpartition(":")
        if location.strip() == "argmem":
            return access.strip()
        if not location:
            default = access.strip()
    return default


# ---------------------------------------------------------------- memory a callee may read again
def caller_writes(fn):
    """`fn`'s writes as (instruction, object written or None), taken before
    the derivative rewrites its calls: what `kept_for_reverse` checks."""
    return [(inst, obj) for _, inst, obj in _classified_writes(fn)]


def kept_for_reverse(call, index: int, writes, kept_argument) -> bool:
    """Does the memory argument `index` of `call` points into hold, from the
    call until its reverse pass runs, what it held during the call -- so
    the callee's split derivative may load it again rather than tape it?

    The caller guarantees this for an object of its own that nothing but
    `call` reaches: its stack (`kept_argument(None)`: only a combined
    derivative, whose stack lives on through its reverse pass; the stack of
    a split one's augmented function is gone by then) or a `noalias`
    argument the caller's own caller keeps (`kept_argument(arg)`).  No
    other write of the caller that may run after the call may reach it
    (`writes`: `caller_writes`; the combined derivative's undo log takes
    back earlier ones only after the call's reverse), and `call` passes it
    elsewhere only to read-only parameters; the callee's own writes
    through the argument its own analysis sees."""
    obj = underlying_object(call.args[index])
    if isinstance(obj, I.Alloca):
        if not kept_argument(None) or _address_escapes(
                obj, lambda user, at: user is call and (at == index or
                                                        _read_only_parameter(call, at))):
            return False
    elif not (isinstance(obj, Argument) and _is_noalias(obj) and kept_argument(obj)):
        return False
    order = ExecutionOrder(call.parent.parent)
    for inst, target in writes:
        if inst is not call and (target is None or target is obj) and \
                order.may_run_after(inst, call):
            return False
    return all(j == index or underlying_object(a) is not obj or _read_only_parameter(call, j)
               for j, a in enumerate(call.args) if a.type.is_pointer)


def _read_only_parameter(call, index: int) -> bool:
    callee = call.called_function
    if callee is None or index >= len(callee.args):
        return False
    return bool({"readonly", "readnone"} & set((callee.args[index].attrs or "").split()))
