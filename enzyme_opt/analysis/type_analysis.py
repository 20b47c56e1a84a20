"""Type analysis: what memory behind each pointer holds, byte by byte.

LLVM types say little about memory: clang -O2 copies structs with `memcpy`,
reads doubles through `i8` GEPs, and opaque pointers carry no element type.
This analysis collects, for every pointer value, the types seen at each
byte offset from it — through loads, stores, constant-offset GEPs, casts and
phis — and answers "what is at offset k of p".  The AD uses it to decide
which bytes of a `memcpy` carry derivatives (floats) and which carry shadow
pointers or plain integers.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..ir import instructions as I
from ..ir.constants import ConstantInt

Layout = Dict[int, str]          # byte offset -> "double" | "float" | "int" | "ptr" | ...


def kind_of(t) -> Optional[str]:
    if t.is_float:
        return t.kind
    if t.is_pointer:
        return "ptr"
    if t.is_int:
        return "int"
    return None


def _size(t) -> int:
    from ..ad.context import size_and_align
    return size_and_align(t)[0]


def constant_gep_offset(gep: I.GetElementPtr) -> Optional[int]:
    """The byte offset of a GEP whose indices are all constants, else None."""
    offset = 0
    t = gep.source_type
    indices = gep.indices
    if not indices:
        return 0
    first = indices[0]
    if not isinstance(first, ConstantInt):
        return None
    offset += first.value * _size(t)
    for index in indices[1:]:
        if not isinstance(index, ConstantInt):
            return None
        if t.is_struct:
            from ..ad.context import size_and_align
            pos = 0
            for k, e in enumerate(t.elements):
                _, align = size_and_align(e)
                align = 1 if t.packed else align
                pos = (pos + align - 1) // align * align
                if k == index.value:
                    break
                pos += _size(e)
            offset += pos
            t = t.elements[index.value]
        else:
            t = t.element
            offset += index.value * _size(t)
    return offset


class TypeAnalysis:
    """Per function: layouts of the memory behind pointer values."""

    def __init__(self, fn):
        self.fn = fn
        self.layouts: Dict[int, Layout] = {}
        self.names: Dict[int, object] = {}
        self._run()

    def _record(self, ptr, offset: int, t) -> None:
        """Note that `t` is accessed at `offset` from `ptr` and from its bases."""
        kind = kind_of(t.scalar if t.is_vector else t)
        if kind is None:
            return
        step = _size(t.scalar) if t.is_vector else _size(t)
        count = t.count if t.is_vector else 1
        for base, extra in self._bases(ptr):
            layout = self.layouts.setdefault(id(base), {})
            self.names[id(base)] = base
            for k in range(count):
                layout.setdefault(offset + extra + k * step, kind)

    def _bases(self, ptr) -> List[Tuple[object, int]]:
        """`ptr` and the values it is derived from at constant offsets."""
        out, offset, seen = [], 0, set()
        while ptr is not None and id(ptr) not in seen:
            seen.add(id(ptr))
            out.append((ptr, offset))
            if isinstance(ptr, I.GetElementPtr):
                step = constant_gep_offset(ptr)
                if step is None:
                    break
                offset += step
                ptr = ptr.pointer
            elif isinstance(ptr, I.Cast) and ptr.opcode in ("bitcast", "addrspacecast"):
                ptr = ptr.operands[0]
            else:
                break
        return out

    def _run(self) -> None:
        for inst in self.fn.instructions():
            if isinstance(inst, I.Load):
                self._record(inst.pointer, 0, inst.type)
            elif isinstance(inst, I.Store):
                self._record(inst.pointer, 0, inst.value.type)

    def kind_at(self, ptr, offset: int = 0) -> Optional[str]:
        for base, extra in self._bases(ptr):
            kind = self.layouts.get(id(base), {}).get(offset + extra)
            if kind is not None:
                return kind
        return None

    def _region(self, ptr, nbytes: Optional[int]):
        for base, extra in self._bases(ptr):
            for off, kind in self.layouts.get(id(base), {}).items():
                if off >= extra and (nbytes is None or off < extra + nbytes):
                    yield off - extra, kind

    def kinds_in(self, ptr, nbytes: Optional[int]) -> set:
        """The kinds seen in [ptr, ptr+nbytes) (all of it when nbytes is None)."""
        return {kind for _, kind in self._region(ptr, nbytes)}

    def offsets_of_kind(self, ptr, nbytes: int, kind: str) -> set:
        return {off for off, k in self._region(ptr, nbytes) if k == kind}

    def describe(self) -> List[str]:
        from ..ir.printer import SlotTracker
        slots = SlotTracker(self.fn)
        lines = []
        values = list(self.fn.args) + list(self.fn.instructions())
        for v in values:
            layout = self.layouts.get(id(v))
            if layout:
                cells = ", ".join(f"{off}: {kind}" for off, kind in sorted(layout.items()))
                lines.append(f"  {slots.ref(v)}: {{{cells}}}")
        return lines


def pointer_offsets(t, limit: int, base: int = 0) -> set:
    """Byte offsets below `limit` at which a value of LLVM type `t` holds pointers.

    The declared type of a global or an alloca says what a memcpy from or into
    it moves even where no load or store in the function touches the bytes.
    """
    from ..ad.context import size_and_align
    if base >= limit:
        return set()
    if t.is_pointer:
        return {base}
    if t.is_array:
        step = size_and_align(t.element)[0]
        out = set()
        for k in range(min(t.count, max(0, (limit - base + step - 1) // max(step, 1)))):
            out |= pointer_offsets(t.element, limit, base + k * step)
        return out
    if t.is_struct and not getattr(t, "is_opaque", False):
        out, pos = set(), 0
        for e in t.elements:
            size, align = size_and_align(e)
            pos = pos if t.packed else (pos + align - 1) // align * align
            out |= pointer_offsets(e, limit, base + pos)
            pos += size
        return out
    return set()


def declared_type(ptr):
    """The type of the memory `ptr` names directly: a global's or an alloca's."""
    from ..ir.constants import ConstantExpr
    from ..ir.module import GlobalVariable
    while isinstance(ptr, (I.Cast, ConstantExpr)) and ptr.opcode in ("bitcast",
                                                                      "addrspacecast"):
        ptr = ptr.operands[0]
    if isinstance(ptr, GlobalVariable):
        return ptr.value_type
    if isinstance(ptr, I.Alloca) and ptr.count is None:
        return ptr.allocated_type
    return None
