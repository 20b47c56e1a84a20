"""The shadow of a pointer an instruction computes, the same in both modes.

Forward and reverse mode mirror pointer arithmetic onto shadows in the same
way: the instruction again, reading shadows where it reads pointers.  These
helpers say how, and which pointer a store writes into memory (whose shadow
must then be stored into the shadow memory).
"""
from __future__ import annotations

from ..analysis.activity import contains_pointers, holds_pointers, int_pointer_base
from ..ir import Builder
from ..ir import instructions as I
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantExpr


def shadow_inttoptr(b: Builder, inst, shadow_of, name):
    """The shadow of `inttoptr` `inst`: its integer address rebuilt from the
    shadow of its base pointer, `shadow_of(pointer)`."""
    return b.cast("inttoptr", shadow_int_address(b, inst.operands[0], shadow_of), inst.type,
                  name)


def shadow_int_address(b: Builder, v, shadow_of):
    """The shadow of integer address `v` (see `int_pointer_base`): the same
    offsets from the shadow of its base, `shadow_of(pointer)`."""
    if isinstance(v, (I.Cast, ConstantExpr)) and v.opcode == "ptrtoint":
        return b.cast("ptrtoint", shadow_of(v.operands[0]), v.type)
    left, right = v.operands
    if int_pointer_base(left) is not None:
        left = shadow_int_address(b, left, shadow_of)
    else:
        right = shadow_int_address(b, right, shadow_of)
    return b.binop(v.opcode, left, right)


def clone_with_shadows(inst, shadow_of):
    """A copy of `inst` that reads the shadow of each pointer operand
    (vectors of pointers and aggregates holding pointers included): the
    shadow of what `inst` computes."""
    copy = clone_instruction(inst)
    copy.name = None
    for index, op in enumerate(inst.operands):
        if contains_pointers(op.type):
            copy.set_operand(index, shadow_of(op))
    return copy


def stored_pointer(inst):
    """The pointer a store writes, also when clang stores it as an integer
    (`store i64 ptrtoint (ptr @g to i64)` at -O2); else None."""
    if not isinstance(inst, I.Store):
        return None
    value = inst.value
    if holds_pointers(value.type):
        return value
    if isinstance(value, (I.Cast, ConstantExpr)) and value.opcode == "ptrtoint":
        return value.operands[0]
    return None
