"""Two duplicated arguments into one object need shadows as far apart.

`__enzyme_autodiff(f, enzyme_dup, x, dx, enzyme_dup, x + 1, d)`: the
function reaches x[1] through both pointers, and the derivative of what it
reads or writes there goes into the shadow of the pointer it used.  Unless
`d` is `dx + 1`, the two shadows are two copies of x's derivatives, each
holding part of them: the gradient comes out wrong, with exit status 0.
(The refusal of a constant pointer stored where derivatives are kept
advises passing it duplicated with a zeroed shadow: into memory another
duplicated argument points to, that was this.)  Where the caller's two
pointers may point into one object, the call checks, when it runs, that the
shadows are the same distance apart as the pointers, and stops the program
otherwise.
"""
from __future__ import annotations

from ..analysis.arg_activity import DUPLICATED
from ..analysis.pointer_flow import module_callers
from ..diagnostics import DifferentiationError
from ..ir import Builder
from ..ir.types import I64
from .constant_memory import one_object
from .runtime_messages import abort_unless, c_string


def require_shadows_apart_alike(parsed) -> None:
    """Before the API call `parsed`, the run-time check of each pair of
    duplicated pointer arguments that may point into one object."""
    call, fn = parsed.call, parsed.function
    pointers = [(index, spec) for index, spec in enumerate(parsed.args)
                if spec.kind in DUPLICATED and spec.value.type.is_pointer and spec.shadows
                and all(s.type.is_pointer for s in spec.shadows)]
    if len(pointers) < 2:
        return
    callers = module_callers(fn.module)
    b = Builder().position_before(call)
    for k, (first, a) in enumerate(pointers):
        for second, other in pointers[k + 1:]:
            if one_object(a.value, other.value, callers):
                _check_pair(b, parsed, (first, a), (second, other))


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
    message = c_string(b, b.module, "enzyme-opt: " + error.render().split("\n")[0])
    b.call(abort_unless(b.module), [ok, message])


def _distance(b: Builder, low, high):
    """`high - low` in bytes, as integers."""
    return b.sub(b.cast("ptrtoint", high, I64), b.cast("ptrtoint", low, I64))
