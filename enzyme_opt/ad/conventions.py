"""Calling conventions: a value converted to the parameter type a callee declares.

API calls (api.py) and calls of user-registered derivatives (custom.py's
rules, called from forward_rules.py, adjoints.py and reverse.py) pass values
the way C does, so their types may differ from the parameters'.
"""
from __future__ import annotations

from ..diagnostics import DifferentiationError
from ..ir import Builder


def coerce(b: Builder, v, t):
    """Convert a call argument to the parameter type (C varargs promote floats)."""
    if v.type == t:
        return v
    if v.type.is_float and t.is_float:
        return b.cast("fptrunc" if v.type.bits > t.bits else "fpext", v, t)
    if v.type.is_int and t.is_int:
        return b.cast("trunc" if v.type.bits > t.bits else "sext", v, t)
    if v.type.is_pointer and t.is_pointer:
        return b.pointer_cast(v, t)
    if v.type.is_int and t.is_pointer:
        return b.cast("inttoptr", v, t)
    if v.type.is_pointer and t.is_int:
        return b.cast("ptrtoint", v, t)
    raise DifferentiationError(f"cannot pass a {v.type} value as a {t} parameter")
