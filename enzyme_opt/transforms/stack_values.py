"""Values that reach a call through stack slots written once.

At -O0 clang keeps every local and every argument of an inlined function in
a stack slot: `store %v, %slot` at the definition, `load %slot` at each use.
A call whose operands must be known at compile time (the function and the
activity markers of an Enzyme API call, passed down through the inlined
wrappers of a C++ header) then sees loads instead of the values.  Here a
load is replaced by the value stored, when that store is provably the only
one that reaches it: the slot is an `alloca` that nothing but loads, that one
store, and lifetime/debug intrinsics use (its address never escapes), and the
store comes before the load on every path (it dominates it).  Anything else
is left as it is, for the caller to reject with its own message.
"""
from __future__ import annotations

from typing import Optional

from ..analysis.cfg import DominatorTree
from ..analysis.library import LIFETIME_AND_DEBUG_INTRINSICS
from ..ir import Function, GlobalVariable
from ..ir import instructions as I
from ..ir.constants import ConstantExpr

_INTRINSICS = LIFETIME_AND_DEBUG_INTRINSICS


def _only_store(slot) -> Optional[I.Store]:
    """The one store into `slot`, if loads are its only other real users (or
    its address is only read through references, see _read_only_reference)."""
    store = None
    for user, index in slot.uses:
        if isinstance(user, I.Load) and not user.volatile:
            continue
        if isinstance(user, I.Store) and index == 1 and store is None and not user.volatile:
            store = user
            continue
        if isinstance(user, I.Store) and index == 0 and _read_only_reference(user, 3):
            continue
        if _is_intrinsic_use(user):
            continue
        return None
    return store


def _read_only_reference(store, depth: int) -> bool:
    """Is `store` (of an address into another slot) a C++ reference at -O0:
    that slot written only here, and each load of it only read through, or
    handed on to a slot of the same kind?  Then the address lets no one
    write the memory it points to."""
    ref = store.pointer
    if depth == 0 or not isinstance(ref, I.Alloca):
        return False
    for user, index in ref.uses:
        if user is store or _is_intrinsic_use(user):
            continue
        if not isinstance(user, I.Load):
            return False
        for inner, position in user.uses:
            if isinstance(inner, I.Load) and not inner.volatile:
                continue
            if isinstance(inner, I.Store) and position == 0 and \
                    _read_only_reference(inner, depth - 1):
                continue
            return False
    return True


def _is_intrinsic_use(user) -> bool:
    if getattr(user, "is_debug_record", False):
        return True
    if isinstance(user, I.Cast) and user.opcode == "bitcast":
        return all(_is_intrinsic_use(u) for u in user.users)
    if isinstance(user, I.Call):
        fn = user.called_function
        return fn is not None and fn.name.startswith(_INTRINSICS)
    return False


def _comes_before(store, load, domtree) -> bool:
    if store.parent is load.parent:
        insts = store.parent.instructions
        return insts.index(store) < insts.index(load)
    return domtree.dominates(store.parent, load.parent)


def stored_value(v, domtree: DominatorTree):
    """What `v` holds, seen through loads of stack slots written once
    (repeatedly: a value handed down through several slots); `v` itself
    when it is not such a load."""
    seen = set()
    while id(v) not in seen:
        seen.add(id(v))
        if isinstance(v, I.Cast) and v.opcode == "bitcast":
            # Typed pointers (clang 14): `(void *)fn` casts the loaded pointer.
            inner = stored_value(v.operands[0], domtree)
            if isinstance(inner, (Function, GlobalVariable)):
                return ConstantExpr("bitcast", v.type, [inner])
            return v
        if isinstance(v, I.CallBase):
            # `+lambda` at -O0 calls the conversion operator, which returns
            # one function whatever it is given.
            constant = _constant_result(v.called_function)
            return constant if constant is not None else v
        if not isinstance(v, I.Load) or v.volatile:
            return v
        # A load through a reference: the slot the reference points to.
        slot = v.pointer if isinstance(v.pointer, I.Alloca) else stored_value(v.pointer, domtree)
        if not isinstance(slot, I.Alloca):
            return v
        store = _only_store(slot)
        if store is None or store.value.type != v.type or not _comes_before(store, v, domtree):
            return v
        v = store.value
    return v


def _constant_result(fn):
    """The function or global `fn` always returns, if it has a body and every
    return of it returns that same one."""
    if fn is None or fn.is_declaration:
        return None
    results = {id(r.value): r.value for b in fn.blocks for r in [b.terminator]
               if isinstance(r, I.Return)}
    if len(results) != 1:
        return None
    value = next(iter(results.values()))
    return value if isinstance(value, (Function, GlobalVariable)) else None


def forward_call_operands(call, wanted, domtrees: dict) -> list:
    """Replace each argument of `call` that is a load of a slot written once
    by the value stored, when `wanted(value)` accepts that value; returns
    the loads replaced (see drop_dead_slots).  `domtrees` caches a dominator
    tree per function."""
    fn = call.function
    domtree = domtrees.get(id(fn))
    replaced = []
    for index, arg in enumerate(call.args):
        if not isinstance(arg, (I.Load, I.Cast, I.CallBase)):
            continue
        if domtree is None:
            domtree = domtrees[id(fn)] = DominatorTree(fn)
        value = stored_value(arg, domtree)
        if value is not arg and wanted(value):
            call.set_operand(index, value)
            replaced.append(arg)
    return replaced


def drop_dead_slots(loads) -> None:
    """Erase the given loads if nothing uses them any more, then the slots
    nothing reads any more, with their stores, and so on up the chain: the
    values forwarded (markers) must not stay referenced from dead memory."""
    work = list(loads)
    while work:
        load = work.pop()
        if load.parent is None or load.has_uses() or isinstance(load, I.CallBase):
            continue
        if isinstance(load, I.Cast):
            inner = load.operands[0]
            load.erase()
            if isinstance(inner, (I.Load, I.Cast)):
                work.append(inner)
            continue
        slot = load.pointer
        load.erase()
        if not isinstance(slot, I.Alloca) or slot.parent is None:
            continue
        users = list(slot.users)
        if any(isinstance(u, I.Load) or not (isinstance(u, I.Store) or _is_intrinsic_use(u))
               for u in users):
            continue
        for user in users:
            if isinstance(user, I.Store):
                if isinstance(user.value, (I.Load, I.Cast)):
                    work.append(user.value)
                user.erase()
            elif isinstance(user, I.Cast):
                for inner in list(user.users):
                    if not getattr(inner, "is_debug_record", False):
                        inner.erase()
                if not user.has_uses():
                    user.erase()
            elif not getattr(user, "is_debug_record", False):
                user.erase()
        if not slot.has_uses():
            slot.erase()


def forward_from_slot(store, domtree: DominatorTree) -> bool:
    """If `store` is the only store into a stack slot (see _only_store),
    replace each load of the slot it comes before by the value stored, and
    erase the store once no load of the slot is left; returns whether a
    load was replaced.  (A pointer that must be seen where it is used, such
    as a dense view, is kept in a slot at -O0.)"""
    slot = store.pointer
    if not isinstance(slot, I.Alloca) or _only_store(slot) is not store:
        return False
    replaced = False
    for user in list(slot.users):
        if isinstance(user, I.Load) and user.type == store.value.type and \
                _comes_before(store, user, domtree):
            user.replace_all_uses_with(store.value)
            user.erase()
            replaced = True
    if not any(isinstance(u, I.Load) for u in slot.users):
        store.erase()
    return replaced
