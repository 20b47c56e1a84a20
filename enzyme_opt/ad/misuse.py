"""Misuses of the Enzyme API, each refused with a located error and a hint.

A misuse that LLVM accepts (the API is variadic, markers are ints) would
otherwise be differentiated as written: a marker read as a value, an
integer shadow, a prototype too small for the gradients.  The checks here
run on the calls as the C program wrote them, before anything is lowered.
"""
from __future__ import annotations

import re
from typing import Optional

from ..analysis.activity import contains_float
from ..analysis.arg_activity import DUPLICATED
from ..analysis.library import LIFETIME_AND_DEBUG_INTRINSICS, differentiable_blas
from ..analysis.library.blas import ARRAYS, CBLAS, PARAMETERS
from ..diagnostics import (DifferentiationError, EnzymeOptError, global_source_location,
                           ir_location, read_source_line, source_location)
from ..ir import GlobalVariable
from ..ir import instructions as I
from ..ir.constants import ConstantAggregate, ConstantExpr, ConstantInt
from ..ir.module import function_under_casts
from ..analysis.stack_slots import reloads_of_spill
from ..analysis.user_marks import elements, global_base_or_self, string_pointed_to
from ..ir.types import FloatType, size_and_align

# The entry points enzyme-opt lowers, and the globals it reads.
SUPPORTED_CALLS = ("__enzyme_autodiff", "__enzyme_fwddiff", "__enzyme_augmentfwd",
                   "__enzyme_reverse", "__enzyme_augmentsize", "__enzyme_batch",
                   "__enzyme_error_estimate", "__enzyme_virtualreverse",
                   "__enzyme_truncate_mem_func", "__enzyme_truncate_op_func",
                   "__enzyme_truncate_mem_value", "__enzyme_expand_mem_value",
                   "__enzyme_iter", "__enzyme_todense", "__enzyme_post_sparse_todense")
KNOWN_GLOBAL_PREFIXES = ("__enzyme_register_gradient", "__enzyme_register_derivative",
                         "__enzyme_inactivefn", "__enzyme_allocation_like",
                         "__enzyme_function_like", "__enzyme_inactive_global")
# Enzyme's own API that enzyme-opt does not implement (a call of one is no typo).
ENZYME_ONLY_CALLS = ("__enzyme_fwdsplit",
                     "__enzyme_truncate_op_value",
                     "__enzyme_float",
                     "__enzyme_double", "__enzyme_integer", "__enzyme_pointer",
                     "__enzyme_sample", "__enzyme_trace", "__enzyme_condition",
                     "__enzyme_observe", "__enzyme_likelihood", "__enzyme_get_trace",
                     "__enzyme_sparse_accumulate")
# What to do instead of an Enzyme-only entry point, where there is a way.
INSTEAD = {
}
ENZYME_ONLY_GLOBALS = ("__enzyme_register_splitderivative",)


def enzyme_name(name: str) -> Optional[str]:
    """The `__enzyme_*` name a symbol stands for: itself, or the name inside
    C++'s mangling (`_Z19__enzyme_frobnicatePvz`); None for other symbols."""
    if name.startswith("__enzyme_"):
        return name
    if "__enzyme_" not in name:      # most symbols: no pattern to match
        return None
    m = re.match(r"_Z(\d+)(__enzyme_\w+)", name)
    if m is not None:
        return m.group(2)[:int(m.group(1))]
    return None


def check_api_names(module, is_api) -> None:
    """Refuse uses of `__enzyme_*` functions and globals enzyme-opt does not
    implement: left in the output, they would only fail at link time.
    `is_api(name)` says which names the lowering takes (by prefix)."""
    for fn in module.functions:
        name = enzyme_name(fn.name)
        if name is None or not fn.is_declaration:
            continue
        if is_api(fn.name) and not name.startswith(ENZYME_ONLY_CALLS):
            continue
        use = _first_use(module, fn)
        if use is not None:
            _refuse_unknown(name, use, fn, "function")
    for gv in module.globals:
        name = enzyme_name(gv.name)
        if name is None or name.startswith(KNOWN_GLOBAL_PREFIXES):
            continue
        if isinstance(gv, GlobalVariable) and gv.initializer is not None:
            _refuse_unknown(name, None, gv, "global")
        use = _first_use(module, gv)
        if use is not None:
            _refuse_unknown(name, use, gv, "global")


def _refuse_unknown(name, use, symbol, kind) -> None:
    from difflib import get_close_matches      # for this error only: slow to import
    if kind == "function":
        if name.startswith(ENZYME_ONLY_CALLS):
            what = f"'{name}' is an Enzyme API function that enzyme-opt does not support"
        else:
            what = f"'{name}' is not an Enzyme API function enzyme-opt knows"
        close = get_close_matches(name, SUPPORTED_CALLS, n=1, cutoff=0.0)
        hint = (f" (did you mean '{close[0]}'?)" if not name.startswith(ENZYME_ONLY_CALLS)
                else "") + "; supported: " + ", ".join(SUPPORTED_CALLS)
        instead = next((v for k, v in INSTEAD.items() if name.startswith(k)), None)
        if instead is not None:
            hint += f"; {instead}"
    else:
        if name.startswith(ENZYME_ONLY_GLOBALS):
            what = f"the Enzyme global '{name}' is not supported by enzyme-opt"
        else:
            what = f"'{name}' is not an Enzyme global enzyme-opt knows"
        close = get_close_matches(name, [p + "_NAME" for p in KNOWN_GLOBAL_PREFIXES],
                                  n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        hint += "; known: " + ", ".join(p + "_*" for p in KNOWN_GLOBAL_PREFIXES)
    message = what + hint
    if isinstance(use, I.Instruction):
        raise DifferentiationError(message, function=use.function, instruction=use)
    holder = use if use is not None else symbol
    raise located_at_global(message, holder)


def located_at_global(message: str, gv) -> EnzymeOptError:
    """An error at a global's definition: its C line under -g, else its .ll line."""
    loc = global_source_location(gv) or getattr(gv, "location", None)
    if loc is None:
        return EnzymeOptError(message)
    filename, line, column = loc
    return EnzymeOptError(message, filename, line, column, read_source_line(filename, line))


def _first_use(module, symbol):
    """The first instruction using `symbol` (directly or in a constant
    expression), else the first global whose initializer does; None if unused."""
    if not symbol.has_code_uses():      # (reads the bodies that name it)
        return None
    for fn in module.read_functions():
        for inst in fn.instructions():
            if any(op is symbol or _mentions(op, symbol) for op in inst.operands):
                return inst
    for gv in module.globals:
        init = getattr(gv, "initializer", None)
        if init is not None and _mentions(init, symbol) and not gv.name.startswith("llvm."):
            return gv
    return None


def _mentions(v, symbol, depth: int = 0) -> bool:
    if v is symbol:
        return True
    if depth > 64 or not isinstance(v, ConstantExpr) and not hasattr(v, "elements"):
        return False
    parts = getattr(v, "elements", None) or getattr(v, "operands", ())
    return any(_mentions(p, symbol, depth + 1) for p in parts)


# -- the arguments of one call ----------------------------------------------------------

def describe_value(v) -> str:
    """`an i32 (2)`, `a double`: what a call argument is, for messages."""
    t = v.type
    article = "an" if str(t)[:1] in "aeiou" else "a"
    if isinstance(v, ConstantInt):
        return f"{article} {t} ({v.value})"
    return f"{article} {t}"


def _kind(t) -> str:
    if t.is_float:
        return "float"
    if t.is_int or t.is_pointer:
        return "int-or-pointer"     # converted both ways (`(uintptr_t)p`, a literal 0)
    if t.is_aggregate:
        return "aggregate"          # a named struct and its literal twin are one
    return "vector" if t.is_vector else str(t)


def check_value(call, param, value, fn) -> None:
    """The value for a parameter must be convertible to its type."""
    t = param.type
    if value.type == t or _kind(value.type) == _kind(t) or (t.is_vector and value.type.is_vector
                                                            and value.type.count == t.count):
        return
    hint = ""
    if t.is_pointer and value.type.is_float:
        hint = "; pass the address of the value (and of its shadow), not the value"
    elif t.is_float and value.type.is_pointer:
        hint = "; pass the value itself, not its address (pointers are for pointer parameters)"
    raise _error(call, f"argument {param.index + 1} of '{fn.name}' is {_article(t)} {t}, but "
                 f"{describe_value(value)} was passed for it{hint}")


def check_shadow(call, param, value, shadow, fn, marked: bool) -> None:
    """A shadow has its primal's type: an integer after a pointer is a
    forgotten shadow followed by the next parameter's value."""
    t = param.type
    if _kind(shadow.type) == _kind(t) and (shadow.type.is_pointer or not t.is_pointer
                                           or value.type.is_int):
        return
    how = "duplicated" if marked else "duplicated by default (it is a pointer)" \
        if param.type.is_pointer else "duplicated by default"
    raise _error(call, f"argument {param.index + 1} of '{fn.name}' is {how}, so the argument "
                 f"after it, {describe_value(shadow)}, was taken as its shadow; pass the shadow "
                 f"right after the value (`x, dx`), or mark the argument `enzyme_const`")


def check_marker_value(call, marker, value_marker, param, fn) -> None:
    raise _error(call, f"'{marker}' is followed by the marker '{value_marker}' where the value "
                 f"of argument {param.index + 1} of '{fn.name}' belongs; each parameter takes "
                 "one marker, then its value (and for enzyme_dup, its shadow): "
                 "`enzyme_dup, x, dx`")


def check_out(call, marker, param, fn) -> None:
    """`enzyme_out` asks for a returned gradient, which only floats have."""
    t = param.type
    if contains_float(t):
        return
    if t.is_pointer:
        hint = ("a pointer's derivative is its shadow: write `enzyme_dup, x, dx` (or "
                "`enzyme_const, x`)")
    else:
        hint = "it has no derivative: write `enzyme_const, x`"
    raise _error(call, f"'{marker}' marks argument {param.index + 1} of '{fn.name}', "
                 f"{_article(t)} {t}; {hint}")


def _article(t) -> str:
    return "an" if str(t)[:1] in "aeiox" else "a"


# -- what a call returns ------------------------------------------------------------------

def check_return(call, grads: list, sret, mode: str, fn) -> None:
    """The type the prototype returns (or its `sret` memory) must hold the
    gradients (reverse) or tangents (forward) in their packed C layout."""
    if not grads:
        return
    api = call.called_function.name
    what = (f"the tangent of the result of '{fn.name}'" if mode == "forward" and len(grads) == 1
            else f"the {len(grads)} tangents of the result of '{fn.name}'" if mode == "forward"
            else f"the gradient of the active argument of '{fn.name}'" if len(grads) == 1
            else f"the gradients of the {len(grads)} active arguments of '{fn.name}'")
    types = ", ".join(str(g.type) for g in grads)
    rtype = sret_type(call, sret) if sret is not None else call.type
    if rtype is None:
        return
    if rtype.is_void:
        if mode == "forward":
            return              # the tangent of the result is not asked for
        raise _error(call, f"'{api}' is declared to return void, which drops {what} "
                     f"({types}); declare it to return {_suggestion(grads)}, or mark the "
                     "arguments `enzyme_const`")
    if _holds(rtype, grads):
        extra = sum(1 for _ in _leaves(rtype, 0)) - sum(
            sum(1 for _ in _leaves(g.type, 0)) for g in grads)
        if extra <= 0:
            return
        raise _error(call, f"'{api}' is declared to return '{rtype}', which has {extra} "
                     f"field{'s' if extra != 1 else ''} more than {what} ({types}) {'needs' if len(grads) == 1 else 'need'}; "
                     f"declare it to return {_suggestion(grads)}, or check that every "
                     "argument meant to be active is")
    raise _error(call, f"'{api}' is declared to return '{rtype}', which cannot hold {what} "
                 f"({types}); declare it to return {_suggestion(grads)}")


def _suggestion(grads) -> str:
    if len(grads) == 1:
        return str(grads[0].type)
    kinds = {str(g.type) for g in grads}
    if len(kinds) == 1:
        return f"a struct of {len(grads)} {kinds.pop()}s"
    return "a struct of " + ", ".join(str(g.type) for g in grads)


def _holds(rtype, grads) -> bool:
    """Each gradient, laid out as in a C struct of them, lands on a field of
    `rtype` of its own type (ABI-coerced returns such as `<2 x float>` or
    `{ <2 x float>, float }` included)."""
    if len(grads) == 1 and rtype.is_float and grads[0].type.is_float:
        return True
    leaves = dict(_leaves(rtype, 0))
    offset = 0
    for g in grads:
        size, align = size_and_align(g.type)
        offset = (offset + align - 1) // align * align
        if not _covers(leaves, g.type, offset):
            return False
        offset += size
    return True


def _covers(leaves: dict, t, offset: int) -> bool:
    """Whether the float leaves of `t` at `offset` are leaves of the return type."""
    return all(leaves.get(o) == lt for o, lt in _leaves(t, offset))


def _leaves(t, offset: int):
    """(offset, scalar type) of each scalar inside `t` at `offset`."""
    if t.is_struct:
        at = 0
        for e in t.elements:
            size, align = size_and_align(e)
            at = at if getattr(t, "packed", False) else (at + align - 1) // align * align
            yield from _leaves(e, offset + at)
            at += size
    elif t.is_array or t.is_vector:
        size, _ = size_and_align(t.element)
        for i in range(t.count):
            yield from _leaves(t.element, offset + i * size)
    else:
        yield offset, t


def sret_type(call, sret):
    """The type of the `sret` memory a call writes, if the IR says."""
    m = re.search(r"sret\((.+?)\)(\s|$)", call.arg_attrs[0]) if call.arg_attrs else None
    if m is not None:
        module = call.function.module
        t = named_type(module, m.group(1))
        if t is not None:
            return t
    pointee = getattr(sret.type, "pointee", None)
    return pointee


def named_type(module, text: str):
    text = text.strip()
    if text.startswith("%"):
        name = text[1:].strip('"')
        return module.named_types.get(name) or module.type_aliases.get(name)
    if text in ("double", "float", "x86_fp80", "half", "fp128"):
        return FloatType(text)
    return None


def _error(call, message):
    return DifferentiationError(message, function=call.function, instruction=call)


# -- enzyme_runtime_activity ----------------------------------------------------------------
def check_runtime_activity(call, api: str, parsed, combined: bool) -> None:
    """`enzyme_runtime_activity`: a duplicated pointer whose shadow is the
    pointer itself at run time is inactive.  The BLAS adjoints test that
    (ad/blas.py); nothing else does, so every use of such a pointer must be
    an array argument of a BLAS call with a rule, in a combined derivative."""
    if not combined or parsed.width != 1 or parsed.primal_return:
        raise _error(call, f"'enzyme_runtime_activity' is supported in '__enzyme_autodiff' "
                     f"(reverse mode, one lane, no primal result) only, not in '{api}' here")
    fn = parsed.function
    for param, spec in zip(fn.args, parsed.args):
        if spec.kind not in DUPLICATED or not param.type.is_pointer:
            continue
        use = _use_outside_blas(param)
        if use is not None:
            err = _error(call, f"with 'enzyme_runtime_activity', argument {param.index + 1} "
                         f"of '{fn.name}' (duplicated) may only be passed as an array to BLAS "
                         "routines with derivative rules, whose adjoints test at run time "
                         "whether its shadow is the pointer itself")
            loc = source_location(use) or ir_location(use)
            where = f" at {loc[0]}:{loc[1]}:{loc[2]}" if loc else ""
            err.add_note(f"'{fn.name}' uses it otherwise{where}")
            raise err


def _use_outside_blas(param):
    """The first use of pointer argument `param` that is not an array argument
    of a cblas call with a rule (through casts, GEPs and a -O0 stack slot)."""
    pending = [param]
    while pending:
        v = pending.pop()
        for use in v.users:
            if not isinstance(use, I.Instruction) or _is_marker_call(use):
                continue          # debug metadata, lifetime markers
            if isinstance(use, (I.Cast, I.GetElementPtr)):
                pending.append(use)
                continue
            if isinstance(use, I.CallBase) and _blas_array_use(use, v):
                continue
            reloads = reloads_of_spill(use) if isinstance(use, I.Store) and use.value is v else None
            if reloads is None:
                return use
            pending.extend(reloads)   # -O0 keeps the argument in a stack slot
    return None


def _is_marker_call(inst) -> bool:
    callee = inst.called_function if isinstance(inst, I.CallBase) else None
    return callee is not None and callee.name.startswith(LIFETIME_AND_DEBUG_INTRINSICS)


def _blas_array_use(call, v) -> bool:
    callee = call.called_function
    routine = differentiable_blas(callee.name) if callee is not None else None
    if routine is None or routine.convention != CBLAS:
        return False
    names = PARAMETERS[routine.operation]
    return all(i < len(names) and names[i] in ARRAYS
               for i, a in enumerate(call.args) if a is v)


# -- registrations --------------------------------------------------------------------------

_REGISTRATION_FORMS = {3: "{ (void *)f, (void *)augmented_forward, (void *)reverse }",
                       2: "{ (void *)f, (void *)forward }"}


def check_registration(gv, count: int) -> list:
    """The functions a `__enzyme_register_*` global lists: exactly `count`
    of them, or a located error showing the expected form."""
    init = gv.initializer
    elements = init.elements if isinstance(init, ConstantAggregate) else None
    form = f"void *{gv.name}[{count}] = {_REGISTRATION_FORMS[count]}"
    if elements is None or len(elements) != count:
        found = (f"{len(elements)} elements" if elements is not None else
                 f"no list of functions ({gv.value_type})")
        raise located_at_global(f"the registration '{gv.name}' has {found}, but takes "
                                f"{count} functions: `{form};`", gv)
    fns = [function_under_casts(e) for e in elements]
    for index, fn in enumerate(fns):
        if fn is None:
            raise located_at_global(f"element {index + 1} of the registration '{gv.name}' is "
                                    f"not a function: `{form};`", gv)
    return fns


def check_user_mark_registrations(module) -> None:
    """Refuse, at the global, a `__enzyme_function_like` that is not
    `{(void *)f, (void *)"NAME"}` and an `__enzyme_inactive_global` that
    names no global variable: left unread, the mark would be lost."""
    for gv in module.globals:
        init = getattr(gv, "initializer", None)
        if gv.name.startswith("__enzyme_function_like"):
            parts = elements(init)
            if len(parts) != 2 or function_under_casts(parts[0]) is None or \
                    string_pointed_to(parts[1]) is None:
                raise located_at_global(
                    f"the registration '{gv.name}' must be `void *{gv.name}[2] = "
                    "{(void *)f, (void *)\"NAME\"}`", gv)
        elif gv.name.startswith("__enzyme_inactive_global"):
            listed = elements(init) if isinstance(init, ConstantAggregate) else [init]
            if not listed or any(global_base_or_self(v) is None for v in listed):
                raise located_at_global(
                    f"the registration '{gv.name}' must hold the address of a global "
                    f"variable: `void *{gv.name} = (void *)&g;`", gv)
