"""Adjoint code for one instruction (reverse mode).

Arithmetic and math calls go through the rule table in `rules.py`; what
stays here is the structural instructions (memory, aggregates, vectors,
casts, select, calls of differentiated functions), whose adjoints move
values around rather than multiply by partials.

In batched reverse mode a structural handler runs once per lane (the
generator's current lane selects the shadows and adjoints it sees); rules
and calls of differentiated functions serve all lanes in one go.
"""
from __future__ import annotations

from ..analysis.activity import allocation_alignment_index, contains_float
from ..analysis.arg_activity import Activity
from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.constants import ConstantInt, ConstantZero, shuffle_mask, zero_of
from ..ir.types import I32
from .aggregates import clear_float_fields, returns_gradient
from .calls import CallKind, classify_call
from .complex_calls import complex_adjoint
from .conventions import coerce, fit_pointer_args
from .in_place import in_place_load
from .masked import masked_adjoint
from .reductions import partials, reduction_kind
from .rules import rule_name_for_callee, zero_derivative_outputs
from . import shadow_heap
from . import tape as T
from .openmp import (SHARED_WRITERS as _SHARED_WRITERS, adds_atomically, atomic_add, mirror_sync_call,
                     refuse_in_parallel_region, refuse_openmp_call)
from .unsupported import (atomic_moves_floats, check_atomic_update, check_input_call,
                          check_opaque_call, refuse_bodiless_call, refuse_indirect_call)
from .indirect import indirect_reverse, lookup_reverse


def adjoint_arithmetic(gen, b, inst):
    if gen.info.is_active(inst):
        gen.apply_rule(b, inst.opcode, inst, inst.operands, inst.flags)


def adjoint_cast(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    x = inst.operands[0]
    d = gen.take_adjoint(b, inst)
    back = {"fpext": "fptrunc", "fptrunc": "fpext", "bitcast": "bitcast"}.get(inst.opcode)
    if back is not None and gen.info.is_active(x):
        gen.add_adjoint(b, x, b.cast(back, d, x.type))


def adjoint_freeze(gen, b, inst):
    """`freeze x` is x wherever x is not poison: the adjoint passes through."""
    x = inst.operands[0]
    if gen.info.is_active(inst) and gen.info.is_active(x):
        gen.add_adjoint(b, x, gen.take_adjoint(b, inst))


def adjoint_pointer(gen, b, inst):
    """Nothing flows back through address arithmetic: the shadow it needs
    was made in the forward sweep."""


def adjoint_select(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    c, x, y = inst.operands
    d = gen.take_adjoint(b, inst)
    cond = gen.primal_in_rev(b, c)
    zero = zero_of(inst.type)
    if gen.info.is_active(x):
        gen.add_adjoint(b, x, b.select(cond, d, zero))
    if gen.info.is_active(y):
        gen.add_adjoint(b, y, b.select(cond, zero, d))


def adjoint_load(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    d = gen.take_adjoint(b, inst)
    if id(inst) in gen.in_place_loads:
        return      # already in the shadow: see in_place.py
    shadow = gen.shadow_in_rev(b, inst.pointer)
    if adds_atomically(gen, inst.pointer):
        return atomic_add(gen, b, shadow, d, inst)
    old = _typed_like(b.load(inst.type, shadow, align=inst.align), inst)
    _typed_like(b.store(gen.ctx.add_values(b, old, d), shadow, inst.align), inst)


def _typed_like(access, inst):
    """`access` of the shadow of what `inst` accesses, with `inst`'s TBAA
    tag: the shadow holds the same type there.  LLVM then knows that the
    tape (tagged as its own type) is not the shadow, and keeps a reverse
    loop's adjoint sums in registers across its tape reads instead of
    storing them in every iteration (tools/perfhunt/pinball.c, vectorized:
    eight vector stores a row)."""
    tag = inst.get_metadata("tbaa")
    if tag is not None:
        access.metadata.append(("tbaa", tag))
    return access


def adjoint_store(gen, b, inst):
    value, ptr = inst.operands
    if not contains_float(value.type) or not gen.info.has_shadow(ptr):
        return
    shadow = gen.shadow_in_rev(b, ptr)
    old = _typed_like(b.load(value.type, shadow, align=inst.align), inst)
    load = in_place_load(gen, inst) if not adds_atomically(gen, ptr) else None
    if load is not None:
        gen.in_place_loads.add(id(load))
        gen.add_adjoint(b, value, old)
        return
    # Only the float fields' adjoints are consumed: a {ptr, double}'s shadow
    # pointer, set by the forward pass, stays.
    _typed_like(b.store(clear_float_fields(b, old), shadow, inst.align), inst)
    gen.add_adjoint(b, value, old)


def adjoint_atomic(gen, b, inst):
    """`atomicrmw fadd p, v` adds v to memory: v's adjoint is the shadow's
    value, and the old value it returns hands its adjoint to the shadow."""
    if inst.opcode not in ("atomicrmw", "cmpxchg"):
        return
    ptr, value = inst.operands[0], inst.operands[-1]
    if not gen.info.has_shadow(ptr) or not atomic_moves_floats(inst):
        return
    op = check_atomic_update(inst, gen.primal)
    shadow = gen.shadow_in_rev(b, ptr)
    if gen.info.is_active(value):
        d = b.load(value.type, shadow)
        gen.add_adjoint(b, value, d if op == "fadd" else b.fneg(d))
    if gen.info.is_active(inst):
        if adds_atomically(gen, ptr):
            return atomic_add(gen, b, shadow, gen.take_adjoint(b, inst), inst)
        old = b.load(value.type, shadow)
        b.store(gen.ctx.add_values(b, old, gen.take_adjoint(b, inst)), shadow)


def adjoint_extractvalue(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    agg = inst.operands[0]
    d = gen.take_adjoint(b, inst)
    gen.add_adjoint(b, agg, b.insertvalue(zero_of(agg.type), d, inst.indices))


def adjoint_insertvalue(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    agg, x = inst.operands
    d = gen.take_adjoint(b, inst)
    if gen.info.is_active(x):
        gen.add_adjoint(b, x, b.extractvalue(d, inst.indices))
    if gen.info.is_active(agg):
        gen.add_adjoint(b, agg, b.insertvalue(d, zero_of(x.type), inst.indices))


def adjoint_extractelement(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    vec, index = inst.operands
    d = gen.take_adjoint(b, inst)
    idx = gen.primal_in_rev(b, index)
    gen.add_adjoint(b, vec, b.insertelement(ConstantZero(vec.type), d, idx))


def adjoint_insertelement(gen, b, inst):
    if not gen.info.is_active(inst):
        return
    vec, x, index = inst.operands
    d = gen.take_adjoint(b, inst)
    idx = gen.primal_in_rev(b, index)
    if gen.info.is_active(x):
        gen.add_adjoint(b, x, b.extractelement(d, idx))
    if gen.info.is_active(vec):
        gen.add_adjoint(b, vec, b.insertelement(d, zero_of(x.type), idx))


def adjoint_shufflevector(gen, b, inst):
    """Each source lane's adjoint is the sum of the result lanes it went
    to, inserted into a zero vector (which add_values adds lane by lane
    when only some lanes are set)."""
    if not gen.info.is_active(inst):
        return
    a, c, mask = inst.operands
    d = gen.take_adjoint(b, inst)
    n = a.type.count
    sums = {}                       # (operand 0 or 1, its lane) -> adjoint
    for lane, m in enumerate(shuffle_mask(mask)):
        if m < 0:
            continue
        key = (0, m) if m < n else (1, m - n)
        piece = b.extractelement(d, ConstantInt(I32, lane))
        sums[key] = gen.ctx.add_values(b, sums[key], piece) if key in sums else piece
    for which, operand in ((0, a), (1, c)):
        if gen.info.is_active(operand):
            acc = ConstantZero(operand.type)
            for (w, src), total in sums.items():
                if w == which:
                    acc = b.insertelement(acc, total, ConstantInt(I32, src))
            gen.add_adjoint(b, operand, acc)


def adjoint_call(gen, b, inst):
    """Differentiated callees and derivative rules take all lanes at once;
    every other kind of call (calls.classify_call) is reversed once per lane."""
    plan = gen.call_plans.get(id(inst))
    if plan is not None:
        if gen.in_parallel and plan[0] in _SHARED_PLANS:
            refuse_in_parallel_region(gen, inst, _SHARED_PLANS[plan[0]])
        return _differentiated_call(gen, b, inst, plan)
    kind = classify_call(inst, gen.ctx.custom, "reverse")
    if gen.in_parallel and kind in _SHARED_WRITERS:
        refuse_in_parallel_region(gen, inst, kind)
    if kind is CallKind.RULE:
        if gen.info.is_active(inst):
            gen.apply_rule(b, rule_name_for_callee(inst.called_function), inst, inst.args,
                           inst.flags)
        # the value stored there took the old one's place: its adjoint ends here
        for ptr in zero_derivative_outputs(inst):
            if gen.info.has_shadow(ptr):
                for _ in gen.each_lane():
                    b.store(zero_of(inst.type), gen.shadow_in_rev(b, ptr))
        return
    for _ in gen.each_lane():
        _CALL_ADJOINTS[kind](gen, b, inst)


# Planned calls whose reverse adds to the shadows it is given with plain
# stores: the user's reverse rule, a function pointer's table (made once for
# every caller), BLAS.
_SHARED_PLANS = {"custom": CallKind.CUSTOM, "indirect": CallKind.INDIRECT,
                 "lookup": CallKind.INDIRECT, "blas": CallKind.BLAS}


def _indirect(gen, b, inst):
    if any(gen.info.is_active(a) for a in inst.args) or gen.info.is_active(inst):
        refuse_indirect_call(inst, gen.primal)


def _allocation(gen, b, inst):
    """The reverse of an allocation is the last use of its shadow."""
    if gen.info.has_shadow(inst):
        aligned = allocation_alignment_index(inst.called_function) is not None
        shadow_heap.release(b, gen.shadow_in_rev(b, inst), aligned)


def _realloc(gen, b, inst):
    if gen.info.has_shadow(inst):
        gen.ctx.realloc_adjoint(gen, b, inst)


def _nothing(gen, b, inst):
    """No derivative flows back through this call: it passes none on (I/O,
    hints), frees memory whose shadow its allocation's reverse releases, or
    is a function to differentiate that no derivative reaches here."""


def _opaque(gen, b, inst):
    if mirror_sync_call(gen, b, inst):
        return
    refuse_openmp_call(gen, inst)
    if gen.info.is_active(inst) or any(gen.info.is_active(a) for a in inst.args):
        refuse_bodiless_call(inst, gen.primal)
    check_opaque_call(inst, gen.info, gen.primal)


def _reduction(gen, b, inst):
    _vector_reduce(gen, b, inst, inst.called_function.name)


def _vector_reduce(gen, b, inst, name):
    kind = reduction_kind(name)
    if kind is None:
        raise DifferentiationError(f"no derivative for '{name}'", function=gen.primal,
                                   instruction=inst)
    if not gen.info.is_active(inst):
        return
    d = gen.take_adjoint(b, inst)
    vec = inst.args[-1]
    d_start, d_lanes = partials(b, kind, inst, _reduction_values(gen, b, inst))
    if d_start is not None:
        gen.add_adjoint(b, inst.args[0], b.fmul(d_start, d))
    acc = ConstantZero(vec.type)
    for lane, partial in enumerate(d_lanes):
        acc = b.insertelement(acc, b.fmul(partial, d), ConstantInt(I32, lane))
    gen.add_adjoint(b, vec, acc)


def _reduction_values(gen, b, inst):
    """The primal values a reduction's partials read.  A max or min compares
    its result with each lane: where the result is kept and the lanes are
    computed again in a way LLVM may round otherwise (cache_policy:
    `reproduces`), the result is reduced again from those lanes, so that
    the comparison picks the lane the forward pass picked."""
    if gen.compares_alike(inst, inst.args[-1]):
        return lambda v: gen.primal_in_rev(b, v)
    return lambda v: b.call(inst.called_function, [gen.primal_in_rev(b, x) for x in inst.args]) \
        if v is inst else gen.primal_in_rev(b, v)


def _custom_call(gen, b, inst, plan):
    """Call the user's reverse rule: (args, shadows, [d_result], [tape]) -> gradients."""
    _, rule, kinds, tape, ret_active = plan
    call_args = inst.args if isinstance(inst, I.CallBase) and inst.called_function is \
        rule.function else None
    primal_args = call_args if call_args is not None else _original_args(gen, inst)
    args = []
    for a, kind in zip(primal_args, kinds):
        args.append(gen.primal_in_rev(b, a))
        if kind == Activity.DUP:
            args.append(gen.shadow_in_rev(b, a))
    if contains_float(rule.function.return_type):
        args.append(gen.take_adjoint(b, inst) if ret_active else zero_of(
            rule.function.return_type))
    if tape is not None:
        args.append(gen.primal_in_rev(b, tape))
    params = rule.reverse.function_type.params
    if len(params) != len(args):
        raise DifferentiationError(
            f"the registered reverse of '{rule.function.name}' takes {len(params)} arguments "
            f"but {len(args)} are passed (arguments, shadows of pointers, the result's "
            "adjoint when it is a float, and the tape when there is one)",
            function=gen.primal, instruction=inst)
    floats = [a for a in primal_args if contains_float(a.type)]
    _check_reverse_result(gen, inst, rule, floats)
    grads = b.call(rule.reverse, [coerce(b, a, t) for a, t in zip(args, params)])
    if not floats:
        return
    shape = _gradient_fields(grads.type, floats)
    for i, a in enumerate(floats):
        if shape == "value":
            g = grads
        elif shape == "vector":
            g = b.extractelement(grads, ConstantInt(I32, i))
        else:
            g = b.extractvalue(grads, [i])
        gen.add_adjoint(b, a, coerce(b, g, a.type))


def _gradient_fields(rt, floats):
    """How the user's reverse returns one gradient per float argument: the
    value itself for one float, else a struct of them or (x86-64 returns
    `struct {float, float}` so) a vector; None when its type cannot hold them."""
    def holds(t, a):
        return t == a.type or (t.is_float and a.type.is_float)
    if len(floats) == 1 and holds(rt, floats[0]):
        return "value"
    if rt.is_struct and len(rt.elements) == len(floats) and all(
            holds(t, a) for t, a in zip(rt.elements, floats)):
        return "struct"
    if rt.is_vector and not rt.scalable and rt.count == len(floats) and all(
            holds(rt.element, a) for a in floats):
        return "vector"
    return None


def _check_reverse_result(gen, inst, rule, floats) -> None:
    """Anything but one gradient per float argument would drop gradients or
    read the wrong field, so it is refused."""
    if not floats or _gradient_fields(rule.reverse.return_type, floats) is not None:
        return
    name = rule.function.name
    raise DifferentiationError(
        f"the registered reverse of '{name}' returns {rule.reverse.return_type}, but '{name}' "
        f"has {len(floats)} float argument{'s' if len(floats) != 1 else ''} whose gradient it "
        "must return (the gradient itself for one, a struct with one field per float "
        "argument for several)", function=gen.primal, instruction=inst)


def _original_args(gen, inst):
    """Arguments of a call replaced by the user's augmented forward (same order)."""
    rule_aug_args = inst.args
    out, pos = [], 0
    _, rule, kinds, _, _ = gen.call_plans[id(inst)]
    for kind in kinds:
        out.append(rule_aug_args[pos])
        pos += 2 if kind == Activity.DUP else 1
    return out


def _differentiated_call(gen, b, inst, plan):
    if plan[0] == "forward-only":
        return
    if plan[0] == "custom":
        return _custom_call(gen, b, inst, plan)
    if plan[0] == "indirect":
        return indirect_reverse(gen, b, inst, plan)
    if plan[0] == "lookup":
        return lookup_reverse(gen, b, inst, plan)
    if plan[0] == "blas":
        return _blas_adjoint(gen, b, inst, plan)
    callee, kinds, rev, ret_active, call_args = plan
    lanes = range(gen.width)
    args = [gen.rev_tape]
    for a, kind in zip(call_args, kinds):
        args.append(gen.primal_in_rev(b, a))
        if kind == Activity.DUP:
            args.extend(gen.shadow_in_rev(b, a, lane) for lane in lanes)
    if ret_active:
        d_result = [gen.take_adjoint(b, inst, lane) for lane in lanes]
        if inst.type != callee.return_type:     # {result, its shadows}: a {ptr, double}
            d_result = [b.extractvalue(d, [0]) for d in d_result]
        args.extend(d_result)
    grads = b.call(rev, fit_pointer_args(b, rev, args))
    # One gradient per lane of each active argument, argument-major.
    active = [(a, lane) for a, k in zip(call_args, kinds) if returns_gradient(a.type, k)
              for lane in lanes]
    if len(active) == 1:
        gen.add_adjoint(b, active[0][0], grads, active[0][1])
    else:
        for i, (a, lane) in enumerate(active):
            gen.add_adjoint(b, a, b.extractvalue(grads, [i]), lane)


def adjoint_alloca(gen, b, inst):
    """The reverse of a stack allocation whose shadow is on the heap frees it."""
    if id(inst) in gen.heap_allocas:
        shadow = gen.shadow_in_rev(b, inst)
        b.call(T.libc(gen.module, "free"), [b.pointer_cast(shadow, T.byte_ptr(gen.module))])


# BLAS and MPI (the largest of the AD's modules) load at their first call:
# a program without them never imports them.
def _blas_adjoint(gen, b, inst, plan):
    from .blas import blas_adjoint
    return blas_adjoint(gen, b, inst, plan)


def _mpi_adjoint(gen, b, inst):
    from .mpi import mpi_adjoint
    return mpi_adjoint(gen, b, inst)


_CALL_ADJOINTS = {
    CallKind.INDIRECT: _indirect, CallKind.ALLOCATION: _allocation, CallKind.FREE: _nothing,
    CallKind.REALLOC: _realloc, CallKind.INACTIVE: _nothing, CallKind.CUSTOM: _nothing,
    CallKind.REDUCTION: _reduction,
    CallKind.MEMCPY: lambda gen, b, inst: gen.ctx.memcpy_adjoint(gen, b, inst),
    CallKind.MEMSET: lambda gen, b, inst: gen.ctx.memset_adjoint(gen, b, inst),
    CallKind.MASKED: masked_adjoint, CallKind.COMPLEX: complex_adjoint,
    CallKind.OPAQUE: _opaque, CallKind.BODY: _nothing,
    CallKind.INPUT: lambda gen, b, inst: check_input_call(inst, gen.info, gen.primal),
    # the forward sweep made a plan for every BLAS call derivatives reach
    # (reverse.py, blas.prepare_blas_reverse); those in blocks that do not
    # return have none and no reverse
    CallKind.BLAS: _nothing,
    CallKind.MPI: _mpi_adjoint,
}
