"""The reverse of `*p += e` without moving p's shadow out and back.

The general reverse of `store v, p` reads p's shadow into v's adjoint and
zeroes it; the reverse of the `load p` that v was computed from adds its
adjoint back.  When v is `load p + e` (an fadd, or the addend of fmuladd /
fma) the load's adjoint is exactly what was read, so the shadow ends up
holding the value it started with: a store of zero, a reload and a store of
the same value per element, in the inner loop of every accumulation into
memory (`C[i][j] += a * B[l][j]`).  LLVM cannot remove them: the zero is
+0.0 and `+0.0 + x` is not x for x = -0.0.

Here the reverse of the store reads the shadow and leaves it; the reverse
of the load then drops its adjoint instead of adding it back.  The result
is the same when nothing between the load and the store writes memory: the
reverses of the instructions between them run between the two reverses,
and of those only the loads' touch shadows, by adding (which commutes with
leaving the value in place).  Anything else keeps the general reverse.
"""
from __future__ import annotations

from ..analysis.library import CHEAP_FLOAT_INTRINSICS, PURE_INTRINSICS
from ..analysis.memory import store_bytes
from ..analysis.type_analysis import base_and_offset
from ..ir import instructions as I


def in_place_load(gen, store):
    """The `load p` whose adjoint the reverse of `store v, p` may leave in
    p's shadow (see the module's docstring), or None."""
    value, ptr = store.operands
    if gen.width != 1 or store.volatile or store.atomic:
        return None
    if not isinstance(value, I.Instruction) or not value.type.scalar.is_float:
        return None
    if value.parent is not store.parent or len(value.uses) != 1:
        return None
    load = _accumulated_load(value, ptr)
    if (load is None or load.type != value.type
            or load.volatile or load.atomic or load.parent is not store.parent
            or len(load.uses) != 1):
        return None
    if not (gen.info.is_active(load) and gen.info.is_active(value)):
        return None
    if _writes_between(load, store):
        return None
    return load


def _accumulated_load(value, ptr):
    """The `load ptr` that `value` adds with coefficient one, or None."""
    def from_ptr(x):
        return isinstance(x, I.Load) and x.pointer is ptr

    if value.opcode in ("fadd", "fsub"):
        a, c = value.operands
        if a is c:
            return None
        if from_ptr(a):
            return a
        return c if value.opcode == "fadd" and from_ptr(c) else None
    if isinstance(value, I.Call) and _calls(value, CHEAP_FLOAT_INTRINSICS):   # fmuladd, fma
        args = value.args
        if len(args) == 3 and from_ptr(args[2]) and all(a is not args[2] for a in args[:2]):
            return args[2]
    return None


def _calls(call, prefixes) -> bool:
    fn = call.called_function
    return fn is not None and (fn.name or "").startswith(prefixes)


def _writes_between(load, store) -> bool:
    block = load.parent
    start, end = block.index_of(load), block.index_of(store)
    if start > end:
        return True
    for inst in block.instructions[start + 1:end]:
        if isinstance(inst, I.CallBase):
            if not _calls(inst, PURE_INTRINSICS):
                return True
        elif isinstance(inst, I.Store):
            if not _disjoint(inst, store):
                return True
        elif inst.opcode in ("atomicrmw", "cmpxchg", "fence", "va_arg"):
            return True
        elif isinstance(inst, I.Load) and (inst.volatile or inst.atomic):
            return True
    return False


def _disjoint(other, store) -> bool:
    """Do the two stores write separate bytes at constant offsets from the
    same pointer (an unrolled loop's copies)?  Their shadows then are
    separate too (the shadow of a GEP is the same GEP of the base's shadow)."""
    a, b = base_and_offset(other.pointer), base_and_offset(store.pointer)
    size_a, size_b = store_bytes(other), store_bytes(store)
    if a[0] is not b[0] or size_a is None or size_b is None:
        return False
    return a[1] + size_a <= b[1] or b[1] + size_b <= a[1]


