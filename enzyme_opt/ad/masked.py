"""Derivatives of the masked vector loads and stores.

The vectorizer writes `llvm.masked.load`/`store` for conditional loads and
stores on targets that have masked moves (clang -mavx2, -march=native), and
`llvm.masked.gather`/`scatter` for `x[idx[i]]` (AVX-512).  Lanes whose mask
bit is set behave as a load or store; the others read the pass-through
operand or leave memory alone.  So their derivatives are those of load and
store, lane by lane, done with the same intrinsics on the shadow:

    masked.load(p, m, pass)   tangent: masked.load(p', m, pass')
                              adjoint: p'[m] += d;  pass' += (m ? 0 : d)
    masked.store(v, p, m)     tangent: masked.store(v', p', m)
                              adjoint: v' += p'[m];  p'[m] = 0

A gather's lanes may read one address twice, and a scatter's later lane
wins where two write one address, so their adjoints go lane by lane, in
order (a scatter's backwards), with scalar loads and stores; a lane whose
mask bit is clear works on a scratch slot instead of its address.
"""
from __future__ import annotations

from ..analysis.activity import contains_float
from ..analysis.library import (MASKED_GATHER as GATHER, MASKED_LOAD as LOAD,
                                MASKED_SCATTER as SCATTER, MASKED_STORE as STORE)
from ..analysis.memory import masked_access
from ..ir.constants import ConstantInt, zero_of
from ..ir.types import I32, VOID, FunctionType

_READS = (LOAD, GATHER)


def is_masked_access(callee) -> bool:
    return callee is not None and callee.name.startswith((LOAD, STORE, GATHER, SCATTER))


def _twin(b, callee, returns_value: bool):
    """The masked load (`returns_value`) or store of `callee`'s types: the
    overload suffix (`v4f64.p0`) is the same for both."""
    suffix = callee.name.split(".", 3)[3]
    params = callee.function_type.params
    if returns_value:
        if callee.name.startswith(LOAD):
            return callee
        vector, ptr, align, mask = params
        return b.module.declare_function(LOAD + suffix,
                                         FunctionType(vector, (ptr, align, mask, vector)))
    if callee.name.startswith(STORE):
        return callee
    ptr, align, mask, vector = params
    return b.module.declare_function(STORE + suffix,
                                     FunctionType(VOID, (vector, ptr, align, mask)))


def masked_tangent(gen, b, inst) -> None:
    """Forward mode, all lanes of a batch."""
    vtype, ptr, align, mask, value = masked_access(inst)
    if not contains_float(vtype):
        return
    shadows = gen.shadow(ptr) if gen.info.has_shadow(ptr) else [None] * gen.width
    tangents = gen.tangent(value) if gen.info.is_active(value) else \
        [zero_of(vtype)] * gen.width
    if not inst.called_function.name.startswith(_READS):
        for shadow, tangent in zip(shadows, tangents):
            if shadow is not None:
                b.call(inst.called_function, [tangent, shadow, align, mask])
        return
    if not gen.info.is_active(inst):
        return
    out = []
    for shadow, tangent in zip(shadows, tangents):
        if shadow is None:          # memory without derivatives: its lanes are 0
            out.append(b.select(mask, zero_of(vtype), tangent))
        else:
            out.append(b.call(inst.called_function, [shadow, align, mask, tangent]))
    gen.tangents[id(inst)] = out


def masked_adjoint(gen, b, inst) -> None:
    """Reverse mode, the current lane of a batch."""
    vtype, ptr, align, mask, value = masked_access(inst)
    if not contains_float(vtype):
        return
    zero = zero_of(vtype)
    is_store = not inst.called_function.name.startswith(_READS)
    if is_store and not gen.info.has_shadow(ptr):
        return
    if not is_store and not gen.info.is_active(inst):
        return
    mask = gen.primal_in_rev(b, mask)
    if inst.called_function.name.startswith((GATHER, SCATTER)):
        return _lanewise_adjoint(gen, b, inst, mask)
    load, store = _twin(b, inst.called_function, True), _twin(b, inst.called_function, False)
    shadow = gen.shadow_in_rev(b, ptr) if gen.info.has_shadow(ptr) else None
    if is_store:
        old = b.call(load, [shadow, align, mask, zero])
        b.call(store, [zero, shadow, align, mask])
        gen.add_adjoint(b, value, old)
        return
    d = gen.take_adjoint(b, inst)
    if shadow is not None:
        old = b.call(load, [shadow, align, mask, zero])
        b.call(store, [gen.ctx.add_values(b, old, d), shadow, align, mask])
    gen.add_adjoint(b, value, b.select(mask, zero, d))


def _lanewise_adjoint(gen, b, inst, mask) -> None:
    """A gather's or scatter's adjoint, one lane at a time (see above)."""
    vtype, ptrs, _, _, value = masked_access(inst)
    element, lanes = vtype.element, range(vtype.count)
    shadows = gen.shadow_in_rev(b, ptrs) if gen.info.has_shadow(ptrs) else None
    scratch = gen.rev_alloca.alloca(element, name="masked.scratch")
    if inst.called_function.name.startswith(SCATTER):
        collected = zero_of(vtype)
        for k in reversed(lanes):
            on, at = _lane(b, mask, shadows, scratch, k)
            old = b.load(element, at)
            b.store(zero_of(element), at)
            collected = b.insertelement(collected, b.select(on, old, zero_of(element)),
                                        ConstantInt(I32, k))
        gen.add_adjoint(b, value, collected)
        return
    d = gen.take_adjoint(b, inst)
    if shadows is not None:
        for k in lanes:
            on, at = _lane(b, mask, shadows, scratch, k)
            dk = b.extractelement(d, ConstantInt(I32, k))
            b.store(gen.ctx.add_values(b, b.load(element, at),
                                       b.select(on, dk, zero_of(element))), at)
    gen.add_adjoint(b, value, b.select(mask, zero_of(vtype), d))


def _lane(b, mask, shadows, scratch, k):
    """(mask bit, address) of lane `k`: the scratch slot when the bit is clear."""
    index = ConstantInt(I32, k)
    on = b.extractelement(mask, index)
    return on, b.select(on, b.extractelement(shadows, index), scratch)
