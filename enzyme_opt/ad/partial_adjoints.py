"""Split accumulators for the adjoints of values used inside a loop but
defined outside it.

The reverse of such a loop sums one contribution per use into the value's
adjoint on every iteration: a reduction.  When the loop body uses the value
more than once (clang's unrolled-by-4 inner loop uses the broadcast of
`a` in each of its copies), one accumulator makes every contribution wait
for the previous one: the reverse loop runs at the latency of the additions,
where the forward loop's copies were independent.  Giving the k-th use in
the block its own accumulator keeps the copies independent; the adjoint is
the sum of all of them, formed where it is read (`take`).

Correctness rests on two facts: the adjoint is always the sum of its main
slot and its partial slots, and every read sums them all.  So a partial
slot is created only before the first read of that adjoint is emitted (a
read emitted earlier could not know of it); after that, contributions go
to the slots that exist.  The order of the additions changes, which the
adjoint sums' `reassoc` already permits (context.add_values).
"""
from __future__ import annotations

from typing import Dict, List

from ..ir.constants import const_float
from ..ir.values import Argument

# More independent chains than this buys nothing on current cores (an
# addition's latency over its throughput) and costs registers.
MAX_PARTIALS = 3


class PartialAdjoints:
    """The partial slots of each (value, lane) adjoint and when to use them."""

    def __init__(self, gen):
        self.gen = gen
        self.slots: Dict[tuple, List[object]] = {}   # key -> partial stack slots
        self.read: set = set()                         # keys whose adjoint was read
        self.uses_in_block: Dict[tuple, int] = {}      # (key, id(block)) -> adds so far

    def slot_for_add(self, v, key, main):
        """The slot the next contribution to v's adjoint goes to: `main`, or
        a partial slot when v comes from outside the loop whose block is
        being reversed and this is not the first contribution there."""
        gen = self.gen
        block = gen.reversing
        if block is None or not gen.in_block_body or not v.type.scalar.is_float:
            return main
        loop = gen.loops.innermost.get(id(block))
        if loop is None or not _defined_outside(v, loop):
            return main
        count_key = (key, id(block))
        k = self.uses_in_block.get(count_key, 0)
        self.uses_in_block[count_key] = k + 1
        if k == 0:
            return main
        partials = self.slots.setdefault(key, [])
        index = (k - 1) % MAX_PARTIALS
        if index < len(partials):
            return partials[index]
        if key in self.read:
            return partials[index % len(partials)] if partials else main
        slot = gen.rev_alloca.alloca(v.type, name=(main.name or "adj") + ".part")
        gen.rev_alloca.store(_zero(v.type), slot)
        partials.append(slot)
        return slot

    def gather(self, b, key, value, t):
        """`value` (the main slot's content) plus every partial slot's,
        which are reset; records that this adjoint has been read."""
        self.read.add(key)
        for slot in self.slots.get(key, ()):
            value = self.gen.ctx.add_values(b, value, b.load(t, slot))
            b.store(_zero(t), slot)
        return value


def _defined_outside(v, loop) -> bool:
    if isinstance(v, Argument):
        return True
    block = getattr(v, "parent", None)
    return block is not None and not loop.contains(block)


def _zero(t):
    return const_float(t, -0.0)     # fadd's identity, as reverse.adjoint_zero
