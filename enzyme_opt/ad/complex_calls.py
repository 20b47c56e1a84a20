"""Derivatives of C's complex multiplication and division helpers.

clang calls `__muldc3(a, b, c, d)` for (a+bi)(c+di) and `__divdc3` for the
quotient (and `__mulsc3`/`__divsc3` for float, returning `<2 x float>`),
whenever the Annex G treatment of infinities is on: every product and
quotient of C `_Complex` and C++ `std::complex` numbers.  The call stays, so
the primal keeps its exact Annex G result; the derivatives come from the
holomorphic ones, w = z1 z2 or z1 / z2:

    dw/dz1 = g1 = z2 or 1/z2,     dw/dz2 = g2 = z1 or -w/z2

A complex derivative g = gr + i gi is, on the real and imaginary parts,
the 2x2 block [[gr, -gi], [gi, gr]] (Cauchy-Riemann).  Forward mode applies
the blocks to the tangents, reverse mode their transposes to the adjoint.

`cabsf` and `cargf` take their float complex packed as `<2 x float>` (the
double ones, two doubles, are ordinary rules in rules.py): their gradients
by the two parts are (re, im) / |z| and (-im, re) / |z|^2.
"""
from __future__ import annotations

from ..ir.constants import ConstantInt, ConstantPoison, zero_of
from ..ir.types import I32

KINDS = {"__muldc3": "mul", "__mulsc3": "mul", "__divdc3": "div", "__divsc3": "div"}


PACKED = {"cabsf": "abs", "cargf": "arg"}


def is_complex_call(callee) -> bool:
    if callee is None:
        return False
    if callee.name in PACKED:
        return len(callee.args) == 1 and callee.args[0].type.is_vector
    return callee.name in KINDS and len(callee.args) == 4


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


def _blocks(b, kind, args, result):
    """((g1r, g1i), (g2r, g2i)): the complex derivatives by z1 and z2."""
    a, bi, c, d = args
    if kind == "mul":
        return (c, d), (a, bi)
    wr, wi = _part(b, result, 0), _part(b, result, 1)
    norm = b.fadd(b.fmul(c, c), b.fmul(d, d))
    g1 = (b.fdiv(c, norm), b.fneg(b.fdiv(d, norm)))
    # -w / z2 = -w conj(z2) / |z2|^2
    g2 = (b.fneg(b.fdiv(b.fadd(b.fmul(wr, c), b.fmul(wi, d)), norm)),
          b.fneg(b.fdiv(b.fsub(b.fmul(wi, c), b.fmul(wr, d)), norm)))
    return g1, g2


def _packed_gradient(b, kind, z, result):
    """(d/d re, d/d im) of cabsf or cargf at the packed complex `z`."""
    re, im = _part(b, z, 0), _part(b, z, 1)
    if kind == "abs":
        return b.fdiv(re, result), b.fdiv(im, result)
    norm = b.fadd(b.fmul(re, re), b.fmul(im, im))
    return b.fneg(b.fdiv(im, norm)), b.fdiv(re, norm)


def complex_tangent(gen, b, inst) -> None:
    """Forward mode: w' = g1 z1' + g2 z2', all lanes of a batch."""
    if not gen.info.is_active(inst):
        return
    packed = PACKED.get(inst.called_function.name)
    if packed is not None:
        z = inst.args[0]
        gr, gi = _packed_gradient(b, packed, z, inst)
        gen.tangents[id(inst)] = [
            b.fadd(b.fmul(gr, _part(b, t, 0)), b.fmul(gi, _part(b, t, 1)))
            for t in gen.tangent(z)]
        return
    kind = KINDS[inst.called_function.name]
    g1, g2 = _blocks(b, kind, list(inst.args), inst)
    element = inst.args[0].type
    lanes = []
    for k in range(gen.width):
        t = [gen.tangent(a)[k] if gen.info.is_active(a) else zero_of(element)
             for a in inst.args]
        re = im = None
        for (gr, gi), (tr, ti) in ((g1, t[0:2]), (g2, t[2:4])):
            part_re = b.fsub(b.fmul(gr, tr), b.fmul(gi, ti))
            part_im = b.fadd(b.fmul(gi, tr), b.fmul(gr, ti))
            re = part_re if re is None else b.fadd(re, part_re)
            im = part_im if im is None else b.fadd(im, part_im)
        lanes.append(_pack(b, inst.type, re, im))
    gen.tangents[id(inst)] = lanes


def complex_adjoint(gen, b, inst) -> None:
    """Reverse mode, the current lane: z1_bar += g1^T w_bar, z2_bar += g2^T w_bar."""
    if not gen.info.is_active(inst):
        return
    packed = PACKED.get(inst.called_function.name)
    if packed is not None:
        z = inst.args[0]
        d = gen.take_adjoint(b, inst)
        gr, gi = _packed_gradient(b, packed, gen.primal_in_rev(b, z), gen.primal_in_rev(b, inst))
        gen.add_adjoint(b, z, _pack(b, z.type, b.fmul(gr, d), b.fmul(gi, d)))
        return
    kind = KINDS[inst.called_function.name]
    d = gen.take_adjoint(b, inst)
    dr, di = _part(b, d, 0), _part(b, d, 1)
    args = [gen.primal_in_rev(b, a) for a in inst.args]
    result = gen.primal_in_rev(b, inst) if kind == "div" else None
    g1, g2 = _blocks(b, kind, args, result)
    for (gr, gi), (re, im) in ((g1, inst.args[0:2]), (g2, inst.args[2:4])):
        gen.add_adjoint(b, re, b.fadd(b.fmul(gr, dr), b.fmul(gi, di)))
        gen.add_adjoint(b, im, b.fsub(b.fmul(gr, di), b.fmul(gi, dr)))
