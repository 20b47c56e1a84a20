"""Two duplicated arguments into one object need shadows as far apart.

`__enzyme_autodiff(f, enzyme_dup, x, dx, enzyme_dup, x + 1, d)`: the
function reaches x[1] through both pointers, and the derivative of what it
reads or writes there goes into the shadow of the pointer it used.  Unless
`d` is `dx + 1`, the two shadows are two copies of x's derivatives, each
holding part of them: the gradient comes out wrong, with exit status 0.
(The refusal of a constant pointer stored where derivatives are kept
advises passing it duplicated with a zeroed shadow: into memory another
duplicated argument points to, that was this.)  Where the caller derives
both pointers from one object (`x` and `x + 1`, also through clang -O0's
local variables, and through a wrapper's parameters where the module calls
the wrapper once), the call checks, when it runs, that the shadows are the
same distance apart as the pointers, and stops the program otherwise.
Pointers that may point into one object only by merging what different
calls or stores pass (a wrapper called on other arrays elsewhere, `cur`
and `next` swapped in a time loop) are not checked: two separate arrays
have unrelated distances, and a stop there would depend on where malloc
put them.
"""
from __future__ import annotations

from ..analysis.arg_activity import DUPLICATED
from ..analysis.pointer_flow import CALLS_FOLLOWED
from ..diagnostics import DifferentiationError
from ..ir import Builder
from ..ir.module import direct_calls_of
from ..ir.types import I64
from ..ir.values import Argument
from .constant_memory import caller_object
from .runtime_messages import stop_unless


def require_shadows_apart_alike(parsed) -> None:
    """Before the API call `parsed`, the run-time check of each pair of
    duplicated pointer arguments the caller derives from one object."""
    call = parsed.call
    pointers = [(index, spec) for index, spec in enumerate(parsed.args)
                if spec.kind in DUPLICATED and spec.value.type.is_pointer and spec.shadows
                and all(s.type.is_pointer for s in spec.shadows)]
    if len(pointers) < 2:
        return
    b = Builder().position_before(call)
    for k, (first, a) in enumerate(pointers):
        for second, other in pointers[k + 1:]:
            if _derived_from_one_object(a.value, other.value, CALLS_FOLLOWED):
                _check_pair(b, parsed, (first, a), (second, other))


def _derived_from_one_object(a, b, depth: int) -> bool:
    """Does the caller derive pointers `a` and `b` from one object: itself,
    or, where they are two parameters of a function the module calls once,
    that call's arguments (`depth` calls up)?  Never by merging what
    several calls pass."""
    a, b = caller_object(a), caller_object(b)
    if a is b:
        return True
    if depth == 0 or not (isinstance(a, Argument) and isinstance(b, Argument)) or \
            a.function is not b.function:
        return False
    calls = direct_calls_of(a.function)
    if calls is None or len(calls) != 1 or max(a.index, b.index) >= len(calls[0].args):
        return False
    return _derived_from_one_object(calls[0].args[a.index], calls[0].args[b.index], depth - 1)


def _check_pair(b: Builder, parsed, first, second) -> None:
    """`shadow2 - shadow1 == pointer2 - pointer1` in every lane, or stop."""
    (i, a), (j, other) = first, second
    apart = _distance(b, a.value, other.value)
    ok = None
    for shadow_a, shadow_b in zip(a.shadows, other.shadows):
        same = b.icmp("eq", _distance(b, shadow_a, shadow_b), apart)
        ok = same if ok is None else b.binop("and", ok, same)
    name = parsed.function.name
    error = DifferentiationError(
        f"arguments {i + 1} and {j + 1} of '{name}' are passed duplicated and point into one "
        "object, but their shadows are not as far apart as they are: the derivatives of that "
        "object's bytes would be split between the two shadows; pass shadows at the same "
        "offsets (dx and dx + k for x and x + k), or the memory only once",
        function=parsed.call.function, instruction=parsed.call)
    stop_unless(b, ok, error)


def _distance(b: Builder, low, high):
    """`high - low` in bytes, as integers."""
    return b.sub(b.cast("ptrtoint", high, I64), b.cast("ptrtoint", low, I64))
