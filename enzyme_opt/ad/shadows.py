"""The shadow of a pointer an instruction computes, the same in both modes.

Forward and reverse mode mirror pointer arithmetic onto shadows in the same
way: the instruction again, reading shadows where it reads pointers.  These
helpers say how, and which pointer a store writes into memory (whose shadow
must then be stored into the shadow memory).
"""
from __future__ import annotations

from ..analysis.activity import (ZERO_PAGE, contains_pointers, holds_pointers, int_pointer_base,
                                 int_pointer_bases)
from ..ir import Builder
from ..ir import instructions as I
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantExpr, ConstantNull, ConstantPoison, ConstantUndef


def null_pointer_argument(v) -> bool:
    """A null (or undef, poison) pointer passed to a function with a body.

    Its shadow is itself, exactly, so the callee may take it duplicated:
    at -O0 Eigen's default-constructed evaluators store a null data pointer
    into an object that carries derivatives, and taken as constant the
    stored pointer would have no shadow to store beside it."""
    return v.type.is_pointer and isinstance(v, (ConstantNull, ConstantUndef, ConstantPoison))


def shadow_inttoptr(b: Builder, inst, shadow_of, name):
    """The shadow of `inttoptr` `inst`: its integer address rebuilt from the
    shadow of its base pointer, `shadow_of(pointer)`.  An address computed
    from integers alone (analysis/activity.py's computed_address) is its own
    shadow in the zero page, where nothing is ever read or written (Rust's
    dangling pointers); elsewhere its shadow is null, so derivative code
    using it faults rather than treat the primal memory as derivatives."""
    if int_pointer_bases(inst.operands[0]) is None:
        return b.cast("inttoptr", _zero_page_address(b, inst.operands[0]), inst.type, name)
    return b.cast("inttoptr", shadow_int_address(b, inst.operands[0], shadow_of), inst.type,
                  name)


def _zero_page_address(b: Builder, address):
    """`address` if in the zero page (a dangling pointer, its own shadow), else 0."""
    in_zero_page = b.icmp("ult", address, b.int(address.type, ZERO_PAGE))
    return b.select(in_zero_page, address, b.zero(address.type))


def shadow_int_address(b: Builder, v, shadow_of):
    """The shadow of integer address `v` (see `int_pointer_base`): the same
    offsets from the shadow of its base, `shadow_of(pointer)`."""
    if isinstance(v, (I.Cast, ConstantExpr)) and v.opcode == "ptrtoint":
        return b.cast("ptrtoint", shadow_of(v.operands[0]), v.type)
    if isinstance(v, I.Select):
        arms = [shadow_int_address(b, arm, shadow_of) if int_pointer_base(arm) is not None
                else _zero_page_address(b, arm) for arm in v.operands[1:]]
        return b.select(v.operands[0], *arms)
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


def holds_adjoints_only(alloca, has_shadow) -> bool:
    """Is stack memory `alloca` only read and written as data (no pointers
    stored into it, its address passed to no call, kept in no other
    memory, merged by no phi or select)?  Then the forward sweep of a
    derivative never touches its shadow, which only receives adjoints in
    the reverse sweep.  `has_shadow(v)`: does the activity analysis give
    `v` a shadow (an integer loaded as a pointer has one)."""
    work, seen = [alloca], set()
    while work:
        address = work.pop()
        if id(address) in seen:
            continue
        seen.add(id(address))
        for user in address.users:
            if isinstance(user, I.GetElementPtr) and user.pointer is address or \
                    isinstance(user, I.Cast) and user.opcode in ("bitcast", "addrspacecast"):
                work.append(user)
            elif isinstance(user, I.Load):
                if has_shadow(user) or contains_pointers(user.type):
                    return False
            elif isinstance(user, I.Store):
                if user.value is address or stored_pointer(user) is not None or \
                        contains_pointers(user.value.type) or has_shadow(user.value):
                    return False
            elif not (isinstance(user, I.Compare) and user.opcode == "icmp"):
                return False
    return True
