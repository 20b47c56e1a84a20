"""Partial derivatives of `llvm.vector.reduce.{fadd,fmul,fmax,fmin}`, for both modes.

A reduction maps a start value (fadd and fmul only) and N lanes to one
number.  `partials` returns d result / d start and d result / d lane_i as
IR values; reverse mode scales them by the result's adjoint, forward mode
sums them against the tangents.
"""
from __future__ import annotations

from ..analysis.library import VECTOR_REDUCTIONS as KINDS
from ..ir.constants import ConstantInt, const_float
from ..ir.types import I32


def reduction_kind(callee_name: str):
    """`llvm.vector.reduce.fmul.v4f64` -> 'fmul'; None for other functions."""
    if not callee_name.startswith("llvm.vector.reduce."):
        return None
    kind = callee_name.split(".")[3]
    return kind if kind in KINDS else None


def lanes_of(b, vec):
    return [b.extractelement(vec, ConstantInt(I32, k)) for k in range(vec.type.count)]


def partials(b, kind: str, inst, value):
    """(d/d start or None, [d/d lane_i]) of reduction `inst` at its primal
    values, `value(v)` of each operand or of `inst` itself, asked only for
    those a partial reads: fadd's partials read none, so its reverse keeps
    nothing of the forward pass (the vectorizer's sum, whose forward loop
    then need not run at all when nobody needs its result)."""
    t, count = inst.type, inst.args[-1].type.count
    one, zero = const_float(t, 1.0), const_float(t, 0.0)
    if kind == "fadd":
        return one, [one] * count
    if kind == "fmul":
        start, vec = (value(a) for a in inst.args)
        lanes = lanes_of(b, vec)
        # the product of all factors but one, without dividing (lanes may be 0)
        others = []
        for i in range(len(lanes)):
            p = start
            for j, lane in enumerate(lanes):
                if j != i:
                    p = b.fmul(p, lane)
            others.append(p)
        everything = lanes[0]
        for lane in lanes[1:]:
            everything = b.fmul(everything, lane)
        return everything, others
    vec, result = value(inst.args[-1]), value(inst)
    # max/min: the derivative goes to the lane that was picked; where lanes
    # tie, to the first of them alone, as the scalar rule picks one operand
    # (partials summing to 2 at a tie of two lanes are no subgradient)
    picked, taken = [], None         # taken: an earlier lane equals the result
    for lane in lanes_of(b, vec):
        equal = b.fcmp("oeq", lane, result)
        share = b.select(equal, one, zero)
        if taken is not None:
            share = b.select(taken, zero, share)
            equal = b.select(taken, taken, equal)
        picked.append(share)
        taken = equal
    return None, picked
