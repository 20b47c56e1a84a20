"""Calling conventions of the Enzyme API and of registered derivatives.

API calls (api.py, batch.py, indirect.py) and calls of user-registered
derivatives (custom.py's rules, called from forward_rules.py, adjoints.py and
reverse.py) pass values the way C does, so their types may differ from the
parameters' (`coerce`); an API call's arguments may be markers (`marker_of`);
its results go back in the shape its prototype declares
(`deliver_gradients`), and the call itself then goes (`erase_api_call`).
"""
from __future__ import annotations

from typing import Optional

from ..analysis.arg_activity import Activity
from ..diagnostics import DifferentiationError
from ..ir import Builder, GlobalVariable
from ..ir import instructions as I
from ..ir.constants import ConstantExpr, ConstantUndef, zero_of
from ..ir.types import I8, ArrayType, StructType, size_and_align
from .prepare import invoke_to_branch


def coerce(b: Builder, v, t):
    """Convert a call argument to the parameter type (C varargs promote floats)."""
    if v.type == t:
        return v
    if v.type.is_float and t.is_float:
        return b.cast("fptrunc" if v.type.bits > t.bits else "fpext", v, t)
    if v.type.is_int and t.is_int:
        return b.cast("trunc" if v.type.bits > t.bits else "sext", v, t)
    if v.type.is_pointer and t.is_pointer:
        return b.pointer_cast(v, t)
    if v.type.is_int and t.is_pointer:
        return b.cast("inttoptr", v, t)
    if v.type.is_pointer and t.is_int:
        return b.cast("ptrtoint", v, t)
    raise DifferentiationError(f"cannot pass a {v.type} value as a {t} parameter")


def fit_pointer_args(b: Builder, fn, args) -> list:
    """`args` for a call of `fn`, pointers cast to its parameter types: a call
    through a cast callee (clang 14 calls a base class's destructor with a
    pointer to the derived class) passes other pointer types."""
    return [b.pointer_cast(a, p) if a.type != p and a.type.is_pointer and p.is_pointer else a
            for a, p in zip(args, fn.function_type.params)] + list(args[len(fn.function_type.params):])


MARKERS = {"enzyme_dup": Activity.DUP, "enzyme_dupnoneed": Activity.DUPNONEED,
           "enzyme_const": Activity.CONST, "enzyme_out": Activity.OUT,
           "enzyme_active": Activity.OUT, "enzyme_width": "width",
           "enzyme_allocated": "allocated", "enzyme_tape": "tape",
           "enzyme_primal_return": "primal_return", "enzyme_noret": "noret",
           "enzyme_nofree": "nofree", "enzyme_interleave": "interleave",
           "enzyme_const_return": "const_return", "enzyme_active_return": "active_return",
           "enzyme_dup_return": "dup_return", "enzyme_runtime_activity": "runtime_activity",
           "enzyme_vector": "vector", "enzyme_scalar": "scalar", "enzyme_buffer": "buffer"}


def marker_of(v) -> Optional[str]:
    """The marker a call argument stands for, or None for a plain value."""
    g = None
    if isinstance(v, I.Load) and isinstance(v.pointer, GlobalVariable):
        g = v.pointer
    elif isinstance(v, GlobalVariable):
        g = v
    elif isinstance(v, ConstantExpr):
        inner = v.operands[0] if v.operands else None
        if isinstance(inner, GlobalVariable):
            g = inner
    elif isinstance(v, I.Cast) and v.opcode == "ptrtoint":
        return marker_of(v.operands[0])
    if g is not None and (g.name in MARKERS or looks_like_marker(g)):
        return g.name
    return None


def looks_like_marker(g) -> bool:
    """`extern int enzyme_something;` that is no marker we know: a misspelling."""
    return g.name.startswith("enzyme_") and g.is_declaration and g.value_type.is_int


def erase_api_call(call) -> None:
    """Remove a lowered API call; an `invoke` (C++ code) becomes a branch to its
    normal destination, since the derivative code replacing it never unwinds."""
    if isinstance(call, I.Invoke):
        invoke_to_branch(call)
    else:
        call.erase()


def deliver_gradients(b: Builder, call, grads: list, sret) -> None:
    """Give the gradients to the caller in the shape of the call's return type."""
    rtype = call.type
    if sret is not None:
        _store_packed(b, grads, sret)
    if rtype.is_void:
        return
    if not call.has_code_uses():
        return
    if len(grads) == 1 and rtype.is_float:
        value = coerce(b, grads[0], rtype)
    elif not grads:
        value = zero_of(rtype)
    elif rtype.is_struct and len(rtype.elements) == len(grads) and all(
            e == g.type for e, g in zip(rtype.elements, grads)):
        value = ConstantUndef(rtype)
        for i, g in enumerate(grads):
            value = b.insertvalue(value, g, [i])
    else:
        # ABI-coerced returns (`<2 x float>`, `{ <2 x float>, float }`): lay the
        # gradients out as the C struct would, then read the return type back.
        size = max(size_and_align(rtype)[0], size_and_align(StructType(tuple(
            g.type for g in grads)))[0])
        buf = b.alloca(ArrayType(size, I8), name="grads.buf", align=16)
        _store_packed(b, grads, buf)
        value = b.load(rtype, b.pointer_cast(buf, b.module.pointer_to(rtype)), "grads")
    call.replace_all_uses_with(value)


def _store_packed(b: Builder, grads: list, dest) -> None:
    st = StructType(tuple(g.type for g in grads))
    base = b.pointer_cast(dest, b.module.pointer_to(st))
    for i, g in enumerate(grads):
        field_ptr = b.gep(st, base, [b.i32(0), b.i32(i)], b.module.pointer_to(g.type))
        b.store(g, field_ptr)
