"""A vector store mixing floats with pointers becomes one store per lane.

The SLP vectorizer stores structs `{double w; double *p}` two at a time as
one `<4 x ptr>`, the doubles going in as `inttoptr (bitcast <2 x double>)`
(clang 14 and 19, -O2 and -O3).  The AD cannot give such a vector one
shadow: the pointer lanes need the pointers' shadows, the double lanes the
doubles' derivatives.  Where every lane's bits come from a value of the
kind type analysis finds in memory at that lane (analysis/lanes.py: a
double's lane in a double, a pointer's in a pointer, constant bits in
either), the store is rewritten as one store per lane of that value, in its
own type; each writes the same bits the vector did.  Where a lane does not
agree -- a double's bits where memory holds a pointer, an integer computed
at run time -- the store stays, and the AD refuses it as before.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

from ..analysis.lanes import lane_kind, lane_source
from ..analysis.type_analysis import FLOAT_KINDS, kind_size
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import ConstantInt, ConstantNull
from ..ir.types import I64, I8, FloatType, size_and_align
from .typed_copies import float_with_bits

_MOVES = (I.Cast, I.ShuffleVector, I.InsertElement, I.ExtractElement)


def split_mixed_lane_stores(fn, types) -> bool:
    """Rewrite `fn` in place; True if a store was split."""
    changed = False
    for inst in list(fn.instructions()):
        if isinstance(inst, I.Store) and not inst.volatile and not inst.atomic:
            lanes = _lane_values(inst, types)
            if lanes is not None:
                _split(inst, lanes)
                changed = True
    return changed


def _lane_values(store, types) -> Optional[List[Tuple[int, str, object]]]:
    """(byte offset, kind, what to store there) for each lane of `store`'s
    vector of pointers or integers, if a lane holds a float's bits and every
    lane agrees with the memory it is stored into; else None.  What to store
    is a value, or (vector, lane) for a lane of another vector."""
    t = store.value.type
    if not t.is_vector or t.element.is_float:
        return None
    step = size_and_align(t.element)[0]
    cells = types.cells_in(store.pointer, step * t.count)
    out = []
    for lane in range(t.count):
        source = lane_source(store.value, lane)
        if source is None:
            continue                        # a poison lane: any bytes will do
        kind = cells.get(lane * step)
        value = _typed_lane(source, kind, step)
        if value is None:
            return None
        out.append((lane * step, kind, value))
    if not any(kind in FLOAT_KINDS for _, kind, _ in out) or _float_vector_bits(store.value):
        return None
    return out


def _float_vector_bits(v) -> bool:
    """Is `v` a float vector's bits, which typed_copies.py stores as that vector?"""
    return isinstance(v, I.Cast) and v.opcode == "bitcast" and v.operands[0].type.is_vector \
        and v.operands[0].type.element.is_float and v.type.element.is_int


def _typed_lane(source, memory: Optional[str], step: int):
    """What to store for a lane whose bits come from `source` into memory of
    kind `memory`: the float or pointer itself, or the constant in that kind;
    None if they disagree."""
    value, lane = source
    if isinstance(value, ConstantInt):
        if memory in FLOAT_KINDS and kind_size(memory) == step:
            return float_with_bits(FloatType(memory), value.value)
        return "null" if memory == "ptr" and value.value == 0 else None
    kind = lane_kind(source)
    if kind is None or kind != memory or size_and_align(value.type.scalar)[0] != step:
        return None
    return value if lane is None else (value, lane)


def _split(store, lanes) -> None:
    module = store.function.module
    b = Builder().position_before(store)
    base = b.pointer_cast(store.pointer, module.pointer_to(I8))
    align = store.align or 1
    for offset, _, what in lanes:
        if what == "null":
            value = ConstantNull(module.pointer_to(I8))
        elif isinstance(what, tuple):
            value = b.extractelement(what[0], ConstantInt(I64, what[1]))
        else:
            value = what
        at = base if not offset else b.gep(I8, base, [ConstantInt(I64, offset)], base.type)
        made = b.insert(I.Store(value, b.pointer_cast(at, module.pointer_to(value.type)),
                                _common_alignment(align, offset)))
        made.metadata = list(store.metadata)
        made.location = store.location
    old = store.value
    store.erase()
    _erase_dead_moves(old)


def _common_alignment(align: int, offset: int) -> int:
    """The largest power of two dividing both `align` and `offset`."""
    return align if not offset else min(align, offset & -offset)


def _erase_dead_moves(v) -> None:
    """The shuffles and casts that only fed the vector store, now unused."""
    work = [v]
    while work:
        v = work.pop()
        if isinstance(v, _MOVES) and v.parent is not None and not v.has_uses():
            operands = list(v.operands)
            v.erase()
            work.extend(operands)
