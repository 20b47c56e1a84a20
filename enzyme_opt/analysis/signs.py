"""Integers known to be non-negative, or nonzero, from the IR's own structure.

`known_non_negative(v)`: v >= 0 as a signed integer wherever it is not
poison.  Proved from constants, zero extensions, and the wrap flags of
arithmetic: `add nsw` of two non-negative values is non-negative (or
poison), so a loop counter that starts at 0 or 1 and steps up by `add nsw`
is, by induction over the iterations.  Flags that only assert a fact at one
place (a `uitofp nneg` of v, which LLVM may hoist out of the branch that
proved it) prove nothing here.

`known_positive_float(v)`: the float v is > 0 or NaN, never 0: a positive
constant added to a square, a norm plus an epsilon (`sqrt(1 + c*c)`).

`known_nonzero(v)`: v != 0 wherever it is not poison, signed or unsigned
alike: a counter that starts at 1 and steps up by `add nuw` (no unsigned
wrap: the sum is at least each operand) or by `add nsw` of non-negative
values.  Its int-to-float conversion is then a nonzero float.
"""
from __future__ import annotations

from ..ir import instructions as I
from ..ir.constants import ConstantFloat, ConstantInt
from .library import NON_NEGATIVE_MATH, called_math_function

_MAX_DEPTH = 8


def known_non_negative(v) -> bool:
    return _proved(v, _non_negative_step, set(), 0)


def known_nonzero(v) -> bool:
    return _proved(v, _nonzero_step, set(), 0)


def _proved(v, step, assumed: set, depth: int) -> bool:
    """The property `step` proves of one instruction from its operands',
    through phis (by induction over a loop's iterations) and selects."""
    if isinstance(v, ConstantInt):
        return step(v, None)
    if id(v) in assumed:
        return True         # a phi on its own cycle: the induction hypothesis
    if depth > _MAX_DEPTH or not isinstance(v, I.Instruction):
        return False

    def prove(x) -> bool:
        return _proved(x, step, assumed, depth + 1)
    if isinstance(v, I.Phi):
        # Assumed only while its own incoming values are examined: a proof
        # that failed must leave no assumption behind for another branch.
        assumed.add(id(v))
        try:
            return all(prove(x) for x in v.operands)
        finally:
            assumed.discard(id(v))
    if isinstance(v, I.Select):
        return all(prove(x) for x in v.operands[1:])
    return step(v, prove)


def _non_negative_step(v, prove) -> bool:
    if isinstance(v, ConstantInt):
        bits = v.type.bits
        return v.value % (1 << bits) < 1 << (bits - 1)
    if isinstance(v, I.Cast):
        return v.opcode == "zext" and v.operands[0].type.bits < v.type.bits
    if isinstance(v, I.BinaryOp):
        a, b = v.operands
        if v.opcode in ("add", "mul") and "nsw" in v.flags:
            return prove(a) and prove(b)
        if v.opcode == "and":
            return prove(a) or prove(b)
        if v.opcode == "lshr":
            return isinstance(b, ConstantInt) and b.value % (1 << b.type.bits) != 0
    return False


def _nonzero_step(v, prove) -> bool:
    if isinstance(v, ConstantInt):
        return v.value % (1 << v.type.bits) != 0
    if isinstance(v, I.Cast):
        return v.opcode in ("zext", "sext") and prove(v.operands[0])
    if isinstance(v, I.BinaryOp):
        a, b = v.operands
        if v.opcode == "add" and "nuw" in v.flags or v.opcode == "or":
            return prove(a) or prove(b)
        if v.opcode == "add" and "nsw" in v.flags:
            return known_non_negative(a) and known_non_negative(b) and (prove(a) or prove(b))
        if v.opcode == "mul" and ("nuw" in v.flags or "nsw" in v.flags):
            return prove(a) and prove(b)
    return False


def known_positive_float(v, depth: int = 0) -> bool:
    """Is float `v` > 0 (or NaN) wherever it is not poison?  Rounding keeps a
    sum of a non-negative value and c > 0 at least c."""
    if isinstance(v, ConstantFloat):
        return v.value is not None and v.value > 0
    if depth > _MAX_DEPTH or not isinstance(v, I.Instruction):
        return False
    if isinstance(v, I.BinaryOp) and v.opcode == "fadd":
        a, b = v.operands
        return known_positive_float(a, depth + 1) and _non_negative_float(b, depth + 1) or \
            _non_negative_float(a, depth + 1) and known_positive_float(b, depth + 1)
    if isinstance(v, I.Call) and called_math_function(v) == "sqrt":
        return known_positive_float(v.args[0], depth + 1)
    return False


def _non_negative_float(v, depth: int) -> bool:
    """Is float `v` >= 0 (or -0, or NaN)?  Squares and absolute values, and
    sums, products and square roots of such."""
    if isinstance(v, ConstantFloat):
        return v.value is not None and v.value >= 0
    if depth > _MAX_DEPTH or not isinstance(v, I.Instruction):
        return False
    if isinstance(v, I.BinaryOp) and v.opcode in ("fadd", "fmul"):
        a, b = v.operands
        return v.opcode == "fmul" and a is b or \
            _non_negative_float(a, depth + 1) and _non_negative_float(b, depth + 1)
    if isinstance(v, I.Call) and called_math_function(v) in NON_NEGATIVE_MATH:
        return True
    return known_positive_float(v, depth)
