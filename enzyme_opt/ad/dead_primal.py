"""Math-library calls in a derivative: as intrinsics, and dropped when unneeded.

A derivative runs the primal's instructions in its forward sweep, but when
the caller does not need the primal result (the usual `__enzyme_autodiff`
of a function returning its value) most of those values feed nothing: the
reverse pass recomputes or reloads what it needs.  clang deletes dead
arithmetic by itself, but not a call of `pow` or `exp`: the C library may
set errno, which is a side effect.  Differentiated code is not expected to
report domain errors through errno (the derivative rules call the same
functions, or LLVM's intrinsics, at other points anyway), so a math call
no live instruction depends on is removed here, and clang's own dead-code
elimination removes the arithmetic around it.  A Taylor series
`sum pow(x, i) / i` then costs one sweep of pow calls, not two.
Except in a module that reads errno (`errno = 0; log(x); if (errno ==
EDOM)`) or the exception flags (`fetestexcept(FE_INVALID)`): there what a
math call sets may choose the primal's path, and so the gradient; its math
calls are all kept, as libm calls.

Live: anything with an effect besides its value (stores, calls other than
these, loads, terminators) and, transitively, the operands of live values.

For the same reason the derivative calls LLVM's intrinsic where there is
one (`cos` -> `llvm.cos.f64`, same code in the end): clang may then share
a value between the forward sweep and a derivative rule, as `sin`'s
derivative `cos(x)` with the primal's own `cos(x)` in a rotation.
"""
from __future__ import annotations

from ..analysis.library import (ERRNO_ACCESSORS, ERRNO_CONVERSION, ERRNO_PRINTERS,
                                FP_FLAG_READERS, MATH_AS_INTRINSIC,
                                MATH_WITH_OTHER_EFFECTS, SIGNGAM,
                                math_function)
from ..ir import instructions as I
from ..ir import Builder
from ..ir.constants import ConstantPoison, ConstantString
from ..ir.types import FunctionType, type_suffix
from .rules import ARGUMENT_PARTIALS, Emitter

# Pure apart from errno: instructions that are live only through their users.
_VALUE_ONLY = (I.BinaryOp, I.UnaryOp, I.Cast, I.Compare, I.Phi, I.Select, I.Freeze,
               I.GetElementPtr, I.ExtractValue, I.InsertValue, I.ExtractElement,
               I.InsertElement, I.ShuffleVector)
# The catalog's: math functions with effects besides errno, and those with an
# LLVM intrinsic of the same meaning.
_OTHER_EFFECTS = MATH_WITH_OTHER_EFFECTS
_AS_INTRINSIC = MATH_AS_INTRINSIC


def is_droppable_math_call(inst) -> bool:
    """A call of a C math function (or math intrinsic) on values only, whose
    one effect besides its result can be errno."""
    if type(inst) is not I.Call or inst.bundles or inst.type.is_void:
        return False
    callee = inst.called_function
    if callee is None or not callee.is_declaration:
        return False
    name = math_function(callee.name)
    if name is None or name in _OTHER_EFFECTS:
        return False
    return not any(a.type.is_pointer for a in inst.args)


def drop_unneeded_math_calls(fn) -> int:
    """Removes the droppable math calls of `fn` no live instruction uses;
    returns how many.  Their dead users are left to clang (their uses of a
    removed call become poison, which nothing live reads)."""
    insts = [inst for block in fn.blocks for inst in block.instructions]
    if not any(is_droppable_math_call(inst) for inst in insts) or math_status_read(fn.module):
        return 0                  # nothing to drop: no liveness to compute
    live = live_instructions(insts, _is_root)
    dead = [inst for inst in insts if id(inst) not in live and is_droppable_math_call(inst)]
    for call in dead:
        call.replace_all_uses_with(ConstantPoison(call.type))
        call.erase()
    return len(dead)


def math_status_read(module) -> bool:
    """Does code in `module` take errno's address (read or write errno), read
    the floating-point exception flags, which math calls raise too, or name
    signgam, which lgamma sets?
    The C library reads errno for it where the module calls a function that
    prints strerror(errno), or holds a string with printf's "%m" (a format
    built at run time escapes this)."""
    for name in ERRNO_ACCESSORS + ERRNO_PRINTERS + FP_FLAG_READERS + SIGNGAM:
        accessor = module.get(name)
        if accessor is not None and accessor.has_code_uses():
            return True
    return any(isinstance(getattr(g, "initializer", None), ConstantString) and
               ERRNO_CONVERSION in g.initializer.text for g in module.globals)


def _is_root(inst) -> bool:
    return not isinstance(inst, _VALUE_ONLY) and not is_droppable_math_call(inst)


def partials_from_arguments(fn, taken: list) -> int:
    """Rebuilds from its argument each partial that read a math call's result
    nobody else needs (rules.py ARGUMENT_PARTIALS); returns how many.  `taken`
    holds (call, partial, rule name, flags): the partial built from `call`'s
    result by its rule.
    Nothing changes where errno or the flags are read: the result's call is
    kept there (drop_unneeded_math_calls), and a new call would set them."""
    if not taken or math_status_read(fn.module):
        return 0
    insts = [inst for block in fn.blocks for inst in block.instructions]
    partials = {id(partial) for _, partial, _, _ in taken}
    live = live_instructions(insts, _is_root, opaque=partials)
    count = 0
    for call, partial, rule_name, flags in taken:
        if id(call) in live or not is_droppable_math_call(call) or not partial.has_uses():
            continue
        em = Emitter(Builder().position_before(partial), flags)
        partial.replace_all_uses_with(ARGUMENT_PARTIALS[rule_name](em.wrap(call.args[0])).value)
        count += 1
    return count


def live_instructions(insts, is_root, opaque=frozenset()) -> set:
    """The ids of `insts` that are roots (`is_root`) or feed one, transitively;
    what only the instructions whose ids are `opaque` read is not counted."""
    live, work = set(), []
    for inst in insts:
        if is_root(inst):
            live.add(id(inst))
            work.append(inst)
    while work:
        inst = work.pop()
        if id(inst) in opaque:
            continue
        for op in inst.operands:
            if isinstance(op, I.Instruction) and id(op) not in live:
                live.add(id(op))
                work.append(op)
    return live


def _intrinsic_for(call):
    """`llvm.<name>.f64` (.f32) for a droppable call of double `name` (float
    `namef`) that has one, else None."""
    callee = call.called_function
    t = call.type
    if not is_droppable_math_call(call) or callee.name.startswith("llvm.") or \
            t.is_vector or t.kind not in ("double", "float"):
        return None
    base = callee.name[:-1] if t.kind == "float" else callee.name
    if base not in _AS_INTRINSIC or any(a.type != t for a in call.args):
        return None
    return f"llvm.{base}.{type_suffix(t)}"


def use_math_intrinsics(module, fn) -> int:
    """Replaces `fn`'s calls of C math functions by their intrinsics; returns
    how many.  None where errno or the flags are read: the intrinsics set no errno."""
    if math_status_read(module):
        return 0
    count = 0
    for block in fn.blocks:
        for call in list(block.instructions):
            if type(call) is not I.Call:
                continue
            name = _intrinsic_for(call)
            if name is None:
                continue
            ftype = FunctionType(call.type, tuple(a.type for a in call.args))
            intrinsic = module.declare_function(name, ftype)
            new = Builder().position_before(call).call(intrinsic, call.args)
            new.metadata = list(call.metadata)
            call.replace_all_uses_with(new)
            call.erase()
            count += 1
    return count
