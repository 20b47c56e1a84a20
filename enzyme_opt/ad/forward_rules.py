"""Tangent code for one instruction (forward mode).

Arithmetic and math calls use the shared rule table; structural
instructions apply the same operation to the tangents (a linear map is its
own derivative).  Pointer instructions are mirrored onto shadows.
"""
from __future__ import annotations

from ..analysis.activity import (ALIGNED_ALLOCATION_FUNCTIONS, ALLOCATION_FUNCTIONS,
                                 FREE_FUNCTIONS, contains_float, holds_pointers,
                                 is_inactive_call)
from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantInt
from ..ir.types import I64
from .unsupported import (atomic_moves_floats, check_atomic_update, check_opaque_call,
                          check_variadic_call, refuse_indirect_call,
                          refuse_unshadowed_pointer_store)
from .rules import rule_name_for_call
from .complex_calls import complex_tangent, is_complex_call
from .masked import is_masked_access, masked_tangent
from .shadows import clone_with_shadows, shadow_inttoptr, stored_pointer


def tangent_of_instruction(gen, b, inst, active, shadowed) -> None:
    if isinstance(inst, I.Store):
        return _store(gen, b, inst)
    if isinstance(inst, I.CallBase):
        return _call(gen, b, inst, active, shadowed)
    if inst.opcode in ("atomicrmw", "cmpxchg"):
        return _atomic(gen, b, inst)
    if shadowed:
        gen.shadows[id(inst)] = [_mirror(gen, b, inst, lane) for lane in range(gen.width)]
        return
    if not active:
        return
    if isinstance(inst, (I.BinaryOp, I.UnaryOp)):
        return gen.apply_rule(b, inst.opcode, inst, inst.operands, inst.flags)
    if isinstance(inst, I.Load):
        gen.tangents[id(inst)] = [b.load(inst.type, s, align=inst.align)
                                  for s in gen.shadow(inst.pointer)]
        return
    if isinstance(inst, I.Cast):
        if inst.opcode in ("fpext", "fptrunc", "bitcast"):
            gen.tangents[id(inst)] = [b.cast(inst.opcode, t, inst.type)
                                      for t in gen.tangent(inst.operands[0])]
        return
    if isinstance(inst, I.Select):
        c, x, y = inst.operands
        gen.tangents[id(inst)] = [b.select(c, tx, ty) for tx, ty in
                                  zip(gen.tangent(x), gen.tangent(y))]
        return
    # Linear structural operations: the same operation on the tangents.
    if isinstance(inst, (I.ExtractValue, I.InsertValue, I.ExtractElement, I.InsertElement,
                         I.ShuffleVector)):
        gen.tangents[id(inst)] = [_linear(gen, b, inst, lane) for lane in range(gen.width)]
        return
    raise DifferentiationError(f"no forward derivative for '{inst.opcode}'",
                               function=gen.primal, instruction=inst)


def _atomic(gen, b, inst) -> None:
    """An atomic fadd/fsub of active memory does the same to the shadow, with
    the value's tangent; what it returns is the old value, whose tangent the
    shadow held."""
    ptr, value = inst.operands[0], inst.operands[-1]
    if not gen.info.has_shadow(ptr) or not atomic_moves_floats(inst):
        return
    check_atomic_update(inst, gen.primal)
    olds = []
    for shadow, tangent in zip(gen.shadow(ptr), gen.tangent(value)):
        copy = clone_instruction(inst)
        copy.name = None
        copy.set_operand(0, shadow)
        copy.set_operand(1, tangent)
        olds.append(b.insert(copy, (inst.name or "v") + "'"))
    gen.tangents[id(inst)] = olds


def _linear(gen, b, inst, lane):
    """Clone `inst` with each float operand replaced by its tangent."""
    copy = clone_instruction(inst)
    copy.name = None
    for index, op in enumerate(inst.operands):
        if contains_float(op.type):
            copy.set_operand(index, gen.tangent(op)[lane])
    return b.insert(copy, (inst.name or "v") + "'")


def _mirror(gen, b, inst, lane):
    """The shadow of a pointer-producing instruction."""
    if isinstance(inst, I.Alloca):
        shadow = b.insert(I.Alloca(inst.type, inst.allocated_type, inst.count, inst.align),
                          (inst.name or "v") + "'")
        size = gen.ctx.size_of(inst.allocated_type)
        nbytes = ConstantInt(I64, size)
        if inst.count is not None:
            nbytes = b.mul(b.cast("zext", inst.count, I64) if inst.count.type != I64
                           else inst.count, nbytes)
        gen.ctx.memset_zero(b, shadow, nbytes)
        return shadow
    if isinstance(inst, I.Cast) and inst.opcode == "inttoptr":
        return shadow_inttoptr(b, inst, lambda p: gen.shadow(p)[lane], (inst.name or "v") + "'")
    return b.insert(clone_with_shadows(inst, lambda op: gen.shadow(op)[lane]),
                    (inst.name or "v") + "'")


def _store(gen, b, inst) -> None:
    value, ptr = inst.operands
    if not gen.info.has_shadow(ptr):
        return
    pointer = stored_pointer(inst)
    if pointer is not None:
        if gen.info.has_shadow(pointer):
            stored = gen.shadow(pointer)
        else:       # a global's stand-in, null's own arithmetic, else no shadow at all
            lanes = [gen.ctx.constant_shadow(pointer, "forward", k) for k in range(gen.width)]
            if lanes[0] is None:
                refuse_unshadowed_pointer_store(inst, gen.primal)
            stored = lanes
        if not holds_pointers(value.type):            # `store i64 ptrtoint (...)`
            stored = [b.cast("ptrtoint", s, value.type) for s in stored]
    elif contains_float(value.type):
        stored = gen.tangent(value)
    else:
        return
    for v, s in zip(stored, gen.shadow(ptr)):
        b.store(v, s, inst.align)


def _call(gen, b, inst, active, shadowed) -> None:
    callee = inst.called_function
    if callee is None:
        if active or any(gen.info.is_active(a) for a in inst.args):
            refuse_indirect_call(inst, gen.primal)
        return
    if callee.name in FREE_FUNCTIONS and gen.info.has_shadow(inst.args[0]):
        for s in gen.shadow(inst.args[0]):
            copy = clone_instruction(inst)
            copy.set_operand(0, s)
            b.insert(copy)
        return
    if callee.name in ALLOCATION_FUNCTIONS:      # before the inactive check: no float in sight
        if shadowed:
            gen.shadows[id(inst)] = [_shadow_malloc(gen, b, inst) for _ in range(gen.width)]
        return
    if is_inactive_call(inst):
        return
    rule = gen.ctx.custom.get(id(callee))
    if rule is not None and rule.forward is not None:
        return _custom_forward(gen, b, inst, rule)
    name = rule_name_for_call(callee.name)
    if name is not None and callee.is_declaration:
        if active:
            gen.apply_rule(b, name, inst, inst.args, inst.flags)
        return
    if callee.name.startswith("llvm.vector.reduce.f"):
        if active:
            _vector_reduce(gen, b, inst)
        return
    if callee.name.startswith(("llvm.memcpy", "llvm.memmove", "memcpy", "memmove")):
        dst, src, n = inst.args[:3]
        if gen.info.has_shadow(dst):
            copies = gen.info.has_shadow(src) or \
                gen.ctx.constant_shadow(src, "forward") is not None
            for sd, ss in zip(gen.shadow(dst), gen.shadow(src) if copies
                              else [None] * gen.width):
                if ss is None:
                    gen.ctx.memset_zero(b, sd, n)
                else:
                    copy = clone_instruction(inst)
                    copy.set_operand(0, sd)
                    copy.set_operand(1, ss)
                    b.insert(copy)
        return
    if callee.name.startswith(("llvm.memset", "memset")):
        dst = inst.args[0]
        if gen.info.has_shadow(dst):
            for sd in gen.shadow(dst):
                gen.ctx.memset_zero(b, sd, inst.args[2])
        return
    if is_masked_access(callee):
        return masked_tangent(gen, b, inst)
    if is_complex_call(callee):
        return complex_tangent(gen, b, inst)
    if callee.name == "realloc" and gen.info.has_shadow(inst.args[0]):
        # The shadow grows with the primal; bytes past the old size are as
        # uninitialized in the shadow as they are in the primal.
        gen.shadows[id(inst)] = [b.call(callee, [s, inst.args[1]], (inst.name or "v") + "'")
                                 for s in gen.shadow(inst.args[0])]
        gen.info.shadowed.add(id(inst))
        return
    if callee.is_declaration:
        if active or any(gen.info.is_active(a) for a in inst.args):
            raise DifferentiationError(f"cannot differentiate call to '{callee.name}' (no "
                                       "derivative rule and no body)", function=gen.primal,
                                       instruction=inst)
        check_opaque_call(inst, gen.info, gen.primal)
        return
    if any(gen.info.is_active(a) or gen.info.has_shadow(a) for a in inst.args) or \
            shadowed or gen.info.touches_active_globals(inst):
        _differentiated_call(gen, b, inst)


def _vector_reduce(gen, b, inst) -> None:
    """tangent = d/d start * t_start + sum_i d/d lane_i * t_lane_i."""
    from .reductions import lanes_of, partials, reduction_kind
    kind = reduction_kind(inst.called_function.name)
    if kind is None:
        raise DifferentiationError(f"no derivative for '{inst.called_function.name}'",
                                   function=gen.primal, instruction=inst)
    d_start, d_lanes = partials(b, kind, inst.args, inst)
    out = []
    for lane in range(gen.width):
        total = b.fmul(d_start, gen.tangent(inst.args[0])[lane]) if d_start is not None \
            else None
        for partial, t in zip(d_lanes, lanes_of(b, gen.tangent(inst.args[-1])[lane])):
            term = b.fmul(partial, t)
            total = term if total is None else b.fadd(total, term)
        out.append(total)
    gen.tangents[id(inst)] = out


def _shadow_malloc(gen, b, inst):
    from . import tape as T
    if inst.called_function.name == "calloc":
        raw = b.call(T.libc(gen.module, "calloc"), list(inst.args))
    elif inst.called_function.name in ALIGNED_ALLOCATION_FUNCTIONS:
        # aligned as the primal, and freed by the same aligned delete
        raw = b.call(inst.called_function, list(inst.args))
        gen.ctx.memset_zero(b, raw, inst.args[0])
    else:
        raw = b.call(T.libc(gen.module, "malloc"), [inst.args[0]])
        gen.ctx.memset_zero(b, raw, inst.args[0])
    return b.pointer_cast(raw, inst.type)


def _differentiated_call(gen, b, inst) -> None:
    callee = inst.called_function
    check_variadic_call(inst, gen.info, gen.primal)
    kinds = []
    args = []
    for a in inst.args:
        args.append(a)
        if gen.info.has_shadow(a):
            kinds.append("dup")
            args.extend(gen.shadow(a))
        elif gen.info.is_active(a):
            kinds.append("dup")
            args.extend(gen.tangent(a))
        else:
            kinds.append("const")
    fwd = gen.ctx.forward_derivative(callee, tuple(kinds), gen.width, returns="both")
    result = b.call(fwd, args)
    rt = callee.return_type
    if rt.is_void:
        inst.parent.remove(inst)
        inst.drop_operands()
        return
    if fwd.return_type == rt:          # no tangent returned: only the primal
        inst.replace_all_uses_with(result)
    else:
        primal = b.extractvalue(result, [0])
        inst.replace_all_uses_with(primal)
        lanes = [b.extractvalue(result, [1 + k]) for k in range(gen.width)]
        if contains_float(rt):
            gen.tangents[id(primal)] = lanes
            gen.info.active.add(id(primal))
        else:
            gen.shadows[id(primal)] = lanes
            gen.info.shadowed.add(id(primal))
    inst.parent.remove(inst)
    inst.drop_operands()


def _custom_forward(gen, b, inst, rule) -> None:
    """Call the user's tangent rule once per direction: (x, dx, y, dy, ...)."""
    from .api import coerce
    callee = inst.called_function
    params = rule.forward.function_type.params
    every_arg = len(params) == 2 * len(inst.args)
    rt = callee.return_type
    lanes = []
    for lane in range(gen.width):
        args = []
        for a in inst.args:
            args.append(a)
            if a.type.is_pointer:
                args.append(gen.shadow(a)[lane] if gen.info.has_shadow(a) else a)
            elif contains_float(a.type):
                args.append(gen.tangent(a)[lane])
            elif every_arg:
                from ..ir.constants import zero_of
                args.append(zero_of(a.type))
        if len(args) != len(params):
            raise DifferentiationError(
                f"the registered derivative of '{callee.name}' takes {len(params)} arguments "
                f"but {len(args)} are passed (each argument followed by its tangent)",
                function=gen.primal, instruction=inst)
        lanes.append(b.call(rule.forward, [coerce(b, v, t) for v, t in zip(args, params)]))
    result = lanes[0]
    if rt.is_void:
        inst.parent.remove(inst)
        inst.drop_operands()
        return
    if result.type.is_struct and len(result.type.elements) == 2:
        primal = b.extractvalue(result, [0])
        inst.replace_all_uses_with(primal)
        inst.parent.remove(inst)
        inst.drop_operands()
        gen.tangents[id(primal)] = [b.extractvalue(r, [1]) for r in lanes]
        gen.info.active.add(id(primal))
        return
    gen.tangents[id(inst)] = lanes
    gen.info.active.add(id(inst))
