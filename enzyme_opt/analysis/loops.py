"""Natural loops: a header that dominates its latches, and the blocks that
reach a latch without passing through the header.

Loops with the same header are merged (one loop per header), and each loop
knows its parent, so the loops around a block can be listed from the
innermost out.  Cycles that are not natural loops (irreducible control
flow) belong to no loop here; callers treat their blocks conservatively.
"""
from __future__ import annotations

import math
import operator
from typing import Dict, List, Optional

from ..ir import instructions as I
from ..ir.constants import ConstantInt
from ..ir.types import I64, alloc_size
from .cfg import DominatorTree
from .library import FUSED_MULTIPLY_ADDS, VECTOR_NATIVE_MATH, called_math_function


class Loop:
    __slots__ = ("header", "blocks", "parent")

    def __init__(self, header, blocks: set):
        self.header = header
        self.blocks = blocks          # ids of the blocks of the loop, nested loops included
        self.parent: Optional[Loop] = None

    def contains(self, block) -> bool:
        return id(block) in self.blocks

    def outside_predecessors(self, preds) -> list:
        """The header's predecessors outside the loop (the ways into it)."""
        return [p for p in preds[id(self.header)] if id(p) not in self.blocks]


class LoopInfo:
    def __init__(self, fn, dom: Optional[DominatorTree] = None):
        dom = self.dom = dom or DominatorTree(fn)
        preds = dom.preds
        loops = []
        for header in dom.order:
            latches = [p for p in preds[id(header)]
                       if dom.is_reachable(p) and dom.dominates(header, p)]
            if latches:
                loops.append(Loop(header, _body(header, latches, preds, dom)))
        # Outer loops are larger: the parent of a loop is the smallest other
        # loop that contains its header, the next one after it in this order
        # of those that do (found without trying every loop for every loop:
        # a function of a thousand loops in a row is no rarity).
        loops.sort(key=lambda lp: len(lp.blocks))
        containing: Dict[int, List[Loop]] = {}
        for loop in loops:
            for b in loop.blocks:
                containing.setdefault(b, []).append(loop)
        for loop in loops:
            around = containing[id(loop.header)]
            k = next(i for i, other in enumerate(around) if other is loop)
            loop.parent = around[k + 1] if k + 1 < len(around) else None
        self.innermost: Dict[int, Loop] = {}
        for loop in loops:                  # smallest first: the first claim wins
            for b in loop.blocks:
                self.innermost.setdefault(b, loop)

    def is_reducible(self) -> bool:
        """Whether every cycle of the function is one of these loops: the
        reachable blocks, without the edges into a header from the blocks it
        dominates, form no cycle (else a block may run more than once per
        iteration of the loops around it)."""
        dom = self.dom
        edges = {id(b): [s for s in b.successors if not dom.dominates(s, b)]
                 for b in dom.order}
        indegree = {id(b): 0 for b in dom.order}
        for succs in edges.values():
            for s in succs:
                indegree[id(s)] += 1
        ready = [b for b in dom.order if indegree[id(b)] == 0]
        seen = 0
        while ready:
            seen += 1
            for s in edges[id(ready.pop())]:
                indegree[id(s)] -= 1
                if indegree[id(s)] == 0:
                    ready.append(s)
        return seen == len(dom.order)

    def holds_no_loop(self, loop) -> bool:
        """Whether no loop lies inside `loop`: each of its blocks runs at
        most once per iteration, unless a cycle that is no loop repeats it
        (`is_reducible`)."""
        return all(self.innermost.get(b) is loop for b in loop.blocks)

    def loops_around(self, block) -> List[Loop]:
        """The loops containing `block`, innermost first."""
        out = []
        loop = self.innermost.get(id(block))
        while loop is not None:
            out.append(loop)
            loop = loop.parent
        return out


def _body(header, latches, preds, dom) -> set:
    body = {id(header)}
    work = list(latches)
    while work:
        b = work.pop()
        if id(b) in body or not dom.is_reachable(b):
            continue
        body.add(id(b))
        work.extend(preds[id(b)])
    return body


def counter_parts(phi):
    """(start, start_block, increment) when `phi` is a counter
    `phi [start, %start_block], [%phi + C, %latch]` with a constant C, where
    `increment` is the add; else None."""
    if not isinstance(phi, I.Phi) or len(phi.incoming) != 2:
        return None
    for k, (next_value, _) in enumerate(phi.incoming):
        if (isinstance(next_value, I.BinaryOp) and next_value.opcode == "add"
                and next_value.operands[0] is phi
                and isinstance(next_value.operands[1], ConstantInt)):
            start, start_block = phi.incoming[1 - k]
            return start, start_block, next_value
    return None


# Integer steps through which an address still moves by a fixed stride
# as the loop's counters do.
_STRIDED_STEPS = frozenset(("add", "sub", "mul", "shl", "or", "zext", "sext", "trunc",
                            "getelementptr"))


def has_picked_access(loop, preds) -> bool:
    """Whether `loop` loads or stores a floating-point value at an address
    picked inside the loop by a select, a call (a clamped neighbour:
    usub.sat, umin) or a load (an index read from memory), rather than one
    moving by a fixed stride with its counters."""
    for block in _loop_blocks(loop, preds):
        for inst in block.instructions:
            if isinstance(inst, I.Load):
                value_type = inst.type
            elif isinstance(inst, I.Store):
                value_type = inst.value.type
            else:
                continue
            if value_type.scalar.is_float and _picked(inst.pointer, loop, 8):
                return True
    return False


_SUM_STEPS = ("fadd", "fsub")
_PRODUCT_STEPS = ("fmul", "fdiv")


def has_mixed_float_recurrence(loop, preds) -> bool:
    """Whether a scalar float phi of `loop`'s header is carried around the
    loop through both a sum and a product of itself (`p = p * t + c`,
    Horner's scheme), or a fused multiply-add with itself as a factor: no
    reduction (a chain of adds alone, or of multiplies alone) nor a value
    the next iteration merely reads, so no vectorizer takes the loop, nor
    the reverse loop that carries its adjoint back."""
    blocks = {id(b) for b in _loop_blocks(loop, preds)}
    for phi in loop.header.instructions:
        if not isinstance(phi, I.Phi):
            break
        if not phi.type.is_float:
            continue
        steps = _steps_back_to(phi, blocks)
        if steps & {"fused"} or steps & set(_SUM_STEPS) and steps & set(_PRODUCT_STEPS):
            return True
    return False


def _steps_back_to(phi, blocks, depth: int = 8) -> set:
    """The kinds of the steps ("fadd", "fmul", ..., "fused": a fused
    multiply-add with `phi` in a factor) on the paths from `phi`'s values
    on its back edges in `blocks` back to `phi`, `depth` steps deep at most."""
    found, seen = set(), {}

    def walk(v, left) -> bool:
        if v is phi:
            return True
        if not isinstance(v, I.Instruction) or id(v.parent) not in blocks or not left:
            return False
        if id(v) in seen:
            return seen[id(v)]
        seen[id(v)] = False
        if isinstance(v, I.BinaryOp) and v.opcode in _SUM_STEPS + _PRODUCT_STEPS:
            reached = [v.opcode for op in v.operands if walk(op, left - 1)]
        elif isinstance(v, I.Call) and called_math_function(v) in FUSED_MULTIPLY_ADDS:
            reached = ["fused" for op in v.args[:2] if walk(op, left - 1)]
            reached += ["fadd"] if walk(v.args[2], left - 1) else []
        else:
            return False
        found.update(reached)
        seen[id(v)] = bool(reached)
        return seen[id(v)]
    for value, block in phi.incoming:
        if id(block) in blocks:
            walk(value, depth)
    return found


def math_calls_only(loops, loop, preds) -> bool:
    """Whether `loop` (of LoopInfo `loops`) is an innermost loop of
    arithmetic around scalar calls of math functions, one at least that a
    vector would call lane by lane (pow, not fabs), and no other call, no
    load, store or other memory access."""
    library_calls = 0
    for block in _loop_blocks(loop, preds):
        if loops.innermost.get(id(block)) is not loop:
            return False
        for inst in block.instructions:
            if isinstance(inst, I.CallBase):
                name = called_math_function(inst)
                if name is None or inst.type.is_vector:
                    return False
                library_calls += name not in VECTOR_NATIVE_MATH
            elif isinstance(inst, (I.Load, I.Store, I.Alloca, I.GenericInstruction)):
                return False
    return library_calls > 0


def _picked(v, loop, depth) -> bool:
    if not isinstance(v, I.Instruction) or id(v.parent) not in loop.blocks:
        return False
    if isinstance(v, (I.Select, I.Load, I.CallBase)):
        return True
    if depth == 0 or v.opcode not in _STRIDED_STEPS:
        return False
    return any(_picked(op, loop, depth - 1) for op in v.operands)


# Runs of a loop simulated by constant_final_count before giving up.
SIMULATED_ITERATIONS = 1 << 16


def constant_final_count(loop, counter, preds, limit=SIMULATED_ITERATIONS):
    """The value `counter` (a header phi `phi [S, %pre], [%counter + C,
    %latch]`, S and C constants) has in the last iteration of every run of
    `loop`, when that is the same constant in every run: the loop leaves
    only through one block, by `br (icmp X, B)` with B a constant and X the
    counter or its increment.  The runs are simulated (at most `limit`
    iterations); None when any of that does not hold."""
    run = _simulated_run(loop, counter, preds, limit)
    return None if run is None else run[0]


def constant_trip_count(loop, preds, limit=SIMULATED_ITERATIONS):
    """How many times the header of `loop` runs in every run of it, when a
    counter of its header makes that the same constant in every run (see
    constant_final_count); None when no counter does.  A block of the loop
    outside its nested loops runs at most that often per run."""
    for counter in loop.header.instructions:
        if not isinstance(counter, I.Phi):
            break
        run = _simulated_run(loop, counter, preds, limit)
        if run is not None:
            return run[1]
    return None


def _simulated_run(loop, counter, preds, limit):
    """(the counter's value in the last iteration, the number of iterations)
    of every run of `loop`, for constant_final_count; None when unknown."""
    parts = counter_parts(counter)
    if parts is None or counter.parent is not loop.header:
        return None
    start, _, increment = parts
    step = increment.operands[1]
    if not isinstance(start, ConstantInt):
        return None
    exiting = _single_exit_test(loop, preds, counter, increment)
    if exiting is None:
        return None
    test, exit_when = exiting
    bits = counter.type.bits
    last = last_before_leaving(start.value, step.value, bits, test.predicate,
                               test.operands[1].value, test.operands[0] is increment,
                               exit_when, limit)
    if last is None:
        return None
    # The counter first takes its last value in the last iteration (taken
    # earlier, the same test would have left then).
    size = 1 << bits
    return last, _steps_to_reach(start.value % size, step.value % size, last % size, size) + 1


def last_before_leaving(start: int, step: int, bits: int, predicate: str, bound: int,
                        tests_increment: bool, exit_when: bool, limit: int) -> Optional[int]:
    """The counter's value (signed) in the first of at most `limit`
    iterations whose `icmp predicate X, bound` gives `exit_when`, X the
    counter (from `start`, `step` added each iteration, `bits` wide, wrapping)
    or, with `tests_increment`, the counter plus `step`; None if none does.
    The exiting block runs once per iteration, so whether it sits at the top
    or the bottom of the loop, that iteration is the last.

    A loop that leaves when X equals the bound is solved, not run (a bench
    module's ran 10k iterations, once a third of its AD's time); others run
    with one comparison function and no call per iteration.  A signed
    comparison is the unsigned one with both sign bits flipped."""
    size = 1 << bits
    step %= size
    value = start % size
    if (predicate == "eq") is exit_when and predicate in ("eq", "ne"):
        tested = (value + step) % size if tests_increment else value
        steps = _steps_to_reach(tested, step, bound % size, size)
        return None if steps is None or steps >= limit else _signed((value + steps * step) % size,
                                                                     bits)
    flip = size >> 1 if predicate[0] == "s" else 0
    compare = _COMPARISONS[predicate[1:] if predicate[0] in "su" else predicate]
    bound = (bound % size) ^ flip
    for _ in range(limit):
        following = (value + step) % size
        if compare((following if tests_increment else value) ^ flip, bound) is exit_when:
            return _signed(value, bits)
        value = following
    return None


def final_count_bound(loop, counter, preds):
    """(N, C) when every run of `loop` ends in the iteration where `counter`
    (a header phi `phi [S, %pre], [%counter + C, %latch]`) equals N - C:
    the loop leaves only through one block, when `icmp eq (%counter + C), N`
    holds (or `ne` fails), N a value from outside the loop.  (C is 0 when
    the test compares the counter itself.)  The test that leaves says so
    whatever the start, step or wrapping; None otherwise."""
    parts = counter_parts(counter)
    if parts is None or counter.parent is not loop.header:
        return None
    increment = parts[2]
    exiting = _single_exit_test(loop, preds, counter, increment, constant_bound=False)
    if exiting is None:
        return None
    test, exit_when = exiting
    if (test.predicate, exit_when) not in (("eq", True), ("ne", False)):
        return None
    bound = test.operands[1]
    if isinstance(bound, I.Instruction) and loop.contains(bound.parent):
        return None
    step = increment.operands[1] if test.operands[0] is increment else None
    return bound, step


# Exit tests of a counter moving by one that go on while it is beyond N:
# (predicate, whether true leaves) -> (the step, the comparison whose
# select is the clamp: "slt" makes min(X, N), "sgt" max(X, N)).
_GOES_ON_BEYOND = {("sgt", False): (-1, "slt"), ("sle", True): (-1, "slt"),
                   ("ugt", False): (-1, "ult"), ("ule", True): (-1, "ult"),
                   ("slt", False): (1, "sgt"), ("sge", True): (1, "sgt"),
                   ("ult", False): (1, "ugt"), ("uge", True): (1, "ugt")}


def clamped_final_count(loop, counter, preds):
    """(S, N, clamp, C) when every run of `loop` ends in the iteration where
    `counter` (a header phi `phi [S, %pre], [%counter + C, %latch]`, C = 1
    or -1) equals the clamp (min or max, signed or unsigned, by the icmp
    predicate `clamp`) of S + C' and N, minus C': the loop leaves only
    through one block, by a test `X > N` (`X < N`, ...) of X the counter
    (C' = 0: clenshaw's `k > 2`) or its increment (C' = C), N from outside
    the loop, going on while X is beyond N.  X moves by one, so the first X
    that fails the test is X's first value if that fails it already, else
    N itself: exact with any start, even where X wraps (modulo 2^bits X
    steps through every value between its start and N).  None otherwise."""
    parts = counter_parts(counter)
    if parts is None or counter.parent is not loop.header:
        return None
    start, _, increment = parts
    exiting = _single_exit_test(loop, preds, counter, increment, constant_bound=False)
    if exiting is None:
        return None
    test, exit_when = exiting
    found = _GOES_ON_BEYOND.get((test.predicate, exit_when))
    bits = counter.type.bits
    if found is None or increment.operands[1].value % (1 << bits) != found[0] % (1 << bits):
        return None
    bound = test.operands[1]
    if isinstance(bound, I.Instruction) and loop.contains(bound.parent):
        return None
    step = increment.operands[1] if test.operands[0] is increment else None
    return start, bound, found[1], step


# The exit tests `iteration_bound` reads: (predicate, whether true leaves)
# -> whether the loop goes on while the counter is below the bound ("lt")
# or until it equals it ("eq").
_GOES_ON_WHILE = {("ult", False): "lt", ("uge", True): "lt", ("slt", False): "lt",
                  ("sge", True): "lt", ("eq", True): "eq", ("ne", False): "eq"}
# ... and those of a counter stepping down, going on while above the bound:
# whether the test is signed.
_GOES_ON_WHILE_ABOVE = {("ugt", False): False, ("ule", True): False,
                        ("sgt", False): True, ("sle", True): True}


def iteration_bound(loop, preds):
    """(S, N, C, signed) when no run of `loop` has more than
    1 + ceil(max(N - S, 0) / C) iterations, N - S taken as signed or
    unsigned numbers of up to 64 bits (`ends_fit_32_bits` tells whether
    arithmetic on them in i64 may wrap): the loop leaves only by one test
    of a header counter `phi [S, %pre], [%i + C, %latch]` (or of its
    increment) going on while it is below N (`ult`, `slt`) or until it
    equals N, N from outside the loop, and the increment cannot wrap (`nuw`
    for unsigned tests, `nsw` for signed ones: a wrap is poison, a branch
    on it undefined), so the counter only grows and leaves at the latest
    once it has passed N.  Until it equals N, C is 1 or the counter meets N
    (`_meets_bound`: the vectorizer's `i += 4` up to n rounded down).  A
    fifth element, `exact`, is true where the loop leaves only when it
    meets N: a pointer walk's `p != end` (`_pointer_walk_bound`), a counter
    that may wrap (`_wrapping_counter_bound`).  A counter stepping down
    while above N gives the span of an upward count (`_down_counter_bound`).  A loop
    whose every run has the same constant count T (`constant_trip_count`:
    counting down too, Horner's `for (k = 31; k >= 0; k--)`) is
    (0, T - 1, 1, unsigned).  Else None."""
    exiting = _exit_compare(loop, preds, past_dead_ends=True)
    if exiting is None:
        return None
    found = _counter_bound(loop, exiting)
    if found is not None:
        return found
    count = constant_trip_count(loop, preds)
    if count is None:
        return None
    return ConstantInt(I64, 0), ConstantInt(I64, count - 1), 1, False, False


def _counter_bound(loop, exiting):
    """iteration_bound's answer from a header counter tested by the exit
    `exiting` (or a pointer walk), else None."""
    for counter in loop.header.instructions:
        if not isinstance(counter, I.Phi):
            break
        parts = counter_parts(counter)
        if parts is None or not counter.type.is_int or counter.type.bits > 64:
            continue
        start, _, increment = parts
        if not any(exiting[0].operands[0] is x for x in (counter, increment)):
            walk = _pointer_walk_bound(loop, exiting, counter, parts)
            if walk is not None:
                return walk
            continue
        test, exit_when = exiting
        goes_on = _GOES_ON_WHILE.get((test.predicate, exit_when))
        bound = test.operands[1]
        step = _signed(increment.operands[1].value % (1 << counter.type.bits), counter.type.bits)
        if isinstance(bound, I.Instruction) and loop.contains(bound.parent):
            continue
        down = _down_counter_bound(test, exit_when, start, bound, step, increment)
        if down is not None:
            return down
        if goes_on is None or step <= 0 or \
                (goes_on == "eq" and not _meets_bound(start, bound, step)) or \
                (isinstance(bound, I.Instruction) and loop.contains(bound.parent)):
            continue
        flags = set(increment.flags)
        if test.predicate[0] in "us":
            signed = test.predicate[0] == "s"
        else:
            signed = "nuw" not in flags
        if ("nsw" if signed else "nuw") in flags:
            return start, bound, step, signed, False
        wrapping = _wrapping_counter_bound(counter, start, bound, step, goes_on,
                                           exiting[0].operands[0] is increment)
        if wrapping is not None:
            return wrapping
    return None


def _down_counter_bound(test, exit_when, start, bound, step: int, increment):
    """`iteration_bound`'s answer for a counter stepping down by -step from
    S while above N (Clenshaw's `for (k = n - 1; k >= 1; k--)`), as the
    span of an upward count: (N, S, -step, signed), at most 1 + ceil(max(S
    - N, 0) / -step) iterations.  A signed test needs `nsw` (a wrap is
    poison); an unsigned one a step of -1 (from above N >= 0 by one, the
    counter never passes zero).  Else None."""
    signed = _GOES_ON_WHILE_ABOVE.get((test.predicate, exit_when))
    if signed is None or step >= 0 or not (
            "nsw" in increment.flags if signed else step == -1):
        return None
    return bound, start, -step, signed, False


def _wrapping_counter_bound(counter, start, bound, step: int, goes_on: str, tests_next: bool):
    """`iteration_bound`'s answer for a counter whose increment may wrap
    (no nuw or nsw: the unroller's `niter += 2` up to n rounded down to a
    multiple of 2; an 8-bit counter from 250 up to n) that the loop leaves
    only on meeting N (`_meets_bound`), C a power of two: exact, its span
    N - S taken in the counter's width (instrument._bytes_of_run), where a
    wrapped run is counted as it runs: C divides 2^bits, so the counter
    meets N within 2^bits / C steps.  Where the test reads the next value,
    the first value tested is S + C, given as the start: a run entered with
    N = S then wraps all the way round (2^63 iterations of a 64-bit counter:
    a span above any reserve, for which the reserve's failed allocation
    stops the program before an unchecked push could overrun the tape).
    Else None."""
    if goes_on != "eq" or not isinstance(start, ConstantInt) or step & (step - 1):
        return None
    if tests_next:
        start = ConstantInt(counter.type, (start.value + step) % (1 << counter.type.bits))
    return start, bound, step, False, True


def _meets_bound(start, bound, step: int) -> bool:
    """Does a counter from `start` by `step` meet `bound` (when it reaches
    it at all), N - S a multiple of C?  With C = 1, or constants, or C a
    power of two, S a multiple of it and N masked to one (`and n, -4`, the
    vectorizer's trip count).  A counter that steps over N goes on until it
    wraps, its iterations unbounded by N."""
    if step == 1:
        return True
    if not isinstance(start, ConstantInt):
        return False
    if isinstance(bound, ConstantInt):     # N - S as the counter's width has it
        return (bound.value - start.value) % (1 << bound.type.bits) % step == 0
    if start.value % step:
        return False
    mask = bound.operands[1] if isinstance(bound, I.BinaryOp) and bound.opcode == "and" \
        else None
    return step & (step - 1) == 0 and isinstance(mask, ConstantInt) and mask.value % step == 0


# Steps of at least this many bytes are not bounded (the reserve's
# arithmetic keeps to i64 far from wrapping).
LONGEST_WALK_STEP = 1 << 32


def _pointer_walk_bound(loop, exiting, counter, parts):
    """`iteration_bound`'s answer (start, end, B bytes, unsigned, exact) for
    a walk from pointer `start` by B bytes per iteration that the loop
    leaves by `p == end` or `p >= end` (unsigned, as clang compares
    pointers), p the walking pointer or its next value.  The shape
    transforms/pointer_counters.py leaves: p = `gep inbounds T, %start,
    %off`, `%off` the header counter `phi [0, %pre], [%off + C, %latch]`
    (nuw: a forward walk within one object), the next value `gep inbounds
    U, p, D` one step on (D * sizeof(U) = C * sizeof(T) bytes: the counter
    of an `i8` walk counts [8 x i8] units).  `inbounds` keeps every p within one object, so the address
    only grows: a `>=` test leaves once p passes end.  An `==` test leaves
    only when it meets end: `exact`, the room is only asked for when end -
    start (taken unsigned: an end before the start is never met) is a
    multiple of B (instrument._bytes_of_run).
    A walk that misses end goes on past it until it leaves its object, a
    poison address and a branch on it undefined: the program has no
    meaning there, and asking for no room stops it (the reserve's failed
    allocation aborts) before an unchecked push could overrun the tape.
    The loop is assumed to leave only through its test, as
    `_exit_compare` requires: no other exit (a break) is allowed."""
    test, exit_when = exiting
    tested, end = test.operands
    goes_on = _GOES_ON_WHILE.get((test.predicate, exit_when))
    first, _, increment = parts
    if not tested.type.is_pointer or goes_on is None or test.predicate[0] == "s" or \
            not (isinstance(first, ConstantInt) and first.value == 0) or \
            "nuw" not in increment.flags or counter.type.bits != 64 or \
            isinstance(end, I.Instruction) and loop.contains(end.parent):
        return None
    step = _signed(increment.operands[1].value % (1 << 64), 64)
    at = _single_step(tested)
    if at is not None and isinstance(at[1], int):     # the next value: p one step on
        stepped = at[1] * (alloc_size(at[2]) or 0)
        at = _single_step(at[0])
        if at is not None and stepped != step * (alloc_size(at[2]) or 0):
            return None
    if at is None or at[1] is not counter:
        return None
    start = at[0]
    size = alloc_size(at[2])
    if size is None or size == 0 or not 0 < step * size < LONGEST_WALK_STEP or \
            isinstance(start, I.Instruction) and loop.contains(start.parent):
        return None                 # a backward step: nuw on it says nothing of growth
    return start, end, step * size, False, goes_on == "eq"


def _single_step(gep):
    """(pointer, index, source type) of `gep inbounds T, %p, i64 X`: the
    index a constant's value or the value itself; else None."""
    if not isinstance(gep, I.GetElementPtr) or "inbounds" not in gep.flags or \
            len(gep.indices) != 1 or gep.type != gep.pointer.type:
        return None
    index = gep.indices[0]
    if not index.type.is_int or index.type.bits != 64:
        return None
    return gep.pointer, index.value if isinstance(index, ConstantInt) else index, \
        gep.source_type


def ends_fit_32_bits(found) -> bool:
    """Are the start and bound of `iteration_bound`'s answer `found`
    numbers of 32 bits (constants, or extended from them), so that
    (1 + ceil((N - S) / C)) * bytes in i64 stays far below 2^63?"""
    start, bound, _, signed, _ = found
    if start.type.is_pointer:
        return False
    return start.type.bits <= 32 or all(_fits_32_bits(v, signed) for v in (start, bound))


def _fits_32_bits(v, signed: bool) -> bool:
    """Is 64-bit integer `v` a number of 32 bits: a constant, or extended from one?"""
    if isinstance(v, ConstantInt):
        value = _signed(v.value % (1 << 64), 64) if signed else v.value % (1 << 64)
        return -(1 << 31) <= value < (1 << 32 if not signed else 1 << 31)
    if isinstance(v, I.Cast) and v.opcode in ("zext", "sext") and \
            v.operands[0].type.is_int and v.operands[0].type.bits <= 32:
        return v.opcode == "zext" or signed
    return False


def _single_exit_test(loop, preds, counter, increment, constant_bound=True):
    """(its icmp, the icmp result that leaves) when one block of `loop`
    leaves it (nothing returns from inside), the header or the only latch,
    by a test of the counter or its increment against a constant (or, with
    `constant_bound` false, against any value)."""
    exiting = _exit_compare(loop, preds)
    if exiting is None:
        return None
    test = exiting[0]
    if not (any(test.operands[0] is x for x in (counter, increment))
            and (isinstance(test.operands[1], ConstantInt) or not constant_bound)):
        return None
    return exiting


def _exit_compare(loop, preds, past_dead_ends=False):
    """(its icmp, the icmp result that leaves) when one block of `loop`
    leaves it (nothing returns from inside), the header or the only latch,
    by a branch on an integer or pointer comparison; else None.  With
    `past_dead_ends`, a branch out to blocks that never return (a throw
    of push_back's length error, an abort) leaves no run with more
    iterations than the test allows: not an exit there (`iteration_bound`
    bounds iterations; the counts that must be exact do not ignore it)."""
    dead = {}

    def leaves(b) -> bool:
        outside = [s for s in b.successors if not loop.contains(s)]
        if not b.successors:
            return True
        return bool(outside) and not (past_dead_ends and
                                      all(_never_returns(s, dead) for s in outside))
    exits = [b for b in _loop_blocks(loop, preds) if leaves(b)]
    if len(exits) != 1:
        return None
    block = exits[0]
    term = block.terminator
    latches = [p for p in preds[id(loop.header)] if loop.contains(p)]
    if not isinstance(term, I.Branch) or not term.is_conditional:
        return None
    if block is not loop.header and latches != [block]:
        return None
    test = term.condition
    if not (isinstance(test, I.Compare) and test.opcode == "icmp"):
        return None
    true_leaves = not loop.contains(term.operands[1])
    if true_leaves == (not loop.contains(term.operands[2])):
        return None
    return test, true_leaves


def _never_returns(block, known) -> bool:
    """Does every path from `block` end in `unreachable` (or an unwind
    out of the function), no `ret` reachable?  `known` caches by id."""
    if id(block) not in known:
        seen, work, found = set(), [block], False
        while work and not found:
            b = work.pop()
            if id(b) in seen:
                continue
            seen.add(id(b))
            found = isinstance(b.terminator, I.Return)
            work.extend(b.successors)
        known[id(block)] = not found
    return known[id(block)]


def loop_exit_targets(loop, preds) -> list:
    """The blocks outside `loop` that a block of it branches to."""
    found = {}
    for b in _loop_blocks(loop, preds):
        for s in b.successors:
            if not loop.contains(s):
                found.setdefault(id(s), s)
    return list(found.values())


def _loop_blocks(loop, preds):
    """The blocks of `loop` (it keeps their ids): the header's and its
    predecessors', walked back from the latches."""
    found, work = {}, [loop.header]
    while work:
        b = work.pop()
        if id(b) in found or not loop.contains(b):
            continue
        found[id(b)] = b
        work.extend(preds[id(b)])
    return list(found.values())


def constant_integer(v, depth: int = 16) -> Optional[int]:
    """The value (unsigned, in v's width) of an integer `v` computed from
    constants only, by add, sub, mul, udiv, icmp, select, zext, sext and
    trunc (the room a tape reserve asks for before a loop of constant
    count); None for anything else."""
    if isinstance(v, ConstantInt):
        return v.value % (1 << v.type.bits)
    if depth == 0 or not isinstance(v, (I.BinaryOp, I.Compare, I.Select, I.Cast)) or \
            not v.type.is_int:
        return None
    ops = [constant_integer(op, depth - 1) for op in v.operands]
    if None in ops:
        return None
    if isinstance(v, I.Select):
        return ops[1] if ops[0] else ops[2]
    if isinstance(v, I.Compare):
        if v.opcode != "icmp":
            return None
        flip = 1 << (v.operands[0].type.bits - 1) if v.predicate[0] == "s" else 0
        compare = _COMPARISONS[v.predicate[1:] if v.predicate[0] in "su" else v.predicate]
        return int(compare(ops[0] ^ flip, ops[1] ^ flip))
    bits = v.type.bits
    if isinstance(v, I.Cast):
        wide = {"zext": ops[0], "trunc": ops[0],
                "sext": _signed(ops[0], v.operands[0].type.bits)}.get(v.opcode)
        return None if wide is None else wide % (1 << bits)
    a, b = ops
    if v.opcode == "udiv":
        return a // b if b else None
    result = {"add": a + b, "sub": a - b, "mul": a * b}.get(v.opcode)
    return None if result is None else result % (1 << bits)


def _steps_to_reach(value: int, step: int, target: int, size: int) -> Optional[int]:
    """The least k >= 0 with value + k * step == target modulo `size` (a
    power of two), or None: k * step == gap has solutions when gcd(step,
    size) divides the gap, one in each run of size / gcd values of k."""
    gap = (target - value) % size
    common = math.gcd(step, size)
    if gap % common:
        return None
    period = size // common
    return (gap // common) * pow(step // common, -1, period) % period


def _signed(value: int, bits: int) -> int:
    return value - (1 << bits) if value >> (bits - 1) else value


_COMPARISONS = {"eq": operator.eq, "ne": operator.ne, "gt": operator.gt, "ge": operator.ge,
                "lt": operator.lt, "le": operator.le}
