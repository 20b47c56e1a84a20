"""Type analysis: what memory behind each pointer holds, byte by byte.

LLVM types say little about memory: clang -O2 copies structs with `memcpy`
and doubles with `load i64`/`store i64`, reads doubles through `i8` GEPs,
and opaque pointers carry no element type.  This analysis collects, for
every pointer value, the kinds ("double", "float", "int", "ptr", ...) seen
at byte offsets from it and answers "what is at offset k of p".

Evidence, strongest first:
- float- and pointer-typed accesses, TBAA tags (`!tbaa`, `!tbaa.struct`),
  which name the C type whatever LLVM type the access uses, and what the
  functions called do with the memory passed to them (see module_types.py);
- weak: the declared types of allocas and globals, the element types of
  GEPs, integer-typed accesses in unoptimized code without TBAA (clang -O0:
  IR types are source types then; optimized code moves any bytes as
  integers, so there an integer without a tag says nothing), and what
  callers pass in.  A weak "int" is weaker still: a float from elsewhere
  overrides it (an integer temporary a double is copied through).
Strong evidence overrides weak; between equals the first seen stays.

Accesses are recorded at the pointer used and at the pointers it derives
from: constant GEP offsets add up; an index known only at run time (an
array element) makes the record periodic, `offset + k * stride` for every
k; so does a pointer phi stepping by a constant in a loop.  A pointer
read back from a stack slot stored once is the value stored (clang -O0),
and one returned by an accessor function is its argument moved.  Copies
(`memcpy`, and an integer load stored elsewhere) carry kinds between
their ends, since both hold the same bytes.

The AD uses the answers to decide which bytes of a `memcpy` carry
derivatives (floats) and which carry shadow pointers or plain integers,
and to treat integer copies of floats as float copies.
"""
from __future__ import annotations

from math import gcd
from typing import Dict, Iterator, List, Optional, Tuple

from ..ir import instructions as I
from ..ir.constants import ConstantExpr, ConstantInt
from ..ir.module import GlobalVariable
from ..ir.printer import SlotTracker
from ..ir.types import size_and_align
from .lanes import lane_kind, lane_source
from .library import reallocator, is_memory_copy
from .memory import masked_access
from .stack_slots import slot_value, stored_values
from .tbaa import Tbaa

# HINT is a weak "int": a source type saying a C integer lives there.  A float
# found anywhere else (the other end of a copy, a typed access) outranks it:
# `uint64_t t; memcpy(&t, &x, 8)` holds a double whatever `t` was declared as,
# and missing a float loses a derivative, while a float read as an integer
# only loses a derivative that an integer never had.  A pointer lane of a
# vector read is a HINT too, and so is a float lane of one whose TBAA tag
# names no type (char's): the vectorizer reads `{double, pointer}` as
# `<2 x ptr>` or `<2 x double>` (transforms/pointer_lanes.py asks for more).
STRONG, WEAK, HINT = 3, 2, 1
REINTERPRETED = 4       # integer bytes read only as a float or a pointer (_loaded_value)
FLOAT_KINDS = ("half", "bfloat", "float", "double", "x86_fp80", "fp128")
ARRAY_UNROLL = 64      # array elements of a declared type listed one by one


def weak_rank(kind: str) -> int:
    """The rank of weak evidence of `kind` (see HINT)."""
    return HINT if kind == "int" else WEAK


def kind_of(t) -> Optional[str]:
    if t.is_float:
        return t.kind
    if t.is_pointer:
        return "ptr"
    if t.is_int:
        return "int"
    return None


def _read_as(v, user, depth: int = 4) -> Optional[str]:
    """The kind `user` reinterprets integer `v` as: a float or pointer cast's,
    or "ptr" for an offset added (`uintptr_t a; *(double *)(a + 8)`) where
    the sum is only made a pointer; else None."""
    if isinstance(user, I.Cast) and user.opcode in ("bitcast", "inttoptr"):
        return kind_of(user.type)
    offset = isinstance(user, I.BinaryOp) and (
        user.opcode == "add" or user.opcode == "sub" and user.operands[0] is v)
    if depth and offset and user.users and \
            all(_read_as(user, u, depth - 1) == "ptr" for u in user.users):
        return "ptr"
    return None


def _size(t) -> int:
    return size_and_align(t)[0]


_KIND_SIZES = {"half": 2, "bfloat": 2, "float": 4, "double": 8, "x86_fp80": 16, "fp128": 16,
               "ptr": 8}


def kind_size(kind: str) -> int:
    return _KIND_SIZES.get(kind, 1)


def scalar_leaves(t, base: int = 0, limit: int = ARRAY_UNROLL) -> List[Tuple[int, str]]:
    """(offset, kind) of each scalar inside a value of type `t` (arrays: their
    first `limit` elements)."""
    if t.is_vector:
        step = _size(t.element)
        return [(base + k * step, kind_of(t.element)) for k in range(t.count)
                if kind_of(t.element) is not None]
    if t.is_array:
        step = _size(t.element)
        out = []
        for k in range(min(t.count, limit)):
            out.extend(scalar_leaves(t.element, base + k * step, limit))
        return out
    if t.is_struct and not getattr(t, "is_opaque", False):
        out, pos = [], 0
        for e in t.elements:
            size, align = size_and_align(e)
            pos = pos if t.packed else (pos + align - 1) // align * align
            out.extend(scalar_leaves(e, base + pos, limit))
            pos += size
        return out
    kind = kind_of(t)
    return [(base, kind)] if kind is not None else []


class MemoryLayout:
    """Kinds at byte offsets from one pointer.

    A cell is keyed (stride, offset): stride 0 for one exact offset, else
    the offsets `offset + k * stride` for every k, with 0 <= offset < stride.
    Each cell keeps the rank of its evidence.
    """

    __slots__ = ("cells",)

    def __init__(self):
        self.cells: Dict[Tuple[int, int], Tuple[str, int]] = {}

    def put(self, offset: int, stride: int, kind: str, rank: int) -> bool:
        """Record `kind`; True if that changed the layout."""
        key = (stride, offset % stride) if stride else (0, offset)
        old = self.cells.get(key)
        if old is not None and old[1] >= rank:
            return False
        self.cells[key] = (kind, rank)
        return True

    def entries(self) -> Iterator[Tuple[int, int, str, int]]:
        """(offset, stride, kind, rank) of every cell."""
        for (stride, offset), (kind, rank) in self.cells.items():
            yield offset, stride, kind, rank

    def __bool__(self) -> bool:
        return bool(self.cells)

    def __eq__(self, other) -> bool:
        return isinstance(other, MemoryLayout) and self.cells == other.cells

    def kinds(self) -> set:
        return {kind for kind, _ in self.cells.values()}

    def at(self, offset: int) -> Optional[str]:
        """The best-ranked kind known at exactly `offset`."""
        best = None
        for off, stride, kind, rank in self.entries():
            hit = offset == off if not stride else (offset - off) % stride == 0
            if hit and (best is None or rank > best[1] or (rank == best[1] and not stride)):
                best = (kind, rank)
        return best[0] if best else None

    def cells_in(self, nbytes: int) -> Dict[int, str]:
        """offset -> best kind for the offsets in [0, nbytes) that have one."""
        out: Dict[int, Tuple[str, int]] = {}
        # Periodic cells first: an exact one of equal rank is more specific.
        for off, stride, kind, rank in sorted(self.entries(), key=lambda e: e[1] == 0):
            spots = [off] if not stride else range(off, nbytes, stride)
            for o in spots:
                if 0 <= o < nbytes and (o not in out or out[o][1] < rank or
                                        (out[o][1] == rank and not stride)):
                    out[o] = (kind, rank)
        return {o: kind for o, (kind, _) in sorted(out.items())}

    def _repeats(self, offset: int, kind: str) -> bool:
        """Is an exact cell implied by a periodic one of the same kind?"""
        return any(stride and (offset - off) % stride == 0 and k == kind
                   for off, stride, k, _ in self.entries())

    def repeat(self) -> Optional[int]:
        """The repeat of a layout whose periodic cells cover its exact ones (an
        array of structs, some elements of which are also seen one by one), else
        None.  The shortest one: cells seen every 16 and every 32 bytes (a loop
        unrolled by two walks an array of 16-byte structs) repeat every 16, and a
        copy of five such structs is five units, not two and a half."""
        period = 0
        for _, stride, _, _ in self.entries():
            if stride:
                period = stride if not period else period * stride // gcd(period, stride)
        if not period:
            return None
        for offset, stride, kind, _ in self.entries():
            if not stride and self._periodic_kind(offset) != kind:
                return None
        cells = self.cells_in(period)
        for unit in range(1, period):
            if period % unit == 0 and all(cells.get(o % unit) == kind for o, kind in cells.items()) \
                    and all(o + k * unit in cells for o in cells if o < unit
                            for k in range(period // unit)):
                return unit
        return period

    def _periodic_kind(self, offset: int) -> Optional[str]:
        for off, stride, kind, _ in self.entries():
            if stride and (offset - off) % stride == 0:
                return kind
        return None

    def describe(self) -> str:
        def key(cell):
            (stride, offset), _ = cell
            return (offset, stride)
        parts = []
        for (stride, offset), (kind, _) in sorted(self.cells.items(), key=key):
            if not stride and (self._repeats(offset, kind) or self.at(offset) != kind):
                continue            # implied by, or losing to, a periodic cell
            where = str(offset) if not stride else f"{stride}k" + (f"+{offset}" if offset else "")
            parts.append(f"{where}: {kind}")
        return "{" + ", ".join(parts) + "}"


def _stored_lanes(value, leaves) -> List[Tuple[int, str, int]]:
    """The leaves of a stored vector of pointers or integers, a lane whose
    bits are a float's (the SLP vectorizer's `{double, pointer}` stored as
    `<4 x ptr>`, analysis/lanes.py) of that float's kind.  Weak evidence:
    what the program reads there says more (a union read back as a pointer
    must not become a double, nor the store be split as one)."""
    out = []
    for lane, (offset, leaf, rank) in enumerate(leaves):
        source = lane_source(value, lane)
        if source is not None and isinstance(source[0], ConstantInt):
            continue            # known bits: 0.25's as well as a sentinel pointer's
        kind = lane_kind(source)
        if kind in FLOAT_KINDS:
            out.append((offset, kind, WEAK))
        elif source is not None and isinstance(source[0], I.Load) and source[1] is not None:
            out.append((offset, leaf, HINT))    # a vector read: as weak as its own record
        else:
            out.append((offset, leaf, rank))
    return out


def index_multiple(v, pending=None) -> int:
    """A number the run-time integer `v` is always a multiple of (1 if none is known).

    clang -O2 scales array indices itself (`shl i64 %i, 3` into an `i8` GEP);
    the factor tells the element size.  A loop's byte counter (`phi [0, %p],
    [%p + 16, %loop]`, as transforms/pointer_counters.py writes a pointer walk)
    is a multiple of what every incoming value is, its own recurrence counted
    as 0 while it is being worked out (p + c is then a multiple of c, p * c of
    p's own multiple: by induction over the iterations)."""
    if isinstance(v, ConstantInt):
        return abs(v.value)
    if isinstance(v, I.Cast) and v.opcode in ("sext", "zext", "trunc"):
        return index_multiple(v.operands[0], pending)
    if isinstance(v, I.Phi):
        pending = pending if pending is not None else set()
        if id(v) in pending:
            return 0
        if len(pending) > 16:
            return 1
        pending.add(id(v))
        found = 0
        for value, _ in v.incoming:
            found = gcd(found, index_multiple(value, pending))
        pending.discard(id(v))
        return found
    if isinstance(v, I.BinaryOp):
        a, b = v.operands
        if v.opcode == "shl" and isinstance(b, ConstantInt) and 0 <= b.value < 32:
            return index_multiple(a, pending) << b.value
        if v.opcode == "mul":
            return index_multiple(a, pending) * index_multiple(b, pending)
        if v.opcode in ("add", "sub") or (v.opcode == "or" and "disjoint" in v.flags):
            return gcd(index_multiple(a, pending), index_multiple(b, pending))
        if v.opcode == "ashr" and "exact" in v.flags and isinstance(b, ConstantInt):
            m = index_multiple(a, pending)
            return m >> b.value if m % (1 << b.value) == 0 and m >> b.value else 1
    return 1


def gep_offset(source_type, indices) -> Optional[Tuple[int, int]]:
    """(constant byte offset, stride of the run-time part) of GEP indices; the
    stride is 0 when all indices are constants.  None for byte-granular
    run-time offsets, which say nothing about element boundaries."""
    offset, stride, t = 0, 0, source_type
    for k, index in enumerate(indices):
        if k == 0:
            step = _size(t)
        elif t.is_struct:
            if not isinstance(index, ConstantInt):
                return None
            pos = 0
            for n, e in enumerate(t.elements):
                _, align = size_and_align(e)
                align = 1 if t.packed else align
                pos = (pos + align - 1) // align * align
                if n == index.value:
                    break
                pos += _size(e)
            offset += pos
            t = t.elements[index.value]
            continue
        else:
            t = t.element
            step = _size(t)
        if isinstance(index, ConstantInt):
            offset += index.signed_value * step     # GEP indices are signed
        else:
            stride = gcd(stride, step * index_multiple(index))
    if stride == 1:
        return None
    return offset, stride


def base_and_offset(ptr) -> Tuple[object, int]:
    """(base, constant byte offset) with `ptr` = base + offset through
    bitcasts and GEPs of constant offset; the base is the first pointer
    that is neither (a GEP with a run-time index ends the walk)."""
    offset = 0
    while True:
        if isinstance(ptr, I.Cast) and ptr.opcode == "bitcast":
            ptr = ptr.operands[0]
            continue
        found = gep_offset(ptr.source_type, ptr.indices) if isinstance(ptr, I.GetElementPtr) else None
        if found is None or found[1]:
            return ptr, offset
        ptr, offset = ptr.operands[0], offset + found[0]


def _moved_by_bytes(v) -> Optional[tuple]:
    """(base, index, scale) of `v = getelementptr T, base, index`, one
    run-time index of a T that gep_offset finds byte-granular (T is i8),
    else None."""
    parts = _gep_parts(v)
    if parts is None or len(parts[2]) != 1 or isinstance(parts[2][0], ConstantInt):
        return None
    if gep_offset(parts[1], parts[2]) is not None:
        return None
    return parts[0], parts[2][0], _size(parts[1])


def _gep_parts(v):
    """(pointer, source type, indices) of a GEP instruction or constant expression."""
    if isinstance(v, I.GetElementPtr):
        return v.pointer, v.source_type, v.indices
    if isinstance(v, ConstantExpr) and v.opcode == "getelementptr":
        return v.operands[0], v.source_type, v.operands[1:]
    return None


def _cast_source(v):
    if isinstance(v, (I.Cast, ConstantExpr)) and v.opcode in ("bitcast", "addrspacecast"):
        return v.operands[0]
    return None


def parents(v) -> List[Tuple[object, int, int]]:
    """(pointer, offset, stride): `v` is that pointer + offset (+ k * stride)."""
    parts = _gep_parts(v)
    if parts is not None:
        found = gep_offset(parts[1], parts[2])
        return [] if found is None else [(parts[0], found[0], found[1])]
    source = _cast_source(v)
    if source is not None:
        return [(source, 0, 0)]
    if isinstance(v, I.Select):
        return [(v.operands[1], 0, 0), (v.operands[2], 0, 0)]
    if isinstance(v, I.Phi):
        return _phi_parents(v)
    if isinstance(v, I.Load) and v.type.is_pointer:
        stored = slot_value(v)
        return [(stored, 0, 0)] if stored is not None else _walked_slot_parents(v)
    return []


def _walked_slot_parents(load) -> List[Tuple[object, int, int]]:
    """clang -O0's pointer walk `for (p = start; p != end; ++p)` keeps p in
    a stack slot: what it reads is the start moved by the steps stored back
    from a read of the slot itself -- as a phi's parents (`_phi_parents`),
    read through memory that nothing else reaches."""
    slot = load.pointer
    stored = stored_values(slot)
    if not stored:
        return []
    found = _stepping_parents(stored, lambda v: isinstance(v, I.Load) and v.pointer is slot)
    # Only a walk from one start: a slot holding one pointer or another (a
    # node or the next one read from memory) would spread what is known of
    # each over the other, as alternatives do (`parents_of`).
    return found if len(found) == 1 and found[0][2] else []


def _under_casts(v):
    """`v` without the pointer casts around it (clang 14 copies `i8*`s)."""
    for _ in range(8):
        source = _cast_source(v)
        if source is None:
            break
        v = source
    return v


def _address_key(ptr) -> Tuple[int, int]:
    """(id of the pointer `ptr` is a fixed offset from, that offset): two
    GEPs of one field of one object (or -O0 reloads of its stack slot) are
    the same address."""
    offset = 0
    for _ in range(32):
        found = parents(ptr)
        if len(found) != 1 or found[0][2]:
            break
        ptr, offset = found[0][0], offset + found[0][1]
    return id(ptr), offset


def _phi_parents(phi) -> List[Tuple[object, int, int]]:
    """A pointer phi is its incoming values; one that steps from the phi itself
    by a constant (a pointer walking an array) makes them periodic."""
    return [p for p in _stepping_parents(phi.operands, lambda v: v is phi) if p[0] is not phi]


def _stepping_parents(values, is_origin) -> List[Tuple[object, int, int]]:
    """(value, 0, stride) for each of `values` that is not the origin moved by
    GEPs, the stride the gcd of those moves (a recurrence: a phi, a stack slot)."""
    entries, stride = [], 0
    for value in values:
        step = _step_from(value, is_origin)
        if step is None:
            entries.append(value)
        else:
            stride = gcd(stride, step)
    if stride == 1:
        return []
    return [(value, 0, stride) for value in entries]


def _step_from(value, is_origin) -> Optional[int]:
    """How far `value` is from the origin (a gcd of the possible distances)
    if it is the origin moved by GEPs, else None."""
    moved, stride = 0, 0
    for _ in range(16):
        if is_origin(value):
            return gcd(abs(moved), stride)
        if isinstance(value, I.Load):       # read once more only from a slot written once
            stored = slot_value(value)
            found = [(stored, 0, 0)] if stored is not None else []
        else:
            found = parents(value) if not isinstance(value, (I.Phi, I.Select)) else []
        if len(found) != 1:
            return None
        value, offset, step = found[0]
        moved, stride = moved + offset, gcd(stride, step)
    return None


class TypeAnalysis:
    """Per function: layouts of the memory behind pointer values.

    `module_types` supplies what called functions do with the memory passed
    to them; `seeds`, (value, MemoryLayout) pairs, what callers pass in, and
    `returned` what callers do with the pointer the function returns.
    """

    def __init__(self, fn, module_types=None, seeds=None, returned=None, like=None):
        self.fn = fn
        self.module_types = module_types
        metadata = fn.module.metadata if fn.module is not None else {}
        self.tbaa = module_types.tbaa if module_types is not None else Tbaa(metadata)
        # Are integer types source types?  Judged on the original: the AD's
        # copy of an unoptimized function has been brought to SSA form.
        self.source_typed = not has_tbaa(metadata) and is_unoptimized(like or fn)
        self.original, self.original_args = like or fn, list(fn.args)
        self.layouts: Dict[int, MemoryLayout] = {}
        self.names: Dict[int, object] = {}      # keeps keyed values alive: ids stay unique
        self._positions: Dict[int, list] = {}
        self.copies: List[tuple] = []           # (dst, src, nbytes or None)
        self.copy_calls: Dict[int, tuple] = {}  # id(memcpy) -> (call, its layout)
        self.copy_splits: Dict[int, int] = {}   # id(memcpy) -> an offset typed float and ptr
        # id(memcpy) -> [(index, scale, period)]: its layout holds only where each
        # run-time byte offset index * scale is a multiple of period (_moved_arrays)
        self.copy_offsets: Dict[int, list] = {}
        self.pointer_loads: Dict[tuple, list] = {}  # _address_key -> the loads of a pointer there
        self.field_loads: Dict[str, list] = {}      # TBAA tag of a pointer field -> its loads
        self._field_seeded: set = set()             # ids of loads seeded from field_pointee
        # id(type) -> (type, its scalar leaves; its size): the same struct is
        # accessed again and again (types do not change once read, see _leaves_of).
        self._leaves: Dict[int, tuple] = {}
        self._sizes: Dict[int, tuple] = {}
        self._run(seeds or (), returned)

    def _leaves_of(self, t) -> List[Tuple[int, str]]:
        """scalar_leaves(t), worked out once per type in this analysis (a
        named struct's body is set when the module is read, never after)."""
        found = self._leaves.get(id(t))
        if found is None:
            found = self._leaves[id(t)] = (t, scalar_leaves(t))
        return found[1]

    def _size_of(self, t) -> int:
        found = self._sizes.get(id(t))
        if found is None:
            found = self._sizes[id(t)] = (t, _size(t))
        return found[1]

    # -- recording -----------------------------------------------------------------------
    def layout(self, v) -> MemoryLayout:
        layout = self.layouts.get(id(v))
        if layout is None:
            layout = self.layouts[id(v)] = MemoryLayout()
            self.names[id(v)] = v
            declared, stride = _declared_memory(v)
            if declared is not None:
                for offset, kind in scalar_leaves(declared):
                    if kind != "int" or not _is_byte(declared):
                        layout.put(offset, stride, kind, weak_rank(kind))
        return layout

    def positions(self, ptr) -> List[Tuple[object, int, int]]:
        """(pointer, offset, stride) for `ptr` (0, 0) and every pointer it derives from."""
        cached = self._positions.get(id(ptr))
        if cached is not None:
            return cached
        out, seen, work = [], set(), [(ptr, 0, 0)]
        while work:
            v, offset, stride = work.pop()
            if id(v) in seen:
                continue
            seen.add(id(v))
            out.append((v, offset, stride))
            for parent, extra, step in self.parents_of(v):
                work.append((parent, offset + extra, gcd(stride, step)))
        self._positions[id(ptr)] = out
        return out

    def parents_of(self, v) -> List[Tuple[object, int, int]]:
        """(pointer, offset, stride) `v` may be derived from: `parents`, and
        through calls of functions returning a parameter moved.  Several
        entries are alternatives (a phi's incoming values), not a chain."""
        return parents(v) + self._returned_parents(v)

    def _returned_parents(self, v) -> list:
        """A call of a function returning its pointer parameter moved (an accessor
        like `&buf[k]`) returns a pointer derived from the argument."""
        if self.module_types is None or not isinstance(v, I.CallBase):
            return []
        found = self.module_types.returned_parameter(v.called_function)
        if found is None or found[0] >= len(v.args):
            return []
        index, offset, stride = found
        return [(v.args[index], offset, stride)]

    def record(self, ptr, offset: int, kind: Optional[str], rank: int, stride: int = 0) -> bool:
        """Note `kind` at `offset` (+ k * stride) from `ptr` and from its bases."""
        if kind is None or not getattr(ptr, "type", None) or not ptr.type.is_pointer:
            return False
        changed = False
        for base, extra, step in self.positions(ptr):
            s = gcd(step, stride)
            if s and s < kind_size(kind):
                continue            # finer than the kind itself: not an array of it
            changed |= self.layout(base).put(offset + extra, s, kind, rank)
        return changed

    def record_layout(self, ptr, layout: MemoryLayout, cap: int = STRONG) -> bool:
        changed = False
        for offset, stride, kind, rank in list(layout.entries()):
            changed |= self.record(ptr, offset, kind, min(rank, cap), stride)
        return changed

    # -- queries -------------------------------------------------------------------------
    def region(self, ptr) -> MemoryLayout:
        """What is known of the memory from `ptr` onwards, as offsets from `ptr`."""
        out = MemoryLayout()
        for base, extra, step in self.positions(ptr):
            layout = self.layouts.get(id(base))
            if layout is None and _declared_memory(base)[0] is not None:
                layout = self.layout(base)
            if layout is None:
                continue
            for offset, stride, kind, rank in layout.entries():
                s = gcd(stride, step)
                rel = offset - extra
                if s == 0 and rel < 0:
                    continue
                out.put(rel, s, kind, rank)
        return out

    def cells_in(self, ptr, nbytes: int) -> Dict[int, str]:
        """offset -> kind in [ptr, ptr + nbytes), where known."""
        return self.region(ptr).cells_in(nbytes)

    def copy_layout(self, call) -> MemoryLayout:
        """What the bytes a `memcpy`/`memmove` moves hold, as found when the
        function was analysed (the AD rewrites operands afterwards: a pointer
        a differentiated call returns becomes an `extractvalue`)."""
        found = self.copy_calls.get(id(call))
        if found is not None and found[1] is not None:
            return found[1]
        dst, src, n = call.args[:3]
        return self.copy_region(dst, src, n.value if isinstance(n, ConstantInt) else None)

    def copy_offsets_of(self, call) -> List[tuple]:
        """(index, scale, period) for each end of copy `call` whose bytes are
        what copy_layout(call) says only if the run-time byte offset `index *
        scale` that end was moved by is a multiple of `period` (the AD checks
        that where it relies on the layout)."""
        return self.copy_offsets.get(id(call), [])

    def copy_disagreement(self, call) -> Optional[int]:
        """An offset that one end of copy `call` types as a float and the
        other as a pointer (found when the function was analysed, as
        copy_layout), or None.  A union does that (std::function's buffer
        holds a lambda's double or a pointer): which the copied bytes are,
        neither end can tell."""
        return self.copy_splits.get(id(call))

    def _disagreement(self, dst, src, nbytes: Optional[int]) -> Optional[int]:
        if nbytes is None:
            return None
        at_dst = self.region(dst).cells_in(nbytes)
        at_src = self.region(src).cells_in(nbytes)
        for offset in sorted(at_dst.keys() & at_src.keys()):
            kinds = {at_dst[offset], at_src[offset]}
            if "ptr" in kinds and kinds & set(FLOAT_KINDS):
                return offset
        # Typed pointers also say what each end's object is declared to hold
        # (clang 14: the lambda {double} copied into std::function's buffer,
        # which other code reads as a pointer, so the evidence found says
        # pointer at both ends).  A declared float against a pointer found
        # only: a declared pointer where a float was found is what the found
        # evidence already decides (rustc -O0's Vec<u8> moves, whose generic
        # code was seen with floats elsewhere), as before.
        found = {offset for cells in (at_dst, at_src)
                 for offset, kind in cells.items() if kind == "ptr"}
        for end in (dst, src):
            for offset, kind in sorted(self._declared_cells(end, nbytes).items()):
                if kind in FLOAT_KINDS and offset in found:
                    return offset
        return None

    def _declared_cells(self, ptr, nbytes: int) -> Dict[int, str]:
        """offset -> kind of what typed pointer `ptr`, before its casts to
        bytes, is declared to point to (first `nbytes` bytes); empty for
        opaque pointers and bytes."""
        while isinstance(ptr, I.Cast) and ptr.opcode == "bitcast":
            ptr = ptr.operands[0]
        pointee = getattr(ptr.type, "pointee", None)
        if pointee is None or _is_byte(pointee):
            return {}
        return {offset: kind for offset, kind in self._leaves_of(pointee)
                if kind != "int" and offset < nbytes}

    def copy_region(self, dst, src, nbytes: Optional[int]) -> MemoryLayout:
        """What the bytes a copy from `src` to `dst` moves hold (either end tells)."""
        out = MemoryLayout()
        for end in (dst, src):
            for offset, stride, kind, rank in self.region(end).entries():
                if stride or nbytes is None or offset < nbytes:
                    out.put(offset, stride, kind, rank)
        return out

    # -- the walk ------------------------------------------------------------------------
    def _run(self, seeds, returned) -> None:
        for v, layout in seeds:
            self.record_layout(v, layout, WEAK)
        for inst in self.fn.instructions():
            if isinstance(inst, I.Load):
                self._access(inst.pointer, inst.type, inst)
                self._loaded_value(inst)
                if inst.type.is_pointer:
                    self.pointer_loads.setdefault(_address_key(inst.pointer), []).append(inst)
                    self._pointer_field(inst)
            elif isinstance(inst, I.Store):
                self._access(inst.pointer, inst.value.type, inst)
                self._stored_value(inst)
            elif isinstance(inst, I.CallBase):
                self._call(inst)
            elif isinstance(inst, I.GetElementPtr):
                self._element_type(inst)
            elif isinstance(inst, I.Return) and returned and inst.value is not None:
                self.record_layout(inst.value, returned, WEAK)
        for _ in range(8):
            if not self._transfer():
                break
        for key, (call, _) in list(self.copy_calls.items()):
            dst, src, n = call.args[:3]
            known = n.value if isinstance(n, ConstantInt) else None
            region = self.copy_region(dst, src, known)
            if not region.kinds():
                region = self._sibling_region(dst, src, known)
            moved = self._moved_arrays(dst, src)
            if not region.kinds() and moved:
                region = moved[0][3]
            if moved:
                self.copy_offsets[key] = [found[:3] for found in moved]
            self.copy_calls[key] = (call, region)
            split = self._disagreement(dst, src, known)
            if split is not None:
                self.copy_splits[key] = split

    def _pointer_field(self, load) -> None:
        """A pointer read from a struct's field (its TBAA tag names the struct
        and the offset) points to what that field points to everywhere else
        in the module (ModuleTypes.field_pointee): weak evidence, below this
        function's own."""
        tag = load.get_metadata("tbaa")
        if tag is None or self.tbaa.access_kind(tag) != "ptr" or \
                not self.tbaa.struct_fields(tag)[1]:
            return
        self.field_loads.setdefault(tag, []).append(load)
        known = self.module_types.field_pointee(tag) if self.module_types is not None else None
        if known:
            self._field_seeded.add(id(load))
            self.record_layout(load, known, WEAK)

    def own_region(self, load) -> MemoryLayout:
        """region(load) without what `_pointer_field` seeded (a summary
        must not feed on itself)."""
        if id(load) not in self._field_seeded:
            return self.region(load)
        out = MemoryLayout()
        for offset, stride, kind, rank in self.region(load).entries():
            if rank > WEAK:
                out.put(offset, stride, kind, rank)
        return out

    def _sibling_region(self, dst, src, nbytes: Optional[int]) -> MemoryLayout:
        """For a copy nothing else types: what the memory behind the other
        loads of the pointer an end was loaded from holds.  One field read
        twice (at -O3 a call in between keeps both loads of an Eigen
        evaluator's data pointer: one read as floats, one copied) points to
        the same type of data both times."""
        out = MemoryLayout()
        for end in (dst, src):
            end = _under_casts(end)
            if not isinstance(end, I.Load):
                continue
            for sibling in self.pointer_loads.get(_address_key(end.pointer), ()):
                if sibling is end:
                    continue
                for offset, stride, kind, rank in self.region(sibling).entries():
                    if stride or nbytes is None or offset < nbytes:
                        out.put(offset, stride, kind, rank)
        return out

    def _moved_arrays(self, dst, src) -> List[tuple]:
        """(index, scale, period, layout) for each end of a copy that is an
        array of floats moved by a byte offset known only at run time,
        `index * scale` (libstdc++'s vector::assign copies from `first +
        (finish - start)`, a difference of two addresses): the copied bytes
        are the array's units, `layout`, only if that offset is a whole
        number of its repeats, `period`.  Only floats: a pointer's shadow is
        moved in the forward sweep, where nothing checks the offset."""
        found = []
        for end in (src, dst):
            moved = _moved_by_bytes(_under_casts(end))
            if moved is None:
                continue
            base, index, scale = moved
            layout = self.region(base)
            period = layout.repeat()
            if period is None or not layout.kinds() <= set(FLOAT_KINDS):
                continue
            units = MemoryLayout()
            for offset, stride, kind, rank in layout.entries():
                if stride:
                    units.put(offset, stride, kind, rank)
            found.append((index, scale, period, units))
        return found

    def _access(self, ptr, t, inst) -> None:
        tag = inst.get_metadata("tbaa")
        kind = self.tbaa.access_kind(tag) if tag else None
        if kind is not None:
            step = kind_size(kind)
            count = 1 if kind == "int" else max(1, _size(t) // step)
            for k in range(count):
                self.record(ptr, k * step, kind, STRONG)
            base_offset, fields = self.tbaa.struct_fields(tag)
            for offset, field_kind in fields:
                self.record(ptr, offset - base_offset, field_kind, STRONG)
            return
        copied = inst.get_metadata("tbaa.struct")
        if copied:
            for offset, _, field_kind in self.tbaa.copied_fields(copied):
                self.record(ptr, offset, field_kind, STRONG)
            return
        rank = STRONG
        if isinstance(inst, I.Load) and t.is_vector and (t.element.is_pointer or tag):
            rank = HINT         # the vectorizer reads {double, pointer} so too
        leaves = [(offset, leaf, rank) for offset, leaf in self._leaves_of(t)]
        if isinstance(inst, I.Store) and t.is_vector and not t.element.is_float:
            leaves = _stored_lanes(inst.value, leaves)
        for offset, leaf, rank in leaves:
            if leaf != "int":
                self.record(ptr, offset, leaf, rank)
            elif self.source_typed:
                self.record(ptr, offset, leaf, HINT)

    def _element_type(self, gep) -> None:
        """`getelementptr T, p, i, ...` says p points to a T, or into an array of
        T when i is only known at run time: weak evidence of T's layout.
        (clang's GEPs name source types; the `i8` GEPs of optimized code, and
        its integers, say nothing.)"""
        t = gep.source_type
        leaves = self._leaves_of(t)
        if not leaves or not gep.indices:
            return
        size, first = self._size_of(t), gep.indices[0]
        base, stride = (first.value * size, 0) if isinstance(first, ConstantInt) else (0, size)
        for offset, kind in leaves:
            if kind != "int" or (self.source_typed and not _is_byte(t)):
                self.record(gep.pointer, base + offset, kind, weak_rank(kind), stride)

    def _stored_value(self, store) -> None:
        """A store of `bitcast double %x to i64` writes a double; a store of an
        integer loaded elsewhere copies whatever was there."""
        value = store.value
        if isinstance(value, (I.Cast, ConstantExpr)) and value.opcode in ("bitcast",
                                                                          "ptrtoint"):
            source = value.operands[0].type
            if source.is_float or source.is_pointer:
                self.record(store.pointer, 0, kind_of(source), STRONG)
        elif isinstance(value, I.Load) and value.type.is_int:
            self.copies.append((store.pointer, value.pointer, _size(value.type)))

    def _loaded_value(self, load) -> None:
        """An integer load whose value is only reinterpreted as a double (or a
        pointer), as `__atomic_load` of a double is written, read a double;
        one whose value is made a pointer, with offsets added or not, read
        an address."""
        if not load.type.is_int:
            return
        kinds = {_read_as(load, u) for u in load.users}
        read_as = kinds - {None}
        if len(read_as) != 1:
            return
        # Bytes reinterpreted are what they are read as, whatever integer type a TBAA
        # tag declares them (a `uintptr_t` field holding an address that is also
        # checked for alignment, a `long` holding a double's bits); beside a declared
        # float or pointer a reading only as that is one witness among others.
        declared = set(self.cells_in(load.pointer, _size(load.type)).values())
        if declared <= {"int"}:
            self.record(load.pointer, 0, read_as.pop(), REINTERPRETED)
        elif None not in kinds:
            self.record(load.pointer, 0, read_as.pop(), STRONG)

    def _call(self, call) -> None:
        fn = call.called_function
        if fn is None:
            return
        if is_memory_copy(fn.name):
            dst, src, n = call.args[:3]
            copied = call.get_metadata("tbaa.struct")
            for offset, _, kind in self.tbaa.copied_fields(copied) if copied else ():
                self.record(dst, offset, kind, STRONG)
                self.record(src, offset, kind, STRONG)
            self.copies.append((dst, src, n.value if isinstance(n, ConstantInt) else None))
            self.copy_calls[id(call)] = (call, None)
            return
        grows = reallocator(fn.name)
        if grows is not None and call.type.is_pointer:
            # The new block holds the old one's bytes: a copy of run-time size.
            self.copies.append((call, call.args[grows.pointer_index], None))
            return
        masked = masked_access(call)
        if masked is not None:      # (a gather's vector of pointers records nothing)
            vtype, ptr = masked[:2]
            for offset, leaf in scalar_leaves(vtype):
                if leaf != "int":
                    self.record(ptr, offset, leaf, STRONG)
            return
        if self.module_types is None or fn.is_declaration:
            return
        for k, arg in enumerate(call.args):
            layout = self.module_types.param_layout(fn, k)
            if layout:
                self.record_layout(arg, layout)
        returned = self.module_types.return_layout(fn)
        if returned and call.type.is_pointer:
            self.record_layout(call, returned)

    def _transfer(self) -> bool:
        """Both ends of a copy hold the same bytes: kinds known at one hold at the other."""
        changed = False
        for dst, src, nbytes in self.copies:
            both = self.copy_region(dst, src, nbytes)
            changed |= self.record_layout(dst, both) | self.record_layout(src, both)
        return changed

    # -- printing ------------------------------------------------------------------------
    def describe(self) -> List[str]:
        slots = SlotTracker(self.fn)
        lines = []
        values = list(self.fn.args) + list(self.fn.instructions())
        for v in values:
            layout = self.layouts.get(id(v))
            if layout:
                lines.append(f"  {slots.ref(v)}: {layout.describe()}")
        return lines


def has_tbaa(metadata) -> bool:
    """Does the module carry TBAA (clang at -O1 and above, strict aliasing on)?"""
    return any("omnipotent char" in text for text in metadata.values())


def is_unoptimized(fn) -> bool:
    """clang -O0 output: `optnone`, or (with -disable-O0-optnone) every
    parameter spilled to a stack slot at entry, which optimization removes."""
    if "optnone" in fn.attribute_words():
        return True
    if not fn.blocks or not fn.args:
        return False
    spilled = {id(inst.value) for inst in fn.blocks[0].instructions
               if isinstance(inst, I.Store) and isinstance(inst.pointer, I.Alloca)}
    return all(id(a) in spilled for a in fn.args)


def _is_byte(t) -> bool:
    """`i8` (arrays of it too) is raw bytes -- what SROA, unions and `char`
    buffers make -- and says nothing.  Wider integers in a type are C ints."""
    while t.is_array:
        t = t.element
    return t.is_int and t.bits == 8


def _declared_memory(v):
    """(type, stride) of the memory a global or an alloca is: an array is its
    element repeating every stride bytes, one object has stride 0."""
    if isinstance(v, GlobalVariable):
        t, single = v.value_type, True
    elif isinstance(v, I.Alloca):
        t = v.allocated_type
        single = v.count is None or (isinstance(v.count, ConstantInt) and v.count.value == 1)
    else:
        return None, 0
    while t.is_array:
        t, single = t.element, False
    return t, (0 if single else _size(t))
