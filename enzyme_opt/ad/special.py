"""Functions derivative rules need that libm does not have, emitted as IR.

`digamma` (the derivative of lgamma, and with tgamma of tgamma) is built
once per module and floating-point type as an internal function:
recurrence psi(x) = psi(x + 1) - 1/x up to x >= 6, then the asymptotic
series ln x - 1/(2x) - sum B_2k / (2k x^2k), whose error there is below
1e-13; negative x by the reflection psi(1 - x) - pi cot(pi x).
"""
from __future__ import annotations

import math

from ..ir import Builder, Function
from ..ir.constants import const_float
from ..ir.types import FunctionType, type_suffix

# B_2k / (2k) for k = 1..6: the coefficients of 1/x^2, 1/x^4, ... (signs included)
_SERIES = (1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760)


def digamma_function(module, t) -> Function:
    name = f"enzyme_opt.digamma.{t}"
    existing = module.get(name)
    if existing is not None:
        return existing
    ftype = FunctionType(t, (t,))
    fn = module.add_function(Function(name, ftype, module.pointer_to(ftype), ["x"],
                                      linkage="internal"), unique=False)
    (x,) = fn.args
    entry, reflect = fn.add_block("entry"), fn.add_block("reflect")
    loop, tail = fn.add_block("shift"), fn.add_block("series")
    b = Builder(entry)
    b.cond_br(b.fcmp("olt", x, const_float(t, 0.0), "negative"), reflect, loop)
    # x < 0: psi(x) = psi(1 - x) - pi / tan(pi x), where the shift below
    # would take -x steps (forever at -1e17).  tan's period taken off first:
    # x minus its nearest integer is exact, and keeps the poles' neighbours
    # (x = -1e-300, -3 + 1e-10) apart from them.
    b.position_at_end(reflect)
    # pi / tan(turn) as pi cos / sin: intrinsics of every float type and
    # LLVM version (llvm.tan is LLVM 19's; libm's tan takes one type)
    whole = b.call(_intrinsic(module, "round", t), [x])
    turn = b.fmul(const_float(t, math.pi), b.fsub(x, whole))
    cot = b.fdiv(b.call(_intrinsic(module, "cos", t), [turn]),
                 b.call(_intrinsic(module, "sin", t), [turn]))
    mirrored = b.call(fn, [b.fsub(const_float(t, 1.0), x)])
    b.ret(b.fsub(mirrored, b.fmul(const_float(t, math.pi), cot)))
    # shift: while x < 6 { acc -= 1/x; x += 1 }
    b.position_at_end(loop)
    xs = b.phi(t, [(x, entry)], "xs")
    acc = b.phi(t, [(const_float(t, 0.0), entry)], "acc")
    small = b.fcmp("olt", xs, const_float(t, 6.0), "small")
    acc_next = b.select(small, b.fsub(acc, b.fdiv(const_float(t, 1.0), xs)), acc, "acc.next")
    xs_next = b.select(small, b.fadd(xs, const_float(t, 1.0)), xs, "xs.next")
    xs.add_incoming(xs_next, loop)
    acc.add_incoming(acc_next, loop)
    b.cond_br(small, loop, tail)
    b.position_at_end(tail)
    inv = b.fdiv(const_float(t, 1.0), xs, "inv")
    inv2 = b.fmul(inv, inv, "inv2")
    poly = const_float(t, _SERIES[-1])
    for c in reversed(_SERIES[:-1]):
        poly = b.fadd(b.fmul(poly, inv2), const_float(t, c))
    log_fn = _intrinsic(module, "log", t)
    value = b.fsub(b.call(log_fn, [xs]), b.fmul(const_float(t, 0.5), inv))
    value = b.fsub(value, b.fmul(poly, inv2))
    b.ret(b.fadd(value, acc))
    return fn


def _intrinsic(module, name: str, t) -> Function:
    """LLVM's `llvm.NAME` of one operand of float type `t`."""
    return module.declare_function(f"llvm.{name}.{type_suffix(t)}",
                                   FunctionType(t, (t,)))
