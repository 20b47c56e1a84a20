"""Memory behind an `enzyme_dupnoneed` pointer: the caller needs no primal.

`__enzyme_fwddiff(f, enzyme_dupnoneed, p, dp)` says the caller wants only
what `f` writes through the shadow `dp`; what `f` writes through `p` is not
wanted, and `p` may point nowhere (a gradient differentiated again in
forward mode is handed `(double *)0x1` for the primal gradient: the
primal's own accumulations `p[i] += ...` are of no use).  So in a forward
derivative the primal's stores through `p` (and pointers computed from it)
are dropped, and with them the loads that fed only those stores.

That is exact only when nothing else the derivative keeps reads that memory:
if a load through `p` is still needed after the stores are gone (its value
feeds a branch, another store, a call, the result), the stores are kept as
they are, and `p` must then point to real memory as with `enzyme_dup`.
A callee handed a pointer computed from `p` gets the same treatment (its
parameter is `enzyme_dupnoneed` too).  And `p` is taken as `enzyme_dup`
when another pointer argument may point into the same object
or holds `p` in its memory (`keep_shared_primal`): `f` may read through
that one what it wrote through `p` (`f(x, x + 3)`, seed 12063 of the
fuzzer; `h.p = x; f(x, &h)`).
"""
from __future__ import annotations

from typing import Optional, Set

from ..analysis.arg_activity import Activity
from ..analysis.pointer_flow import module_callers, pointer_flow
from ..ir import instructions as I
from ..ir.constants import ConstantPoison, ConstantUndef
from .constant_memory import caller_object, held_by, one_object
from .dead_primal import live_instructions

# Instructions that are live only through their users (loads included:
# a load nothing uses has no effect).
_VALUE_ONLY = (I.BinaryOp, I.UnaryOp, I.Cast, I.Compare, I.Phi, I.Select, I.Freeze,
               I.GetElementPtr, I.ExtractValue, I.InsertValue, I.ExtractElement,
               I.InsertElement, I.ShuffleVector)


def _address_operands(v) -> Optional[list]:
    """The pointers `v` is computed from, if it is pointer arithmetic."""
    if isinstance(v, I.GetElementPtr):
        return [v.pointer]
    if isinstance(v, I.Cast) and v.opcode in ("bitcast", "addrspacecast"):
        return [v.operands[0]]
    if isinstance(v, I.Phi):
        return list(v.operands)
    if isinstance(v, I.Select):
        return list(v.operands[1:])
    return None


def keep_shared_primal(parsed) -> None:
    """Take an API call's `enzyme_dupnoneed` pointer as `enzyme_dup` where
    another pointer argument may point into its object, or to memory the
    caller stored it in: what the function writes through it may be read
    through the other."""
    pointers = [spec for spec in parsed.args if spec.value.type.is_pointer]
    caller = parsed.call.parent.parent
    callers = module_callers(caller.module)
    for spec in pointers:
        if spec.kind != Activity.DUPNONEED:
            continue
        flow = pointer_flow(caller_object(spec.value), caller.module)
        if any(other is not spec and (one_object(spec.value, other.value, callers) or
                                      held_by(caller, flow, other.value))
               for other in pointers):
            spec.kind = Activity.DUP


def noneed_root(v, roots: Set[int]):
    """The `enzyme_dupnoneed` parameter (id in `roots`) that every pointer
    `v` may be is computed from, or None (another origin, or several)."""
    found, seen, work = None, set(), [v]
    while work:
        x = work.pop()
        if id(x) in seen or isinstance(x, (ConstantUndef, ConstantPoison)):
            continue
        seen.add(id(x))
        if id(x) in roots:
            if found is not None and found is not x:
                return None
            found = x
            continue
        steps = _address_operands(x)
        if steps is None:
            return None
        work.extend(steps)
    return found


def _may_point_into(roots) -> Set[int]:
    """ids of the roots and of the pointers computed from them by address
    arithmetic, alone or with other pointers (a phi or select)."""
    found, work = {id(r) for r in roots}, list(roots)
    while work:
        for user in work.pop().users:
            if id(user) not in found and user.type.is_pointer and \
                    _address_operands(user) is not None:
                found.add(id(user))
                work.append(user)
    return found


def unread_around(call, root) -> bool:
    """May `call`'s callee treat memory from the `enzyme_dupnoneed` parameter
    `root` as unneeded?  Only if nothing else in the caller may read it: the
    pointers that may be computed from `root` (through a phi or select with
    other pointers too) are neither loaded through, nor handed to another
    call or twice to this one, nor stored or converted where they could be
    read back later."""
    seen, work, passed = {id(root)}, [root], 0
    while work:
        for user, index in work.pop().uses:
            if getattr(user, "is_debug_record", False):
                continue
            if user is call:
                passed += 1
                if passed > 1:                  # the callee may read one through another
                    return False
                continue
            if isinstance(user, I.Store) and index != 0:
                continue                        # a store through it: not a read
            if _address_operands(user) is None or not user.type.is_pointer:
                return False                    # loaded, passed on, stored, compared...
            if id(user) not in seen:
                seen.add(id(user))
                work.append(user)
    return True


def _escapes(may_point, insts) -> bool:
    """Is a pointer that may point into the memory kept where it can be read
    back (stored as a value, a volatile copy included, converted to an
    integer that may become a pointer again, returned)?  A load through the
    copy reads what the dropped stores wrote: a struct holding it handed to
    a reader.  (Loads, calls and address arithmetic the caller sees to; a
    comparison reads nothing, nor does an address compared as an integer.)"""
    for inst in insts:
        if isinstance(inst, I.Store):
            if id(inst.value) in may_point:
                return True
        elif isinstance(inst, (I.Load, I.CallBase, I.Compare)) or \
                _address_operands(inst) is not None:
            continue
        elif any(id(op) in may_point for op in inst.operands) and \
                not (isinstance(inst, I.Cast) and inst.opcode == "ptrtoint" and
                     _only_compared(inst)):
            return True
    return False


def _only_compared(address) -> bool:
    """Does the integer `address` only feed integer arithmetic that ends in
    comparisons (the vectorizer's overlap test: the difference of two
    addresses against the vector's width), never a store, a call, a return
    or a pointer again?"""
    seen, work = {id(address)}, [address]
    while work:
        for user in work.pop().users:
            if isinstance(user, I.Compare):
                continue
            if not isinstance(user, (I.BinaryOp, I.Select, I.Phi)) or not user.type.is_int:
                return False
            if id(user) not in seen:
                seen.add(id(user))
                work.append(user)
    return True


def drop_unneeded_primal_stores(fn, roots: list) -> int:
    """Erase `fn`'s stores through pointers computed from `roots` (the
    primal `enzyme_dupnoneed` parameters) when no needed load reads through
    them, and the loads and arithmetic that only fed them; returns how many
    stores went."""
    root_ids = {id(r) for r in roots}
    insts = [inst for block in fn.blocks for inst in block.instructions]
    derived = {id(inst) for inst in insts
               if inst.type.is_pointer and noneed_root(inst, root_ids) is not None}
    derived |= root_ids
    stores = [s for s in insts if isinstance(s, I.Store) and not s.volatile and not s.atomic
              and id(s.pointer) in derived and id(s.value) not in derived]
    if not stores:
        return 0
    dropped = {id(s) for s in stores}
    live = live_instructions(insts, lambda i: id(i) not in dropped and not _removable(i))
    # Kept when anything may read the memory after all: a needed load, or a
    # call handed a pointer that may point into it (through a phi or select
    # with other pointers too).
    may_point = _may_point_into(roots)
    if any(isinstance(inst, I.Load) and id(inst.pointer) in may_point and id(inst) in live
           or isinstance(inst, I.CallBase) and any(id(a) in may_point for a in inst.args)
           for inst in insts) or _escapes(may_point, insts):
        return 0
    for store in stores:
        store.erase()
    dead = [inst for inst in insts if id(inst) not in live and not isinstance(inst, I.Store)
            and _removable(inst)]
    for inst in dead:
        inst.replace_all_uses_with(ConstantPoison(inst.type))
    for inst in dead:
        inst.erase()
    return len(stores)


def _removable(inst) -> bool:
    return isinstance(inst, _VALUE_ONLY) or (
        isinstance(inst, I.Load) and not inst.volatile and not inst.atomic)
