"""`__enzyme_iter(n, step)`: a count that grows with each differentiation.

A truncated series loses a term to each derivative taken of it.  A program
that wants its k-th derivative as accurate as its primal writes the number
of terms as `__enzyme_iter(n, step)`: the primal reads `n`, and every copy
of a function the AD makes to differentiate it reads `step` more than the
function it was copied from.  So a derivative reads `n + step`, the
derivative of that derivative (whose code holds the bumped call) `n + 2 *
step`, and so on.  The calls stay in the code while API calls are being
lowered (a derivative made now may be differentiated again later); once
all are lowered each call becomes its first argument.
"""
from __future__ import annotations

from ..diagnostics import DifferentiationError
from ..ir import Builder
from ..ir import instructions as I
from ..ir.module import function_under_casts
from .conventions import erase_api_call
from .misuse import enzyme_name

ITER = "__enzyme_iter"


def is_iteration_counter(fn) -> bool:
    return fn is not None and enzyme_name(fn.name) == ITER


def _counter_calls(fn):
    return [inst for inst in fn.instructions()
            if isinstance(inst, I.CallBase) and is_iteration_counter(inst.called_function)]


def check_iteration_counters(module) -> None:
    """Refuse uses `advance_counters` could not serve: a counter taken by
    address, or called with other than two integers of its result's type."""
    if not uses_counters(module):
        return
    module.read_bodies_naming([f for f in module.functions if is_iteration_counter(f)])
    for fn in module.read_functions():
        for inst in fn.instructions():
            is_call = isinstance(inst, I.CallBase)
            args = inst.args if is_call else inst.operands
            if any(is_iteration_counter(function_under_casts(a)) for a in args):
                raise DifferentiationError(
                    f"'{ITER}' is used other than called: its count grows with each "
                    "differentiation of the function calling it, so call it directly",
                    function=fn, instruction=inst)
            if is_call and is_iteration_counter(inst.called_function):
                _check_counter_call(inst)


def _check_counter_call(call) -> None:
    args, rtype = call.args, call.type
    if len(args) != 2 or not rtype.is_int or any(a.type != rtype for a in args):
        raise DifferentiationError(
            f"'{ITER}' takes two integers (the count and its step per differentiation) "
            "and returns an integer of the same type; declare it as 'unsigned long long "
            "__enzyme_iter(unsigned long long, unsigned long long)'",
            function=call.function, instruction=call)


def advance_counters(fn) -> None:
    """In `fn`, a copy made for differentiation: each counter reads its step more."""
    for call in _counter_calls(fn):
        count, step = call.args
        bumped = Builder().position_before(call).add(count, step, "iter.next")
        call.set_operand(0, bumped)


def resolve_counters(module) -> None:
    """All API calls lowered: each counter is its count."""
    counters = [f for f in module.functions if is_iteration_counter(f)]
    if not counters:            # no call to find: skip the walk over every instruction
        return
    module.read_bodies_naming(counters)
    for fn in module.read_functions():
        if fn.is_declaration:
            continue
        for call in _counter_calls(fn):
            call.replace_all_uses_with(call.args[0])
            erase_api_call(call)
    for fn in list(module.functions):
        if is_iteration_counter(fn) and fn.is_declaration and not fn.has_code_uses():
            module.remove_global_value(fn)


def uses_counters(module) -> bool:
    return any(is_iteration_counter(fn) and fn.is_declaration for fn in module.functions)

