"""Floats passed or returned as integer bits: call a variant of the callee
taking or returning the float.

C code hands a double to a helper as `uint64_t` (memcpy'd into an integer,
or clang folding that to `bitcast double to i64`), and the helper stores the
bits into double memory or turns them back into a double.  The derivative
cannot follow an integer parameter; it can follow a float one.  Passing the
float itself to a copy of the callee whose parameter is the float, and whose
body starts with the same `bitcast` to the integer, changes nothing in what
runs, and inside the copy a store of those bits is a store of the float
(`store (bitcast x to i64), p` and `store x, p` write the same bytes), so
the float's derivative reaches memory and comes back out.

The same holds for a helper returning a float's bits (`uint64_t bits_of(double)`:
a `bitcast` at -O1 and above, a load of the memcpy'd bytes at -O0): the
variant returns the float, and the caller casts it back to the integer, so
the call's result carries the derivative and a store of it stores the float.

Where the bits go elsewhere (integer arithmetic, a declaration), nothing is
rewritten and typed_memory.check_untyped_moves refuses what would be lost.
"""
from __future__ import annotations

from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.clone import clone_body
from ..ir.constants import ConstantInt, ConstantPoison, ConstantUndef, MetadataValue
from ..ir.types import FunctionType
from ..transforms.typed_copies import retype_load, typed_type
from .typed_memory import bits_passed, moves_bits_on


def pass_float_bits_as_floats(fn, variants: dict, analysis) -> bool:
    """In `fn` (an AD copy), calls passing a float's bits as an integer to a
    function with a body that moves those bits on call its float variant
    (made once per module: `variants` is the context's cache; `analysis`
    gives a callee's type analysis); True if any did.  The bits are a
    `bitcast <float> to <int>`, or an integer load whose bits the callee
    turns into a float (a uint64_t array element memcpy'd into a double):
    that load becomes a load of the float."""
    changed = False
    for call in [i for i in fn.instructions() if isinstance(i, I.CallBase)]:
        callee = call.called_function
        if callee is None or callee.is_declaration or callee.function_type.vararg or \
                call.callee is not callee:
            continue
        floats = {}                 # argument index -> the float its bits are
        for k, arg in enumerate(call.args[:len(callee.args)]):
            if _float_bits(arg) and moves_bits_on(callee.args[k]):
                floats[k] = arg.operands[0]
            elif isinstance(arg, I.Load) and arg.type.is_int and not arg.volatile:
                float_type = _float_of_param(callee.args[k], analysis(callee))
                if float_type is not None:
                    floats[k] = retype_load(arg, float_type)[1]
        if not floats:
            continue
        retyped = tuple(sorted(floats))
        variant = float_variant(callee, retyped, [floats[k].type for k in retyped], variants)
        for k in retyped:
            call.set_operand(k, floats[k])
        call.set_operand(len(call.operands) - 1, variant)
        call.function_type = variant.function_type
        changed = True
    return changed


def _float_of_param(param, types):
    """The float type integer `param`'s bits become in its function, if one
    does: a `bitcast` of it, or a store of it into memory type analysis
    knows to hold that float (-O0: a memcpy into a double variable)."""
    found = {}
    for user in param.users:
        t = None
        if isinstance(user, I.Cast) and user.opcode == "bitcast" and user.type.scalar.is_float:
            t = user.type
        elif isinstance(user, I.Store) and user.value is param:
            t = typed_type(types, user.pointer, param.type, param.function.module)
        if t is not None and t.scalar.is_float:
            found[str(t)] = t
    return next(iter(found.values())) if len(found) == 1 else None


def return_float_bits_as_floats(fn, variants: dict, analysis) -> bool:
    """In `fn`, calls of a function returning a float's bits as an integer call
    its variant returning the float, cast back to the integer for the uses
    (`analysis(callee)` is the callee's type analysis); True if any did."""
    changed = False
    for call in [i for i in fn.instructions() if isinstance(i, I.Call)]:
        callee = call.called_function
        if callee is None or callee.is_declaration or callee.function_type.vararg or \
                call.callee is not callee or not call.type.is_int or not call.has_uses():
            continue
        float_type = returned_float_type(callee, analysis(callee))
        if float_type is None:
            continue
        variant = float_return_variant(callee, float_type, variants)
        int_type, users = call.type, list(call.users)
        call.type = float_type
        bits = Builder().position_after(call).cast("bitcast", call, int_type,
                                                   (call.name or "call") + ".bits")
        _users_take_bits(users, call, bits)
        call.set_operand(len(call.operands) - 1, variant)
        call.function_type = variant.function_type
        call.ret_attrs = ""
        changed = True
    return changed


def returned_float_type(fn, types):
    """The float type whose bits every `ret` of `fn` returns (an integer
    constant aside), if one is: a `bitcast` of a float, or a load of bytes
    type analysis knows to be that float."""
    found = {}
    for block in fn.blocks:
        ret = block.terminator
        if not isinstance(ret, I.Return) or ret.value is None:
            continue
        for source in bits_passed(ret.value, set()):
            if isinstance(source, (ConstantInt, ConstantUndef, ConstantPoison)):
                continue
            t = _float_of_bits(source, types)
            if t is None:
                return None
            found[str(t)] = t
    return next(iter(found.values())) if len(found) == 1 else None


def _float_of_bits(v, types):
    if isinstance(v, I.Cast) and v.opcode == "bitcast" and v.operands[0].type.scalar.is_float:
        return v.operands[0].type
    if isinstance(v, I.Load) and not v.volatile:
        t = typed_type(types, v.pointer, v.type, v.parent.parent.module)
        if t is not None and t.scalar.is_float:
            return t
    return None


def float_return_variant(callee, float_type, cache: dict) -> Function:
    """`callee` returning `float_type`, the bits it returned (made once)."""
    key = (id(callee), "ret", str(float_type))
    if key in cache:
        return cache[key]
    ftype = FunctionType(float_type, tuple(callee.function_type.params), False)
    variant = Function(f"{callee.name}.floatret", ftype, callee.module.pointer_to(ftype),
                       [a.name for a in callee.args], linkage="internal",
                       attrs=callee.attrs_outside_comdat)
    for new, old in zip(variant.args, callee.args):
        new.attrs = old.attrs
    callee.module.add_function(variant)
    clone_body(callee, variant, {id(a): b for a, b in zip(callee.args, variant.args)})
    _drop_value_debug_calls(variant)
    for block in variant.blocks:
        ret = block.terminator
        if isinstance(ret, I.Return) and ret.value is not None:
            ret.set_operand(0, _as_float(ret.value, float_type, ret))
    cache[key] = variant
    return variant


def _as_float(bits, float_type, before):
    """`bits` as `float_type`: the float itself where `bits` is its bitcast
    (a cast pair would leave the integer between them without a derivative)."""
    if isinstance(bits, I.Cast) and bits.opcode == "bitcast" and \
            bits.operands[0].type == float_type:
        return bits.operands[0]
    return Builder().position_before(before).cast("bitcast", bits, float_type, "ret.float")


def _float_bits(v) -> bool:
    if not (isinstance(v, I.Cast) and v.opcode == "bitcast" and v.type.is_int):
        return False
    return v.operands[0].type.is_float


def float_variant(callee, retyped: tuple, float_types: list, cache: dict) -> Function:
    """`callee` with parameters `retyped` of the given float types (made once:
    `cache` holds those made, by callee and parameters)."""
    module = callee.module
    key = (id(callee), retyped)
    if key in cache:
        return cache[key]
    params = list(callee.function_type.params)
    for k, t in zip(retyped, float_types):
        params[k] = t
    ftype = FunctionType(callee.function_type.ret, tuple(params), False)
    variant = Function(f"{callee.name}.floatbits", ftype, module.pointer_to(ftype),
                       [a.name for a in callee.args], linkage="internal",
                       ret_attrs=callee.ret_attrs, attrs=callee.attrs_outside_comdat)
    for new, old in zip(variant.args, callee.args):
        new.attrs = old.attrs if old.index not in retyped else ""
    module.add_function(variant)
    clone_body(callee, variant, {id(a): b for a, b in zip(callee.args, variant.args)})
    _drop_value_debug_calls(variant)
    entry = variant.blocks[0]
    for k in retyped:
        _bits_at_entry(entry, variant.args[k], callee.args[k].type)
    cache[key] = variant
    return variant


def _bits_at_entry(entry, arg, int_type) -> None:
    """Give the body, which used the integer parameter, `bitcast arg` instead;
    stores of the bits store the float, and bits cast back are the float."""
    users = list(arg.users)
    bits = Builder(entry, entry.first_non_phi_index()).cast("bitcast", arg, int_type,
                                                            (arg.name or "arg") + ".bits")
    _users_take_bits(users, arg, bits)


def _users_take_bits(users, value, bits) -> None:
    """`users` of float `value` (which used it as an integer) use `bits`, its
    integer bits, instead; then stores of the bits store the float, and bits
    cast back are the float: the derivative follows both."""
    for user in users:
        for index, op in enumerate(user.operands):
            if op is value:
                user.set_operand(index, bits)
    for user in list(bits.users):
        if isinstance(user, I.Store) and user.value is bits:
            _store_float_instead(user, value)
        elif isinstance(user, I.Cast) and user.opcode == "bitcast" and user.type == value.type:
            user.replace_all_uses_with(value)


def _store_float_instead(store, value) -> None:
    """`store bits, p` becomes `store value, p` (typed pointers: through p
    cast to a pointer to value's type)."""
    ptr = store.pointer
    module = store.parent.parent.module
    if module.typed_pointers:
        ptr = Builder().position_before(store).pointer_cast(ptr, module.pointer_to(value.type))
        store.set_operand(1, ptr)
    store.set_operand(0, value)


def _drop_value_debug_calls(fn) -> None:
    """The copy's `llvm.dbg.declare(metadata ptr %x, ...)` calls still name
    the source's values (clang-14 -g): the variant goes without them."""
    for inst in list(fn.instructions()):
        callee = getattr(inst, "called_function", None)
        if callee is not None and callee.name.startswith("llvm.dbg.") and \
                any(isinstance(op, MetadataValue) and op.operands for op in inst.operands):
            inst.erase()
