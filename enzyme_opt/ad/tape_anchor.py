"""Reverse loops whose tape size is set from their counter each iteration.

The reverse of a loop pops its entries through the tape's size, which
every pop steps back: after SROA an induction of its own beside the
reverse loop's counter, one register stepped in every iteration.  Where
the size at each reverse iteration is a plain function of the counter,
storing it there lets LLVM address the pops from the counter and drop the
second induction.  instrument.py lays out the tape; this only restates,
loop by loop, a size the layout already gives.
"""
from __future__ import annotations

from ..analysis.loops import constant_integer, counter_parts, loop_exit_targets
from ..analysis.memory import address_uses
from ..ir import Builder
from ..ir import instructions as I
from ..ir.types import I64
from . import tape as T

# The factors an x86 address applies to an index register.  Only a size
# of `anchor + i*E` with E one of them is an addressing mode of the pop;
# another scale is an instruction more per iteration than the stepped size
# (tools/perfhunt rk4_lorenz: 128-byte entries, a shift and a move for an
# lea), and a counter stepping down a negation.
ADDRESS_SCALES = frozenset((1, 2, 4, 8))


def anchor_loop_pops(gen, counters) -> None:
    """Give each reverse iteration of a loop its tape size from the loop's
    counter, so that LLVM sees the pops' addresses as a function of the
    counter rather than of a size stepped back beside it: that size was an
    induction of its own in the reverse loop, one register stepped in every
    iteration (tools/perfhunt pinball, poisson_reg: one instruction of each
    reverse iteration).  `counters` are instrument_forward's: id(header) ->
    [(slot, step)] of the counters the reverse steps back.

    Only loops in no other loop, whose iterations pop E bytes that an x86
    address scales an index by (`ADDRESS_SCALES`): in a nest the anchor's
    cost comes back with every run, and the registers it holds cost more
    than the stepped size (tools/perfhunt conv2d, cxx_array: up to 0.7%
    more instructions; softmax_ce, attention gained up to 0.9%).

    Where every reverse iteration pops the same E bytes, the size at the
    start of the k-th one is its size where the reverse enters the loop
    less k*E, and the counter there is its value then less k*C: with C = 1
    or -1, the size is `anchor + C*i*E` for the anchor computed on entry.
    The store of that size at the start of each reverse iteration holds
    the value the size has there anyway; only where every tape access in the
    loop's blocks, forward and reverse, is a push or pop of a constant size
    in a block that runs once in every iteration (`_once_per_iteration`),
    the loop leaves from one block to one block, on whose reverse's edge
    into the loop the anchor is computed (`_way_into`), and the counter
    steps without wrapping (nsw or nuw when narrower than 64 bits) between
    its values.  Any other tape access in the loop (a call handed the tape,
    an inner loop's pushes, a run's size settled) leaves the loop alone.
    """
    if gen.fwd_tape is None or gen.in_parallel or gen.parallel_forks or \
            T.chunked(gen.module):
        return
    accesses = _tape_accesses(gen)
    if accesses is None:
        return
    for header_id, stepped in counters.items():
        loop = gen.loops.innermost[header_id]
        if loop.parent is not None:
            continue
        counter = next(((slot, step.signed_value) for slot, step in stepped
                        if step.signed_value in (1, -1) and _steps_exactly(slot.value)), None)
        found = _once_per_iteration(gen, loop)
        if counter is None or found is None:
            continue
        exiting, after, blocks = found
        per_iteration = _popped_per_iteration(loop, accesses, blocks)
        if per_iteration is not None and counter[1] * per_iteration in ADDRESS_SCALES:
            _anchor(gen, counter, per_iteration, exiting, after)


def _popped_per_iteration(loop, accesses, blocks):
    """The bytes each iteration of `loop` pushes and its reverse pops, when
    all its tape accesses are pushes and pops of constant sizes in `blocks`
    (those run once in every iteration) and the two agree; else None."""
    pushed = popped = 0
    for _, kind, nbytes, origin in accesses:
        if not loop.contains(origin):
            continue
        if kind is None or id(origin) not in blocks:
            return None
        if kind == "push":
            pushed += nbytes
        else:
            popped += nbytes
    return pushed if pushed and pushed == popped else None


def _steps_exactly(counter) -> bool:
    """Does the counter's add never wrap in a run, or is it 64 bits wide
    (then the anchor's arithmetic wraps with it)?"""
    step = counter_parts(counter)[2]
    return counter.type.bits == 64 or bool({"nsw", "nuw"} & set(step.flags))


def _tape_accesses(gen):
    """(user, "push" or "pop" or None, bytes, the forward block it belongs
    to) for every use of the tape in either sweep: a push or pop of a
    constant size, or anything else (None).  None when a use lies in a
    block that is neither a forward block nor one's reverse or pop block (a
    reverse split by control flow of its own, an edge given a block of its
    own), where it cannot be placed in a loop."""
    origin = {}
    if gen.rev_entry is not None:   # a split reverse's entry: with the forward entry, on no loop
        origin[id(gen.rev_entry)] = gen.fwd_blocks[0]
    for block in gen.fwd_blocks:
        origin[id(block)] = block
        for made in (gen.rev_blocks.get(id(block)), gen.pop_blocks.get(id(block))):
            if made is not None:
                origin[id(made)] = block
    tapes = [gen.fwd_tape] if gen.rev_tape is gen.fwd_tape else [gen.fwd_tape, gen.rev_tape]
    found = []
    for tape in tapes:
        for user, at in address_uses(tape):
            block = origin.get(id(user.parent))
            if block is None:
                return None
            kind, nbytes = None, None
            callee = user.called_function if isinstance(user, I.CallBase) and at == 0 else None
            if callee is not None and callee.name in (T.PUSH, T.RESERVED_PUSH, T.POP):
                nbytes = constant_integer(user.args[1])
                if nbytes is not None:
                    kind = "pop" if callee.name == T.POP else "push"
            found.append((user, kind, nbytes, block))
    return found


def _once_per_iteration(gen, loop):
    """(the block it leaves from, the block it leaves to, ids of its blocks
    that run once in every iteration: on no inner loop, dominating the
    exiting block), when `loop` leaves from one block, its header or its
    only latch, to one block (which other blocks may enter too); else None."""
    exits = loop_exit_targets(loop, gen.preds)
    if len(exits) != 1:
        return None
    after = exits[0]
    exiting = [p for p in gen.preds[id(after)] if loop.contains(p)]
    if len(exiting) != 1:
        return None
    exiting = exiting[0]
    latches = [p for p in gen.preds[id(loop.header)] if loop.contains(p)]
    if exiting is not loop.header and latches != [exiting] or \
            id(after) not in gen.pop_blocks or id(exiting) not in gen.rev_blocks:
        return None
    blocks = {id(b) for b in gen.fwd_blocks if gen.loops.innermost.get(id(b)) is loop and
              gen.loops.dom.dominates(b, exiting)}
    return exiting, after, blocks


def _anchor(gen, counter, per_iteration: int, exiting, after) -> None:
    """Compute the anchor where the reverse enters the loop (on the way
    from the reverse of the block the loop leaves to into the exiting
    block's), and set the size from it at the start of the exiting block's
    reverse, where each reverse iteration starts."""
    slot, step = counter
    tape = gen.rev_tape
    enter = _way_into(gen, after, exiting)
    if enter is None:
        return
    anchor = gen.rev_alloca.alloca(I64, name="tape.anchor")
    top = T.tape_size(enter, tape)
    enter.store(enter.sub(top, _scaled(enter, slot, step, per_iteration), "anchor"), anchor)
    reverse = gen.rev_blocks[id(exiting)]
    b = Builder(reverse, reverse.first_non_phi_index())
    here = b.add(b.load(I64, anchor, "anchor"), _scaled(b, slot, step, per_iteration),
                 "size.at.iteration")
    T.set_tape_size(b, tape, here)


def _way_into(gen, after, exiting):
    """A builder on the reverse's way from `after`'s reverse into
    `exiting`'s alone: before the terminator of `after`'s pop block when it
    branches there only, or of the edge block it branches through (one
    ending in an unconditional branch there); None if there is none."""
    target = gen.rev_blocks[id(exiting)]
    branch = gen.pop_blocks[id(after)].terminator
    if list(branch.successors) == [target]:
        return Builder().position_before(branch)
    for edge in branch.successors:
        last = edge.terminator
        if list(last.successors) == [target] and len(edge.predecessors) == 1:
            return Builder().position_before(last)
    return None


def _scaled(b: Builder, slot, step: int, per_iteration: int):
    """C * i * E for the counter's value i in its reverse slot, in 64 bits."""
    counter = slot.value
    i = b.load(counter.type, slot.rev, (counter.name or "v") + ".at")
    if counter.type.bits < 64:
        flags = counter_parts(counter)[2].flags
        i = b.cast("sext" if "nsw" in flags else "zext", i, I64)
    factor = step * per_iteration
    return i if factor == 1 else b.mul(i, b.i64(factor))
