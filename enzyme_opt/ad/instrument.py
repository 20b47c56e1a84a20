"""Forward-pass bookkeeping, added once the reverse pass says what it needs.

Which values are kept in slots is cache_policy.py's decision.  For every slot: a store where the value is defined, and, where the block
may run more than once, a save of the slot's previous contents on the tape
that the reverse pass restores, so that each reverse block sees the values
of its own forward execution.  Where the save goes decides the tape's size:

- by default, at the defining block's entry (popped at the end of its
  reverse): one entry per execution;
- a value only its own block's reverse reads is pushed instead at the end
  of the block and popped at the start of its reverse: the same entry, but
  the slot need not carry the last execution's value across the loop's
  back edge (rk4_lorenz's stage values: 5% fewer instructions); a value
  the reverse of a later block reads too needs that carried value, which
  is still the slot's until its own block's reverse ends;
- a value (not a float) the reverse reads only within its loop's
  iteration, in blocks its definition dominates, is pushed at the end of
  the loop's one latch when that ends every iteration, or else of the
  first block after it that every way on passes and no reader follows,
  and popped at the start of that block's reverse (`IterationEnds`): no
  previous value is carried across the back edge (a push_back loop's
  begin and end pointers and their shadows, the sizes its growth
  computes); path indices and conditions read by their own block alone
  join the latch's entry if it has one; those of the latch's values that
  the loop's header defines are pushed at the header's end instead where
  the ways through the iteration can be padded to push the same bytes,
  and the latch's reverse then pops the iteration at once and reads each
  entry at its offset (`_push_latch_entry`);
- a value that the reverse pass reads only outside some loop around its
  definition (a sum's final value, say), or that holds one value for the
  whole loop (cache_policy's `invariant_in`), is saved once per *run* of
  the outermost such loop, at the end of the loop's preheader, and restored
  at the start of the preheader's reverse; not at all if the loop runs at
  most once per call: the preheader runs once per call, or it is on a cycle
  the loop cannot get back to (an outer loop's latch that exits straight
  into the loop), so that no earlier run needs its value back;
- a loop counter (`phi [start, %preheader], [%iv + C, %latch]`) is stepped
  back by C in its header's reverse, and saved per run like the above;
  unless every run ends at the same constant (a short constant trip count,
  or any constant one in a loop that reads at clamped positions): then the
  preheader's reverse sets it to that constant and nothing is saved.

A loop whose only tape traffic is pushes of its own blocks, run at most
once per iteration, and whose iterations are bounded before it starts
(`iteration_bound`), has room for all its pushes made once in its
preheader; inside, they take it without a check (`reserve_loop_tapes`).

Every forward execution of a block has exactly one reverse execution, so a
save at the end of a block and a restore at the start of its reverse always
pair up on the stack.  In split mode the augmented function finally hands
all slots to the reverse function through the tape.
"""
from __future__ import annotations

from ..analysis.cfg import reaches
from ..analysis.loops import (constant_final_count, constant_integer, constant_trip_count,
                              clamped_final_count, counter_parts, ends_fit_32_bits,
                              final_count_bound, has_mixed_float_recurrence, has_picked_access,
                              iteration_bound, loop_exit_targets)
from ..analysis.memory import address_uses
from ..ir.constants import ConstantInt
from ..ir import Builder
from ..ir import instructions as I
from ..ir.types import I1, I8, I64
from . import tape as T
from .typed_memory import is_known_integer


def instrument_forward(gen) -> None:
    per_block, per_block_end, per_run, counters = {}, {}, {}, {}
    known_last = {}         # id(slot) -> the counter's constant value in every run's last iteration
    reentry = {}            # id(preheader) -> ids of the blocks it can be reached from
    popped_first = set()    # ids of the slots each read of which a pop precedes (`per_block_end`)
    ends = IterationEnds(gen)   # where a value read across its loop's iteration is pushed
    narrow_joins = []           # (slot, the entry it joins if there is one): `_narrow`
    for slot in gen.cache.slots_in_order():
        v = slot.value
        _store_after_definition(v, slot.fwd)
        if id(v.parent) not in gen.cyclic:
            continue
        step = counter_step(v, gen.preds)
        run_start = _counter_run_start(gen, v) if step is not None else _run_start(gen, v)
        if run_start is False:
            end = ends.of(v)
            if gen.cache.blocks_reading(v) == {id(v.parent)}:
                if end is not None and _narrow(v):
                    narrow_joins.append((slot, end))
                    continue
                end = v.parent
            elif end is not None and _narrow(v) and not _header_entry_value(gen, ends, v, end):
                end = None      # kept live to the end, it may cross calls (logreg: 0.3%)
            if end is not None:
                per_block_end.setdefault(id(end), []).append(slot)
                popped_first.add(id(slot))
            else:
                per_block.setdefault(id(v.parent), []).append(slot)
            continue
        if step is not None:
            counters.setdefault(id(v.parent), []).append((slot, step))
        last = _same_last_count(gen, v) if step is not None else None
        if last is not None:
            known_last[id(slot)] = last
        if run_start is not None and id(run_start) in gen.cyclic:
            if last is not None:
                _reset_counter(gen, run_start, slot, last)
                continue
            if step is not None and _set_on_exit(gen, slot):
                continue
            if id(run_start) not in reentry:
                reentry[id(run_start)] = reaches(run_start, gen.preds)
            if id(v.parent) not in reentry[id(run_start)]:
                continue    # the preheader runs again, but never once the loop has run
            per_run.setdefault(id(run_start), (run_start, []))[1].append(slot)
    for slot, end in narrow_joins:
        if id(end) not in per_block_end:     # no entry there to join
            end = slot.value.parent
        per_block_end.setdefault(id(end), []).append(slot)
        popped_first.add(id(slot))
    lone = _lone_entries(gen, per_block, per_block_end)
    latches = _latches_with_header_values(gen, ends, per_block_end)
    for block in gen.order:
        narrow = id(block) in lone
        if per_block.get(id(block)):
            push_slots(gen, Builder(block, block.first_non_phi_index()), gen.fwd_tape,
                       per_block[id(block)], narrow=narrow)
        if per_block_end.get(id(block)) and id(block) not in latches:
            push_slots(gen, Builder().position_before(block.terminator), gen.fwd_tape,
                       per_block_end[id(block)], narrow=narrow)
            reverse = gen.rev_blocks[id(block)]
            pop_slots(gen, Builder(reverse, reverse.first_non_phi_index()), gen.rev_tape,
                      per_block_end[id(block)], narrow=narrow)
    for block, pb in gen.pop_builders:
        pb.position_before_terminator(pb.block)
        for slot, step in counters.get(id(block), ()):
            _step_back(pb, slot, step)
        if per_block.get(id(block)):
            pop_slots(gen, pb, gen.rev_tape, per_block[id(block)], narrow=id(block) in lone)
    for preheader, slots in per_run.values():
        push_slots(gen, Builder().position_before(preheader.terminator), gen.fwd_tape, slots)
        pop_slots(gen, Builder(gen.rev_blocks[id(preheader)], 0), gen.rev_tape, slots)
    for key, (loop, latch) in latches.items():
        _push_latch_entry(gen, loop, latch, per_block_end[key], narrow=key in lone)
    if gen.split:
        _hand_over(gen, known_last, popped_first)
    return counters


# Loops pushing more than this per iteration keep their checked pushes
# (the product of the bound and this stays far below 2^63).
RESERVED_ITERATION_BYTES = 1 << 20
# A 64-bit span above this many counter values (N - S of size_t bounds)
# asks for UNAVAILABLE_ROOM instead: no address space holds 2^62 bytes, so
# the reserve's realloc fails where the loop's own checked pushes would
# have run out, and the byte count never wraps to a short reserve.
LONGEST_RESERVED_SPAN = 1 << 40
UNAVAILABLE_ROOM = 1 << 62


def reserve_loop_tapes(gen) -> None:
    """Make room before each loop for the pushes its iterations will make,
    and let those pushes take it without a capacity check: a grow call in a
    loop keeps LLVM from holding the tape's size in a register (fft's
    butterfly loop spent 7 of its 45 instructions on the push).  Only where
    nothing in the loop touches the tape but pushes in blocks that run at
    most once per iteration (on no inner cycle), its runs are not a short
    constant count where a loop around it uses the tape too
    (`_pushes_around`, `_long_runs`), the loop is entered only from a
    preheader ending in a branch, and `iteration_bound` bounds its
    iterations from values the preheader has (a counter's bound, or a
    pointer walk's start and end).  A reserve that is too large
    costs nothing: the pushes move the tape's size, not the reserve.  A
    loop entered from inside a loop it is not part of (the latch of the loop
    before it) gets a block of its own on that edge for its reserve
    (`_entry_of_its_own`)."""
    tape = gen.fwd_tape
    checked_push = gen.module.get(T.PUSH)
    if tape is None or checked_push is None or gen.in_parallel or gen.parallel_forks or \
            T.chunked(gen.module):
        return
    users = list(address_uses(tape))
    if any(not isinstance(user, (I.Load, I.Store, I.CallBase)) or
           (isinstance(user, I.Store) and at == 0) for user, at in users):
        return              # the tape's address is kept somewhere: not all its users are seen
    by_block: dict = {}         # id(block) -> its users of the tape's address
    for user, at in users:
        by_block.setdefault(id(user.parent), []).append((user, at))
    seen, outer_counts = set(), {}
    for loop in gen.loops.innermost.values():
        if id(loop) in seen:
            continue
        seen.add(id(loop))
        pushes = _unchecked_pushes(gen, loop, by_block, outer_counts, checked_push)
        found = iteration_bound(loop, gen.preds) if pushes else None
        if found is None:
            continue
        reserve, reserved_push = T.reserved_runtime(gen.module)
        branch = loop.outside_predecessors(gen.preds)[0].terminator
        around = gen.loops.innermost.get(id(branch.parent))
        around_entry = branch.parent
        if around is not None and not around.contains(loop.header):
            branch = _entry_of_its_own(gen, branch, loop)
        b, beside = Builder().position_before(branch), []
        if branch.parent is around_entry:
            b, beside = _reserve_place(gen, loop, branch, found, by_block, checked_push,
                                       _settled_exit(gen, loop, pushes) is not None)
        per_iteration = sum(push.args[1].value for push in pushes)
        nbytes = _bytes_of_run(b, found, per_iteration)
        if not _skips_only_empty(branch, loop, found):
            nbytes = _only_if_entered(b, branch, loop.header, nbytes)
        if b.block is not branch.parent:     # at the guard before the preheader
            nbytes = _only_if_entered(b, b.block.terminator, branch.parent, nbytes)
        beside = [push for push in beside if _placed_after(b, push)]
        if beside:
            nbytes = b.add(nbytes, b.i64(sum(push.args[1].value for push in beside)),
                           "run.with.iteration")
        b.call(reserve, [tape, nbytes])
        for push in pushes + beside:
            push.set_operand(len(push.operands) - 1, reserved_push)
        _size_after_exact_run(gen, loop, pushes, Builder().position_before(branch),
                              per_iteration)


def _size_after_exact_run(gen, loop, pushes, b: Builder, per_iteration: int) -> None:
    """Where every run of `loop` pushes the same bytes, set the tape's size
    after it to its size before (read at `b`, where the reserve went) plus
    those bytes.  Else its size there is the last value of an induction the
    loop's own pushes address through, which LLVM keeps as one more
    register stepped in every iteration (tools/perfhunt cxx_member: two
    instructions of the eleven of its forward Horner loop).  Where
    (`_settled_exit`), and with which count (`_counted_run`: a constant,
    or one computed at `b`), see there."""
    found = _settled_exit(gen, loop, pushes)
    count = _counted_run(loop, gen.preds, b) if found is not None else None
    if count is None:
        return
    after, exiting, others = found
    pushed = b.mul(count, b.i64(per_iteration), "run.exact.bytes") \
        if not isinstance(count, ConstantInt) else b.i64(count.value * per_iteration)
    tape = gen.fwd_tape
    size = b.add(T.tape_size(b, tape), pushed, "run.pushed")
    at_exit = Builder(after, after.first_non_phi_index())
    if others:
        # The exit is a join (clenshaw's inner loop skipped to its latch):
        # the settled size on the loop's edge, on the others the size read
        # here, after all they push (pad_arms pads them later).
        head = Builder(after, 0)
        settled = head.phi(I1, [(b.i1(True), exiting)], "run.settled")
        joined = head.phi(I64, [(size, exiting)], "run.size")
        for other in others:
            settled.add_incoming(b.i1(False), other)
            joined.add_incoming(b.i64(0), other)
        at_exit = Builder(after, after.first_non_phi_index())
        size = at_exit.select(settled, joined, T.tape_size(at_exit, tape), "run.size.here")
    T.set_tape_size(at_exit, tape, size)


def _settled_exit(gen, loop, pushes):
    """(the exit block, the block leaving for it, its other predecessors)
    where each iteration of `loop`, the last one too, passes each of its
    `pushes` once: the loop leaves from one block, its header or its only
    latch, that every push's block dominates; the exit block's other
    predecessors (a guard skipping the loop) end in a branch to it.  And
    the count of iterations is known before the run (`_counted_run`)."""
    exits = loop_exit_targets(loop, gen.preds)
    if len(exits) != 1 or _counted_run(loop, gen.preds, None) is None:
        return None
    after = exits[0]
    exiting = [p for p in gen.preds[id(after)] if loop.contains(p)]
    others = [p for p in gen.preds[id(after)] if not loop.contains(p)]
    latches = [p for p in gen.preds[id(loop.header)] if loop.contains(p)]
    if len(exiting) != 1 or exiting[0] is not loop.header and latches != exiting or \
            any(not gen.loops.dom.dominates(push.parent, exiting[0]) for push in pushes) or \
            any(not isinstance(p.terminator, I.Branch) or
                [t is after for t in p.successors].count(True) != 1 for p in others):
        return None
    return after, exiting[0], others


def _counted_run(loop, preds, b):
    """The iterations of the run of `loop` about to start, a ConstantInt
    where every run has the same count (`constant_trip_count`), else an i64
    computed at `b` (the end of its preheader) where its header counter
    moves by one to a last value its exit test fixes, passing a bound N
    (`clamped_final_count`): |last - S| + 1, exact in the counter's width
    (a run through all 2^bits values is not reached: its pushes would fill
    memory first).  With `b` None: a placeholder true if there is one.
    Not for a loop that leaves on meeting N (argmax's `j + 1 == c`): known
    there too, its count changed LLVM's register choices in such inner
    loops for the worse (perf46: argmax, lu_pivot +3%)."""
    count = constant_trip_count(loop, preds)
    if count is not None:
        return ConstantInt(I64, count)
    for counter in loop.header.phis:
        found = clamped_final_count(loop, counter, preds)
        if found is None:
            continue
        if b is None:
            return True
        start, bound, clamp, tested_step = found
        step = counter_parts(counter)[2].operands[1]
        last = _clamped_last(b, start, bound, clamp, tested_step, "run")
        down = step.value % (1 << counter.type.bits) != 1
        span = b.sub(start, last, "run.back") if down else b.sub(last, start, "run.on")
        if span.type.bits != 64:
            span = b.cast("zext", span, I64, "run.on.wide")
        return b.add(span, b.i64(1), "run.count")
    return None


# Arms that push more than this fewer bytes than the longest keep their
# offset: the padding is tape memory that holds nothing.
PADDED_ARM_BYTES = 256


def pad_arms(gen) -> None:
    """Make the arms of a branch push as many bytes as the longest one.

    Where the arms push different amounts (ba's rodrigues_rotate_point: 48
    bytes in the loop of one arm, none in the other), the entries pushed
    after the join sit at an offset that depends on the arm taken: once a
    stack tape (`init_stack_tape`) has its callees inlined, LLVM cannot
    turn it into registers, and every entry stays a store and a load.  A
    push of the difference at the end of each shorter arm, popped at the
    start of its reverse, puts them at one offset.  The padding is a push
    paired with its pop like any other, whatever the counts below: a count
    found wrong loses the gain, never a value.  Only at joins on no cycle
    (run once per call), whose shorter arms end in an unconditional branch
    to the join, and where every arm pushes a constant (`_pushed_through`).
    Not where derivatives are differentiated again (no `tape_spares`)."""
    tape = gen.fwd_tape
    if tape is None or not gen.ctx.tape_spares or gen.in_parallel or gen.parallel_forks or \
            T.chunked(gen.module):
        return
    pushed = _pushed_per_block(gen, tape)
    if pushed is None:
        return
    through = _pushed_through(gen, pushed)
    if not through.pads or not _fits_on_stack(gen, through.pads):
        return
    push, pop = T.runtime(gen.module)
    for block, arms in through.pads:
        for arm, nbytes in arms:
            b = Builder().position_before(arm.terminator)
            b.call(push, [tape, b.i64(nbytes)], "tape.pad")
            reverse_arm = gen.rev_blocks[id(arm)]
            b = Builder(reverse_arm, reverse_arm.first_non_phi_index())
            b.call(pop, [gen.rev_tape, b.i64(nbytes)], "tape.unpad")


def _fits_on_stack(gen, pads) -> bool:
    """Do the pushes of one call, padded, still fit in a stack tape
    (`init_stack_tape`: a combined derivative's own, or, for a split one,
    its caller's if the caller's other pushes leave room)?  Only there does
    the padding pay: on the heap tape the entries stay memory whatever
    their offsets."""
    bound = T.pushed_bytes_bound(gen.fwd, gen.fwd_tape)
    extra = sum(nbytes for _, arms in pads for _, nbytes in arms)
    return bound is not None and bound + extra <= T.STACK_TAPE_BYTES


def _pushed_per_block(gen, tape):
    """id(block) -> the bytes its pushes on `tape` take (None: not a
    constant, or the tape used otherwise: handed to a call, popped); None
    when the tape's address is kept somewhere, so that not all its users
    are seen."""
    pushed = {}
    for user, at in address_uses(tape):
        if not isinstance(user, (I.Load, I.Store, I.CallBase)) or \
                (isinstance(user, I.Store) and at == 0):
            return None
        callee = user.called_function if isinstance(user, I.CallBase) and at == 0 else None
        name = callee.name if callee is not None else None
        size = constant_integer(user.args[1]) if name in (T.PUSH, T.RESERVED_PUSH) else None
        key = id(user.parent)
        if name == T.RESERVE or isinstance(user, (I.Load, I.Store)) and \
                T.size_field(user.pointer, tape):
            # room asked for, or a run's size settled (`_size_after_exact_run`):
            # no entry moves
            pushed.setdefault(key, 0)
        elif size is None or pushed.get(key, 0) is None:
            pushed[key] = None
        else:
            pushed[key] = pushed.get(key, 0) + size
    return pushed


class _Through:
    """The bytes pushed from the entry through the end of each block."""

    def __init__(self, order):
        self.blocks = {id(b) for b in order}
        self.at_end = {}        # id(block) -> bytes, or None: not one constant
        self.loop_end = {}      # id(outermost loop) -> bytes through any of its blocks
        self.pads = []          # (join, [(arm, bytes to push at its end)])


def _pushed_through(gen, pushed) -> _Through:
    """The bytes pushed from the entry through each block of `gen.order`,
    where every path pushes the same; the padding (`pad_arms`) that joins
    need for that, made part of the count.  A loop counts when none of its
    blocks pushes, or it is one block run a constant number of times."""
    found = _Through(gen.order)
    for block in gen.order:
        if id(block) in gen.cyclic:
            found.at_end[id(block)] = _through_loop(gen, pushed, found, block)
            continue
        preds = [p for p in gen.preds[id(block)] if id(p) in found.at_end]
        start = 0 if not preds else _join(gen, found, block, preds)
        own = pushed.get(id(block), 0)
        found.at_end[id(block)] = None if start is None or own is None else start + own
    return found


def _through_loop(gen, pushed, found, block):
    loops = gen.loops.loops_around(block)
    if not loops:                       # a cycle that is no loop (irreducible)
        return None
    loop = loops[-1]
    if id(loop) not in found.loop_end:
        # Entered through its header alone: a block entered otherwise
        # (an irreducible cycle) may run twice per iteration.
        side_entry = any(not loop.contains(p) for b in loop.blocks
                         if b != id(loop.header) and b in found.blocks
                         for p in gen.preds[b])
        starts = {found.at_end.get(id(p)) for p in loop.outside_predecessors(gen.preds)}
        start = starts.pop() if len(starts) == 1 and not side_entry else None
        inside = [pushed.get(b, 0) for b in loop.blocks]
        if start is None or None in inside:
            found.loop_end[id(loop)] = None
        elif not any(inside):
            found.loop_end[id(loop)] = start
        else:
            trips = constant_trip_count(loop, gen.preds) if len(loop.blocks) == 1 else None
            found.loop_end[id(loop)] = None if trips is None else start + trips * sum(inside)
    return found.loop_end[id(loop)]


def _join(gen, found, block, preds):
    """The bytes pushed on entering `block` from any of `preds`, padding the
    arms that push fewer; None when they cannot all be brought to one."""
    ends = [found.at_end[id(p)] for p in preds]
    if None in ends:
        return None
    most = max(ends)
    short = [(p, most - end) for p, end in zip(preds, ends) if end < most]
    if not short:
        return most
    for arm, nbytes in short:
        branch = arm.terminator
        if id(arm) in gen.cyclic or id(arm) not in gen.rev_blocks or \
                not isinstance(branch, I.Branch) or branch.is_conditional or \
                nbytes > PADDED_ARM_BYTES:
            return None
    for arm, nbytes in short:
        found.at_end[id(arm)] = most
    found.pads.append((block, short))
    return most


def _entry_of_its_own(gen, branch, loop):
    """The branch of a new block on the edge from the preheader (ending in
    `branch`) into `loop`, where the preheader lies in a loop that `loop` is
    not part of: logsumexp's exp loop is entered from the latch of the max
    loop before it (rk4's stage loops too, inside the time loop), and a
    reserve there would run (and check the capacity) on every iteration of
    that loop.  The new block runs once per run of `loop`;
    it has nothing to reverse, and the header's phis take its edge."""
    return _block_on_edge(gen, branch.parent, loop.header, "run.entry").terminator


def _block_on_edge(gen, pred, target, name: str):
    """A new forward block on the edge from `pred` to `target`, branching
    there: `pred`'s terminator and `target`'s phis take it in `pred`'s
    place, and so does `gen.preds`."""
    edge = pred.parent.add_block(name, after=pred)
    Builder(edge).br(target)
    term = pred.terminator
    for at, operand in enumerate(term.operands):
        if operand is target:
            term.set_operand(at, edge)
    for phi in target.phis:
        phi.blocks = [edge if block is pred else block for block in phi.blocks]
    gen.preds[id(target)] = [edge if p is pred else p for p in gen.preds[id(target)]]
    gen.preds[id(edge)] = [pred]
    return edge


def _users_in(loop, by_block) -> list:
    """The users of the tape's address in `loop`'s blocks (`by_block`: per
    block id): a walk over the loop, not over every user, so that a
    function of thousands of loops stays linear."""
    return [use for b in loop.blocks for use in by_block.get(b, ())]


def _reserve_place(gen, loop, branch, found, by_block, checked_push, settled: bool):
    """Where the reserve for `loop` goes (a Builder), and the checked pushes
    of the loop around it that it covers too (`_iteration_pushes`): in the
    preheader (ending in `branch`), or in the block guarding it
    (`_guard_before`), whose pushes and those after it it covers then too.
    Where that moves nothing out of a checked push, it stays before the
    branch: hoisted alone, it cost rk4_lorenz 1%."""
    pre = branch.parent
    needed = [found[0], found[1]] + ([branch.condition] if branch.is_conditional else [])
    guard = _guard_before(gen, pre, needed)
    if guard is not None:
        needed.append(guard.terminator.condition)
    where = guard or pre
    covered = _iteration_pushes(gen, loop, where, pre, by_block, checked_push, settled)
    b = _reserve_point(where, needed, covered) if covered else None
    if b is None:
        return Builder().position_before(branch), []
    return b, covered


def _guard_before(gen, pre, needed):
    """The block whose conditional branch is the only way into the
    preheader `pre`, in the same loop (clang's zero-trip guard of an inner
    loop: clenshaw's `nc > 1` test in the outer loop's header, whose other
    way skips to the latch), where none of the `needed` values is computed
    in `pre`; else None."""
    preds = gen.preds.get(id(pre), [])
    if len(preds) != 1:
        return None
    guard = preds[0]
    term = guard.terminator
    if guard is pre or not isinstance(term, I.Branch) or not term.is_conditional or \
            [t is pre for t in term.operands[1:]].count(True) != 1 or \
            gen.loops.innermost.get(id(guard)) is not gen.loops.innermost.get(id(pre)) or \
            any(isinstance(v, I.Instruction) and v.parent is pre for v in needed):
        return None
    return guard


def _iteration_pushes(gen, loop, where, pre, by_block, checked_push, settled: bool) -> list:
    """The checked pushes of the loop around `loop`'s preheader `pre` that a
    reserve made for `loop` in the block `where` (`pre` or its guard) can
    cover too: those of blocks `where` dominates, which in an iteration run
    only after it (clenshaw's per-point entries around its inner
    recurrence: a capacity check each where the reference's cache has
    none); those after `loop` only where its run settles the tape's size
    after it (`settled`, `_size_after_exact_run`): else such a push is
    addressed from the last value of the induction `loop`'s pushes step,
    and LLVM gave argmax's inner loop a register copy more (+3.8%).  Only where
    every user of the tape in that loop, outside `loop`, is a checked push
    of a constant in a block of its own (no inner loop) run at most once an
    iteration: then between the reserve and any push it covers, the tape
    takes only `loop`'s pushes and covered ones, and a later iteration
    passes the reserve again before any covered push.  A block the
    dominator tree does not know (a padding edge's) covers nothing."""
    outer = gen.loops.innermost.get(id(where))
    dom = gen.loops.dom
    if outer is None or not outer.contains(loop.header) or not dom.is_reachable(where) or \
            _repeats_in_iteration(outer, where):
        return []
    covered = []
    for user, at in _users_in(outer, by_block):
        block = user.parent
        if loop.contains(block):
            continue        # `loop`'s own pushes, the only users there
        if gen.loops.innermost.get(id(block)) is not outer or not dom.is_reachable(block) or \
                at != 0 or not isinstance(user, I.Call) or \
                user.called_function is not checked_push or \
                constant_integer(user.args[1]) is None or _repeats_in_iteration(outer, block):
            return []
        if dom.dominates(where, block):
            if not (settled or block is where or block is pre):
                return []
            covered.append(user)
    return covered


def _reserve_point(where, needed, covered):
    """Where in the block `where` the reserve goes: before the first of its
    own `covered` pushes that follows every `needed` value (what the
    reserve's size is made of), so that it covers them too; else before its
    terminator; None if that comes before a needed value (a branch's
    condition computed by an invoke)."""
    last_needed = max((where.index_of(v) for v in needed
                       if isinstance(v, I.Instruction) and v.parent is where), default=-1)
    first = min((at for at in (where.index_of(push) for push in covered if push.parent is where)
                 if at > last_needed), default=None)
    if first is not None:
        return Builder(where, first)
    end = Builder().position_before(where.terminator)
    return end if end.index > last_needed else None


def _placed_after(b: Builder, push) -> bool:
    """Does `push` run after the point `b` inserts at (in a block `b`'s
    dominates, or later in its own)?"""
    return push.parent is not b.block or b.block.index_of(push) >= b.index


def _unchecked_pushes(gen, loop, by_block, outer_counts, checked_push):
    """The pushes of `loop` that may go unchecked once a reserve before it
    covers its iterations, or None: when the users of the tape's address
    (`by_block`) in the loop are anything else, some block may run twice
    in an iteration, a loop around it pushes, it is not entered from one
    preheader ending in a branch, or its iterations push too much."""
    inside = _users_in(loop, by_block)
    pushes = [user for user, at in inside if at == 0 and isinstance(user, I.Call)
              and user.called_function is checked_push and isinstance(user.args[1], ConstantInt)]
    entries = loop.outside_predecessors(gen.preds)
    if not pushes or len(pushes) != len(inside) or \
            any(_repeats_in_iteration(loop, push.parent) for push in pushes) or \
            len(entries) != 1 or not isinstance(entries[0].terminator, I.Branch) or \
            sum(push.args[1].value for push in pushes) > RESERVED_ITERATION_BYTES:
        return None
    if _pushes_around(loop, len(inside), by_block, outer_counts) and \
            not _long_runs(gen, loop):
        return None
    return pushes


def _long_runs(gen, loop) -> bool:
    """May `loop`, inside a loop that uses the tape too, still reserve?  Not
    when its runs are a short constant count (hand's 3-iteration product
    loop: the reserve costs more than the checks it saves); else each run
    pays one reserve and its iterations no capacity check (jacobi2d's
    stencil sweep inside the time loop: 10% fewer instructions)."""
    return constant_trip_count(loop, gen.preds, SHORT_RUN) is None


def _pushes_around(loop, inside: int, by_block, outer_counts) -> bool:
    """Does a loop around `loop` use the tape outside it (more users in the
    outermost loop than the `inside` ones of `loop`)?  Then the reserve
    is paid on every iteration of that loop, whose own checked pushes keep
    the tape's size in memory anyway: a short inner loop loses more than it
    gains (hand's 3-iteration product loop: 2% more instructions, LLVM
    unrolling its check-free body with a remainder).  `outer_counts` keeps
    each outermost loop's count, counted once."""
    outer = loop
    while outer.parent is not None:
        outer = outer.parent
    if outer is loop:
        return False
    if id(outer) not in outer_counts:
        outer_counts[id(outer)] = len(_users_in(outer, by_block))
    return outer_counts[id(outer)] > inside


def _repeats_in_iteration(loop, block) -> bool:
    """May `block` run twice in one iteration of `loop`: is it on a cycle of
    the loop that avoids the header (an inner loop, or an irreducible
    cycle)?  An inner loop that pushes nothing leaves the pushes around it
    once per iteration (triangular's row sum: its result and the inner
    counter's last value are pushed once per row)."""
    seen, work = set(), [s for s in block.successors]
    while work:
        succ = work.pop()
        if succ is loop.header or not loop.contains(succ) or id(succ) in seen:
            continue            # the next iteration, or out of the loop
        if succ is block:
            return True
        seen.add(id(succ))
        work.extend(succ.successors)
    return False


# icmp predicates of (N, S) that hold exactly when N <= S, the counter's
# span empty: (predicate, signed) -> whether true means empty.
_EMPTY_SPAN = {("eq", True): True, ("eq", False): True, ("ne", True): False,
               ("ne", False): False, ("sle", True): True, ("sgt", True): False,
               ("ule", False): True, ("ugt", False): False}
_MIRRORED = {"eq": "eq", "ne": "ne", "sge": "sle", "slt": "sgt", "uge": "ule", "ult": "ugt"}


def _skips_only_empty(branch, loop, found) -> bool:
    """Does the preheader's `branch` skip `loop` only when its span N - S is
    empty (the zero-trip test clang leaves there: fft's `icmp eq n, 0`)?
    Then the path that skips asks for one iteration's room, as few bytes as
    when it enters; no select is needed."""
    start, bound, _, signed, _ = found
    test = branch.condition
    if not branch.is_conditional or not isinstance(test, I.Compare) or test.opcode != "icmp":
        return False
    a, c = test.operands
    predicate = test.predicate
    if _same_value(a, start) and _same_value(c, bound):
        predicate = _MIRRORED.get(predicate)
    elif not (_same_value(a, bound) and _same_value(c, start)):
        return False
    true_empty = _EMPTY_SPAN.get((predicate, signed))
    skips_on_true = branch.operands[1] is not loop.header
    return true_empty is not None and true_empty == skips_on_true and \
        (branch.operands[2] is loop.header) == skips_on_true


def _same_value(x, y) -> bool:
    return x is y or isinstance(x, ConstantInt) and isinstance(y, ConstantInt) and \
        x.type == y.type and x.value % (1 << x.type.bits) == y.value % (1 << y.type.bits)


def _only_if_entered(b: Builder, branch, target, nbytes):
    """`nbytes` where `branch` goes to `target` (the preheader's to the
    loop's header, or a guard's to the preheader), else 0.  A
    guard clang merges into the preheader (`if (n < 50)` around the loop)
    skips the loop for the bounds it would never run to: made anyway, the
    room for 2^31 iterations is a failed realloc and a crash.  A constant
    room is bounded, and stays a constant (pushed_bytes_bound counts it)."""
    if not branch.is_conditional or constant_integer(nbytes) is not None:
        return nbytes
    on_true, on_false = (succ is target for succ in branch.operands[1:])
    if on_true == on_false:
        return nbytes
    return b.select(branch.condition, *((nbytes, b.i64(0)) if on_true else (b.i64(0), nbytes)),
                    "run.entered")


def _bytes_of_run(b: Builder, found, per_iteration: int):
    """(1 + ceil(max(N - S, 0) / C)) * per_iteration, in i64 (`iteration_bound`);
    where the loop leaves only on meeting N (`exact`), (1 + (N - S) / C) *
    per_iteration when C divides N - S (unsigned), else no room at all."""
    start, bound, step, signed, exact = found

    def wide(v):
        if v.type.is_pointer:
            return b.cast("ptrtoint", v, I64, "run.address")
        return v if v.type.bits == 64 else b.cast("sext" if signed else "zext", v, I64,
                                                  "run.wide")
    if exact and not start.type.is_pointer:
        # in the counter's own width: a counter that wraps there meets N
        # after (N - S) mod 2^bits / C steps (loops._wrapping_counter_bound)
        span = b.sub(bound, start, "run.span")
        if span.type.bits != 64:
            span = b.cast("zext", span, I64, "run.span.wide")
    elif exact:
        first = wide(start)
        span = b.sub(wide(bound), first, "run.span")
    else:
        first, last = wide(start), wide(bound)
        ahead = b.icmp("sgt" if signed else "ugt", last, first, "run.ahead")
        span = b.select(ahead, b.sub(last, first, "run.span"), b.i64(0), "run.left")
    huge = None
    if exact or not ends_fit_32_bits(found):    # an exact span may have wrapped
        huge = b.icmp("ugt", span, b.i64(LONGEST_RESERVED_SPAN), "run.huge")
        if exact:
            rest = b.binop("urem", span, b.i64(step), "run.rest")
            missed = b.icmp("ne", rest, b.i64(0), "run.missed")
            huge = b.binop("or", huge, missed, "run.unmet")
        span = b.select(huge, b.i64(0), span, "run.kept")
    steps = b.binop("udiv", b.add(span, b.i64(step - 1), "run.up"), b.i64(step), "run.steps")
    nbytes = b.mul(b.add(steps, b.i64(1), "run.iterations"), b.i64(per_iteration), "run.bytes")
    return nbytes if huge is None else b.select(huge, b.i64(UNAVAILABLE_ROOM), nbytes,
                                                "run.room")


def _hand_over(gen, known_last, popped_first) -> None:
    """The augmented function's last values of the slots, through the tape
    to the reverse function's entry.  A loop counter that ends every run at
    the same constant (`known_last`) is set to it there instead: one tape
    entry less, and LLVM sees the reverse loop's constant trip count.  The
    slots a pop sets before every read (`popped_first`) need nothing."""
    entry = Builder().position_before_terminator(gen.rev_entry)
    every = []
    for slot in gen.cache.slots_in_order():
        last = known_last.get(id(slot))
        if id(slot) in popped_first:
            continue
        if last is None:
            every.append(slot)
        else:
            entry.store(ConstantInt(slot.value.type, last), slot.rev)
    if every:
        exit_b = Builder().position_before(gen.exit.terminator)
        push_slots(gen, exit_b, gen.fwd_tape, every, use_current=True)
        pop_slots(gen, entry, gen.rev_tape, every)


def _narrow(v) -> bool:
    """Is `v` an integer of a byte or two (a path index, a branch's
    condition)?  Read only by its own block's reverse, it is pushed at its
    iteration's end all the same where it can be (`IterationEnds`) and an
    entry goes there anyway, in one entry with the others: a register kept
    to the end costs less than a push of its own (1-3% of the e2e
    reverse/narrow_tape_entries.c loops' instructions); with no entry to
    join, the longer life costs (tools/perfhunt logreg's condition: 0.3%).
    Doubles stay at their block's end: kept live to the iteration's end,
    rk4_lorenz's stage values cost 5% more."""
    return v.type.is_int and v.type.bits <= 16


# Blocks `IterationEnds` walks from a value's block before giving up.
REGION_WALK_LIMIT = 64


class IterationEnds:
    """Where a value read within its loop's iteration is pushed instead of
    saving its slot's previous value (`of`)."""

    def __init__(self, gen):
        self.gen = gen
        self.ends = {}              # id(loop) -> the block its iterations end in, or None
        self.returning = reaches(gen.exit, gen.preds)   # ids of blocks the function returns from
        self.blocks = {id(b): b for b in gen.order}

    def of(self, v):
        """The block where `v` is pushed once per execution of its own block
        (popped where that block's reverse starts), when the reverse pass
        reads `v` only in the innermost loop around its definition, in
        blocks its definition dominates; else None.  Saving the slot's
        previous value at the definition instead (`per_block`) keeps last
        iteration's value live across the back edge besides this one's: a
        push_back loop's begin and end pointers and their shadows, twice
        each, went through the stack (tools/perfhunt cxx_temp_vector).

        The entry holds this execution's value for every reverse block that
        reads it when each of them ran after the definition (dominated by
        it) and before the push in the forward pass, the push following
        every execution of the definition before the loop goes on or ends.
        The loop's one latch, if `v`'s block dominates it and it ends every
        iteration (`_one_end`), where the latch's own entries go; else the
        first block after `v`'s, dominated by it, that every way on from it
        passes before the iteration ends, with no reader after it
        (`_region_end`: the blocks of push_back's growth).  Not for floats:
        kept live to the iteration's end, doubles cost where they were
        pushed at their definition (tools/perfhunt lu_pivot 2.5%,
        attention 0.7% more instructions; rk4_lorenz's stage values 5%)."""
        gen = self.gen
        readers = gen.cache.blocks_reading(v)
        loops = gen.loops.loops_around(v.parent)
        if None in readers or not loops or v.type.scalar.is_float:
            return None
        loop, block, dom = loops[0], v.parent, gen.loops.dom
        if any(r not in loop.blocks or not dom.dominates(block, self.blocks[r])
               for r in readers) or _repeats_in_iteration(loop, block):
            return None
        if id(loop) not in self.ends:
            self.ends[id(loop)] = self._one_end(loop)
        end = self.ends[id(loop)]
        if end is not None and dom.dominates(block, end):
            return end
        return self._region_end(loop, block, readers)

    def _one_end(self, loop):
        """`loop`'s only latch, when it is also the only block that leaves
        the loop for a block from which the function can return (not a
        throw in push_back's growth), and has a reverse; else None."""
        gen = self.gen
        latches = [p for p in gen.preds[id(loop.header)] if loop.contains(p)]
        if len(latches) != 1 or id(latches[0]) not in gen.rev_blocks:
            return None
        for block in gen.order:
            if loop.contains(block) and block is not latches[0] and \
                    self._leaves(loop, block):
                return None
        return latches[0]

    def _leaves(self, loop, block) -> bool:
        """Does `block` end its iteration: a branch back to the header, or
        out of the loop to a block from which the function returns?"""
        return any(s is loop.header or not loop.contains(s) and id(s) in self.returning
                   for s in block.successors)

    def _next(self, loop, block) -> list:
        """The successors of `block` in its iteration of `loop`."""
        return [s for s in block.successors if s is not loop.header and loop.contains(s)]

    def _region_end(self, loop, block, readers):
        """The first block after `block` (in the function's order), dominated
        by it, that every way from `block` passes before its iteration ends
        (`_avoidable`), and from which no reader of the value is reached in
        the iteration, nor the block itself; None if there is none within
        REGION_WALK_LIMIT blocks."""
        gen, dom = self.gen, self.gen.loops.dom
        order = [b for b in gen.order if loop.contains(b) and b is not block and
                 dom.dominates(block, b)]
        for end in order[:REGION_WALK_LIMIT]:
            if id(end) not in gen.rev_blocks or self._avoidable(loop, block, end):
                continue
            after = self._reached(loop, end)
            if after is not None and not any(r in after for r in readers if r != id(end)):
                return end
        return None

    def _avoidable(self, loop, start, end) -> bool:
        """Can the iteration go on from `start` to its end without `end`?"""
        seen, work = {id(start)}, [start]
        while work:
            b = work.pop()
            if self._leaves(loop, b):
                return True
            for s in self._next(loop, b):
                if s is not end and id(s) not in seen:
                    if len(seen) > REGION_WALK_LIMIT:
                        return True
                    seen.add(id(s))
                    work.append(s)
        return False

    def _reached(self, loop, end):
        """Ids of the blocks the iteration may run after `end`; None if
        `end` itself may run again, or they are too many to walk."""
        seen, work = set(), self._next(loop, end)
        while work:
            b = work.pop()
            if b is end or len(seen) > REGION_WALK_LIMIT:
                return None
            if id(b) not in seen:
                seen.add(id(b))
                work.extend(self._next(loop, b))
        return seen


def _run_start(gen, v):
    """The preheader of the outermost loop around `v`'s definition that no
    block whose reverse reads `v` lies in (or in which `v` is invariant),
    and that is entered only through that preheader; False if there is none."""
    readers = gen.cache.blocks_reading(v)
    if None in readers:
        return False
    chosen = False
    for loop in gen.loops.loops_around(v.parent):
        if any(r in loop.blocks for r in readers) and not gen.cache.invariant_in(v, loop):
            break
        entries = loop.outside_predecessors(gen.preds)
        if len(entries) == 1:
            chosen = entries[0]
    return chosen


def _counter_run_start(gen, counter):
    """The preheader of the loop a counter steps through, or False.  The
    counter's value before each run is saved there: once the reverse has
    stepped back through a run, an earlier run may need its last value."""
    loops = gen.loops.loops_around(counter.parent)
    if not loops or loops[0].header is not counter.parent:
        return False
    entries = loops[0].outside_predecessors(gen.preds)
    return entries[0] if len(entries) == 1 else False


def counter_step(v, preds):
    """The constant C when `v` is a loop header's counter
    `phi [start, %outside], [%v + C, %latch]`; else None."""
    parts = counter_parts(v)
    if parts is None:
        return None
    entries = preds[id(v.parent)]
    if len(entries) != 2 or {id(p) for p in entries} != {id(b) for _, b in v.incoming}:
        return None
    return parts[2].operands[1]


# Runs of at most this many iterations reset their counter (see
# _same_last_count).  LLVM's vectorizer leaves loops this short alone.
SHORT_RUN = 16


def _same_last_count(gen, counter):
    """The counter's value in the last iteration of each run of its loop
    when it is the same constant in every run (a constant trip count) and
    the runs are short.  A save per run costs most where runs are short; a
    long run amortises it, and there a known count changed LLVM's mind
    about vectorizing the reverse loop for the worse (its runtime alias
    checks against a known short count: lstm's 32-64 iteration loops).
    A loop that reads or writes numbers at picked positions (clamped
    neighbours) has a reverse LLVM cannot vectorize: its adjoint updates
    there are dependences no runtime check covers.  There the known count
    costs nothing and gives LLVM the counter's range (ode-real's stencil:
    11% fewer instructions), so runs of any length reset their counter.
    So do loops that carry a float through a sum and a product of itself
    (`has_mixed_float_recurrence`: Horner's scheme): no vectorizer takes
    their reverse, which carries the adjoint back the same way, and a save
    per run is a checked push and a pop (tools/perfhunt cxx_member: two per
    data point, around 32-iteration loops)."""
    loop = gen.loops.loops_around(counter.parent)[0]
    last = constant_final_count(loop, counter, gen.preds, limit=SHORT_RUN)
    if last is not None:
        return last
    if not has_picked_access(loop, gen.preds) and \
            not has_mixed_float_recurrence(loop, gen.preds):
        return None
    return constant_final_count(loop, counter, gen.preds)


def _reset_counter(gen, preheader, slot, last) -> None:
    """Instead of saving the counter before each run and restoring it once
    the run is reversed: every earlier run ended at the same `last`."""
    b = Builder(gen.rev_blocks[id(preheader)], 0)
    b.store(ConstantInt(slot.value.type, last), slot.rev)


def _set_on_exit(gen, slot) -> bool:
    """Instead of saving a counter before each run of its loop: when the
    loop's exit test says its last value (`final_count_bound`: N - C, N
    computed from arguments or `bound_at_exit`), set it where the reverse pass enters the loop,
    the start of the exit block's reverse.  Only when no reverse block
    outside the loop reads the counter: the exit block's reverse also runs
    when the forward pass came another way, and then the counter's slot is
    dead until the next entry sets it again."""
    counter = slot.value
    loop = gen.loops.loops_around(counter.parent)[0]
    if any(r is None or r not in loop.blocks for r in gen.cache.blocks_reading(counter)):
        return False
    found = final_count_bound(loop, counter, gen.preds)
    clamped = clamped_final_count(loop, counter, gen.preds) if found is None else None
    if clamped is not None:
        start, bound, clamp, step = clamped
        ends = [bound, start]
    elif found is None or found[0].is_constant:
        return False
    else:
        (bound, step), clamp = found, None
        ends = [bound]
    exits = loop_exit_targets(loop, gen.preds)
    if len(exits) != 1 or id(exits[0]) not in gen.rev_blocks:
        return False
    entered = gen.rev_blocks[id(exits[0])]
    if not all(v.is_constant or _at_exit(gen, v, exits[0]) for v in ends):
        return False
    b = Builder(entered, entered.first_non_phi_index())
    ends = [v if v.is_constant else _rebuilt_at_exit(gen, b, v, exits[0]) for v in ends]
    name = counter.name or "v"
    if clamp is not None:
        last = _clamped_last(b, ends[1], ends[0], clamp, step, name)
    else:
        last = ends[0] if step is None else b.sub(ends[0], step, name + ".last")
    b.store(last, slot.rev)
    return True


def _clamped_last(b: Builder, start, bound, clamp: str, tested_step, name: str):
    """The last value of a counter `clamped_final_count` describes, computed
    at `b`: clamp(S + C', N) - C', the first X that leaves less the step
    its test adds (C', None for 0)."""
    first = start if tested_step is None else b.add(start, tested_step, name + ".first")
    beyond = b.icmp(clamp, first, bound, name + ".beyond")
    last = b.select(beyond, first, bound, name + ".leaving")
    return last if tested_step is None else b.sub(last, tested_step, name + ".last")


def _at_exit(gen, v, exit_block) -> bool:
    """Can the reverse pass compute `v` where it enters the loop left to
    `exit_block` (`_set_on_exit`)?"""
    return gen.cache.from_arguments(v) or gen.cache.bound_at_exit(v, exit_block)


def _rebuilt_at_exit(gen, b: Builder, v, exit_block):
    if gen.cache.from_arguments(v):
        return gen.cache.rebuild_from_arguments(b, v)
    return gen.cache.rebuild_at_exit(b, v, exit_block)


def _step_back(b: Builder, slot, step) -> None:
    """The counter's value one iteration earlier (exact, even if the add wrapped)."""
    name = slot.value.name or "v"
    now = b.load(slot.value.type, slot.rev, name + ".now")
    b.store(b.sub(now, step, name + ".prev"), slot.rev)


def _store_after_definition(v, slot) -> None:
    block = v.parent
    if isinstance(v, I.Phi):
        b = Builder(block, block.first_non_phi_index())
    elif v.is_terminator:
        raise NotImplementedError("values defined by terminators (invoke) are not taped yet")
    else:
        b = Builder().position_after(v)
    b.store(v, slot)


def _header_entry_value(gen, ends, v, end) -> bool:
    """Is `v` defined in its loop's header, its iteration end the loop's
    one latch (`IterationEnds`)?  In the latch's entry it is pushed at the
    header's end where the ways to the latch can be padded
    (`_push_latch_entry`): a narrow value (a join's way condition,
    reverse.py `way_conditions`) then lives no longer than at its
    definition, and joins the header's entry instead of pushing one of
    its own."""
    loop = gen.loops.innermost.get(id(v.parent))
    return loop is not None and loop.header is v.parent and \
        ends.ends.get(id(loop)) is end and gen.loops.holds_no_loop(loop)


def _latches_with_header_values(gen, ends, per_block_end) -> dict:
    """id(latch) -> (loop, latch) for each iteration-end entry (`IterationEnds`)
    at a loop's one latch that holds values its loop's header defines: those
    `_push_latch_entry` pushes at the header where it can."""
    if gen.fwd_tape is None or gen.in_parallel or gen.parallel_forks or T.chunked(gen.module):
        return {}
    found = {}
    for key, slots in per_block_end.items():
        loop = gen.loops.innermost.get(key)
        latch = ends.ends.get(id(loop)) if loop is not None else None
        if latch is None or id(latch) != key or latch is loop.header or \
                id(loop.header) not in gen.rev_blocks:
            continue
        if any(s.value.parent is loop.header for s in slots):
            found[key] = (loop, latch)
    return found


def _push_latch_entry(gen, loop, latch, slots, narrow: bool) -> None:
    """Push the entry of `loop`'s iteration end, `latch` (`IterationEnds`).
    Its values that the loop's header defines go at the header's end
    instead, where every way from there to the latch can be made to push
    the same bytes (`_iteration_pads`): the latch's reverse pops the
    whole iteration and reads every entry at its offset
    (`_read_iteration`), or, where a block's pops do not mirror its
    pushes, reads the header's entry that far below its own and the
    header's reverse pops it.  Stored at the latch, the header's values stay live beside the latch's phis of
    the next ones, and LLVM copies each twice an iteration (tools/perfhunt
    cxx_temp_vector: a push_back loop's four pointers, 8 of its 39
    instructions per element)."""
    at_latch = Builder().position_before(latch.terminator)
    reverse = gen.rev_blocks[id(latch)]
    rb = Builder(reverse, reverse.first_non_phi_index())
    planned = _iteration_pads(gen, loop, latch)
    if planned is None:
        push_slots(gen, at_latch, gen.fwd_tape, slots, narrow=narrow)
        pop_slots(gen, rb, gen.rev_tape, slots, narrow=narrow)
        return
    gap, pads, starts = planned
    header = loop.header
    early = [s for s in slots if s.value.parent is header]
    late = [s for s in slots if s.value.parent is not header]
    narrow_early = narrow and not late
    push_slots(gen, Builder().position_before(header.terminator), gen.fwd_tape, early,
               narrow=narrow_early)
    push, pop = T.runtime(gen.module)
    for pred, join, nbytes, at in pads:     # after the header's entry, even at its end
        padded = _pad_edge(gen, pred, join, nbytes, push, pop)
        starts.setdefault(id(padded), (padded, at))
    placed, size = _layout(early, narrow_early)
    peeks = _iteration_peeks(gen, starts.values(), push, pop)
    if late:
        push_slots(gen, at_latch, gen.fwd_tape, late)
    if peeks is not None:
        _read_iteration(gen, rb, pop, placed, size, gap, late, peeks)
        return
    if late:
        top = pop_slots(gen, rb, gen.rev_tape, late)
    else:
        top = rb.call(pop, [gen.rev_tape, rb.i64(0)], "tape.top")
    start = rb.gep(I8, top, [rb.i64(-(gap + size))], T.byte_ptr(gen.module), "header.entry")
    _restore(gen, rb, start, placed)
    rh = gen.rev_blocks[id(header)]
    hb = Builder(rh, rh.first_non_phi_index())
    hb.call(pop, [gen.rev_tape, hb.i64(size)], "tape.pop")


def _read_iteration(gen, rb: Builder, pop, placed, size: int, gap: int, late, peeks) -> None:
    """Pop the whole iteration's entries at once where the latch's reverse
    starts, and read each of them at its offset from there: every way
    through the iteration pushes the same bytes (padded), so each entry
    sits at one offset above the header's.  The pops they replace moved
    the tape's size several times an iteration (tools/perfhunt
    cxx_temp_vector's reverse loop: the latch's entry, a pad and the
    header's entry, each a decrement, two of them copied between
    registers)."""
    late_placed, late_size = _layout(late) if late else ([], 0)
    byte_ptr = T.byte_ptr(gen.module)
    region = rb.call(pop, [gen.rev_tape, rb.i64(size + gap + late_size)], "tape.iteration")
    _restore(gen, rb, region, placed)
    if late:
        _restore(gen, rb, rb.gep(I8, region, [rb.i64(size + gap)], byte_ptr, "latch.entry"),
                 late_placed)
    if not peeks:
        return
    held = gen.rev_alloca.alloca(byte_ptr, name="iteration.slot")
    rb.store(region, held)
    for popped, offset in peeks:
        b = Builder().position_before(popped)
        at = b.gep(I8, b.load(byte_ptr, held, "iteration"), [b.i64(size + offset)], byte_ptr,
                   "tape.entry")
        popped.replace_all_uses_with(at)
        popped.erase()


def _iteration_peeks(gen, starts, push, pop):
    """[(pop, its entry's offset after the header's entry)] for every pop of
    an entry the iteration pushes after the header's: `starts` holds each
    block on its way with the bytes pushed after the header's entry when
    the block starts.  A block's pops (in the reverse's edge blocks into it,
    at its reverse's start, in its tape block) must mirror its pushes, size
    for size; else None."""
    found = []
    for block, start in starts:
        pushes = [c for c in block.instructions if isinstance(c, I.Call) and
                  c.called_function is push and c.args[0] is gen.fwd_tape]
        reverse = [gen.rev_edges.get((id(s), id(block))) for s in block.successors]
        reverse += [gen.rev_blocks.get(id(block)), gen.pop_blocks.get(id(block))]
        pops = [c for r in reverse if r is not None for c in r.instructions
                if isinstance(c, I.Call) and c.called_function is pop and
                c.args[0] is gen.rev_tape]
        sizes = [constant_integer(c.args[1]) for c in pushes]
        if None in sizes or [constant_integer(c.args[1]) for c in pops] != sizes[::-1]:
            return None
        offsets = [start + sum(sizes[:k]) for k in range(len(sizes))]
        found.extend(zip(pops, offsets[::-1]))
    return found


def _iteration_pads(gen, loop, latch):
    """(bytes pushed after `loop`'s header ends and before `latch` does;
    the pads that make them one count on every way, [(pred, join, bytes
    pushed on the edge, bytes pushed before them)]; {id(block): (block,
    bytes pushed after the header before it)} for the blocks on the way),
    or None.  None unless the loop holds no inner cycle, its blocks are few
    (REGION_WALK_LIMIT), each pushes a constant (`_pushed_per_block`: no
    call handed the tape) and no undo log entry, and each join to pad has
    a reverse with an edge block per predecessor (`_dispatch`), entered
    once from each."""
    header = loop.header
    if len(loop.blocks) > REGION_WALK_LIMIT or not gen.loops.holds_no_loop(loop) or \
            any(loop.contains(store.parent) for store in gen.undo.logged or ()):
        return None
    pushed = _pushed_per_block(gen, gen.fwd_tape)
    if pushed is None:
        return None
    way, work = {id(latch)}, [latch]         # the blocks the iteration passes to the latch
    while work:
        block = work.pop()
        if block is header:
            continue
        for p in gen.preds[id(block)]:
            if not loop.contains(p):
                return None
            if id(p) not in way:
                way.add(id(p))
                work.append(p)
    through, pads = {id(header): 0}, []     # bytes pushed after the header through each block
    starts = {}                 # id(block) -> (block, bytes pushed after the header before it)
    for block in gen.order:
        if id(block) not in way or block is header:
            continue
        preds = gen.preds[id(block)]
        ins = [through.get(id(p)) for p in preds]
        own = pushed.get(id(block), 0)
        if None in ins or own is None:
            return None                 # a cycle inside the iteration, or no constant
        most = max(ins)
        for p, n in zip(preds, ins):
            if n == most:
                continue
            if (id(block), id(p)) not in gen.rev_edges or \
                    sum(1 for s in p.successors if s is block) != 1:
                return None
            pads.append((p, block, most - n, n))
        through[id(block)] = most + own
        starts[id(block)] = (block, most)
    return through[id(latch)], pads, starts


def _pad_edge(gen, pred, join, nbytes: int, push, pop):
    """Push `nbytes` on the edge from `pred` to `join` (at `pred`'s end when
    it has no other successor, else in a block of its own on the edge),
    popped in the reverse's block of that edge; the block pushing them."""
    if all(s is join for s in pred.successors):
        b = Builder().position_before(pred.terminator)
    else:
        edge = _block_on_edge(gen, pred, join, "tape.pad.edge")
        gen.cyclic.add(id(edge))
        for around in gen.loops.loops_around(pred):
            around.blocks.add(id(edge))
        gen.loops.innermost[id(edge)] = gen.loops.innermost[id(pred)]
        b = Builder().position_before(edge.terminator)
    b.call(push, [gen.fwd_tape, b.i64(nbytes)], "tape.pad")
    reverse_edge = gen.rev_edges[(id(join), id(pred))]
    gen.rev_edges[(id(join), id(b.block))] = reverse_edge
    rb = Builder(reverse_edge, 0)
    rb.call(pop, [gen.rev_tape, rb.i64(nbytes)], "tape.unpad")
    return b.block


def _lone_entries(gen, per_block, per_block_end) -> set:
    """Ids of the blocks whose tape entry is the only one pushed in their
    innermost loop (no other block's, no call handed the tape there).  Only
    these may take fewer than 8 bytes (`_layout`): the loop then steps the
    tape by the entry's size, 1, 2 or 4 bytes, which x86 addresses as a
    scale of the loop's counter; beside an 8-byte entry, a 1-byte one
    made a stride of 9, an induction of its own in both sweeps
    (tools/perfhunt logreg_branch: 2% more instructions)."""
    entries = {}            # id(loop) -> [ids of its blocks with an entry, one per entry]
    for pushed in (per_block, per_block_end):
        for key, slots in pushed.items():
            loop = gen.loops.innermost.get(key)
            if slots and loop is not None:
                entries.setdefault(id(loop), (loop, []))[1].append(key)
    lone = set()
    for loop, keys in entries.values():
        if len(keys) == 1 and not any(isinstance(u, I.CallBase) and loop.contains(u.parent)
                                      for u in gen.fwd_tape.users):
            lone.add(keys[0])
    return lone


def _layout(slots, narrow: bool = False):
    """(slot, offset, the type it is taped as: `_taped_type`) for each slot,
    and the entry's size in bytes.

    Largest first, so that no value straddles a smaller one's gap; the size
    is rounded up to a multiple of 8, or where `narrow` (`_lone_entries`)
    of the largest value's: then an entry of narrow values alone (a
    branch's i1 condition, an i8 path index) takes their bytes only, not 8
    per iteration of its loop.  The entries after it on the tape then start
    at any byte, so every value is accessed with the alignment the tape
    guarantees (`T.ENTRY_ALIGN`).
    """
    placed, total, widest = [], 0, 1
    widen = not narrow and len(slots) == 1      # alone in an entry of 8 bytes anyway
    taped = {id(s): _taped_type(s, widen) for s in slots}
    for s in sorted(slots, key=lambda s: (-T.entry_size(taped[id(s)]), s.order)):
        size = T.entry_size(taped[id(s)])
        placed.append((s, total, taped[id(s)]))
        total += size
        widest = max(widest, min(size, 8))
    unit = widest if narrow else 8
    return placed, -(-total // unit) * unit


def push_slots(gen, b: Builder, tape, slots, use_current=False, narrow=False) -> None:
    """Save the slots' contents on the tape (at a block's start: before it
    overwrites them; at its end: what it stored)."""
    push, _ = T.runtime(gen.module)
    placed, total = _layout(slots, narrow)
    gen.tape_bytes += total
    region = b.call(push, [tape, b.i64(total)], "tape.push")
    for s, off, taped in placed:
        value = b.load(s.value.type, s.fwd, "saved")
        if taped is not s.value.type:
            value = b.cast("zext", value, taped, "saved.wide")
        _tag_entry(gen, s, b.store(value, T.entry_pointer(b, region, off, taped), T.ENTRY_ALIGN))


def _taped_type(slot, widen: bool):
    """The type `slot`'s value takes in its tape entry: its own, but where
    `widen` (the entry's only value, in an entry that takes 8 bytes
    anyway: not `_lone_entries`'), a path index (an i8 or i16) is taped as
    an i64.  Beside the loop's 8-byte entries, stores of one size let LLVM
    vectorize the loop that pushes them as one interleaved group; an i8
    store among doubles kept tools/perfhunt logreg_branch's forward loop
    scalar (vec: 5% more instructions).  Two narrow values share one entry
    in their own types (8 bytes where i64s took 16)."""
    t = slot.value.type
    if widen and t.is_int and 1 < t.bits <= 16:
        return I64
    return t


def _tag_entry(gen, slot, access) -> None:
    """Say in TBAA what a tape entry holds.  The tape is memory like any
    other where this derivative is differentiated again, and an integer
    moved through memory may be a float's or a pointer's bits unless
    something says otherwise.  The tape's own types tell LLVM that the
    program's stores do not touch the entries, nor the entries the header."""
    known_integer = is_known_integer(gen.types, slot.value)
    name = T.INTEGER_ENTRY_TYPE_NAME if known_integer else T.ENTRY_TYPE_NAME
    access.metadata.append(("tbaa", T.tbaa_tag(gen.module, name)))


def pop_slots(gen, b: Builder, tape, slots, narrow=False):
    """Restore the slots saved by `push_slots`, for the reverse of earlier
    executions; the entry's address."""
    _, pop = T.runtime(gen.module)
    placed, total = _layout(slots, narrow)
    region = b.call(pop, [tape, b.i64(total)], "tape.pop")
    _restore(gen, b, region, placed)
    return region


def _restore(gen, b: Builder, region, placed) -> None:
    for s, off, taped in placed:
        value = b.load(taped, T.entry_pointer(b, region, off, taped), "restored", T.ENTRY_ALIGN)
        _tag_entry(gen, s, value)
        if taped is not s.value.type:
            value = b.cast("trunc", value, s.value.type, "restored.narrow")
        b.store(value, s.rev)
