"""Which lanes of a vector value are poison (or undef) by construction.

Vectorized code fills vectors partly: `shufflevector %a, poison, <1, poison>`
leaves lane 1 poison, as does an `insertelement` chain that skips a lane of
its poison start, and arithmetic on such vectors keeps those lanes poison.
The primal never reads them.  The reverse pass must not either: the
adjoint of `fmul %a, %s` is `%s * adjoint`, and a poison lane of %s times
the zero adjoint of an unused lane is poison (NaN, once LLVM is done with
it), which the adjoints of shuffles and inserts then carry into real lanes.
"""
from __future__ import annotations

from ..ir import instructions as I
from ..ir.constants import (ConstantAggregate, ConstantInt, ConstantPoison, ConstantUndef,
                            shuffle_mask)

_NOTHING = frozenset()


def poison_lanes(v, depth: int = 6) -> frozenset:
    """Lanes of vector `v` that are poison or undef whatever the inputs; a
    lane not named may hold anything.  Sees through `depth` instructions."""
    t = v.type
    if not t.is_vector or getattr(t, "scalable", False):
        return _NOTHING
    if isinstance(v, (ConstantPoison, ConstantUndef)):
        return frozenset(range(t.count))
    if isinstance(v, ConstantAggregate):
        return frozenset(k for k, e in enumerate(v.elements)
                         if isinstance(e, (ConstantPoison, ConstantUndef)))
    if depth == 0:
        return _NOTHING
    if isinstance(v, I.InsertElement):
        vec, _, index = v.operands
        if not isinstance(index, ConstantInt):
            return _NOTHING          # which lane it fills is known only at run time
        return poison_lanes(vec, depth - 1) - {index.value}
    if isinstance(v, I.ShuffleVector):
        a, b, mask = v.operands
        n = a.type.count
        from_a, from_b = poison_lanes(a, depth - 1), poison_lanes(b, depth - 1)
        return frozenset(k for k, m in enumerate(shuffle_mask(mask))
                         if m < 0 or (m < n and m in from_a) or (m >= n and m - n in from_b))
    if isinstance(v, (I.BinaryOp, I.UnaryOp)):
        lanes = _NOTHING
        for op in v.operands:
            lanes |= poison_lanes(op, depth - 1)
        return lanes
    return _NOTHING
