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
