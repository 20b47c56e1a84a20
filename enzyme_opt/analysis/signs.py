"""Integers known to be non-negative, from the IR's own structure.

`known_non_negative(v)`: v >= 0 as a signed integer wherever it is not
poison.  Proved from constants, zero extensions, and the wrap flags of
arithmetic: `add nsw` of two non-negative values is non-negative (or
poison), so a loop counter that starts at 0 or 1 and steps up by `add nsw`
is, by induction over the iterations.  Flags that only assert a fact at one
place (a `uitofp nneg` of v, which LLVM may hoist out of the branch that
proved it) prove nothing here.
"""
from __future__ import annotations

from ..ir import instructions as I
from ..ir.constants import ConstantInt

_MAX_DEPTH = 8


def known_non_negative(v) -> bool:
    return _non_negative(v, set(), 0)


def _non_negative(v, assumed: set, depth: int) -> bool:
    if isinstance(v, ConstantInt):
        bits = v.type.bits
        return v.value % (1 << bits) < 1 << (bits - 1)
    if id(v) in assumed:
        return True         # a phi on its own cycle: the induction hypothesis
    if depth > _MAX_DEPTH or not isinstance(v, I.Instruction):
        return False
    if isinstance(v, I.Cast):
        return v.opcode == "zext" and v.operands[0].type.bits < v.type.bits
    if isinstance(v, I.Phi):
        # Assumed only while its own incoming values are examined: a proof
        # that failed must leave no assumption behind for another branch.
        assumed.add(id(v))
        try:
            return all(_non_negative(x, assumed, depth + 1) for x in v.operands)
        finally:
            assumed.discard(id(v))
    if isinstance(v, I.Select):
        return all(_non_negative(x, assumed, depth + 1) for x in v.operands[1:])
    if isinstance(v, I.BinaryOp):
        a, b = v.operands
        if v.opcode in ("add", "mul") and "nsw" in v.flags:
            return _non_negative(a, assumed, depth + 1) and _non_negative(b, assumed, depth + 1)
        if v.opcode == "and":
            return _non_negative(a, assumed, depth + 1) or _non_negative(b, assumed, depth + 1)
        if v.opcode == "lshr":
            return isinstance(b, ConstantInt) and b.value % (1 << b.type.bits) != 0
    return False
