"""The Enzyme C API: find `__enzyme_*` calls, read their markers, replace them.

A call `__enzyme_autodiff(fn, args...)` names the function to differentiate
and, for each of its parameters, the value (preceded by an optional activity
marker, followed by a shadow for duplicated ones).  Markers are `extern int`
globals that clang passes either loaded (`load i32, ptr @enzyme_dup`) or by
address; both spellings are recognized here.
"""
from __future__ import annotations

import re
from typing import List, Optional

from ..analysis.activity import allocation_size_index, contains_float, contains_pointers
from ..analysis.arg_activity import DUPLICATED, Activity
from ..analysis.user_marks import global_base
from ..analysis.pointer_flow import slot_values
from ..analysis.stack_slots import read_stores, slot_value
from ..diagnostics import DifferentiationError, EnzymeOptError, ir_location, source_location
from ..ir import Argument, Builder, Function, GlobalAlias, GlobalVariable
from ..ir import instructions as I
from ..ir.clone import internal_copy
from ..ir.constants import (ConstantAggregate, ConstantExpr, ConstantFloat, ConstantInt,
                            ConstantUndef, ConstantZero, InlineAsm, zero_of)
from ..ir.module import function_under_casts
from ..ir.references import reaches_function, referenced_globals
from ..ir.types import StructType, size_and_align
from ..analysis.cfg import DominatorTree
from ..analysis.library import FORK_CALL, is_deallocator
from ..transforms.call_per_choice import call_per_choice, choices_of, read_through_choice
from ..transforms.mem2reg import promote_allocas
from ..transforms.stack_values import drop_dead_slots, forward_call_operands, stored_value
from .aggregates import returns_gradient
from .context import DerivativeContext
from .conventions import MARKERS, coerce, deliver_gradients, erase_api_call, marker_of
from .custom import unused_registrations
from .derivative_check import DerivativeCheck, unchecked_split_call
from .global_pointers import refuse_duplicated_memory_on_global
from .constant_memory import refuse_duplicated_memory_in_constant_argument
from .noneed_memory import keep_shared_primal
from .shadow_offsets import require_shadows_apart_alike
from . import misuse
from .rules import rule_name_for_call
from . import tape as T
from .tape import HEADER_BYTES
from .batch import lower_batch
from .dense_views import lower_dense_views, todense_name
from .indirect import lower_virtualreverse
from .iteration import ITER, check_iteration_counters, resolve_counters
from .truncate import (TRUNCATE_FUNC_CALLS, VALUE_CALLS, lower_truncate_call,
                       lower_value_call, truncate_module)
from .records import Factory, record

# Markers about the result, allowed anywhere after the function: its activity,
# and whether the primal result is returned too.
RETURN_MARKERS = {"enzyme_const_return": Activity.CONST, "enzyme_active_return": Activity.OUT,
                  "enzyme_dup_return": Activity.DUP}
PRIMAL_MARKERS = {"enzyme_primal_return": True, "enzyme_noret": False}
# Markers that take the next argument as their value.
VALUE_MARKERS = {"enzyme_dup", "enzyme_dupnoneed", "enzyme_const", "enzyme_out",
                 "enzyme_active", "enzyme_width", "enzyme_allocated", "enzyme_tape"}
API_PREFIXES = ("__enzyme_autodiff", "__enzyme_fwddiff", "__enzyme_augmentfwd",
                "__enzyme_reverse", "__enzyme_augmentsize", "__enzyme_fwdsplit", "__enzyme_batch",
                "__enzyme_error_estimate", "__enzyme_virtualreverse",
                *TRUNCATE_FUNC_CALLS, *VALUE_CALLS)


def api_name(function_name: str) -> Optional[str]:
    """Which API entry point a function is: `__enzyme_autodiff2` and C++'s mangled
    `_Z17__enzyme_autodiffPvz` (or a template instance) are `__enzyme_autodiff`."""
    if "__enzyme_" not in function_name:      # every prefix holds it: most names end here
        return None
    for prefix in API_PREFIXES:
        if function_name.startswith(prefix):
            return prefix
    if function_name.startswith("_Z"):
        for prefix in API_PREFIXES:
            if prefix in function_name:
                return prefix
    return None


@record
class ArgSpec:
    kind: Activity
    value: object
    shadow: Optional[object] = None
    shadows: list = Factory(list)


@record
class ApiCall:
    call: object
    function: Function
    args: List[ArgSpec] = Factory(list)
    sret: Optional[object] = None
    width: int = 1
    allocated: Optional[int] = None     # the size, when known at compile time
    caller_allocated: bool = False      # `enzyme_allocated` given: the caller owns the tape
    tape: Optional[object] = None
    nofree: bool = False
    runtime_activity: bool = False      # enzyme_runtime_activity
    rest: list = Factory(list)
    ret_activity: Optional[Activity] = None  # from enzyme_*_return
    primal_return: Optional[bool] = None    # enzyme_primal_return / enzyme_noret


def _refuse_runtime_marker(call, v, param, fn) -> None:
    """A marker picked at run time, which split_merged_operands could not split
    into one call per marker: the activity is decided at compile time, so
    this cannot be served.  Said as where the choice is made: a phi or select
    (the optimizer merged two calls), a local variable set more than once or
    to a choice that includes a plain int (-O0), a pointer chosen at run time."""
    where, markers = _runtime_marker_choice(v)
    if markers:
        raise _error(call, f"the marker before argument {param.index + 1} of '{fn.name}' is "
                     f"chosen at run time ({where}, among {', '.join(sorted(markers))}): the "
                     "activity of each argument must be known at compile time; pass the "
                     "marker itself in each arm of an if, one Enzyme call per marker "
                     "(if the optimizer merged such calls: a separate function for each, "
                     "marked noinline)")


def _runtime_marker_choice(v) -> tuple:
    """(where the choice is made, the markers it may give) for a value that is
    no marker but may hold one; else ("", set())."""
    if isinstance(v, I.Cast):
        v = v.operands[0]
    if marker_of(v) is not None:
        return "", set()
    param = _parameter_held(v)
    if param is not None:
        return (f"passed in as parameter {param.index + 1} of '{param.function.name}'",
                set().union(*(_markers_among(c.args[param.index], 4)
                              for c in _direct_calls(param.function))))
    if isinstance(v, (I.Select, I.Phi)):
        return "by a phi or select", _markers_among(v, 4)
    if not isinstance(v, I.Load):
        return "", set()
    if isinstance(v.pointer, I.Alloca):
        return "held in a local variable set at run time", _markers_among(v, 4)
    return "read through a pointer chosen at run time", _markers_among(v.pointer, 4)


def _parameter_held(v) -> Optional[Argument]:
    """The integer parameter `v` is, or (-O0) the one its slot was set to once."""
    held = slot_value(v)
    v = held if held is not None else v
    return v if isinstance(v, Argument) and v.type.is_int else None


def _direct_calls(fn) -> list:
    return [u for u in fn.users if isinstance(u, I.CallBase) and u.called_function is fn
            and len(u.args) == len(fn.args)]


def _markers_among(v, depth: int) -> set:
    """The markers `v` may be (or point to, for a marker's address): itself, or
    through phis, selects and -O0 locals (what is stored into them)."""
    name = marker_of(v)
    if name is not None:
        return {name}
    if depth == 0:
        return set()
    choices = _choices(v) if isinstance(v, (I.Select, I.Phi)) else slot_values(v)
    if choices is None:
        return set()
    return set().union(*(_markers_among(x, depth - 1) for x in choices))


def _choices(v) -> list:
    return v.operands[1:] if isinstance(v, I.Select) else list(v.operands)


def api_calls(module) -> list:
    module.read_bodies_naming([f for f in module.functions if api_name(f.name) is not None])
    calls = []
    for fn in module.read_functions():
        for inst in fn.instructions():
            if isinstance(inst, I.CallBase):
                callee = inst.called_function
                if callee is not None and api_name(callee.name) is not None:
                    calls.append(inst)
    return calls


def resolve_operands_through_stack(calls) -> None:
    """At -O0 the function and the markers reach an API call through the stack
    slots of the (inlined) functions that passed them down, e.g. the wrappers
    of the C++ header enzyme/enzyme: read them through those slots."""
    domtrees: dict = {}
    forwarded = []
    for call in calls:
        _promote_marker_slots(call)
        forwarded.extend(forward_call_operands(call, _known_or_chosen, domtrees))
    return forwarded


def _promote_marker_slots(call) -> None:
    """A local that only ever holds markers (`int m; if (k) m = enzyme_dup; else
    m = enzyme_const;` at -O0, stored in both arms) becomes an SSA value, a phi
    of the markers where the arms meet, which the call is split on."""
    slots = [arg.pointer for arg in call.args
             if isinstance(arg, I.Load) and isinstance(arg.pointer, I.Alloca)]
    slots = [slot for slot in slots if _stores_only_choices(slot)]
    if slots:
        promote_allocas(call.function, only=slots)


def _stores_only_choices(slot) -> bool:
    """Is each value a load of `slot` may read a function or marker (or a
    choice among them), set by more than one store (one is seen through
    without promoting)?  A dead first value (`int m = 0;` overwritten in
    both arms) is no choice."""
    stores = read_stores(slot)
    return stores is not None and len(stores) > 1 and \
        all(_known_or_chosen(store.value) for store in stores)


def _known_or_chosen(v) -> bool:
    """A function or marker, or a phi or select among such (`int m = k ? enzyme_dup :
    enzyme_const;` at -O0 keeps it in a local): split_merged_operands splits on it."""
    return _known_at_compile_time(v) or bool(choices_of(v, _known_at_compile_time))


def split_merged_operands(calls) -> list:
    """clang -O2 sinks calls that differ only in the function or a marker out
    of an `if`'s arms into one call of a phi of them: split such a call back
    into one call per value (transforms/call_per_choice.py), so each names
    its function and markers.  Returns the calls to lower, in their order."""
    return [part for call in calls for part in _split_merged(call)]


def _split_merged(call) -> list:
    for index, op in enumerate(call.args if isinstance(call, I.Call) else ()):
        if _known_at_compile_time(op):
            continue
        choices = choices_of(op, _known_at_compile_time)
        if choices:
            return [part for new in call_per_choice(call, index, choices)
                    for part in _split_merged(new)]
        slots = read_through_choice(op, _marker_global)
        if slots:
            return [part for new in call_per_choice(call, index, slots, read=op)
                    for part in _split_merged(new)]
    return [call]


def _marker_global(v) -> bool:
    return isinstance(v, GlobalVariable) and marker_of(v) is not None


def _known_at_compile_time(v) -> bool:
    return function_under_casts(v) is not None or marker_of(v) is not None


def _function_in_slot(v) -> Optional[Function]:
    """The function a stack slot holds, when `v` is read from one stored once
    with a function's address (Fortran's `c_funloc(f)` at -O0: a c_funptr
    on the stack, its address stored as an integer and read back)."""
    if isinstance(v, I.Cast) and v.opcode == "inttoptr":
        v = v.operands[0]
    if not isinstance(v, I.Load):
        return None
    slot = v.pointer
    while isinstance(slot, (I.GetElementPtr, I.Cast)):
        slot = slot.operands[0]
    if not isinstance(slot, I.Alloca):
        return None
    stored, work = [], [slot]
    while work:
        p = work.pop()
        for user in p.users:
            if isinstance(user, (I.GetElementPtr, I.Cast)) and user.operands[0] is p:
                work.append(user)
            elif isinstance(user, I.Store) and user.pointer is p:
                stored.append(user.value)
            elif not (isinstance(user, I.Load) and user.pointer is p):
                return None
    if len(stored) != 1:
        return None
    value = stored[0]
    if isinstance(value, ConstantExpr) and value.opcode == "ptrtoint":
        value = value.operands[0]
    return function_under_casts(value)


def _replaceable_alias(v) -> str:
    """Why `v`, an alias of a function, names no function known here; else ""."""
    alias = v.strip_casts() if isinstance(v, ConstantExpr) else v
    if not isinstance(alias, GlobalAlias) or alias.keyword != "alias" or \
            alias.resolved() is not None or not alias.linkage:
        return ""
    return (f": '@{alias.name}' is a {alias.linkage.split()[0]} alias, which the linker may "
            "replace with another definition")


def _function_argument(call, v) -> Function:
    target = function_under_casts(v) or _function_in_slot(v)
    if target is None:
        raise DifferentiationError("the first argument of an Enzyme call must be a function "
                                   "known at compile time" + _replaceable_alias(v),
                                   function=call.function, instruction=call)
    if target.is_declaration:
        wrapper = _library_wrapper(target)
        if wrapper is None:
            raise DifferentiationError(f"cannot differentiate '{target.name}': it has no body "
                                       "in this module", function=call.function,
                                       instruction=call)
        return wrapper
    return target


def _library_wrapper(fn: Function):
    """A body for a math function known only by its derivative rule
    (`__enzyme_autodiff(sin, x)`): one that calls it, so it differentiates
    like any other function.  None for functions we know nothing of."""
    if rule_name_for_call(fn.name) is None:
        return None
    module = fn.module
    name = f"enzyme_opt.body.{fn.name}"
    existing = module.get(name)
    if existing is not None:
        return existing
    ftype = fn.function_type
    wrapper = module.add_function(Function(name, ftype, fn.type, linkage="internal"),
                                  unique=False)
    b = Builder(wrapper.add_block("entry"))
    result = b.call(fn, list(wrapper.args))
    b.ret(None if ftype.ret.is_void else result)
    return wrapper


OPTION_MARKERS = {"enzyme_width", "enzyme_allocated", "enzyme_tape", "enzyme_nofree",
                  "enzyme_runtime_activity"}


def _error(call, message):
    return DifferentiationError(message, function=call.function, instruction=call)


def _take_options(call, args, pos, parsed) -> int:
    """Consume `enzyme_width N`, `enzyme_allocated N`, `enzyme_tape T`, `enzyme_nofree`,
    `enzyme_runtime_activity`."""
    while pos < len(args) and marker_of(args[pos]) in OPTION_MARKERS:
        marker = marker_of(args[pos])
        if marker in ("enzyme_nofree", "enzyme_runtime_activity"):
            setattr(parsed, marker.removeprefix("enzyme_"), True)
            pos += 1
            continue
        if pos + 1 >= len(args):
            raise _error(call, f"'{marker}' is not followed by a value")
        value = args[pos + 1]
        if marker == "enzyme_tape":
            parsed.tape = value
        else:
            known = constant_int(value)
            if marker == "enzyme_width":
                if known is None or known < 1:
                    raise _error(call, "'enzyme_width' must be followed by a positive "
                                 "integer constant")
                parsed.width = known
            else:
                # A size computed at run time is trusted; a known one is checked.
                parsed.allocated = known
                parsed.caller_allocated = True
        pos += 2
    return pos


def constant_int(v) -> Optional[int]:
    """The integer `v` always holds, looking through casts and a local variable
    stored once (clang -O0 passes `int size = ...; f(size)` through memory)."""
    if isinstance(v, I.Cast) and v.opcode in ("sext", "zext", "trunc"):
        return constant_int(v.operands[0])
    if isinstance(v, ConstantInt):
        return v.value
    if isinstance(v, I.Load) and isinstance(v.pointer, I.Alloca):
        stores = [u for u in v.pointer.users if isinstance(u, I.Store)]
        others = [u for u in v.pointer.users if not isinstance(u, (I.Store, I.Load))]
        if len(stores) == 1 and not others and stores[0].pointer is v.pointer:
            return constant_int(stores[0].value)
    return None


def _sret_function_and_args(call, when_missing: str):
    """An API call's `sret` result memory (C++ returning a struct; else
    None), the function it names, and its arguments from that function on."""
    args = list(call.args)
    sret = None
    if call.arg_attrs and "sret" in call.arg_attrs[0]:
        sret, args = args[0], args[1:]
    if not args:
        raise _error(call, when_missing)
    return sret, _function_argument(call, args[0]), args


def parse_call(call, mode: str = "reverse") -> ApiCall:
    """Read an API call's function, options and per-parameter activity."""
    sret, fn, args = _sret_function_and_args(
        call, "Enzyme call without a function to differentiate")
    parsed = ApiCall(call, fn, sret=sret)
    args = _take_return_markers(call, args, parsed, mode)
    args, shadow_queue = _split_interleaved(call, args)
    previous_kind = Activity.DUP  # what an unmarked interleaved argument inherits
    pos = 1
    params = fn.args
    if _result_in_memory(parsed, mode):
        # fn returns through memory (`sret`, a C++ object by value) and so
        # does the call: that parameter's value and shadow are the call's
        # result memory, laid out by lower_fwddiff.
        parsed.args.append(ArgSpec(Activity.CONST, sret))
        params = fn.args[1:]
    for param in params:
        pos = _take_options(call, args, pos, parsed)
        if pos >= len(args):
            raise _error(call, f"too few arguments for '{fn.name}': parameter "
                         f"{param.index + 1} has no value")
        marker = marker_of(args[pos])
        _refuse_runtime_marker(call, args[pos], param, fn)
        if marker is not None:
            kind = MARKERS.get(marker)
            if kind is None:
                known = ", ".join(sorted(MARKERS))
                raise _error(call, f"unknown marker '{marker}' before argument "
                             f"{param.index + 1} of '{fn.name}' (known: {known})")
            if mode == "forward" and kind == Activity.OUT:
                raise _error(call, "'enzyme_out' has no meaning in forward mode; pass the "
                             "value followed by its tangent")
            if kind not in tuple(Activity):
                raise _error(call, f"'{marker}' is not supported yet")
            pos += 1
            if pos >= len(args):
                raise _error(call, f"'{marker}' is not followed by a value")
            if marker_of(args[pos]) is not None:
                misuse.check_marker_value(call, marker, marker_of(args[pos]), param, fn)
            if kind == Activity.OUT:
                misuse.check_out(call, marker, param, fn)
        elif shadow_queue is not None:
            # Enzyme's rule: with enzyme_interleave an unmarked argument has the
            # activity of the one before it (the ABI split one struct into both).
            kind = previous_kind
        else:
            kind = default_activity(param.type, mode)
        previous_kind = kind
        if kind == Activity.OUT and not contains_float(param.type):
            kind = Activity.CONST
        if kind == Activity.OUT and param.type.is_aggregate and contains_pointers(param.type):
            raise _error(call, f"argument {param.index + 1} of '{fn.name}' is a {param.type} "
                         "holding pointers: pass it as 'enzyme_dup' with a shadow (its floats "
                         "get gradients, its pointers shadows) or as 'enzyme_const'")
        misuse.check_value(call, param, args[pos], fn)
        spec = ArgSpec(kind, args[pos])
        pos += 1
        if kind in DUPLICATED:
            shadows = parsed.width          # one per lane, in every mode
            source = args[pos:] if shadow_queue is None else shadow_queue
            if shadows > len(source) or marker_of(source[0]) is not None:
                raise _error(call, f"argument {param.index + 1} of '{fn.name}' is duplicated "
                             "but has no shadow")
            for shadow in source[:shadows]:
                misuse.check_shadow(call, param, spec.value, shadow, fn, marker is not None)
            spec.shadows = source[:shadows]
            spec.shadow = spec.shadows[0]
            if shadow_queue is None:
                pos += shadows
            else:
                del shadow_queue[:shadows]
        parsed.args.append(spec)
    pos = _take_options(call, args, pos, parsed)
    parsed.rest = args[pos:] + (shadow_queue or [])
    if parsed.rest and mode != "split-reverse":
        raise _error(call, f"too many arguments for '{fn.name}': it takes {len(fn.args)} "
                     "parameters")
    return parsed


def _result_in_memory(parsed, mode) -> bool:
    fn = parsed.function
    return (mode == "forward" and parsed.sret is not None and bool(fn.args)
            and "sret" in fn.args[0].attrs)


def _take_return_markers(call, args, parsed, mode) -> list:
    """Read the markers about the result (anywhere after the function) into
    `parsed`, and return the arguments without them."""
    kept = args[:1]
    for v in args[1:]:
        marker = marker_of(v)
        if marker not in RETURN_MARKERS and marker not in PRIMAL_MARKERS:
            kept.append(v)
            continue
        before = marker_of(kept[-1]) if len(kept) > 1 else None
        if before in VALUE_MARKERS:
            raise _error(call, f"'{marker}' stands between '{before}' and its value; markers "
                         "about the result go before or after the arguments, not inside one")
        if mode == "split-reverse" or api_name(call.called_function.name) == \
                "__enzyme_augmentfwd":
            raise _error(call, f"'{marker}' is not available in split mode "
                         "(__enzyme_augmentfwd / __enzyme_reverse)")
        if marker in RETURN_MARKERS:
            _set_once(call, parsed, "ret_activity", RETURN_MARKERS[marker], marker)
        else:
            _set_once(call, parsed, "primal_return", PRIMAL_MARKERS[marker], marker)
    return kept


def _set_once(call, parsed, attr, value, marker) -> None:
    old = getattr(parsed, attr)
    if old is not None and old != value:
        raise _error(call, f"'{marker}' contradicts an earlier marker about the result "
                     f"of '{parsed.function.name}'")
    setattr(parsed, attr, value)


def _split_interleaved(call, args):
    """(values, shadows) around `enzyme_interleave`: all the values (with their
    markers) come first, then the shadows of the duplicated ones in order.
    (args, None) without it."""
    at = [i for i, v in enumerate(args) if marker_of(v) == "enzyme_interleave"]
    if not at:
        return args, None
    if len(at) > 1:
        raise _error(call, "'enzyme_interleave' appears more than once")
    before = marker_of(args[at[0] - 1]) if at[0] > 1 else None
    if before in VALUE_MARKERS:
        raise _error(call, f"'enzyme_interleave' stands between '{before}' and its value")
    return args[:at[0]], list(args[at[0] + 1:])


def api_call_arguments(call):
    """(function differentiated, [(parameter index, [value, shadows...])]) of
    an Enzyme API call, for the interprocedural type analysis; None when
    `call` is no API call, or one its lowering will reject."""
    name = api_name(call.called_function.name) if call.called_function is not None else None
    if name not in LOWERINGS:
        return None
    try:
        parsed = parse_call(call, LOWERINGS[name][0])
    except EnzymeOptError:
        return None
    return parsed.function, [(index, [spec.value, *spec.shadows])
                             for index, spec in enumerate(parsed.args)]


def default_activity(t, mode: str = "reverse") -> Activity:
    """Unmarked arguments: pointers are duplicated, floats active, the rest constant."""
    if t.is_pointer:
        return Activity.DUP
    if contains_float(t):
        return Activity.DUP if mode == "forward" else Activity.OUT
    return Activity.CONST


def lower_autodiff(ctx: DerivativeContext, parsed: ApiCall) -> None:
    """With `enzyme_width N` the float result is seeded with 1.0 in each lane,
    and the gradients come back as N per active argument, argument-major
    (Enzyme's `{[N x T], ...}`, a C struct of `T g[N]` arrays)."""
    call, fn = parsed.call, parsed.function
    kinds = tuple(a.kind for a in parsed.args)
    ret_active = _reverse_return_active(parsed)
    if parsed.primal_return:
        return _lower_autodiff_with_primal(ctx, parsed, ret_active)
    if ret_active and fn.return_type.is_aggregate:
        raise _error(call, f"cannot seed the result of '{fn.name}', of type {fn.return_type}: "
                     "__enzyme_autodiff seeds a float result with 1.0; return one float, or "
                     "write the results through a pointer argument and seed its shadow")
    diffe = ctx.combined_derivative(fn, kinds, ret_active, parsed.width,
                                    parsed.runtime_activity)
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    args = _activity_args(b, parsed)
    check = _derivative_check(ctx, parsed, "reverse", b, args)
    if ret_active:
        args.extend([b.float(fn.return_type, 1.0)] * parsed.width)
    ctx.zero_shadow_globals(b, diffe)
    result = b.call(diffe, args, "grad")
    grads = []
    if not result.type.is_void:
        n = len(diffe_gradients(parsed)) * parsed.width
        grads = [result] if n == 1 else [b.extractvalue(result, [i]) for i in range(n)]
    misuse.check_return(call, grads, parsed.sret, "reverse", fn)
    if check is not None:
        check.after(b, args[:len(args) - parsed.width * ret_active], grads)
    deliver_gradients(b, call, grads, parsed.sret)
    erase_api_call(call)


def _reverse_return_active(parsed) -> bool:
    """Is the result seeded (enzyme_active_return, or by default a float)?"""
    call, fn = parsed.call, parsed.function
    rt = fn.return_type
    if parsed.ret_activity == Activity.CONST:
        return False
    if parsed.ret_activity == Activity.DUP:
        # As in Enzyme: the result's shadow stays inside the derivative (the
        # caller gets none back) and a float result is not seeded.  For a
        # pointer that is what every result gets; a float left unseeded would
        # silently drop its derivative, so that is refused.
        if contains_float(rt):
            raise _error(call, f"'enzyme_dup_return' (a shadow of the result of '{fn.name}') "
                         f"is not supported in reverse mode for a result of type {rt}: "
                         "reverse mode gives no shadow back; seed the result with "
                         "'enzyme_active_return', or return it through a duplicated pointer "
                         "argument")
        return False
    if parsed.ret_activity == Activity.OUT and not contains_float(rt):
        raise _error(call, f"'enzyme_active_return' asks for the result of '{fn.name}' to be "
                     f"seeded, but it returns {rt}, which has no derivative; use "
                     "'enzyme_const_return'")
    return contains_float(rt)


def _lower_autodiff_with_primal(ctx, parsed, ret_active: bool) -> None:
    """`enzyme_primal_return` in reverse mode: the augmented forward pass gives
    the primal result, the reverse pass on its tape the gradients.  The call
    returns `{result, {gradients...}}` (the C++ header's tuple layout)."""
    call, fn = parsed.call, parsed.function
    if fn.return_type.is_void:
        raise _error(call, f"'enzyme_primal_return' asks for the result of '{fn.name}', "
                     "which returns void")
    if ret_active and fn.return_type.is_aggregate:
        raise _error(call, f"cannot seed the result of '{fn.name}', of type "
                     f"{fn.return_type}; mark it 'enzyme_const_return'")
    if ctx.options.get("check_derivatives"):
        unchecked_split_call(call, "__enzyme_autodiff with enzyme_primal_return", fn.name)
    kinds = tuple(Activity.DUP if a.kind == Activity.DUPNONEED else a.kind for a in parsed.args)
    width = parsed.width
    aug, rev = ctx.split_derivative(fn, kinds, ret_active, width=width)
    # The slot goes in the entry block first: a builder's place is an index.
    header = T.local_header(call.function)
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    T.clear_tape(b, header)
    args = _activity_args(b, parsed)
    ctx.zero_shadow_globals(b, aug, rev)
    primal = b.call(aug, [header] + args, "primal")
    seed = [b.float(fn.return_type, 1.0)] * width if ret_active else []
    result = b.call(rev, [header] + args + seed, "grad")
    T.free_tape(b, header)
    n = len(diffe_gradients(parsed)) * width
    grads = [] if result.type.is_void else (
        [result] if n == 1 else [b.extractvalue(result, [i]) for i in range(n)])
    values = [primal] + grads
    if len(grads) > 1:          # the gradients are a struct of their own
        packed = ConstantUndef(StructType(tuple(g.type for g in grads)))
        for i, g in enumerate(grads):
            packed = b.insertvalue(packed, g, [i])
        values = [primal, packed]
    misuse.check_return(call, values, parsed.sret, "reverse", fn)
    deliver_gradients(b, call, values, parsed.sret)
    erase_api_call(call)











def lower_fwddiff(ctx: DerivativeContext, parsed: ApiCall) -> None:
    """The call returns the tangents of the result (by default, or with
    enzyme_dup_return), preceded by the primal result with
    enzyme_primal_return: `{result, tangent}` (the C++ header's layout)."""
    call, fn = parsed.call, parsed.function
    if _result_in_memory(parsed, "forward"):
        return _lower_fwddiff_in_memory(ctx, parsed)
    _zero_seeds_as_constants(parsed)
    kinds = tuple(a.kind for a in parsed.args)
    want_primal, want_tangent = _forward_results(parsed)
    rt = fn.return_type
    returns = "both" if want_primal or (want_tangent and not contains_float(rt)) \
        else "tangent"
    tangent_fn = ctx.forward_derivative(fn, kinds, parsed.width, returns)
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    args = []
    for spec, param in zip(parsed.args, fn.args):
        args.append(coerce(b, spec.value, param.type))
        args.extend(coerce(b, s, param.type) for s in spec.shadows)
    check = _derivative_check(ctx, parsed, "forward", b, args) if returns == "tangent" \
        else None
    ctx.zero_shadow_globals(b, tangent_fn)
    result = b.call(tangent_fn, args, "tangent")
    primal, tangents = _forward_parts(b, result, returns, rt, parsed.width)
    values = ([primal] if want_primal else []) + (tangents if want_tangent else [])
    misuse.check_return(call, values, parsed.sret, "forward", fn)
    if check is not None:
        check.after(b, args, tangents)
    deliver_gradients(b, call, values, parsed.sret)
    erase_api_call(call)


def _zero_seeds_as_constants(parsed) -> None:
    """A float argument whose tangent is the literal +0.0 in every lane is
    passed as a constant: tangents are linear in the seeds, so it adds
    nothing to the result's, and the derivative then has no code for it.
    `__enzyme_fwddiff(f, a, 1.0, b, 0.0)`, one column of a Jacobian, gets
    a tangent function along `a` alone (the reference's gets the same after
    LLVM inlines the literal seeds; ours is then smaller before inlining,
    and a rule may read its argument instead of a result nothing else
    needs).  Where a partial is infinite or NaN, 0 * it is NaN, but the
    partial along a direction without that argument is 0: what this gives.
    Pointers keep their shadows: a null shadow is not a zero tangent."""
    for spec in parsed.args:
        if spec.kind == Activity.DUP and not contains_pointers(spec.value.type) and \
                spec.shadows and all(_positive_zero(s) for s in spec.shadows):
            spec.kind, spec.shadows, spec.shadow = Activity.CONST, [], None


def _positive_zero(v) -> bool:
    """Is `v` a constant +0.0 (zeroinitializer, or +0.0 in every element)?"""
    if isinstance(v, ConstantAggregate):
        return all(_positive_zero(e) for e in v.elements)
    return isinstance(v, (ConstantFloat, ConstantZero)) and v.is_zero


def _lower_fwddiff_in_memory(ctx, parsed) -> None:
    """fn writes its result through its `sret` parameter, and the call returns
    `{result, tangent}` (or one of them) through its own: the primal result
    goes to the call's memory (or, when not wanted, to a slot of our own),
    the tangent after it, as fn's argument and its shadow."""
    call, fn = parsed.call, parsed.function
    result_type = _sret_param_type(fn)
    if result_type is None:
        raise _error(call, f"the result type of '{fn.name}' (its sret parameter) is unknown")
    want_primal = bool(parsed.primal_return)
    if parsed.ret_activity == Activity.OUT:
        raise _error(call, "'enzyme_active_return' has no meaning in forward mode")
    want_tangent = parsed.ret_activity == Activity.DUP or (
        parsed.ret_activity is None and contains_float(result_type))
    size = size_and_align(result_type)[0]
    room = misuse.sret_type(call, parsed.sret)
    needed = size * (want_primal + want_tangent * parsed.width)
    if room is not None and size_and_align(room)[0] < needed:
        raise _error(call, f"the call's result ({room}) cannot hold the "
                     f"{'result and ' if want_primal else ''}tangent of '{fn.name}' "
                     f"({needed} bytes)")
    unused = None if want_primal else Builder(call.function.entry, 0).alloca(
        result_type, name="result.unused", align=16)   # before `b`: its place is an index
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    base = b.pointer_cast(parsed.sret, b.module.pointer_to(result_type))
    primal_slot = base if want_primal else unused
    first = 1 if want_primal else 0
    shadows = [b.gep(result_type, base, [b.i64(first + lane)],
                     b.module.pointer_to(result_type)) for lane in range(parsed.width)]
    spec = parsed.args[0]
    spec.value = primal_slot
    spec.kind = Activity.DUP if want_tangent else Activity.CONST
    spec.shadows = shadows if want_tangent else []
    spec.shadow = spec.shadows[0] if spec.shadows else None
    kinds = tuple(a.kind for a in parsed.args)
    tangent_fn = ctx.forward_derivative(fn, kinds, parsed.width, "tangent")
    args = []
    for spec, param in zip(parsed.args, fn.args):
        args.append(coerce(b, spec.value, param.type))
        args.extend(coerce(b, s, param.type) for s in spec.shadows)
    ctx.zero_shadow_globals(b, tangent_fn)
    b.call(tangent_fn, args, "tangent")
    erase_api_call(call)


def _sret_param_type(fn):
    """The type of the memory fn's `sret` parameter points to."""
    m = re.search(r"sret\((.+?)\)(\s|$)", fn.args[0].attrs)
    named = misuse.named_type(fn.module, m.group(1)) if m is not None else None
    return named if named is not None else getattr(fn.args[0].type, "pointee", None)


def _forward_results(parsed):
    """(is the primal result returned, are its tangents returned)."""
    call, fn = parsed.call, parsed.function
    rt = fn.return_type
    if parsed.ret_activity == Activity.OUT:
        raise _error(call, "'enzyme_active_return' has no meaning in forward mode: the "
                     "result's tangent comes with 'enzyme_dup_return' (the default for a "
                     "float or pointer result)")
    want_primal = bool(parsed.primal_return)
    if want_primal and rt.is_void:
        raise _error(call, f"'enzyme_primal_return' asks for the result of '{fn.name}', "
                     "which returns void")
    if parsed.ret_activity == Activity.DUP:
        if not (contains_float(rt) or contains_pointers(rt)):
            raise _error(call, f"'enzyme_dup_return' asks for the tangent of the result of "
                         f"'{fn.name}', but it returns {rt}, which has none; use "
                         "'enzyme_const_return'")
        return want_primal, True
    if parsed.ret_activity == Activity.CONST:
        return want_primal, False
    # By default a float result's tangent, and a pointer result's shadow (as
    # Enzyme's default); not a null pointer in its place.
    return want_primal, contains_float(rt) or rt.is_pointer


def _forward_parts(b, result, returns: str, rt, width: int):
    """(primal, [tangents]) of what a tangent function returned (see
    ForwardGenerator.tangent_return_type)."""
    if result.type.is_void:
        return None, []
    if returns == "tangent":
        return None, [result] if width == 1 else [b.extractvalue(result, [i])
                                                  for i in range(width)]
    if not (contains_float(rt) or contains_pointers(rt)):
        return result, []
    return b.extractvalue(result, [0]), [b.extractvalue(result, [1 + i]) for i in range(width)]




def lower_error_estimate(ctx: DerivativeContext, parsed: ApiCall) -> None:
    """`__enzyme_error_estimate(f, x, err_x, ...)`: f run with the errors of its
    inputs beside them; returns the error of its result (error_estimate.py)."""
    call, fn = parsed.call, parsed.function
    if parsed.width != 1:
        raise _error(call, "__enzyme_error_estimate takes no 'enzyme_width'")
    kinds = tuple(a.kind for a in parsed.args)
    estimator = ctx.forward_derivative(fn, kinds, 1, error=True)
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    # Errors of globals live in their tangent globals: an estimate must not
    # take what a forward derivative or another estimate left there, and
    # the clearing tells drop_needless_shadow_clears that it leaves some.
    ctx.zero_shadow_globals(b, estimator)
    result = b.call(estimator, _activity_args(b, parsed), "error")
    errors = [] if result.type.is_void else [result]
    misuse.check_return(call, errors, parsed.sret, "forward", fn)
    deliver_gradients(b, call, errors, parsed.sret)
    erase_api_call(call)


def _derivative_check(ctx, parsed, mode, b, args):
    """With --check-derivatives: the call's check, its evaluations emitted at `b`."""
    if not ctx.options.get("check_derivatives"):
        return None
    check = DerivativeCheck(ctx, parsed, mode)
    check.before(b, args)
    return check


def diffe_gradients(parsed) -> list:
    """The arguments whose gradients the derivative returns."""
    return [spec for spec, param in zip(parsed.args, parsed.function.args)
            if returns_gradient(param.type, spec.kind)]


def _activity_args(b, parsed):
    """Primal values and shadows, converted to the parameter types."""
    args = []
    for spec, param in zip(parsed.args, parsed.function.args):
        args.append(coerce(b, spec.value, param.type))
        args.extend(coerce(b, s, param.type) for s in spec.shadows)
    return args


def _split_pair(ctx, parsed):
    """(augmented forward, reverse) of the call's function; with
    `enzyme_width N` both carry N shadows per duplicated argument (the
    augmented forward and the reverse must say the same width)."""
    kinds = tuple(Activity.DUP if a.kind == Activity.DUPNONEED else a.kind
                  for a in parsed.args)
    fn = parsed.function
    return ctx.split_derivative(fn, kinds, contains_float(fn.return_type),
                                width=parsed.width)


def _check_allocated(parsed, available: Optional[int]) -> None:
    size = parsed.allocated if parsed.allocated is not None else available
    if size is not None and size < HEADER_BYTES:
        raise _error(parsed.call, f"the tape of '{parsed.function.name}' needs {HEADER_BYTES} "
                     f"bytes but only {size} were allocated (enzyme_allocated)")


def lower_augmentfwd(ctx: DerivativeContext, parsed: ApiCall) -> None:
    """Run the augmented forward pass; the tape goes to caller memory or is returned.

    The tape is a header (`tape.HEADER_BYTES`) over a growable buffer.  It
    lives in the caller's `enzyme_tape` memory, or is malloc'd and returned
    as a pointer (alone, or in the pointer field of a returned struct whose
    float field gets the primal result), or is returned by value.  A
    derivative that records nothing uses a header of its own and leaves the
    caller's memory alone.
    """
    call = parsed.call
    aug, rev = _split_pair(ctx, parsed)
    b = Builder().position_before(call)
    rtype = call.type
    tape_field = _field_of(rtype, lambda t: t.is_pointer)
    if parsed.tape is not None or rtype.is_void:
        if parsed.tape is not None and T.uses_tape(aug):
            _check_allocated(parsed, None)
            header = b.pointer_cast(parsed.tape, T.tape_ptr_type(b.module))
        else:
            header = T.local_header(call.function)
            b.position_before(call)     # the slot went in before: a builder's place is an index
    elif rtype.is_pointer or tape_field is not None:
        header = b.pointer_cast(b.call(T.libc(b.module, "malloc"), [b.i64(T.HEADER_BYTES)]),
                                T.tape_ptr_type(b.module))
    else:                               # the tape is returned by value
        _check_allocated(parsed, size_and_align(rtype)[0])
        header = b.alloca(rtype, name="tape.value", align=8)
        header = b.pointer_cast(header, T.tape_ptr_type(b.module))
    T.clear_tape(b, header)
    args = _activity_args(b, parsed)
    ctx.zero_shadow_globals(b, aug, rev)
    primal = b.call(aug, [header] + args, "primal")
    if rtype.is_void or not call.has_code_uses():
        pass
    elif rtype.is_pointer:
        tape = b.pointer_cast(header, rtype)
        ctx.split_tapes[id(tape)] = (parsed.function, parsed.width, call)
        call.replace_all_uses_with(tape)
    elif tape_field is not None:
        value = b.insertvalue(ConstantUndef(rtype), b.pointer_cast(
            header, rtype.elements[tape_field]), [tape_field])
        result_field = _field_of(rtype, lambda t: t == primal.type)
        if not primal.type.is_void and result_field is not None:
            value = b.insertvalue(value, primal, [result_field])
        call.replace_all_uses_with(value)
    else:
        value = b.load(rtype, b.pointer_cast(header, b.module.pointer_to(rtype)), "tape.out")
        if parsed.tape is not None and not primal.type.is_void and rtype.is_struct:
            value = b.insertvalue(ConstantUndef(rtype), primal, [0])
        call.replace_all_uses_with(value)
    erase_api_call(call)


def _field_of(t, wanted) -> Optional[int]:
    """The index of the first element of struct `t` that `wanted` accepts."""
    if not t.is_struct:
        return None
    return next((i for i, e in enumerate(t.elements) if wanted(e)), None)


def lower_reverse(ctx: DerivativeContext, parsed: ApiCall) -> None:
    """Run the reverse pass on a tape recorded by `__enzyme_augmentfwd`.

    The tape comes as `enzyme_tape, tape` or, as in Enzyme, as the last
    argument (after the adjoint of a float result).
    """
    call, fn = parsed.call, parsed.function
    aug, rev = _split_pair(ctx, parsed)
    rest, tape = list(parsed.rest), parsed.tape
    if tape is None:
        if not rest or contains_float(rest[-1].type):
            raise _error(call, "__enzyme_reverse needs the tape recorded by "
                         "__enzyme_augmentfwd: pass it last, or as 'enzyme_tape, tape'")
        tape = rest.pop()
    _check_same_width(ctx, parsed, tape)
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    # Memory we malloc'd in __enzyme_augmentfwd is freed here; the caller's is not.
    owned = tape.type.is_pointer and not parsed.caller_allocated
    if parsed.tape is not None and not T.uses_tape(aug):
        header = T.local_header(call.function)      # the same choice as the forward call
        b.position_before(call)     # the slot went in before: a builder's place is an index
        T.clear_tape(b, header)
        owned = False
    elif tape.type.is_pointer:
        if parsed.caller_allocated and T.uses_tape(aug):
            _check_allocated(parsed, None)      # as __enzyme_augmentfwd checks its own
        header = b.pointer_cast(tape, T.tape_ptr_type(b.module))
    else:
        _check_allocated(parsed, size_and_align(tape.type)[0])
        slot = b.alloca(tape.type, name="tape.value", align=8)
        b.store(tape, slot)
        header = b.pointer_cast(slot, T.tape_ptr_type(b.module))
        owned = False
    args = [header] + _activity_args(b, parsed)
    if contains_float(fn.return_type):
        if len(rest) != parsed.width:
            lanes = f"{parsed.width} adjoints (one per lane)" if parsed.width > 1 else \
                "the adjoint"
            raise _error(call, f"__enzyme_reverse of '{fn.name}' needs {lanes} of its "
                         "return value after the arguments")
        args.extend(coerce(b, r, fn.return_type) for r in rest)
    elif rest:
        raise _error(call, f"too many arguments for '{fn.name}'")
    if parsed.nofree and T.chunked(b.module):
        raise _error(call, "'enzyme_nofree' (a tape kept for another __enzyme_reverse) is not "
                     "supported in a module that differentiates derivatives, where tapes free "
                     "their chunks as the reverse pass empties them")
    if parsed.nofree:
        rev = _keeping_memory(call, fn, rev)
    saved = T.tape_size(b, header) if parsed.nofree else None
    result = b.call(rev, args, "grad")
    if parsed.nofree:
        T.set_tape_size(b, header, saved)
    else:
        T.free_tape(b, header)
        if owned:
            b.call(T.libc(b.module, "free"), [b.pointer_cast(header, T.byte_ptr(b.module))])
    n = len(diffe_gradients(parsed)) * parsed.width
    grads = [] if result.type.is_void else (
        [result] if n == 1 else [b.extractvalue(result, [i]) for i in range(n)])
    misuse.check_return(call, grads, parsed.sret, "reverse", fn)
    deliver_gradients(b, call, grads, parsed.sret)
    erase_api_call(call)


def _keeping_memory(call, fn, rev) -> Function:
    """The reverse pass an `enzyme_nofree` call runs: `rev`, or a copy of it
    without the frees of what the augmented forward allocated (local arrays'
    shadows, heap blocks whose frees wait for the reverse), which the kept
    tape still points at: a second reverse pass read them freed (fuzz seed
    10060).  The last reverse pass, without enzyme_nofree, frees them.
    Refused where the reverse pass runs a parallel region: it empties its
    threads' tapes and pools their memory (a second pass crashed)."""
    reached, frees, unrewritable = _functions_that_free(rev)
    if _may_fork(reached.values(), rev.module):
        raise _error(call, "'enzyme_nofree' (a tape kept for another __enzyme_reverse) is not "
                     f"supported where the reverse pass of '{fn.name}' runs a parallel "
                     "region (or calls through a function pointer in a module that has "
                     "one): that pass empties its threads' tapes and hands their memory "
                     "back, so a second reverse pass would find nothing to read")
    if id(rev) not in frees:
        return rev
    if unrewritable:
        raise _error(call, "'enzyme_nofree' (a tape kept for another __enzyme_reverse) is not "
                     f"supported where the reverse pass of '{fn.name}' frees memory its "
                     "augmented forward allocated and calls through a function pointer "
                     "(or invokes the deallocation)")
    copies = {i: _copy_keeping_memory(reached[i]) for i in frees}
    for copy in copies.values():
        domtree = DominatorTree(copy)
        for inst in list(copy.instructions()):
            callee = inst.called_function if isinstance(inst, I.CallBase) else None
            if callee is None:
                continue
            if is_deallocator(callee.name) and not _allocated_in_same_call(inst.args[0], domtree):
                inst.erase()
            elif id(callee) in copies:
                inst.set_operand(len(inst.operands) - 1, copies[id(callee)])
    return copies[id(rev)]


def _allocated_in_same_call(ptr, domtree) -> bool:
    """Is `ptr` (through casts and address arithmetic) the block an allocator
    call of the same function returned?  Such a block is that pass's own (a
    custom rule's scratch, a helper's temporary recomputed in the reverse):
    the kept tape cannot point at it, and it is freed even with enzyme_nofree,
    or every call would leak it.  Any other pointer may be the tape's."""
    seen = set()
    while id(ptr) not in seen:      # also through stack slots written once (clang -O0)
        seen.add(id(ptr))
        ptr = stored_value(ptr, domtree)
        if isinstance(ptr, (I.Cast, I.GetElementPtr)):
            ptr = ptr.operands[0]
    return isinstance(ptr, I.CallBase) and allocation_size_index(ptr.called_function) is not None


def _functions_that_free(rev):
    """(the functions `rev` reaches by id, the ids of those that free memory
    themselves or through a callee, whether a call among them cannot be
    rewritten: through a pointer or inline assembly, or an invoked free)."""
    reached, todo, unrewritable = {id(rev): rev}, [rev], False
    while todo:
        for inst in todo.pop().instructions():
            if not isinstance(inst, I.CallBase):
                continue
            callee = inst.called_function
            if callee is None:
                unrewritable = True
            elif isinstance(inst, I.Invoke) and is_deallocator(callee.name):
                unrewritable = True
            elif not callee.is_declaration and id(callee) not in reached:
                reached[id(callee)] = callee
                todo.append(callee)
    frees = {i for i, f in reached.items() if _calls(f, lambda g: is_deallocator(g.name))}
    grew = True
    while grew:                         # and what calls a function that frees
        callers = {i for i, f in reached.items()
                   if i not in frees and _calls(f, lambda g: id(g) in frees)}
        frees |= callers
        grew = bool(callers)
    return reached, frees, unrewritable


def _may_fork(functions, module) -> bool:
    """Do `functions` fork a team of threads, or call through a function
    pointer (whose derivative the reverse finds at run time) while some
    function of `module` forks one?"""
    def forks(f):
        return _calls(f, lambda g: g.name == FORK_CALL)
    functions = list(functions)
    if any(forks(f) for f in functions):
        return True
    indirect = any(isinstance(c, I.CallBase) and c.called_function is None and
                   not isinstance(c.callee, InlineAsm)
                   for f in functions for c in f.instructions())
    return indirect and any(forks(f) for f in module.functions if not f.is_declaration)


def _calls(fn, wanted) -> bool:
    """Does `fn` call a function `wanted` accepts?"""
    return any(isinstance(c, I.CallBase) and c.called_function is not None
               and wanted(c.called_function) for c in fn.instructions())


def _copy_keeping_memory(fn) -> Function:
    module = fn.module
    name = fn.name + ".keep"
    existing = module.get(name)
    if existing is not None:
        return existing
    return internal_copy(fn, name)[0]


def _check_same_width(ctx, parsed, tape) -> None:
    """A tape recorded with one batch width cannot be reversed with another
    (its records hold one shadow per lane)."""
    origin = stored_value(tape, DominatorTree(parsed.call.function))
    if isinstance(origin, I.Cast) and id(origin) not in ctx.split_tapes:
        origin = origin.operands[0]
    recorded = ctx.split_tapes.get(id(origin))
    if recorded is None or recorded[0] is not parsed.function or recorded[1] == parsed.width:
        return
    raise _error(parsed.call, f"this tape of '{parsed.function.name}' was recorded by "
                 f"__enzyme_augmentfwd with enzyme_width {recorded[1]}, but __enzyme_reverse "
                 f"is called with width {parsed.width}: give both the same 'enzyme_width'")


def lower_augmentsize(ctx: DerivativeContext, call) -> None:
    """The bytes `enzyme_allocated` must provide: a tape header, or none at all."""
    if not call.type.is_int:
        raise _error(call, "__enzyme_augmentsize must return an integer")
    size = T.HEADER_BYTES
    fn = _target(call)
    kinds = [MARKERS.get(marker_of(a)) for a in call.args[1:]]
    if fn is not None and not fn.is_declaration and len(kinds) == len(fn.args) and \
            all(k in tuple(Activity) for k in kinds):
        aug, _ = ctx.split_derivative(fn, tuple(Activity.DUP if k == Activity.DUPNONEED else k
                                                for k in kinds),
                                      contains_float(fn.return_type))
        size = T.HEADER_BYTES if T.uses_tape(aug) else 0
    call.replace_all_uses_with(ConstantInt(call.type, size))
    erase_api_call(call)


LOWERINGS = {"__enzyme_autodiff": ("reverse", lower_autodiff),
             "__enzyme_fwddiff": ("forward", lower_fwddiff),
             "__enzyme_error_estimate": ("forward", lower_error_estimate),
             "__enzyme_augmentfwd": ("reverse", lower_augmentfwd),
             "__enzyme_reverse": ("split-reverse", lower_reverse)}


def lower_api_calls(module, options=None) -> int:
    """Replace every Enzyme API call in `module`; returns how many.

    Calls are lowered innermost first: a function that itself contains an
    API call (a gradient being differentiated again, for higher order) is
    differentiated only after its own API calls were replaced.
    """
    misuse.check_user_mark_registrations(module)
    misuse.check_api_names(module, lambda name: api_name(name) is not None
                           or misuse.enzyme_name(name) == ITER or todense_name(name) is not None)
    check_iteration_counters(module)
    if options is not None and options.get("truncate_all"):
        truncate_module(module, options["truncate_all"])
    if options is not None:     # the context's copy of the options shares the list
        options.setdefault("warnings", [])
    ctx = DerivativeContext(module, options, api_call=api_call_arguments,
                            lower_api_call=_lower_split_call)
    if options is not None:
        options["warnings"].extend(unused_registrations(ctx.custom))
    pending = api_calls(module)
    forwarded = resolve_operands_through_stack(pending)
    pending = split_merged_operands(pending)
    roots = [_target(c) for c in pending]
    ctx.globals.roots = None if any(r is None for r in roots) else roots   # unknown: any
    total = len(pending)
    waiting = {id(c.function) for c in pending}
    nested = any(_reaches(_target(c), waiting) for c in pending)
    if nested:
        ctx.tape_spares = False
        T.use_chunks(module)
    while pending:
        waiting = {id(c.function) for c in pending}
        ready = [c for c in pending if not _reaches(_target(c), waiting)]
        if not ready:
            raise DifferentiationError("Enzyme calls differentiate each other in a cycle",
                                       function=pending[0].function, instruction=pending[0])
        stages = ctx.options.get("stages")
        for call in ready:
            if stages is not None:
                stages.enter(_call_site_note(call).removeprefix("while "))
            try:
                _lower_one(ctx, call)
            except DifferentiationError as e:
                # An error about code with no place of its own (made by the
                # AD) is located at the API call, the place the user wrote.
                e.locate(call).add_note(_call_site_note(call))
                raise
            except Exception as e:      # a bug of ours: say what we were working on
                e.enzyme_opt_note = _call_site_note(call)
                raise
        done = {id(c) for c in ready}
        pending = [c for c in pending if id(c) not in done]
    if not nested:
        # With every derivative made: where derivatives are differentiated
        # again, a clearing may have been differentiated with its caller.
        ctx.drop_needless_shadow_clears()
    if ctx.options.get("stages") is not None:
        ctx.options["stages"].enter("removing the API's declarations")
    drop_dead_slots(forwarded)
    resolve_counters(module)
    # Views are plain pointers to the derivatives made above (dense_views.py).
    lower_dense_views(module)
    remove_api_leftovers(module)
    T.settle_grow_convention(module)
    if options is not None:
        options.setdefault("reports", []).extend(ctx.reports)
    return total


def _call_site_note(call) -> str:
    api = call.called_function.name
    target = _target(call)
    what = f"'{target.name}'" if target is not None else "a function"
    loc = source_location(call) or ir_location(call)
    where = f" at {loc[0]}:{loc[1]}:{loc[2]}" if loc else ""
    doing = "truncating" if api_name(api) in TRUNCATE_FUNC_CALLS else "differentiating"
    return f"while {doing} {what} for the call to '{api}' in '{call.function.name}'{where}"


def _lower_one(ctx, call) -> None:
    name = api_name(call.called_function.name)
    if name == "__enzyme_augmentsize":
        return lower_augmentsize(ctx, call)
    if name == "__enzyme_batch":
        return _lower_batch(call)
    if name == "__enzyme_virtualreverse":
        return lower_virtualreverse(ctx, call)
    if name in TRUNCATE_FUNC_CALLS or name in VALUE_CALLS:
        return _lower_truncation(ctx, call, name)
    if name in LOWERINGS:
        mode, lower = LOWERINGS[name]
        parsed = parse_call(call, mode)
        _refuse_duplicated_global(ctx, parsed)
        refuse_duplicated_memory_on_global(ctx.globals, parsed,
                                           lambda message: _error(parsed.call, message))
        refuse_duplicated_memory_in_constant_argument(
            parsed, lambda message: _error(parsed.call, message))
        require_shadows_apart_alike(parsed)
        keep_shared_primal(parsed)
        if parsed.runtime_activity:
            misuse.check_runtime_activity(call, name, parsed, lower is lower_autodiff)
        if mode not in ("reverse", "forward") or name == "__enzyme_augmentfwd":
            if ctx.options.get("check_derivatives"):
                unchecked_split_call(call, name, parsed.function.name)
        return lower(ctx, parsed)
    raise DifferentiationError(f"'{name}' is not supported yet",
                               function=call.function, instruction=call)


def _refuse_duplicated_global(ctx, parsed) -> None:
    """A global passed as a duplicated argument, with the caller's shadow,
    that the function also names in its code: what it reads and writes
    there directly carries its derivative in the global's own shadow, not
    in the one passed, so the two paths to the same memory would split its
    derivative between them (a wrong gradient, exit 0)."""
    for index, spec in enumerate(parsed.args):
        g = global_base(spec.value) if spec.kind in DUPLICATED else None
        if g is not None and ctx.globals.names_global(parsed.function, g):
            raise _error(parsed.call, f"argument {index + 1} of '{parsed.function.name}' is "
                         f"global '@{g.name}', duplicated with the shadow passed, and "
                         f"'{parsed.function.name}' also uses '@{g.name}' directly: the "
                         "derivatives of its direct uses would not reach that shadow (pass "
                         "a copy of the global, or use it one way only)")


def _lower_truncation(ctx, call, name) -> None:
    """`__enzyme_truncate_*` (truncate.py): no derivative, a function or a
    value at a lower floating-point precision."""
    args = list(call.args)
    if name in VALUE_CALLS:
        lower_value_call(call, name, [constant_int(a) for a in args[1:]])
    else:
        if not args:
            raise _error(call, f"{name} without a function to truncate")
        fn = _function_argument(call, args[0])
        lower_truncate_call(call, name, fn, [constant_int(a) for a in args[1:]],
                            ctx.truncated)
    erase_api_call(call)


def _lower_batch(call) -> None:
    sret, fn, args = _sret_function_and_args(call, "__enzyme_batch without a function to run")

    def width_of(rest, pos):
        if pos >= len(rest) or marker_of(rest[pos]) != "enzyme_width":
            return None
        width = constant_int(rest[pos + 1]) if pos + 1 < len(rest) else None
        if width is None or width < 1:
            raise _error(call, "'enzyme_width' must be followed by a positive integer constant")
        return width, pos + 2

    lower_batch(call, fn, args[1:], sret, width_of)


def _target(call):
    """The function an API call differentiates (None if not recognizable yet)."""
    args = call.args
    for v in args[:2]:
        target = function_under_casts(v)
        if target is not None:
            return target
    return None


def _reaches(fn, waiting: set) -> bool:
    """Does `fn`, or anything it calls, still contain an unlowered API call?"""
    return fn is not None and reaches_function(fn, lambda f: id(f) in waiting)


# The registration globals read by the analyses, dropped once they are used.
USER_MARK_GLOBALS = ("__enzyme_inactivefn", "__enzyme_allocation_like",
                     "__enzyme_function_like", "__enzyme_inactive_global")


def remove_api_leftovers(module) -> None:
    """Drop marker loads, API declarations, marker globals, inactive-function
    lists and allocator declarations that nothing uses now."""
    for gv in list(module.globals):
        if isinstance(gv, GlobalVariable) and gv.name in MARKERS:
            for user in list(gv.users):
                if isinstance(user, I.Load) and not user.has_code_uses() and user.parent is not None:
                    user.erase()
    leftovers = [gv for gv in list(module.globals) + list(module.functions)
                 if (gv.name in MARKERS or gv.name.startswith(USER_MARK_GLOBALS)
                     if isinstance(gv, GlobalVariable)
                     else api_name(gv.name) is not None and gv.is_declaration)]
    if not leftovers:           # nothing to drop: skip the walk over every instruction
        return
    live = referenced_globals(module)
    for gv in leftovers:
        if id(gv) not in live:
            module.remove_global_value(gv)
        elif isinstance(gv, GlobalVariable) and gv.name in MARKERS and gv.is_declaration:
            _define_checked_marker(module, gv)


def _define_checked_marker(module, gv) -> None:
    """A marker whose address code still uses after its loads are gone: a
    sanitizer's check of the load (AddressSanitizer's shadow byte test,
    ThreadSanitizer's `__tsan_read4`), kept in the caller.  Nothing defines
    the marker, so the program would not link: the check looks at an int 0
    of this module's own instead, named for what it is."""
    module.remove_global_value(gv)
    gv.name = "enzyme_opt.checked_marker"
    gv.linkage = "internal"
    gv.initializer = zero_of(gv.value_type)
    module.add_global(gv)


def _lower_split_call(ctx: DerivativeContext, call, name: str) -> None:
    """Lower an API call that derivative code made (a derivative table's body)."""
    mode, lower = LOWERINGS[name]
    lower(ctx, parse_call(call, mode))
