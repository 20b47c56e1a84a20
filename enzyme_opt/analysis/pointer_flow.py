"""Where the caller's pointers go: into which memory, through which calls.

The checks at an API call ask where the caller may have put a pointer
into memory it passes duplicated: into a global the function reads
through (global_pointers), into memory a constant argument points to
(constant_memory).  Both follow the pointer the same way, through clang
-O0's local variables, into the bodies of the functions it is handed to,
out through what they return, through memory it is stored in and copied
on; `pointer_flow` is that walk, and the questions stay with the checks.
"""
from __future__ import annotations

from collections import ChainMap

from ..ir import instructions as I
from ..ir.module import direct_calls_of, function_under_casts
from ..ir.values import Argument
from .activity import POINTER_LANE_MOVES, address_base, contains_pointers
from .constant_callees import functions_stored_in, resolved_callee
from .stack_slots import stored_values
from .library import in_catalog, is_memory_copy
from .user_marks import global_base

CALLS_FOLLOWED = 4     # calls followed up from a stored parameter to what is passed


def pointer_roots(pointer, depth: int, callers: dict) -> list:
    """What `pointer` points into: the global (`global_base`), or the
    address base, or, where that is a parameter, the roots of what the
    calls of its function (`callers`) pass for it, `depth` calls up
    (`set_data(state)`, whose body is `data = p`; at -O0 the parameter is
    read back from its stack slot)."""
    base = address_base(pointer)
    g = global_base(base)
    if g is not None or depth == 0:
        return [g if g is not None else base]
    stored = slot_values(base)
    if stored is None and isinstance(base, Argument):
        stored = [call.args[base.index] for call in callers.get(id(base.function), ())
                  if base.index < len(call.args)]
    return [base] + [root for value in stored or () for root in pointer_roots(value, depth - 1, callers)]


def module_callers(module) -> dict:
    """id(function) -> the calls in `module` that may call it, direct or
    through a pointer whose value is known (`call_targets`); read once per
    module."""
    callers = module.facts.get("calls by target")
    if callers is not None:
        return callers
    callers = module.facts["calls by target"] = {}
    for fn in module.read_functions():
        for inst in fn.instructions():
            if isinstance(inst, I.CallBase):
                for target in call_targets(inst) or ():
                    callers.setdefault(id(target), []).append(inst)
    return callers


def call_targets(call, depth: int = CALLS_FOLLOWED):
    """The functions `call` may call, or None when they are not all known:
    its callee, the one an unchanging global holds (resolved_callee), or
    what the function pointer it calls through holds, traced through clang
    -O0's local variables and parameters (`void (*setter)(double *) =
    set_data; setter(x)`), `depth` steps up, or a static global
    (functions_stored_in)."""
    fn = resolved_callee(call)
    return [fn] if fn is not None else _functions_held(call.callee, depth)


def _functions_held(value, depth: int):
    """The functions `value` may be (see call_targets), or None."""
    fn = function_under_casts(value)
    if fn is not None:
        return [fn]
    if depth == 0:
        return None
    if isinstance(value, Argument):
        calls = direct_calls_of(value.function) if value.function.module is not None else None
        held = None if calls is None else [call.args[value.index] for call in calls
                                           if value.index < len(call.args)]
    elif isinstance(value, I.Load) and stored_values(value.pointer) is not None:
        held = stored_values(value.pointer)
    else:
        return functions_stored_in(value)
    found = []
    for v in held or ():
        functions = _functions_held(v, depth - 1)
        if functions is None:
            return None
        found += functions
    return found if held else None


def keeps_no_pointer(call, declared, index: int) -> bool:
    """May the declared function `declared` keep argument `index` of
    `call` nowhere (the library catalog knows it, or it is `nocapture`)?"""
    if declared.name.startswith(("llvm.", "__enzyme")) or in_catalog(declared.name) or \
            declared.name.startswith("_Z") and "__enzyme_" in declared.name:
        return True             # the API calls themselves, also C++'s template instances
    at_call = call.arg_attrs[index] if call.arg_attrs and index < len(call.arg_attrs) else ""
    declared_attrs = declared.args[index].attrs if index < len(declared.args) else ""
    attrs = f"{at_call or ''} {declared_attrs or ''}"
    return "nocapture" in attrs.split() or "captures(none)" in attrs


def slot_values(load):
    """The values stored into the stack slot `load` reads (clang -O0's local
    variable), or None when `load` reads no stack slot.  Where the slot's
    address goes elsewhere too, these are some of what it may hold
    (`stack_slots.stored_values` answers only when they are all)."""
    if not (isinstance(load, I.Load) and isinstance(load.pointer, I.Alloca)):
        return None
    return [user.value for user in load.pointer.users
            if isinstance(user, I.Store) and user.pointer is load.pointer]


def stored_once_in_slot(pointer):
    """What clang -O0's local variable holds, when `pointer` is read from
    one that a single store sets (`double *x = malloc(..)`) and none stores
    away (its address kept nowhere); else `pointer`."""
    values = slot_values(pointer)
    if values is not None and len(values) == 1 and not any(
            isinstance(u, I.Store) and u.value is pointer.pointer for u in pointer.pointer.users):
        return address_base(values[0])
    return pointer


# A value is followed as the pointer itself (ADDRESS), or as memory holding
# it (HOLDER: pointers loaded from there may be it, copies of it hold it).
ADDRESS, HOLDER = "address", "holder"
# Integer operations that keep an address an address (`(uintptr_t)x + 8`).
_ADDRESS_ARITHMETIC = ("add", "sub", "and", "or", "xor")


def pointer_flow(memory, module):
    """(copies, unseen) for the pointer `memory` (and those derived from
    it): `copies` the (instruction, roots) of each store of it, or of
    memory holding it, and each memory copy of such memory, with the roots
    (`pointer_roots`) of where it went; `unseen` the calls handing it to
    code this cannot follow (`_passed_unseen`).  Flow-insensitive: a store
    after the point of interest counts too.  In a function the pointer
    entered through a call, that call alone is taken as its caller (where
    its parameters point, where it returns to)."""
    copies, unseen = [], []
    work, seen = [(memory, ADDRESS, ChainMap(module_callers(module)))], set()
    while work:
        value, kind, callers = work.pop()
        key = (id(value), kind, _entry_call(callers))
        if key in seen:
            continue
        seen.add(key)
        for user in value.users:
            work += [(v, k, c or callers) for v, k, c in
                     _onward(user, value, kind, copies, unseen, callers)]
    return copies, unseen


def _onward(user, value, kind, copies, unseen, callers) -> list:
    """What `user` of `value` (followed as `kind`) passes the pointer on
    to, as (value, kind, callers or None to keep them), recording its
    stores and copies into `copies`."""
    if isinstance(user, (I.GetElementPtr, I.Cast, I.Phi, I.Select)) and value in user.operands \
            and not (isinstance(user, I.Select) and user.operands[0] is value):
        return [(user, kind, None)]
    if isinstance(user, I.Store) and user.value is value:
        return _copied(user, user.pointer, copies, callers)
    if kind == ADDRESS and isinstance(user, (I.InsertValue, I.ExtractValue) + POINTER_LANE_MOVES):
        return [(user, ADDRESS, None)]      # aggregates, and -O3's vectors of pointer fields
    if kind == ADDRESS and isinstance(user, I.BinaryOp) and user.opcode in _ADDRESS_ARITHMETIC:
        return [(user, ADDRESS, None)]      # a uintptr_t moved or tagged (clang -O0 keeps it)
    if isinstance(user, I.Load) and user.pointer is value and contains_pointers(user.type) and \
            (kind == HOLDER or user.type.is_pointer):
        return [(user, ADDRESS, None)]
    if isinstance(user, I.Return):
        entered = id(user.function) in callers.maps[0] and len(callers.maps) > 1
        return [(call, kind, callers.parents if entered else None)
                for call in callers.get(id(user.function), ())]
    if not isinstance(user, I.CallBase):
        return []
    callee = user.called_function
    if callee is not None and is_memory_copy(callee.name) and len(user.args) > 1:
        if kind == HOLDER and user.args[1] is value:
            return _copied(user, user.args[0], copies, callers)
        return []
    onward = []
    if _passed_unseen(user, value, onward):
        unseen.append(user)
    return [(param, kind, callers.new_child({id(param.function): [user]})) for param in onward]


def _entry_call(callers) -> int:
    """id of the call the walk entered the current function through (0 at
    the start): what tells two walks of one value apart."""
    return id(next(iter(callers.maps[0].values()))[0]) if len(callers.maps) > 1 else 0


def _copied(inst, destination, copies, callers) -> list:
    """Record `inst` putting the pointer into `destination`'s memory; all
    that memory may be (its roots: a helper's parameter is what its
    callers pass) now holds it."""
    roots = pointer_roots(destination, CALLS_FOLLOWED, callers)
    copies.append((inst, roots))
    return [(root, HOLDER, None) for root in roots]


def _passed_unseen(call, value, onward: list) -> bool:
    """Is `value` an argument of `call` that may reach code this cannot
    follow: an indirect call to an unknown function, a declaration outside
    the library catalog that may keep the pointer, a variadic argument?
    The parameters of known function bodies go on `onward`."""
    targets = call_targets(call)
    if targets is None:
        return any(a is value for a in call.args)
    for target in targets:
        for i, a in enumerate(call.args):
            if a is not value:
                continue
            if target.is_declaration:
                if not keeps_no_pointer(call, target, i):
                    return True
            elif i >= len(target.args):     # a variadic argument, read by va_arg
                return True
            else:
                onward.append(target.args[i])
    return False
