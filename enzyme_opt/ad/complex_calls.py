"""Derivatives of C's complex arithmetic helpers and complex math functions.

clang calls `__muldc3(a, b, c, d)` for (a+bi)(c+di) and `__divdc3` for the
quotient (`__mulsc3`/`__divsc3` for float) whenever the Annex G treatment
of infinities is on: every product and quotient of C `_Complex` and C++
`std::complex` numbers.  `cexp`, `csin`, `cabs`, ... take their number as
two doubles, or as a `<2 x float>` for float (the x86-64 ABI).  The calls
stay, so the primal keeps its exact result; the derivatives come from the
holomorphic ones, a table below: for w = f(z1, z2), g_k = dw/dz_k.

A complex derivative g = gr + i gi is, on the real and imaginary parts,
the 2x2 block [[gr, -gi], [gi, gr]] (Cauchy-Riemann).  Forward mode applies
the blocks to the tangents, reverse mode their transposes to the adjoint.
A real result (|z|, arg z) has a plain gradient (d/d re, d/d im) instead.
"""
from __future__ import annotations

from ..analysis.library import COMPLEX_FUNCTIONS
from ..ir.constants import ConstantInt, ConstantPoison, const_float, zero_of
from ..ir.types import I32


# -- complex arithmetic on (re, im) pairs of values ---------------------------------------
def _mul(b, x, y):
    return (b.fsub(b.fmul(x[0], y[0]), b.fmul(x[1], y[1])),
            b.fadd(b.fmul(x[0], y[1]), b.fmul(x[1], y[0])))


def _recip(b, x):
    norm = b.fadd(b.fmul(x[0], x[0]), b.fmul(x[1], x[1]))
    return b.fdiv(x[0], norm), b.fneg(b.fdiv(x[1], norm))


def _scale(b, s: float, x):
    c = const_float(x[0].type, s)
    return b.fmul(c, x[0]), b.fmul(c, x[1])


def _plus_one(b, sign: float, x):
    """sign + x, x a pair."""
    return b.fadd(const_float(x[0].type, sign), x[0]), x[1]


def _arg_gradient(b, z):
    """The gradient of atan2(im, re): (-im, re) / |z|^2."""
    norm = b.fadd(b.fmul(z[0], z[0]), b.fmul(z[1], z[1]))
    return b.fneg(b.fdiv(z[1], norm)), b.fdiv(z[0], norm)


def _sibling(b, call, name: str, z):
    """`name` (ccos for csin, ...) at z, declared like the function called."""
    callee = call.called_function
    suffix = "f" if callee.name.endswith("f") else ""
    fn = b.module.declare_function(name + suffix, callee.function_type)
    args = [_pack(b, callee.function_type.params[0], *z)] if len(call.args) == 1 else list(z)
    result = b.call(fn, args)
    return _part(b, result, 0), _part(b, result, 1)


# name -> (result is complex, gradient: (b, call, operands, w) -> [g_k per operand])
OPERATIONS = {
    "mul": (True, lambda b, c, z, w: [z[1], z[0]]),
    "div": (True, lambda b, c, z, w: [_recip(b, z[1]),
                                      _scale(b, -1.0, _mul(b, w, _recip(b, z[1])))]),
    "exp": (True, lambda b, c, z, w: [w]),
    "log": (True, lambda b, c, z, w: [_recip(b, z[0])]),
    "sqrt": (True, lambda b, c, z, w: [_recip(b, _scale(b, 2.0, w))]),
    "sin": (True, lambda b, c, z, w: [_sibling(b, c, "ccos", z[0])]),
    "cos": (True, lambda b, c, z, w: [_scale(b, -1.0, _sibling(b, c, "csin", z[0]))]),
    "sinh": (True, lambda b, c, z, w: [_sibling(b, c, "ccosh", z[0])]),
    "cosh": (True, lambda b, c, z, w: [_sibling(b, c, "csinh", z[0])]),
    "tan": (True, lambda b, c, z, w: [_plus_one(b, 1.0, _mul(b, w, w))]),
    "tanh": (True, lambda b, c, z, w: [_plus_one(b, 1.0, _scale(b, -1.0, _mul(b, w, w)))]),
    # real results: the gradient by (re, im)
    "abs": (False, lambda b, c, z, w: [(b.fdiv(z[0][0], w), b.fdiv(z[0][1], w))]),
    "arg": (False, lambda b, c, z, w: [_arg_gradient(b, z[0])]),
}

NAMES = COMPLEX_FUNCTIONS      # the catalog's: which function is which operation


def _operation(callee):
    return NAMES.get(callee.name) if callee is not None else None


def is_complex_call(callee) -> bool:
    """A call this module differentiates: the operands come as pairs of
    floats or as `<2 x float>` (not long double's memory form)."""
    op = _operation(callee)
    if op is None:
        return False
    params = callee.function_type.params
    count = 2 if op in ("mul", "div") else 1
    if all(p.is_vector and p.count == 2 for p in params):
        return len(params) == count
    return len(params) == 2 * count and all(p.is_float and p.kind in ("float", "double")
                                            for p in params)


# -- operands and results --------------------------------------------------------------------
def _part(b, value, k):
    if value.type.is_vector:
        return b.extractelement(value, ConstantInt(I32, k))
    return b.extractvalue(value, [k])


def _pack(b, t, re, im):
    out = ConstantPoison(t)
    for k, part in enumerate((re, im)):
        out = b.insertelement(out, part, ConstantInt(I32, k)) if t.is_vector else \
            b.insertvalue(out, part, [k])
    return out


def _packed(call) -> bool:
    return call.args[0].type.is_vector


def _operands(b, call, values):
    """The complex operands as (re, im) pairs, from `values` (the call's
    arguments, or their tangents or primal values in the reverse pass)."""
    if _packed(call):
        return [(_part(b, v, 0), _part(b, v, 1)) for v in values]
    return [tuple(values[k:k + 2]) for k in range(0, len(values), 2)]


def _gradients(b, call, args, result):
    is_complex, gradient = OPERATIONS[_operation(call.called_function)]
    w = (_part(b, result, 0), _part(b, result, 1)) if is_complex else result
    return is_complex, gradient(b, call, _operands(b, call, args), w)


# -- the two modes ---------------------------------------------------------------------------
def complex_tangent(gen, b, inst) -> None:
    """Forward mode: w' = sum_k g_k z_k', all lanes of a batch."""
    if not gen.info.is_active(inst):
        return
    is_complex, gs = _gradients(b, inst, list(inst.args), inst)
    lanes = []
    for lane in range(gen.width):
        tangents = [gen.tangent(a)[lane] if gen.info.is_active(a) else zero_of(a.type)
                    for a in inst.args]
        re = im = None
        for g, t in zip(gs, _operands(b, inst, tangents)):
            if is_complex:
                part_re, part_im = _mul(b, g, t)
                im = part_im if im is None else b.fadd(im, part_im)
            else:
                part_re = b.fadd(b.fmul(g[0], t[0]), b.fmul(g[1], t[1]))
            re = part_re if re is None else b.fadd(re, part_re)
        lanes.append(_pack(b, inst.type, re, im) if is_complex else re)
    gen.tangents[id(inst)] = lanes


def complex_adjoint(gen, b, inst) -> None:
    """Reverse mode, the current lane: z_k_bar += g_k^T w_bar."""
    if not gen.info.is_active(inst):
        return
    d = gen.take_adjoint(b, inst)
    args = [gen.primal_in_rev(b, a) for a in inst.args]
    is_complex, gs = _gradients(b, inst, args, gen.primal_in_rev(b, inst))
    for k, (gr, gi) in enumerate(gs):
        if is_complex:
            dr, di = _part(b, d, 0), _part(b, d, 1)
            re_bar = b.fadd(b.fmul(gr, dr), b.fmul(gi, di))
            im_bar = b.fsub(b.fmul(gr, di), b.fmul(gi, dr))
        else:
            re_bar, im_bar = b.fmul(gr, d), b.fmul(gi, d)
        if _packed(inst):
            gen.add_adjoint(b, inst.args[k], _pack(b, inst.args[k].type, re_bar, im_bar))
        else:
            gen.add_adjoint(b, inst.args[2 * k], re_bar)
            gen.add_adjoint(b, inst.args[2 * k + 1], im_bar)
