"""Pointers the caller hangs on globals, followed by differentiated code.

`double *data; ... data = x; __enzyme_autodiff(f, ...)` where f reads
`data[i]`: the global holds a pointer that only code outside the
derivatives sets.  The memory it points to has no shadow; the reads
through it carry no derivative: right when that memory is constant input
(`data = read_file()`, common), silently wrong when it is memory that
carries derivatives.  So:

- where the caller provably hangs a duplicated argument's memory on such a
  global (itself, or through calls, direct or through function pointers
  whose values are known), the API call is refused
  (`refuse_duplicated_memory_on_global`), and so it is where it hands that
  memory to code this cannot follow (an unknown indirect call, an external
  function) while the function reads floats through such a global; where
  the caller hangs an active global's address there, the read is refused;
- elsewhere, a float read through it that reaches a derivative gets a
  located warning saying what is assumed and how to silence it
  (`warn_caller_set_reads`);
- in an active global (a struct with a float field beside the pointer),
  such a pointer field has no shadow either (the activity analysis's
  `caller_set_pointer`: its shadow global's field would stay null); a
  pointer field that derivative code does set (lazily, `if (!L.p) L.p =
  buf`) keeps its shadow, which may still be null at run time when code
  outside this derivative set the pointer first: checked at the load, with
  a message and abort (`check_global_pointer_shadow`).
"""
from __future__ import annotations

from ..analysis.activity import address_base, contains_float, contains_pointers
from ..analysis.arg_activity import DUPLICATED
from ..analysis.global_access import functions_reached
from ..analysis.pointer_flow import (CALLS_FOLLOWED, module_callers, pointer_flow,
                                     pointer_roots, slot_values, stored_once_in_slot)
from ..analysis.library import is_memory_copy
from ..analysis.user_marks import global_base, user_inactive_globals
from ..diagnostics import (DifferentiationError, DifferentiationWarning, at_line, callee_named,
                           global_source_location)
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import ConstantNull
from ..ir.derived import DerivedUses, through_address_arithmetic_and_merges
from ..ir.module import GlobalVariable
from .unsupported import global_holding
from .runtime_messages import stop_unless

_WALKED = 64        # users followed from a read before giving up on it


def caller_set_holder(globals_activity, pointer):
    """The global `pointer` was loaded from, when only code outside the
    derivatives sets it (is_caller_set); else None."""
    holder = global_holding(pointer)
    return holder if is_caller_set(globals_activity, holder) else None


def is_caller_set(globals_activity, holder) -> bool:
    """Is `holder` a mutable global, not marked inactive by the user, whose
    pointers only code outside the derivatives sets (and some code does:
    else it holds its initializer, which unsupported.py's checks read)?"""
    return _set_outside_derivatives(globals_activity, holder) and \
        globals_activity.written_anywhere(holder)


def warn_caller_set_reads(gen, fn) -> None:
    """A warning where the prepared copy `fn` reads floats through a pointer
    a caller-set global holds (caller_set_holder) and the value reaches a
    derivative: the memory is taken as constant.  Refused instead where the
    caller hangs an active global there (_refuse_active_global_hung_on)."""
    if gen.ctx.globals is None:
        return
    warnings = gen.ctx.options.get("warnings")
    info = gen.info
    for inst in fn.instructions():
        if not (isinstance(inst, I.Load) and contains_float(inst.type)) or \
                info.has_shadow(inst.pointer):
            continue
        holder = caller_set_holder(gen.ctx.globals, inst.pointer)
        if holder is None or not _reaches_derivative(info, inst):
            continue
        _refuse_active_global_hung_on(gen.ctx.globals, holder, gen.primal, inst)
        warning = DifferentiationWarning(
            f"reading floats through the pointer held by global '@{holder.name}'"
            f"{_defined(holder)}, which no differentiated code sets: assuming the memory it "
            "points to is constant (no derivative flows through this read)", function=gen.primal,
            instruction=inst)
        warning.add_note("if the caller points it at memory that carries derivatives, pass "
                         "that memory to the function as an argument instead; to silence "
                         "this warning, mark the global constant: "
                         f"void *__enzyme_inactive_global = (void *)&{holder.name};")
        # One per global and function, at its first read (an unrolled loop
        # reads it on one line several times; a derivative per mode).
        if warnings is not None and not any(
                isinstance(w, DifferentiationWarning) and w.message == warning.message
                for w in warnings):
            warnings.append(warning)


def refuse_copies_of_caller_set_pointers(gen, fn) -> None:
    """A caller-set pointer field copied whole, with the rest of its global,
    into memory with a shadow (`struct acc local = A;` is a memcpy at -O0; an
    aggregate or vector load elsewhere): the copy's shadow takes the shadow
    global's field, null, and the derivative would read and add through
    null.  A pointer loaded from the global itself has no shadow
    (caller_set_pointer); one loaded from the copy cannot be told apart
    from the copy's other pointers, so the copy is refused."""
    if gen.ctx.globals is None:
        return
    info = gen.info
    for inst in fn.instructions():
        copied = _copied_caller_set_global(gen.ctx.globals, info, inst)
        if copied is not None:
            raise DifferentiationError(
                f"cannot differentiate this copy of global '@{copied.name}'"
                f"{_defined(copied)} into memory with a shadow: its pointers are set only by "
                "code outside the derivatives, so the copy's shadow would hold null pointers "
                "where the derivative reads and adds (read the fields you need from the "
                "global itself, or pass the memory as an argument)",
                function=gen.primal, instruction=inst)


def _copied_caller_set_global(globals_activity, info, inst):
    """The global whose caller-set pointers `inst` copies with a shadow, or None."""
    if isinstance(inst, I.CallBase):
        fn = inst.called_function
        if fn is None or not is_memory_copy(fn.name) or len(inst.args) < 2 or \
                not info.has_shadow(inst.args[0]):
            return None
        source = inst.args[1]
    elif isinstance(inst, I.Load) and not inst.type.is_pointer and \
            contains_pointers(inst.type) and info.has_shadow(inst):
        source = inst.pointer
    else:
        return None
    g = global_base(address_base(source))
    if not isinstance(g, GlobalVariable) or not contains_pointers(g.value_type) or \
            not globals_activity.holds_caller_set_pointers(g):
        return None
    return g


def _refuse_active_global_hung_on(globals_activity, holder, function, load) -> None:
    """The caller stores into `holder` the address of an active global that
    derivative code uses (`cur = &state[2]`): the read through it would
    miss that global's derivative (as one through an initializer's address
    would, unsupported.py's _refuse_read_of_held_global)."""
    for store, g in _globals_hung_on(holder):
        if globals_activity.is_active_global(g) and globals_activity.may_carry_derivatives(g):
            raise DifferentiationError(
                f"cannot differentiate a read through the pointer held by global "
                f"'@{holder.name}': the code outside stores the address of global "
                f"'@{g.name}' there{at_line(store)}, whose derivative the read would not see "
                "(use the global directly, or pass it as an argument with its shadow)",
                function=function, instruction=load)


def _globals_hung_on(holder) -> list:
    """(store, global) for each store in the module of a global's address
    into `holder`, also through parameters (`_roots`)."""
    return [(store, root) for store, held_by, roots in _pointers_stored_in_globals(holder.module)
            if held_by is holder for root in roots if isinstance(root, GlobalVariable)]


def _pointers_stored_in_globals(module) -> list:
    """(store, global, roots) for each store in `module` of a pointer into a
    global (`_destinations`): the global stored into, and what the stored
    pointer is traced back to (`_roots`).  Read once per module (derivatives
    made since only copy the primal's stores)."""
    found = module.facts.get("pointers stored in globals")
    if found is None:
        callers = module_callers(module)
        found = module.facts["pointers stored in globals"] = [
            (inst, holder, pointer_roots(inst.value, CALLS_FOLLOWED, callers))
            for fn in module.read_functions() for inst in fn.instructions()
            if isinstance(inst, I.Store) and inst.value.type.is_pointer
            for holder in _destinations(inst.pointer, callers)]
    return found


def _destinations(pointer, callers: dict) -> list:
    """The globals a store through `pointer` may write: the one it points
    into, or those its parameter is traced back to (`set_where(&data, x)`,
    whose body is `*where = p`)."""
    g = global_base(address_base(pointer))
    if g is not None:
        return [g]
    return [root for root in pointer_roots(pointer, CALLS_FOLLOWED, callers)
            if isinstance(root, GlobalVariable)]


def _defined(holder) -> str:
    loc = global_source_location(holder)
    return f" (defined at {loc[0]}:{loc[1]})" if loc else ""


def _reaches_derivative(info, load) -> bool:
    """Does the value `load` reads flow (through float operations) into an
    active value, or into memory with a shadow?"""
    work, seen = [load], set()
    while work and len(seen) < _WALKED:
        v = work.pop()
        for user in v.users:
            if id(user) in seen or not isinstance(user, I.Instruction):
                continue
            seen.add(id(user))
            if info.is_active(user) or isinstance(user, I.Store) and \
                    user.value is v and info.has_shadow(user.pointer):
                return True
            if contains_float(user.type):
                work.append(user)
    return False


def refuse_duplicated_memory_on_global(globals_activity, parsed, error) -> None:
    """The caller stores a pointer into the memory of an argument it passes
    duplicated (`gbuf = x; __enzyme_autodiff(f, enzyme_dup, x, dx)`) into a
    global that no derivative sets and that the function reads floats
    through: those reads of x would carry no derivative (f = x . gbuf got x
    where 2x is right).  Also where it hands that memory to code this
    cannot follow (`_passed_unseen`), which may do the same.
    `error(message)` makes the located error."""
    if globals_activity is None:
        return
    tree = None
    for index, spec in enumerate(parsed.args):
        if spec.kind not in DUPLICATED or not spec.value.type.is_pointer:
            continue
        memory = stored_once_in_slot(address_base(spec.value))
        stores, unseen = _stores_and_unseen_calls(memory, parsed.function.module)
        # Hung on it by a function the caller passes the pointer to (`set_data(x)`)
        stores += [(store, holder) for store, holder, roots in
                   _pointers_stored_in_globals(parsed.function.module)
                   if any(root is memory for root in roots)]
        argument = f"argument {index + 1} of '{parsed.function.name}' is passed duplicated"
        tree = tree if tree is not None else functions_reached([parsed.function])
        for store, holder in stores:
            if not is_caller_set(globals_activity, holder):
                continue
            read = _float_read_through(tree, lambda g: g is holder)
            if read is not None:
                raise error(
                    f"{argument}, and its pointer is also stored into global '@{holder.name}'"
                    f"{at_line(store)}, through which '{read.function.name}' reads floats"
                    f"{at_line(read)}: those reads would carry no derivative (that memory has "
                    "no shadow there); pass the memory only as the argument")
        settable = [] if not unseen else \
            [g for g in _globals_read_through(tree) if _set_outside_derivatives(globals_activity, g)]
        if settable:
            holder = settable[0]
            read = _float_read_through(tree, lambda g: g is holder)
            raise error(
                f"{argument}, and its pointer is also handed to {callee_named(unseen[0])}"
                f"{at_line(unseen[0])}, which this tool cannot follow: it may store the "
                f"pointer into global '@{holder.name}'{_defined(holder)}, through which "
                f"'{read.function.name}' reads floats{at_line(read)}, and those reads would "
                "carry no derivative; pass the memory only as the argument, or, if that call does "
                "not keep the pointer there, mark the global constant: "
                f"void *__enzyme_inactive_global = (void *)&{holder.name};")


def _stores_and_unseen_calls(memory, module):
    """(store, global) for the stores and copies of a pointer into `memory`
    into globals, and the calls handing it to code this cannot follow
    (pointer_flow: through clang -O0's local variables, a struct `{x, n}`
    handed to `set_from(&h)`, the functions it is passed to)."""
    copies, unseen = pointer_flow(memory, module)
    return [(inst, root) for inst, roots in copies for root in roots
            if isinstance(root, GlobalVariable)], unseen


def _set_outside_derivatives(globals_activity, holder) -> bool:
    """Could code outside the derivatives set the pointers in `holder` (a
    mutable global, not marked inactive, whose pointers no derivative sets)?
    Unlike is_caller_set, also when nothing in this module writes it."""
    return isinstance(holder, GlobalVariable) and not holder.is_constant_global and \
        holder.module is not None and id(holder) not in user_inactive_globals(holder.module) and \
        not globals_activity.pointers_set_by_derivatives(holder)


def _float_read_through(functions, wanted):
    """A float load in `functions` through a pointer loaded from a global
    that `wanted(global)` accepts."""
    for inst in _float_reads(functions):
        if any(wanted(g) for g in _holders_of(inst.pointer)):
            return inst
    return None


def _globals_read_through(functions) -> list:
    """The globals holding pointers `functions` read floats through."""
    found = {}
    for inst in _float_reads(functions):
        found.update((id(g), g) for g in _holders_of(inst.pointer))
    return list(found.values())


def _float_reads(functions):
    return (inst for fn in functions for inst in fn.instructions()
            if isinstance(inst, I.Load) and contains_float(inst.type))


def _holders_of(pointer, depth: int = 4, seen=None) -> list:
    """The globals `pointer` was loaded from (global_holding), also through
    clang -O0's local variables: what the stores into the stack slot it is
    read from hold (`q = data; ... ++q`), `depth` slots deep."""
    holder = global_holding(pointer)
    if holder is not None:
        return [holder]
    base = address_base(pointer)
    values = slot_values(base)
    seen = set() if seen is None else seen
    if values is None or depth == 0 or id(base.pointer) in seen:
        return []
    seen.add(id(base.pointer))
    return [g for value in values for g in _holders_of(value, depth - 1, seen)]


def check_global_pointer_shadow(gen, b: Builder, load, shadow) -> None:
    """After `shadow`, the shadow of pointer `load` read from an active
    global, is loaded (by `b`): when the pointer is set and its shadow is
    null, say so and abort.  Derivative code sets such a pointer field's
    shadow when it sets the pointer; a pointer set first by other code (a
    plain call, the caller, a derivative of the other mode: each mode has
    its own shadow global) has none, and the derivative would fault or add
    into nothing.  Loads only compared, or only used to read integers,
    need no shadow and are not checked."""
    if not _needs_its_shadow(gen, load):
        return
    null = ConstantNull(load.type)
    ok = b.binop("or", b.icmp("eq", load, null), b.icmp("ne", shadow, null))
    error = DifferentiationError(
        f"cannot differentiate a read of the pointer global "
        f"'@{global_base(address_base(load.pointer)).name}' holds: it was set, but its "
        "shadow was not (code outside this derivative set it: the caller, a plain call, "
        "or a derivative of the other mode); set it in the differentiated code on every "
        "call, or pass the memory as an argument", function=gen.primal, instruction=load)
    stop_unless(b, ok, error)


def _needs_its_shadow(gen, load) -> bool:
    """Is `load` a pointer read from an active global and used other than
    to compare it or to read integers through it?"""
    if not (isinstance(load, I.Load) and load.type.is_pointer) or \
            not gen.info.has_shadow(load.pointer) or \
            global_base(address_base(load.pointer)) is None:
        return False
    for _, user in DerivedUses(load, through_address_arithmetic_and_merges):
        if isinstance(user, I.Compare) or getattr(user, "is_debug_record", False) or \
                isinstance(user, I.Load) and not contains_float(user.type) and \
                not user.type.is_pointer:
            continue
        return True
    return False
