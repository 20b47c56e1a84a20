"""User-registered derivatives, read from the module's registration globals.

    void *__enzyme_register_gradient_NAME[3]   = {fn, augmented_forward, reverse};
    void *__enzyme_register_derivative_NAME[2] = {fn, forward};

Calls to `fn` inside differentiated code then use the user's functions
instead of differentiating `fn`'s body.  The globals are removed from the
output: they exist only to carry this information to the tool.
"""
from __future__ import annotations

from typing import Dict, Optional

from ..ir import Function, GlobalVariable
from .misuse import check_registration
from .records import record

GRADIENT_PREFIX = "__enzyme_register_gradient"
DERIVATIVE_PREFIX = "__enzyme_register_derivative"


@record
class CustomRule:
    function: Function
    augmented: Optional[Function] = None   # reverse mode: records a tape (or nothing)
    reverse: Optional[Function] = None
    forward: Optional[Function] = None     # forward mode


def collect_custom_rules(module) -> Dict[int, CustomRule]:
    """id(fn) -> its registered rule; the registration globals are removed."""
    rules: Dict[int, CustomRule] = {}
    for gv in list(module.globals):
        if not isinstance(gv, GlobalVariable) or not gv.name.startswith(
                (GRADIENT_PREFIX, DERIVATIVE_PREFIX)):
            continue
        if gv.initializer is None:
            continue                # declared only: registers nothing
        fns = check_registration(gv, 3 if gv.name.startswith(GRADIENT_PREFIX) else 2)
        rule = rules.setdefault(id(fns[0]), CustomRule(fns[0]))
        if gv.name.startswith(GRADIENT_PREFIX):
            rule.augmented, rule.reverse = fns[1], fns[2]
        else:
            rule.forward = fns[1]
        module.remove_global_value(gv)
    return rules


def unused_registrations(rules: Dict[int, CustomRule]) -> list:
    """Warnings for registered functions nothing refers to once their
    registrations are gone.  At -O1 and up clang may inline such a function
    before enzyme-opt runs: its callers then hold its body, whose own
    derivative is computed, and the registered one is never used."""
    return [f"the derivative registered for '{r.function.name}' is not used: nothing in the "
            f"module calls '{r.function.name}' (if clang inlined it before enzyme-opt ran, "
            f"its body is differentiated instead; declare it __attribute__((noinline)) to keep "
            f"the registered derivative)"
            for r in rules.values() if not r.function.has_uses()]
