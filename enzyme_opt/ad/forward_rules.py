"""Tangent code for one instruction (forward mode).

Arithmetic and math calls use the shared rule table; structural
instructions apply the same operation to the tangents (a linear map is its
own derivative).  Pointer instructions are mirrored onto shadows.
"""
from __future__ import annotations

from ..analysis.activity import (allocation_count_index, allocation_size_index,
                                 contains_float, contains_pointers, holds_pointers,
                                 user_deallocators)
from ..analysis.arg_activity import Activity
from ..analysis.library import allocator, reallocator
from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantInt, InlineAsm, zero_of
from ..ir.types import I64
from .aggregates import check_tangent_argument, is_pointer_aggregate, mirror_forward, store_forward
from .global_pointers import check_global_pointer_shadow
from .calls import CallKind, classify_call
from .complex_calls import complex_tangent
from .conventions import coerce, fit_pointer_args
from .masked import masked_tangent
from .noneed_memory import noneed_root, unread_around
from .reductions import lanes_of, partials, reduction_kind
from .rules import rule_name_for_callee, zero_derivative_outputs
from .shadows import clone_with_shadows, null_pointer_argument, shadow_inttoptr, stored_pointer
from . import tape as T
from .openmp import fork_of, fork_tangent, refuse_openmp_call
from .unsupported import (atomic_moves_floats, check_atomic_update, check_input_call,
                          check_opaque_call, check_variadic_call, refuse_bodiless_call,
                          refuse_indirect_call,
                          refuse_unshadowed_pointer_store)
from .constant_memory import refuse_escaped_writes_read_back
from .indirect import forward_by_lookup
from .typed_memory import check_unshadowed_pointer_copy, move_copied_pointer_shadows


def _pointer_or(tangent):
    """The tangent code of a kind that may compute a pointer: a shadowed
    result mirrors the instruction onto shadows; an active one gets
    `tangent`; any other result carries nothing."""
    def visit(gen, b, inst) -> None:
        if gen.info.has_shadow(inst):
            gen.shadows[id(inst)] = [_mirror(gen, b, inst, lane) for lane in range(gen.width)]
        elif gen.info.is_active(inst):
            if tangent is None:
                raise DifferentiationError(f"no forward derivative for '{inst.opcode}'",
                                           function=gen.primal, instruction=inst)
            tangent(gen, b, inst)
    visit.__doc__ = tangent.__doc__ if tangent is not None else "shadows only"
    return visit


def tangent_arithmetic(gen, b, inst) -> None:
    if gen.info.is_active(inst):
        gen.apply_rule(b, inst.opcode, inst, inst.operands, inst.flags)


def _load(gen, b, inst) -> None:
    """A load of active memory reads its tangent from the shadow."""
    gen.tangents[id(inst)] = [b.load(inst.type, s, align=inst.align)
                              for s in gen.shadow(inst.pointer)]


def _cast(gen, b, inst) -> None:
    """fpext, fptrunc and bitcast are linear; a conversion to an integer has
    derivative zero wherever it has one."""
    if inst.opcode in ("fpext", "fptrunc", "bitcast"):
        gen.tangents[id(inst)] = [b.cast(inst.opcode, t, inst.type)
                                  for t in gen.tangent(inst.operands[0])]


def _select(gen, b, inst) -> None:
    c, x, y = inst.operands
    gen.tangents[id(inst)] = [b.select(c, tx, ty) for tx, ty in
                              zip(gen.tangent(x), gen.tangent(y))]


def _linear_lanes(gen, b, inst) -> None:
    """Linear structural operations (aggregates, vector lanes, freeze): the
    same operation on the tangents."""
    gen.tangents[id(inst)] = [_linear(gen, b, inst, lane) for lane in range(gen.width)]


tangent_load = _pointer_or(_load)
tangent_cast = _pointer_or(_cast)
tangent_select = _pointer_or(_select)
tangent_linear = _pointer_or(_linear_lanes)
tangent_pointer_only = _pointer_or(None)


def tangent_atomic(gen, b, inst) -> None:
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
        elif isinstance(inst, I.InsertValue) and contains_pointers(op.type):
            # A pointer without a shadow put into a tangent aggregate: null,
            # never the primal pointer, which would be taken for a shadow.
            copy.set_operand(index, zero_of(op.type))
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
    if isinstance(inst, (I.InsertValue, I.ExtractValue)) or inst.type.is_aggregate:
        return mirror_forward(gen, b, inst, lane)
    shadow = b.insert(clone_with_shadows(inst, lambda op: gen.shadow(op)[lane]),
                      (inst.name or "v") + "'")
    check_global_pointer_shadow(gen, b, inst, shadow)
    return shadow


def tangent_store(gen, b, inst) -> None:
    value, ptr = inst.operands
    if not gen.info.has_shadow(ptr):
        return
    if is_pointer_aggregate(value.type):
        return store_forward(gen, b, inst)
    offsets = gen.pointer_copies.get(id(inst))
    if offsets is not None:             # pointers copied as integers
        return _copy_pointer_shadows(gen, b, inst, offsets)
    pointer = stored_pointer(inst)
    if pointer is not None:
        if gen.info.has_shadow(pointer):
            stored = gen.shadow(pointer)
        else:       # a global's stand-in, null's own arithmetic, else no shadow at all
            lanes = [gen.ctx.constant_shadow(pointer, "forward", k) for k in range(gen.width)]
            if lanes[0] is None:
                refuse_unshadowed_pointer_store(inst, gen.primal, gen.fwd_args)
            stored = lanes
        if not holds_pointers(value.type):            # `store i64 ptrtoint (...)`
            stored = [b.cast("ptrtoint", s, value.type) for s in stored]
    elif contains_float(value.type):
        stored = gen.tangent(value)
    else:
        return
    for v, s in zip(stored, gen.shadow(ptr)):
        b.store(v, s, inst.align)


def _copy_pointer_shadows(gen, b, store, offsets) -> None:
    """Integer copy `store` of pointers (typed_memory.pointer_cells_copied):
    the pointers' shadows follow, lane by lane."""
    source = store.value.pointer
    if gen.info.has_shadow(source):
        sources = gen.shadow(source)
    else:
        sources = [gen.ctx.constant_shadow(source, "forward", k) for k in range(gen.width)]
        if sources[0] is None:
            refuse_unshadowed_pointer_store(store, gen.primal, gen.fwd_args)
    for dst, src in zip(gen.shadow(store.pointer), sources):
        move_copied_pointer_shadows(gen.ctx, b, dst, src, offsets)


def tangent_call(gen, b, inst) -> None:
    """The tangent code of a call, by its kind (calls.classify_call)."""
    fn = inst.called_function
    released = user_deallocators(fn.module).get(id(fn)) if fn is not None else None
    if released is not None:
        return _user_free(gen, b, inst, released)
    kind = classify_call(inst, gen.ctx.custom, "forward")
    _CALL_TANGENTS[kind](gen, b, inst)


def _user_free(gen, b, inst, released: int) -> None:
    """The program releases a block with the deallocator it declared beside
    its allocator: the primal call stays, and the block's shadow, which
    _shadow_malloc took from malloc, goes back to free.  (Differentiating
    the deallocator would give the shadow to it, which may free an address
    malloc never returned: `free(p - HEADER)`.)"""
    pointer = inst.args[released]
    if gen.info.has_shadow(pointer):
        for s in gen.shadow(pointer):
            b.call(T.libc(gen.module, "free"), [b.pointer_cast(s, T.byte_ptr(gen.module))])


def _indirect(gen, b, inst) -> None:
    """A call through a function pointer that derivatives reach (an active
    value, or a pointer to memory with a shadow the callee may write or read)
    calls the tangent of the function the pointer holds."""
    active = gen.info.is_active(inst) or any(gen.info.is_active(a) for a in inst.args)
    if isinstance(inst.callee, InlineAsm):
        if active or gen.error:
            refuse_indirect_call(inst, gen.primal)
        return      # asm given pointers only: unsupported.py refuses it if it may write
    if active or any(gen.info.has_shadow(a) for a in inst.args):
        if gen.error:
            refuse_indirect_call(inst, gen.primal)
        _differentiated_call(gen, b, inst)


def _free(gen, b, inst) -> None:
    if gen.info.has_shadow(inst.args[0]):
        for s in gen.shadow(inst.args[0]):
            copy = clone_instruction(inst)
            copy.set_operand(0, s)
            b.insert(copy)


def _allocation(gen, b, inst) -> None:
    if gen.info.has_shadow(inst):
        gen.shadows[id(inst)] = [_shadow_malloc(gen, b, inst) for _ in range(gen.width)]


def _realloc(gen, b, inst) -> None:
    # The shadow grows with the primal; bytes past the old size are as
    # uninitialized in the shadow as they are in the primal.
    at = reallocator(inst.called_function.name).pointer_index
    if gen.info.has_shadow(inst.args[at]):
        gen.shadows[id(inst)] = [b.call(inst.called_function,
                                        inst.args[:at] + [s] + inst.args[at + 1:],
                                        (inst.name or "v") + "'")
                                 for s in gen.shadow(inst.args[at])]
        gen.info.shadowed.add(id(inst))


def _inactive(gen, b, inst) -> None:
    """Nothing: the call passes no derivative on."""


def _custom(gen, b, inst) -> None:
    _custom_forward(gen, b, inst, gen.ctx.custom[id(inst.called_function)])


def _math_rule(gen, b, inst) -> None:
    if gen.info.is_active(inst):
        gen.apply_rule(b, rule_name_for_callee(inst.called_function), inst, inst.args,
                       inst.flags)
    for ptr in zero_derivative_outputs(inst):
        if gen.info.has_shadow(ptr):
            for s in gen.shadow(ptr):
                b.store(zero_of(inst.type), s)


def _reduction(gen, b, inst) -> None:
    if gen.info.is_active(inst):
        _vector_reduce(gen, b, inst)


def _memcpy(gen, b, inst) -> None:
    dst, src, n = inst.args[:3]
    if not gen.info.has_shadow(dst):
        return
    copies = gen.info.has_shadow(src) or gen.ctx.constant_shadow(src, "forward") is not None
    if not copies:
        check_unshadowed_pointer_copy(gen, inst)
    for sd, ss in zip(gen.shadow(dst), gen.shadow(src) if copies else [None] * gen.width):
        if ss is None:
            gen.ctx.memset_zero(b, sd, n)
        else:
            copy = clone_instruction(inst)
            copy.set_operand(0, sd)
            copy.set_operand(1, ss)
            b.insert(copy)


def _memset(gen, b, inst) -> None:
    dst = inst.args[0]
    if gen.info.has_shadow(dst):
        for sd in gen.shadow(dst):
            gen.ctx.memset_zero(b, sd, inst.args[2])


def _opaque(gen, b, inst) -> None:
    refuse_openmp_call(gen, inst)
    if gen.info.is_active(inst) or any(gen.info.is_active(a) for a in inst.args):
        refuse_bodiless_call(inst, gen.primal)
    check_opaque_call(inst, gen.info, gen.primal)


def _body(gen, b, inst) -> None:
    if any(gen.info.is_active(a) or gen.info.has_shadow(a) for a in inst.args) or \
            gen.info.has_shadow(inst) or gen.info.touches_active_globals(inst):
        _differentiated_call(gen, b, inst)


# BLAS and MPI (the largest of the AD's modules) load at their first call:
# a program without them never imports them.
def _blas_tangent(gen, b, inst):
    from .blas import blas_tangent
    return blas_tangent(gen, b, inst)


def _mpi_tangent(gen, b, inst):
    from .mpi import mpi_tangent
    return mpi_tangent(gen, b, inst)


_CALL_TANGENTS = {
    CallKind.INDIRECT: _indirect, CallKind.ALLOCATION: _allocation, CallKind.FREE: _free,
    CallKind.REALLOC: _realloc, CallKind.INACTIVE: _inactive, CallKind.CUSTOM: _custom,
    CallKind.RULE: _math_rule, CallKind.REDUCTION: _reduction, CallKind.MEMCPY: _memcpy,
    CallKind.MEMSET: _memset, CallKind.MASKED: masked_tangent,
    CallKind.COMPLEX: complex_tangent, CallKind.OPAQUE: _opaque, CallKind.BODY: _body,
    CallKind.INPUT: lambda gen, b, inst: check_input_call(inst, gen.info, gen.primal),
    CallKind.BLAS: _blas_tangent, CallKind.MPI: _mpi_tangent,
}


def _vector_reduce(gen, b, inst) -> None:
    """tangent = d/d start * t_start + sum_i d/d lane_i * t_lane_i."""
    kind = reduction_kind(inst.called_function.name)
    if kind is None:
        raise DifferentiationError(f"no derivative for '{inst.called_function.name}'",
                                   function=gen.primal, instruction=inst)
    d_start, d_lanes = partials(b, kind, inst, lambda v: v)
    out = []
    for lane in range(gen.width):
        total = b.fmul(d_start, gen.tangent(inst.args[0])[lane]) if d_start is not None \
            else None
        for partial, t in zip(d_lanes, lanes_of(b, gen.tangent(inst.args[-1])[lane])):
            # max/min: the picked lane's tangent; another lane's may be NaN
            # (a NaN lane, which fmax ignores), and 0 * NaN is NaN
            term = b.fmul(partial, t) if d_start is not None else \
                b.select(b.fcmp("une", partial, zero_of(t.type)), t, zero_of(t.type))
            total = term if total is None else b.fadd(total, term)
        out.append(total)
    gen.tangents[id(inst)] = out


def _shadow_malloc(gen, b, inst):
    count_at = allocation_count_index(inst.called_function)
    if count_at is not None:        # calloc(count, size): zeroed, as a shadow starts
        size_at = allocation_size_index(inst.called_function)
        raw = b.call(T.libc(gen.module, "calloc"), [inst.args[count_at], inst.args[size_at]])
    elif allocator(inst.called_function.name) is not None:
        # The primal's own allocator (operator new, aligned forms, Rust's):
        # _free mirrors the primal's delete or free onto the shadow, which
        # must be the one that matches it (malloc's block given to operator
        # delete is undefined; a sanitizer aborts on it).
        raw = b.call(inst.called_function, list(inst.args))
        gen.ctx.memset_zero(b, raw, inst.args[allocation_size_index(inst.called_function)])
    else:       # the user's allocator: its deallocator may not take malloc's blocks (_user_free)
        nbytes = inst.args[allocation_size_index(inst.called_function)]
        if nbytes.type != I64:
            nbytes = b.cast("zext", nbytes, I64)
        raw = b.call(T.libc(gen.module, "malloc"), [nbytes])
        gen.ctx.memset_zero(b, raw, nbytes)
    return b.pointer_cast(raw, inst.type)


def _differentiated_call(gen, b, inst) -> None:
    callee = inst.called_function
    check_variadic_call(inst, gen.info, gen.primal)
    kinds = []
    args = []
    for a in inst.args:
        args.append(a)
        if gen.info.has_shadow(a) or (null_pointer_argument(a) and callee is not None
                                    and not callee.is_declaration):
            root = noneed_root(a, {id(r) for r in gen.noneed}) \
                if callee is not None and a.type.is_pointer else None
            noneed = root is not None and unread_around(inst, root)
            kinds.append(Activity.DUPNONEED if noneed else Activity.DUP)
            args.extend(gen.shadow(a))
        elif gen.info.is_active(a):
            check_tangent_argument(gen, inst, a)
            kinds.append(Activity.DUP)
            args.extend(gen.tangent(a))
        else:
            kinds.append(Activity.CONST)
    if callee is None:          # a function pointer: the derivative of what it points to
        result, fwd = forward_by_lookup(gen, b, inst, tuple(kinds), args)
        callee = inst.function_type
    else:
        fwd = gen.ctx.forward_derivative(callee, tuple(kinds), gen.width, returns="both",
                                         error=gen.error)
        refuse_escaped_writes_read_back(gen, inst, callee)
        fork = fork_of(gen, inst)
        if fork is not None:        # the tangent of a parallel region: forked the same way
            fork_tangent(gen, inst, b, fork, fwd, args)
            inst.erase()
            return
        result = b.call(fwd, fit_pointer_args(b, fwd, args))
    rt = callee.ret if callee is inst.function_type else callee.return_type
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
        if contains_pointers(rt):           # a {ptr, double}'s shadow is its tangent too
            gen.shadows[id(primal)] = lanes
            gen.info.shadowed.add(id(primal))
        if contains_float(rt):
            gen.tangents[id(primal)] = lanes
            gen.info.active.add(id(primal))
    inst.parent.remove(inst)
    inst.drop_operands()


def _custom_forward(gen, b, inst, rule) -> None:
    """Call the user's tangent rule once per direction: (x, dx, y, dy, ...)."""
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
