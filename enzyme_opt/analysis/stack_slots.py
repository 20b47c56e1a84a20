"""clang -O0's stack slots: an alloca per local variable and parameter,
written by stores and read back by loads.

The analyses and rewrites that look through such a slot (what a parameter
read back is, where a spilled pointer goes, what a local function pointer
holds) share one definition of a slot that holds only what is stored into
it: its address goes nowhere else, so no call, copy or pointer can write it
behind their backs."""

from __future__ import annotations

from typing import List, Optional

from ..ir import instructions as I
from .library import HINT_INTRINSICS


def stores_into(slot) -> Optional[List[I.Store]]:
    """The stores into the stack slot `slot` when nothing else can write it
    or learn its address (its other users load from it, or are debug
    records and hints such as lifetime markers); else None, as for a value
    that is no alloca."""
    if not isinstance(slot, I.Alloca):
        return None
    stores = []
    for user in slot.users:
        if isinstance(user, I.Store) and user.pointer is slot and user.value is not slot:
            stores.append(user)
        elif not (isinstance(user, I.Load) or user.is_debug_record or _is_hint(user)):
            return None
    return stores


def stored_values(slot) -> Optional[list]:
    """The values stored into `slot` when `stores_into` knows them all."""
    stores = stores_into(slot)
    return None if stores is None else [store.value for store in stores]


def slot_value(load):
    """The one value ever stored into the stack slot `load` reads, else None:
    clang -O0 spills each parameter so, and reading it back is reading the
    parameter."""
    if not isinstance(load, I.Load):
        return None
    stores = stores_into(load.pointer)
    return stores[0].value if stores is not None and len(stores) == 1 else None


def reloads_of_spill(store) -> Optional[List[I.Load]]:
    """The loads of the stack slot `store` spills its value into, when that
    store is all that writes the slot (`slot_value`); else None."""
    stores = stores_into(store.pointer) if isinstance(store, I.Store) else None
    if stores is None or len(stores) != 1 or stores[0] is not store:
        return None
    return [user for user in store.pointer.users if isinstance(user, I.Load)]


def _is_hint(user) -> bool:
    fn = user.called_function if isinstance(user, I.CallBase) else None
    return fn is not None and fn.name.startswith(HINT_INTRINSICS)


def read_stores(slot) -> Optional[List[I.Store]]:
    """`stores_into(slot)` without the stores no load can read: overwritten
    on every path before the slot is read again (`int m = 0; if (c) m = a;
    else m = b;` at -O0, where the first store is dead)."""
    stores = stores_into(slot)
    if stores is None:
        return None
    return [store for store in stores if _read_before_overwritten(store)]


def _read_before_overwritten(store) -> bool:
    """Can a load of `store`'s slot run after it before another store to the
    slot does (or the function returns)?"""
    slot, block = store.pointer, store.parent
    work, seen = [(block, block.instructions.index(store) + 1)], set()
    while work:
        block, start = work.pop()
        for inst in block.instructions[start:]:
            if isinstance(inst, I.Load) and inst.pointer is slot:
                return True
            if isinstance(inst, I.Store) and inst.pointer is slot:
                break
        else:
            for succ in block.terminator.successors if block.terminator else ():
                if id(succ) not in seen:
                    seen.add(id(succ))
                    work.append((succ, 0))
    return False
