"""Vector loads and stores mixing floats with pointers become one per lane.

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

Reading such memory back as one vector (a `<2 x ptr>` or `<2 x i64>` load of
a `{double, ptr}`) is the same move the other way: the load becomes one
load per lane in the kind memory holds there, the vector rebuilt from them
for the uses that want it, and a lane turned back into a float or pointer
(`bitcast (extractelement ...)`) is the value loaded (fold_lane_casts, which
also sees through typed_copies.py's integer views of float vectors).
"""
from __future__ import annotations

from typing import List, Optional, Tuple

from ..analysis.lanes import lane_kind, lane_source
from ..analysis.type_analysis import FLOAT_KINDS, HINT, MemoryLayout, kind_size
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import ConstantInt, ConstantNull, ConstantPoison
from ..ir.types import I64, I8, FloatType, IntType, size_and_align
from .typed_copies import float_with_bits

_MOVES = (I.Cast, I.ShuffleVector, I.InsertElement, I.ExtractElement)


def split_mixed_lane_moves(fn, types) -> bool:
    """Rewrite `fn` in place (loads first: a copy's store then sees the lanes
    loaded); True if a load or store was split."""
    changed = False
    for kind, plan, split in ((I.Load, _lane_kinds, _split_load),
                              (I.Store, _lane_values, _split)):
        for inst in list(fn.instructions()):
            if isinstance(inst, kind) and not inst.volatile and not inst.atomic:
                lanes = plan(inst, types)
                if lanes is not None:
                    split(inst, lanes)
                    changed = True
    return changed | fold_lane_casts(fn)


# -- loads -------------------------------------------------------------------------------
def _lane_kinds(load, types) -> Optional[List[str]]:
    """The kind of memory under each lane of a vector load, if it mixes kinds
    the vector's type hides -- a float among pointers or integers, a pointer
    among floats (the vectorizer reads `{double, ptr}` as `<2 x double>` too)
    -- and each float or pointer lane is one whole scalar of its kind; else
    None (floats alone in integers: typed_copies.py)."""
    t = load.type
    if not t.is_vector:
        return None
    step = size_and_align(t.element)[0]
    cells = _known_cells(types, load.pointer, step * t.count)
    kinds = [cells.get(lane * step) for lane in range(t.count)]
    if t.element.is_float:
        if "ptr" not in kinds:
            return None
    else:
        floats = sum(kind in FLOAT_KINDS for kind in kinds)
        if not floats or (floats == len(kinds) and t.element.is_int):
            return None
    if any(kind is None or (kind != "int" and kind_size(kind) != step) or kind == "x86_fp80"
           for kind in kinds):
        return None
    return kinds


def _known_cells(types, ptr, nbytes: int) -> dict:
    """types.cells_in(ptr, nbytes) without the hints (a vector read's pointer
    lanes say nothing of what it reads)."""
    known = MemoryLayout()
    for offset, stride, kind, rank in types.region(ptr).entries():
        if rank > HINT:
            known.put(offset, stride, kind, rank)
    return known.cells_in(nbytes)


def _split_load(load, kinds) -> None:
    module = load.function.module
    b = Builder().position_before(load)
    base = b.pointer_cast(load.pointer, module.pointer_to(I8))
    step = size_and_align(load.type.element)[0]
    align = load.align or 1
    element = load.type.element
    vector = ConstantPoison(load.type)
    for lane, kind in enumerate(kinds):
        t = module.pointer_to(I8) if kind == "ptr" else \
            IntType(8 * step) if kind == "int" else FloatType(kind)
        offset = lane * step
        at = base if not offset else b.gep(I8, base, [ConstantInt(I64, offset)], base.type)
        typed = b.insert(I.Load(t, b.pointer_cast(at, module.pointer_to(t)),
                                _common_alignment(align, offset)))
        typed.metadata = list(load.metadata)
        typed.location = load.location
        vector = b.insertelement(vector, _as_lane(b, typed, element), ConstantInt(I64, lane))
    load.replace_all_uses_with(vector)
    load.erase()


def _as_lane(b, value, element):
    """`value` (a float, pointer or integer) as a lane of type `element`, bits
    unchanged."""
    if value.type == element:
        return value
    if value.type.is_pointer and element.is_pointer:
        return b.pointer_cast(value, element)
    width = IntType(8 * size_and_align(value.type)[0])
    bits = value if value.type.is_int else \
        b.cast("ptrtoint" if value.type.is_pointer else "bitcast", value, width)
    if element.is_pointer:
        return b.cast("inttoptr", bits, element)
    return bits if element.is_int else b.cast("bitcast", bits, element)


# -- lanes turned back into what they hold ---------------------------------------------------
def fold_lane_casts(fn) -> bool:
    """`bitcast (extractelement (bitcast <2 x double> %v to <2 x i64>), 0) to
    double` is `extractelement %v, 0`: a float or pointer taken out of a lane
    whose bits come from one of its type is that value."""
    changed = False
    for inst in list(fn.instructions()):
        if inst.parent is None or not (inst.type.is_float or inst.type.is_pointer) or \
                not _out_of_a_lane(inst):
            continue
        source = lane_source(inst, None)
        if source is None or source[0] is inst or source[0].type.scalar != inst.type:
            continue
        value, lane = source
        if lane is not None:
            if isinstance(inst, I.ExtractElement) and inst.operands[0] is value:
                continue
            value = Builder().position_before(inst).extractelement(value, ConstantInt(I64, lane))
        inst.replace_all_uses_with(value)
        _erase_dead_moves(inst)
        changed = True
    return changed


def _out_of_a_lane(inst) -> bool:
    """Is `inst` an `extractelement`, or casts of one?  (Scalar casts alone are
    typed_copies.py's and bits_across_calls.py's business.)"""
    for _ in range(4):
        if isinstance(inst, I.ExtractElement):
            return True
        if not isinstance(inst, I.Cast) or inst.opcode not in ("bitcast", "inttoptr", "ptrtoint"):
            return False
        inst = inst.operands[0]
    return False


# -- stores ------------------------------------------------------------------------------


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
