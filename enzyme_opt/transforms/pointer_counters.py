"""Loops that walk a pointer get an integer counter.

`for (q = x; q != end; q++)` (and the range-based for loops of C++, and
walks over arrays of structs) comes out of clang as a header phi of
pointers stepping by a constant:

    H:  %q = phi ptr [ %x, %pre ], [ %q.next, %latch ]
        ...
        %q.next = getelementptr inbounds T, ptr %q, i64 C

The reverse pass steps integer counters back and computes addresses from
them, and tells a header's first iteration by its counter's start value;
it has no such rule for a pointer, so it kept every iteration's pointer, its
shadow, the values loaded through it and the edge that entered the header
on the tape (aos_ptr in bench/results/2026-11-27-perfhunt.md: 88 bytes per
pair of particles where the indexed loop keeps none).  Rewritten with an
element offset

    H:  %q.off = phi i64 [ 0, %pre ], [ %q.off.next, %latch ]
        %q = getelementptr inbounds T, ptr %x, i64 %q.off
        ...
        %q.off.next = add nsw i64 %q.off, C
        %q.next = getelementptr inbounds T, ptr %q, i64 C

the loop has a counter and its addresses come from it, as in an indexed
loop (an opaque pointer's `gep i8, %q, 8` counts [8 x i8] units by 1:
`_counted_unit`).  The values are the same: the k-th %q is x + k*C elements either
way.  `inbounds` keeps every offset within one object, so the add does not
wrap (nsw; nuw too when C > 0, the offsets then growing from 0); a single
inbounds step from %x is poison only where the original chain of steps was
too.  Only 64-bit constant steps are rewritten (a narrower index would wrap
where the pointer does not).  It runs on the copy of a function that is
differentiated (ad/prepare.py).
"""
from __future__ import annotations

from ..analysis.loops import LoopInfo
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import ConstantInt
from ..ir.types import ArrayType, alloc_size

# The widest element an x86-64 address indexes without a shift (`_counted_unit`).
LARGEST_FREE_SCALE = 8


def count_pointer_steps(fn) -> int:
    """Give every pointer-stepped loop header phi of `fn` (the shape above)
    an integer counter; returns how many were rewritten."""
    loops = LoopInfo(fn)
    done = 0
    for header in loops.dom.order:
        loop = loops.innermost.get(id(header))
        if loop is None or loop.header is not header:
            continue
        shared = {}
        for phi in list(header.phis):
            found = _pointer_step(phi, loop)
            if found is not None:
                _rewrite(phi, *found, shared)
                done += 1
    return done


def _pointer_step(phi, loop):
    """(start, its block, step gep, the latch) when `phi` is a pointer
    `phi [start, %outside], [gep inbounds T, %phi, i64 C, %latch]` of
    `loop`'s header, C a nonzero constant; else None."""
    if not phi.type.is_pointer or len(phi.incoming) != 2:
        return None
    (a, block_a), (b, block_b) = phi.incoming
    if loop.contains(block_a) == loop.contains(block_b):
        return None
    (start, outside), (step, latch) = ((a, block_a), (b, block_b)) \
        if not loop.contains(block_a) else ((b, block_b), (a, block_a))
    if not isinstance(step, I.GetElementPtr) or step.pointer is not phi or \
            "inbounds" not in step.flags or len(step.indices) != 1 or step.type != phi.type:
        return None
    index = step.indices[0]
    if not isinstance(index, ConstantInt) or index.type.bits != 64 or index.value == 0:
        return None
    if isinstance(start, I.Instruction) and loop.contains(start.parent):
        return None
    return start, outside, step, latch


def _rewrite(phi, start, outside, step, latch, shared) -> None:
    """Walks of one header that step by the same units from the same
    edges share one counter (`shared`: (unit, step, edges) -> offset): each
    moves once per iteration, so their offsets are equal, and the reverse
    pass steps back and tests one counter, not one per walk (the two
    pointers of an inner product)."""
    header, index = phi.parent, step.indices[0]
    name = phi.name or "ptr"
    unit, counted = _counted_unit(phi, step)
    key = (unit, counted.signed_value, id(outside), id(latch))
    known = shared.get(key)
    offset = known if known is not None else Builder(header, 0).phi(index.type, name=name + ".off")
    address = Builder(header, header.first_non_phi_index()).gep(
        unit, start, [offset], phi.type, name=name + ".at")
    phi.replace_all_uses_with(address)
    if known is not None:
        phi.erase()
        return
    shared[key] = offset
    flags = ("nuw", "nsw") if counted.signed_value > 0 else ("nsw",)
    following = Builder().position_before(step).add(offset, counted, name + ".off.next",
                                                     flags=flags)
    offset.add_incoming(ConstantInt(index.type, 0), outside)
    offset.add_incoming(following, latch)
    phi.erase()


def _counted_unit(phi, step):
    """(T', C') for the counter: the step's own (T, C), or, for an opaque
    pointer stepping by C of T with |C| > 1 (clang 15+'s `gep i8, %q, 8`),
    ([|C| x T], +-1): the counter then counts iterations, as an indexed
    loop's does, and the reverse pass tells the first one by a counter
    stepped back by 1 to 0, a test LLVM folds into the decrement (a byte
    counter compared with 0 after stepping back by 8 needs a compare of its
    own: LLVM does not know it stays a multiple of 8).  The addresses are
    the same, start + k*C*sizeof(T) bytes.  Only for steps of at most
    8 bytes, the scales an x86-64 address multiplies an index by for free:
    a wider unit (a 32-byte struct) costs a shift at every address the
    counter computes, more than the compare it saves (aos_ptr: 4
    instructions more per outer iteration).  Typed pointers keep (T, C): a
    gep of [C x T] would need its pointer cast."""
    index = step.indices[0]
    count = index.signed_value
    size = alloc_size(step.source_type)
    if abs(count) == 1 or not phi.type.is_opaque or size is None or \
            abs(count) * size > LARGEST_FREE_SCALE:
        return step.source_type, index
    return ArrayType(abs(count), step.source_type), ConstantInt(index.type, 1 if count > 0 else -1)
