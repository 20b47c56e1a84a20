"""Floats passed as integer bits: call a variant of the callee taking the float.

C code hands a double to a helper as `uint64_t` (memcpy'd into an integer,
or clang folding that to `bitcast double to i64`), and the helper stores the
bits into double memory or turns them back into a double.  The derivative
cannot follow an integer parameter; it can follow a float one.  Passing the
float itself to a copy of the callee whose parameter is the float, and whose
body starts with the same `bitcast` to the integer, changes nothing in what
runs, and inside the copy a store of those bits is a store of the float
(`store (bitcast x to i64), p` and `store x, p` write the same bytes), so
the float's derivative reaches memory and comes back out.

Where the bits go elsewhere (integer arithmetic, a declaration), nothing is
rewritten and typed_memory.check_untyped_moves refuses what would be lost.
"""
from __future__ import annotations

from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.clone import clone_body
from ..ir.constants import MetadataValue
from ..ir.types import FunctionType
from .typed_memory import moves_bits_on


def pass_float_bits_as_floats(fn, variants: dict) -> bool:
    """In `fn` (an AD copy), calls passing `bitcast <float> to <int>` to a
    function with a body that moves those bits on call its float variant
    (made once per module: `variants` is the context's cache); True if any
    did."""
    changed = False
    for call in [i for i in fn.instructions() if isinstance(i, I.CallBase)]:
        callee = call.called_function
        if callee is None or callee.is_declaration or callee.function_type.vararg or \
                call.callee is not callee:
            continue
        retyped = tuple(k for k, arg in enumerate(call.args)
                        if k < len(callee.args) and _float_bits(arg) and
                        moves_bits_on(callee.args[k]))
        if not retyped:
            continue
        variant = float_variant(callee, retyped, [call.args[k].operands[0].type
                                                  for k in retyped], variants)
        for k in retyped:
            call.set_operand(k, call.args[k].operands[0])
        call.set_operand(len(call.operands) - 1, variant)
        call.function_type = variant.function_type
        changed = True
    return changed


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
    for user in users:
        for index, op in enumerate(user.operands):
            if op is arg:
                user.set_operand(index, bits)
    for user in list(bits.users):
        if isinstance(user, I.Store) and user.value is bits:
            _store_float_instead(user, arg)
        elif isinstance(user, I.Cast) and user.opcode == "bitcast" and user.type == arg.type:
            user.replace_all_uses_with(arg)


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
