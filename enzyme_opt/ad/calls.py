"""What kind of call this is, for the derivative: one classifier for both modes.

Forward and reverse mode treat a call by what its callee is: a function
with a derivative rule, an allocation, a memory copy, a function with a
body to differentiate, ...  Both ask `classify_call`, so the two modes
cannot disagree on what a call is, and the order of the questions (an
allocation before "inactive", since malloc has no float in sight) is
written once.
"""
from __future__ import annotations

import enum

from ..analysis.activity import allocation_size_index, is_inactive_call, is_input_call
from ..analysis.library import (differentiable_blas, is_deallocator, is_memory_copy,
                                is_memory_set, mpi_rule, reallocator)
from .complex_calls import is_complex_call
from .masked import is_masked_access
from .rules import check_function_like, rule_name_for_call


class CallKind(enum.Enum):
    INDIRECT = "the callee is known only at run time (or is inline assembly)"
    ALLOCATION = "allocates memory (malloc, calloc, operator new)"
    FREE = "releases memory (free, operator delete)"
    REALLOC = "realloc, __rust_realloc"
    INACTIVE = "passes no derivative on (I/O, hints, user-marked inactive)"
    INPUT = "stores what it reads (scanf, std::istream >>): no derivative, stale adjoints"
    CUSTOM = "has a derivative registered by the user"
    RULE = "a math function with a derivative rule, or one marked like it"
    REDUCTION = "an LLVM vector reduction"
    MEMCPY = "copies memory (memcpy, memmove)"
    MEMSET = "fills memory (memset)"
    MASKED = "a masked vector load, store, gather or scatter"
    COMPLEX = "complex arithmetic of the runtime (__muldc3, cexp, ...)"
    BLAS = "a BLAS routine whose derivative is BLAS calls (ad/blas.py)"
    MPI = "an MPI communication whose derivative is MPI calls (ad/mpi.py)"
    OPAQUE = "a declaration without a derivative rule"
    BODY = "a function with a body, differentiated in turn"


def classify_call(call, custom_rules, mode: str) -> CallKind:
    """The kind of `call`.  `custom_rules` maps id(function) to the user's
    registration; it counts when it has a derivative for `mode` ("forward"
    or "reverse")."""
    callee = call.called_function
    if callee is None:       # a library stream object's virtual member, or unknown
        return CallKind.INACTIVE if is_inactive_call(call) else \
            CallKind.INPUT if is_input_call(call) else CallKind.INDIRECT
    name = callee.name
    if allocation_size_index(callee) is not None:     # also __enzyme_allocation_like
        return CallKind.ALLOCATION
    if is_deallocator(name):
        return CallKind.FREE
    if reallocator(name) is not None:
        return CallKind.REALLOC
    if is_inactive_call(call):
        return CallKind.INACTIVE
    rule = custom_rules.get(id(callee))
    if rule is not None and getattr(rule, mode) is not None:
        return CallKind.CUSTOM
    if check_function_like(call) is not None:
        return CallKind.RULE        # enzyme_function_like: the named function's rule
    if is_input_call(call):
        return CallKind.INPUT       # by name, also with a body (operator>> templates)
    # A BLAS routine's exact name is a contract, body or not (a BLAS built
    # into the program, a test's mock): its derivative is BLAS calls.
    if differentiable_blas(name) is not None:
        return CallKind.BLAS
    # What a name promises holds for library functions only: a function of
    # the user's with a body (`memcpy_rows`, `sinc`) is differentiated as written.
    if not callee.is_declaration:
        return CallKind.BODY
    if rule_name_for_call(name) is not None:
        return CallKind.RULE
    if mpi_rule(name) is not None:
        return CallKind.MPI
    if name.startswith("llvm.vector.reduce.f"):
        return CallKind.REDUCTION
    if is_memory_copy(name):
        return CallKind.MEMCPY
    if is_memory_set(name):
        return CallKind.MEMSET
    if is_masked_access(callee):
        return CallKind.MASKED
    if is_complex_call(callee):
        return CallKind.COMPLEX
    return CallKind.OPAQUE
