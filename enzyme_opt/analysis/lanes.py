"""Which lanes of a vector value are poison (or undef) by construction, and
which value each lane's bits come from.

Vectorized code fills vectors partly: `shufflevector %a, poison, <1, poison>`
leaves lane 1 poison, as does an `insertelement` chain that skips a lane of
its poison start, and arithmetic on such vectors keeps those lanes poison.
The primal never reads them.  The reverse pass must not either: the
adjoint of `fmul %a, %s` is `%s * adjoint`, and a poison lane of %s times
the zero adjoint of an unused lane is poison (NaN, once LLVM is done with
it), which the adjoints of shuffles and inserts then carry into real lanes.
"""
from __future__ import annotations

from typing import Optional, Tuple

from ..ir import instructions as I
from ..ir.constants import (ConstantAggregate, ConstantExpr, ConstantInt, ConstantPoison,
                            ConstantUndef, ConstantZero, shuffle_mask, zero_of)
from ..ir.types import size_and_align

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


def constant_without_poison(c):
    """Float constant `c` with its poison and undef lanes 0 (clang 15's SLP
    multiplies by `<double 0.1, double poison>`): a refinement, so the
    primal meaning is kept, and what a rule multiplies into an adjoint."""
    if isinstance(c, (ConstantPoison, ConstantUndef)):
        return zero_of(c.type)
    lanes = poison_lanes(c) if c.type.is_vector else _NOTHING
    if not lanes:
        return c
    zero = zero_of(c.type.element)
    return ConstantAggregate(c.type, [zero if k in lanes else e for k, e in enumerate(c.elements)])


# -- where a lane's bits come from ---------------------------------------------------------
#
# The SLP vectorizer stores a struct `{double w; double *p}` (or several) as
# one vector of pointers: the doubles' bits go in through `bitcast` and
# `inttoptr`, `<ptr inttoptr (i64 0x3FD0000000000000 to ptr), ...>` for a
# constant 0.25.  Moved like that a double is still a double: its lane is
# a float lane, whose derivative moves with it.

_BIT_CASTS = ("bitcast", "inttoptr", "ptrtoint")


def lane_source(v, lane: Optional[int], depth: int = 12) -> Optional[Tuple[object, Optional[int]]]:
    """(value, lane) whose bits lane `lane` of vector `v` (lane None: the scalar
    `v`) holds unchanged, seen through shuffles, inserts, extracts, constant
    vectors and casts that keep every bit of each lane (`bitcast`, and
    `inttoptr`/`ptrtoint` of 64-bit lanes); lane None when the value found is
    a scalar.  None for a poison lane, or a lane chosen at run time."""
    for _ in range(depth):
        step = _one_lane_back(v, lane)
        if step is None:
            return (v, lane)
        if step is _POISON:
            return None
        v, lane = step
    return (v, lane)


_POISON = object()


def _one_lane_back(v, lane):
    """The (value, lane) one move before `v`'s lane, _POISON, or None when `v`
    does not move bits from elsewhere."""
    if lane is None:
        if isinstance(v, I.ExtractElement) and isinstance(v.operands[1], ConstantInt):
            return v.operands[0], v.operands[1].value
        source = _bit_cast_source(v)
        return None if source is None or source.type.is_vector else (source, None)
    if isinstance(v, (ConstantPoison, ConstantUndef)):
        return _POISON
    if isinstance(v, ConstantAggregate):
        return v.elements[lane], None
    if isinstance(v, ConstantZero):
        return zero_of(v.type.element), None
    if isinstance(v, I.InsertElement):
        vec, value, index = v.operands
        if not isinstance(index, ConstantInt):
            return None
        return (value, None) if index.value == lane else (vec, lane)
    if isinstance(v, I.ShuffleVector):
        a, b, mask = v.operands
        m = shuffle_mask(mask)[lane]
        if m < 0:
            return _POISON
        n = a.type.count
        return (a, m) if m < n else (b, m - n)
    source = _bit_cast_source(v)
    if source is None or not source.type.is_vector or source.type.count != v.type.count:
        return None
    return source, lane


def _bit_cast_source(v):
    """The operand of a cast keeping each lane's bits, else None."""
    if not isinstance(v, (I.Cast, ConstantExpr)) or v.opcode not in _BIT_CASTS:
        return None
    source = v.operands[0]
    if v.opcode != "bitcast" and (_lane_bits(source.type) != 64 or _lane_bits(v.type) != 64):
        return None
    return source


def _lane_bits(t) -> int:
    return 8 * size_and_align(t.scalar)[0]


def lane_kind(source) -> Optional[str]:
    """"double", "float", ... for a lane whose bits come from a float,
    "ptr" from a pointer (not made of an integer: lane_source saw through
    `inttoptr`), None for integers (a ConstantInt: bits known)."""
    if source is None:
        return None
    t = source[0].type.scalar
    if t.is_float:
        return t.kind
    return "ptr" if t.is_pointer else None
