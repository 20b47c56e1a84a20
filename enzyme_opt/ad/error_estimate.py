"""Floating-point error estimation in forward mode (`__enzyme_error_estimate`).

`__enzyme_error_estimate(f, x, err_x, ...)` runs f with, beside each active
value v, an estimate err(v) of the error it carries, in place of a tangent
(for pointers, shadow memory holds the errors of the values stored).  Each
arithmetic operation or math call r = g(x_1, ..., x_n) rounds, and passes
its operands' errors on as their condition numbers say (the estimate of
Enzyme, after Zou et al., "Detecting floating-point errors via atomic
conditions", POPL 2020):

    err(r) = max(ulp(r), sum_i |dg/dx_i * x_i * err(x_i) / r|)

where ulp(r) is the distance from r to its neighbour with the lowest bit of
the significand flipped, and the sum runs over the active operands.  On a
vector of floats (Eigen's packet math: `fmul <2 x double>`) it holds lane
by lane.  The
call returns err of f's result.  Operations that only move values (loads,
stores, phis, selects, casts, aggregates) move errors unchanged, as they
move tangents.  When the module defines `enzymeLogError(double value,
double err, const char *opcode, const char *callee, const char *module,
const char *function, const char *block)`, every estimated operation calls
it with its value and error (a vector's, once per lane).
"""
from __future__ import annotations

from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.constants import ConstantAggregate, ConstantInt
from ..ir.types import I32, FunctionType, IntType, VectorType, type_suffix
from .calls import CallKind, classify_call
from .conventions import coerce
from .rules import RULES, Emitter, rule_flags
from .runtime_messages import c_string

LOGGER = "enzymeLogError"

# Calls whose error moves as their tangent would, or that carry none.
_MOVING_CALLS = (CallKind.BODY, CallKind.MEMCPY, CallKind.MEMSET, CallKind.ALLOCATION,
                 CallKind.FREE, CallKind.REALLOC, CallKind.INACTIVE, CallKind.INPUT,
                 CallKind.OPAQUE, CallKind.INDIRECT)
_MOVING = (I.Load, I.Store, I.Alloca, I.GetElementPtr, I.Select, I.Freeze, I.ExtractValue,
           I.InsertValue, I.ExtractElement, I.InsertElement, I.ShuffleVector, I.Phi, I.Cast,
           I.Compare, I.Return, I.Branch, I.Switch, I.Unreachable)


def check_estimable(gen, inst) -> None:
    """Refuse, at `inst`, what has no error estimate: vector math calls,
    reductions, masked and complex operations, user tangents, atomics."""
    if not (gen.info.is_active(inst) or gen.info.has_shadow(inst) or any(
            gen.info.is_active(op) or gen.info.has_shadow(op) for op in inst.operands)):
        return
    if isinstance(inst, _MOVING):
        return
    what = inst.opcode
    if isinstance(inst, (I.BinaryOp, I.UnaryOp)):
        if inst.type.scalar.is_float:
            return
        what = f"'{inst.opcode}' on {inst.type}"
    elif isinstance(inst, I.CallBase):
        kind = classify_call(inst, gen.ctx.custom, "forward")
        if kind in _MOVING_CALLS or (kind == CallKind.RULE and inst.type.is_float):
            return
        what = f"a call to '{inst.called_function.name}' ({kind.value})"
    raise DifferentiationError(f"no floating-point error estimate for {what} "
                               "(__enzyme_error_estimate handles scalar arithmetic, math "
                               "functions and calls of functions with a body)",
                               function=gen.primal, instruction=inst)


def estimate_error(gen, b, rule_name, inst, operands, flags=()) -> None:
    """err(inst) from its operands' errors, by `rule_name`'s partials."""
    em = Emitter(b, rule_flags(rule_name, flags, inst))
    args = [em.wrap(op) for op in operands] + [em.wrap(inst)]
    result = args[-1]
    partials = RULES[rule_name](*args)
    fabs = _intrinsic(gen.module, "llvm.fabs", inst.type, 1)
    total = None
    for op, arg, partial in zip(operands, args, partials):
        if partial is None or not gen.info.is_active(op):
            continue
        if not hasattr(partial, "value"):
            partial = args[0]._lift(partial)
        carried = em.wrap(gen.tangent(op)[0]) * arg / result
        term = b.call(fabs, [(partial * carried).value])
        total = term if total is None else b.fadd(total, term)
    err = ulp(b, inst)
    if total is not None:
        err = b.call(_intrinsic(gen.module, "llvm.maxnum", inst.type, 2), [err, total])
    gen.tangents[id(inst)] = [err]
    if id(inst) in gen.useful:
        log_error(gen, b, inst, err)


def useful_values(fn, custom_rules) -> set:
    """ids of the values whose errors can reach f's result: those a return, a
    store or a call that passes values on (not printf's) reads, and what they
    are computed from.  Only these are logged: a value computed just to be
    printed carries no error anywhere (Enzyme deems it inactive)."""
    work = []
    for inst in fn.instructions():
        if isinstance(inst, (I.Return, I.Store)):
            work.extend(inst.operands)
        elif isinstance(inst, I.CallBase) and classify_call(
                inst, custom_rules, "forward") != CallKind.INACTIVE:
            work.extend(inst.operands)
    seen = set()
    while work:
        v = work.pop()
        if id(v) in seen or not isinstance(v, I.Instruction):
            continue
        seen.add(id(v))
        work.extend(v.operands)
    return seen


def ulp(b, value):
    """|value - value with the lowest significand bit flipped| (per lane)."""
    t = value.type
    bits = IntType(t.scalar.bits)
    one = b.int(bits, 1)
    if t.is_vector:
        bits = VectorType(t.count, bits)
        one = ConstantAggregate(bits, [one] * t.count)
    flipped = b.cast("bitcast", b.binop("xor", b.cast("bitcast", value, bits), one), t)
    return b.call(_intrinsic(b.module, "llvm.fabs", value.type, 1), [b.fsub(value, flipped)])


def _intrinsic(module, base, t, arity):
    return module.declare_function(f"{base}.{type_suffix(t)}",
                                   FunctionType(t, (t,) * arity))


def log_error(gen, b, inst, err) -> None:
    """Call the program's `enzymeLogError`, if it has one, with inst's value
    and error and where it is."""
    logger = gen.module.get(LOGGER)
    if logger is None or not hasattr(logger, "function_type"):
        return
    primal = gen.primal
    callee = getattr(inst, "called_function", None)
    texts = [inst.opcode, callee.name if callee is not None else "<N/A>",
             getattr(gen.module, "source_filename", None) or "", primal.name,
             inst.parent.name or ""]
    strings = [c_string(b, gen.module, text) for text in texts]
    params = logger.function_type.params
    if len(params) != 2 + len(strings):
        raise DifferentiationError(f"'{LOGGER}' takes {len(params)} parameters; the error "
                                   "logger takes 7: (double value, double error, const char "
                                   "*opcode, const char *callee, const char *module, const "
                                   "char *function, const char *block)",
                                   function=gen.primal, instruction=inst)
    lanes = [(inst, err)] if not inst.type.is_vector else [
        (b.extractelement(inst, ConstantInt(I32, k)), b.extractelement(err, ConstantInt(I32, k)))
        for k in range(inst.type.count)]
    for value, lane_err in lanes:
        values = [value, lane_err] + strings
        b.call(logger, [coerce(b, v, t) for v, t in zip(values, params)])
