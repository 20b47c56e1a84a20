"""Where a rule spans two instructions (rules.py: FUSED_RULES).

By the chain of the two rules, the x-partial of `pow(x, y) / y` is
(1/y) * (y * pow(x, y-1)): a division, two multiplications and two guards
(pow's against y = 0, the adjoint's or tangent's against 0 * inf), and a
product that overflows where the partial does not.  Taken together it is
pow(x, y-1), the same number in real arithmetic wherever y is finite and
nonzero; `sum pow(x, i) / i` (bench/taylor.c) then costs one pow call per
term in either mode.  LLVM cannot make that rewrite without fast-math.

Both generators ask `rule_for` before they apply a rule.  The division
`p / q` takes the fused rule, with pow's operands, when

- p is a call of pow (or powi) that goes through its rule (no custom
  derivative), with an active base x and an inactive exponent y;
- the division is p's only use: p's own derivative is then needed by
  nobody, and pow is skipped (its adjoint would be zero; nothing reads its
  tangent);
- q is y (the same value, or an equal constant), or q and y convert the
  same integer n to a float (clang's -O0 converts it twice; powi's
  exponent is n itself);
- q is finite and nonzero: such a constant, or the conversion of an
  integer known nonzero (analysis/signs.py) and too narrow to overflow
  the type.

Anything else keeps the two rules: pow(x, y) * y, a different divisor, y
possibly 0, an active y, a pow result used elsewhere.  The decision is made
once per division and kept (`gen.fused_rules`), so that the pow, met before
the division in forward mode and after it in reverse, always agrees.
"""
from __future__ import annotations

import math
from typing import Optional

from ..analysis.signs import known_non_negative, known_nonzero
from ..ir import instructions as I
from ..ir.constants import ConstantFloat
from .calls import CallKind, classify_call
from .rules import QUOTIENT_BY_EXPONENT, rule_name_for_callee


def rule_for(gen, rule_name: str, inst, operands) -> Optional[tuple]:
    """(rule name, operands) to differentiate `inst` with: its own, or a
    fused rule's; None where its user's fused rule covers it."""
    if rule_name == "fdiv":
        fused = _fused_division(gen, inst)
        if fused is not None:
            return fused
    elif rule_name in QUOTIENT_BY_EXPONENT:
        users = list(inst.users)
        if len(users) == 1 and isinstance(users[0], I.BinaryOp) and \
                users[0].opcode == "fdiv" and _fused_division(gen, users[0]) is not None:
            return None
    return rule_name, operands


def _fused_division(gen, div) -> Optional[tuple]:
    kept = gen.fused_rules.get(id(div))
    if kept is None or kept[0] is not div:      # (an id outlives its object)
        kept = gen.fused_rules[id(div)] = (div, _power_over_exponent(gen, div))
    return kept[1]


def _power_over_exponent(gen, div) -> Optional[tuple]:
    p, q = div.operands
    if not isinstance(p, I.Call) or p.called_function is None or p is q or \
            [u for u, _ in p.uses] != [div]:
        return None
    name = rule_name_for_callee(p.called_function)
    if name not in QUOTIENT_BY_EXPONENT or len(p.args) != 2 or p.type != div.type or \
            classify_call(p, gen.ctx.custom, gen.mode) is not CallKind.RULE:
        return None
    x, y = p.args
    active = gen.info.is_active
    if not (active(div) and active(p) and active(x)) or active(y) or active(q):
        return None
    same = _signed_value(q, y) if name == "powi" else _same_value(q, y)
    return (f"{name}/exponent", [x, y]) if same and _finite_nonzero(q) else None


def _converts(q, n) -> bool:
    """Is q an int-to-float conversion of n?"""
    return isinstance(q, I.Cast) and q.opcode in ("sitofp", "uitofp") and q.operands[0] is n


def _signed_value(q, n) -> bool:
    """Is q the value of n as powi reads it, signed?  (`uitofp nneg` is
    poison where n is negative, and so is the quotient.)"""
    return _converts(q, n) and (q.opcode == "sitofp" or "nneg" in q.flags or
                                known_non_negative(n))


def _same_value(q, y) -> bool:
    """Are q and y one number: one value, equal constants, or one integer
    converted to one type the same way (sitofp and uitofp agree where the
    integer is non-negative, and `uitofp nneg` is poison elsewhere)?"""
    if q is y:
        return True
    if isinstance(q, ConstantFloat) and isinstance(y, ConstantFloat):
        return q.type == y.type and q.value is not None and q.value == y.value
    if not (isinstance(y, I.Cast) and _converts(q, y.operands[0]) and q.type == y.type):
        return False
    return q.opcode == y.opcode or "nneg" in q.flags or "nneg" in y.flags or \
        known_non_negative(y.operands[0])


def _finite_nonzero(q) -> bool:
    if isinstance(q, ConstantFloat):
        return q.value is not None and math.isfinite(q.value) and q.value != 0
    if not isinstance(q, I.Cast) or q.opcode not in ("sitofp", "uitofp"):
        return False
    n = q.operands[0]
    # An integer of at most as many bits as the largest binary exponent
    # converts to a finite value.
    return n.type.scalar.bits <= q.type.scalar.format.max_exponent and known_nonzero(n)
