"""Forward-pass bookkeeping, added once the reverse pass says what it needs.

For every slot: a store where the value is defined; in blocks that may run
more than once, a push of the slot's previous contents at block entry and
the matching pop at the end of the block's reverse.  In split mode the
augmented function finally hands all slots to the reverse function through
the tape.
"""
from __future__ import annotations

from ..ir import Builder
from ..ir import instructions as I
from . import tape as T


def instrument_forward(gen) -> None:
    by_block = {}
    for slot in sorted(gen.slots.values(), key=lambda s: s.order):
        v = slot.value
        _store_after_definition(v, slot.fwd)
        by_block.setdefault(id(v.parent), []).append(slot)
    for block in gen.order:
        slots = by_block.get(id(block), [])
        if id(block) in gen.cyclic and slots:
            push_slots(gen, Builder(block, block.first_non_phi_index()), gen.fwd_tape, slots)
    for block, pb in gen.pop_builders:
        slots = by_block.get(id(block), [])
        if id(block) in gen.cyclic and slots:
            pop_slots(gen, pb.position_before_terminator(pb.block), gen.rev_tape, slots)
    if gen.split:
        every = sorted(gen.slots.values(), key=lambda s: s.order)
        if every:
            exit_b = Builder().position_before(gen.exit.terminator)
            push_slots(gen, exit_b, gen.fwd_tape, every, use_current=True)
            pop_slots(gen, Builder().position_before_terminator(gen.rev_entry), gen.rev_tape,
                      every)


def _store_after_definition(v, slot) -> None:
    block = v.parent
    if isinstance(v, I.Phi):
        b = Builder(block, block.first_non_phi_index())
    elif v.is_terminator:
        raise NotImplementedError("values defined by terminators (invoke) are not taped yet")
    else:
        b = Builder().position_after(v)
    b.store(v, slot)


def _layout(slots):
    """(slot, offset, alignment) for each slot, and the entry's size in bytes.

    Largest first, so every value sits at its natural alignment; the size is
    rounded up to 8 so that the next entry starts aligned too.
    """
    placed, total = [], 0
    for s in sorted(slots, key=lambda s: (-T.entry_size(s.value.type), s.order)):
        size = T.entry_size(s.value.type)
        placed.append((s, total, min(size, 8)))
        total += size
    return placed, (total + 7) // 8 * 8


def push_slots(gen, b: Builder, tape, slots, use_current=False) -> None:
    """Save the slots' contents (before this block overwrites them) on the tape."""
    push, _ = T.runtime(gen.module)
    placed, total = _layout(slots)
    region = b.call(push, [tape, b.i64(total)], "tape.push")
    for s, off, align in placed:
        value = b.load(s.value.type, s.fwd, "saved")
        b.store(value, T.entry_pointer(b, region, off, s.value.type), align)


def pop_slots(gen, b: Builder, tape, slots) -> None:
    """Restore the slots saved by `push_slots`, for the reverse of earlier executions."""
    _, pop = T.runtime(gen.module)
    placed, total = _layout(slots)
    region = b.call(pop, [tape, b.i64(total)], "tape.pop")
    for s, off, align in placed:
        value = b.load(s.value.type, T.entry_pointer(b, region, off, s.value.type), "restored",
                       align)
        b.store(value, s.rev)
