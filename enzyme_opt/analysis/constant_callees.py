"""Function pointers the module never changes: the callee of an indirect call.

C code calls an allocator through a table (`struct { void *(*alloc)(size_t); }
ops = {malloc};  ops.alloc(n)`): the call is indirect, but when nothing in
the module writes that field of the global (and its address does not
escape), the function called is the one the initializer names.  The AD
must know it: memory from `malloc` has a shadow, memory from an unknown
function has none, and a derivative stored there would be lost.

A global whose linkage lets the linker replace its definition (weak,
linkonce, common, extern_weak) or that another translation unit may
initialize (`externally_initialized`) is not trusted.
"""
from __future__ import annotations

from typing import Optional, Tuple

from ..ir import instructions as I
from ..ir.constants import ConstantAggregate, ConstantExpr, ConstantInt, ConstantString
from ..ir.module import REPLACEABLE_LINKAGES, GlobalAlias, GlobalVariable, function_under_casts
from ..ir.types import size_and_align
from .type_analysis import gep_offset

def resolved_callee(call):
    """The function `call` calls: its direct callee, or the function an
    unchanging global holds where it loads its callee from; else None."""
    fn = call.called_function
    if fn is not None:
        return fn
    callee = call.callee
    if not isinstance(callee, I.Load) or callee.volatile:
        return None
    located = global_offset(callee.pointer)
    if located is None or located[1] is None:
        return None
    g, offset = located
    if not _trusted(g) or _written(g, offset, size_and_align(callee.type)[0]):
        return None
    return function_under_casts(constant_at(g.initializer, g.value_type, offset))


def functions_stored_in(load):
    """The functions the callee pointer `load` may read, where it reads a
    whole global this module alone sets (internal or private, not replaced
    by the linker), whose address is used only to load and store it whole:
    its initializer's and what each store writes (`static void (*current)(..);
    current = fn; current(x)`); null is left out (calling it is undefined).
    None when not all are known functions."""
    located = global_offset(load.pointer) if isinstance(load, I.Load) and \
        not load.volatile else None
    if located is None or located[1] != 0 or not _trusted(located[0]):
        return None
    g = located[0]
    cache = g.module.facts.setdefault("functions stored in globals", {})
    if id(g) not in cache:
        cache[id(g)] = _functions_stored_in(g)
    return cache[id(g)]


def _functions_stored_in(g):
    if not {"internal", "private"} & set((g.linkage or "").split()) or \
            address_in_initializers(g):
        return None
    held = [g.initializer]
    g.module.read_bodies_naming((g,))
    for fn in g.module.read_functions():
        for inst in fn.instructions():
            for index, op in enumerate(inst.operands):
                at = global_offset(op) if op is not inst else None
                if at is None or at[0] is not g:
                    continue
                if at[1] != 0 or not (isinstance(inst, I.Load) and index == 0 or
                                      isinstance(inst, I.Store) and index == 1):
                    return None
                if isinstance(inst, I.Store):
                    held.append(inst.value)
    functions = [function_under_casts(v) for v in held if not getattr(v, "is_zero", False)]
    return None if not functions or None in functions else functions


def unchanging_integer(load) -> Optional[int]:
    """The integer a load of a pointer or integer reads from a global nothing
    in the module changes, where its initializer holds plain bytes there (an
    integer, a `c"..."` string): rustc -O0 reads an empty Vec's dangling
    buffer pointer, `8 as *mut f64`, from the constant `RawVec::NEW`."""
    if not isinstance(load, I.Load) or load.volatile or \
            not (load.type.is_pointer or load.type.is_int):
        return None
    located = global_offset(load.pointer)
    if located is None or located[1] is None:
        return None
    g, offset = located
    size = size_and_align(load.type)[0]
    if not _trusted(g) or _written(g, offset, size):
        return None
    data = _initializer_bytes(g.initializer, g.value_type)
    if data is None or offset + size > len(data):
        return None
    return int.from_bytes(data[offset:offset + size], "little")


def _initializer_bytes(init, t, depth: int = 0) -> Optional[bytes]:
    """The bytes of constant `init` of type `t` (little-endian), where it is
    made of integers and strings only; else None."""
    size = size_and_align(t)[0]
    if getattr(init, "is_zero", False):
        return bytes(size)
    if isinstance(init, ConstantInt) and t.is_int:
        return (init.value % (1 << (8 * size))).to_bytes(size, "little")
    if isinstance(init, ConstantString):
        data = _unescape(init.text)
        return data if len(data) == size else None
    if not isinstance(init, ConstantAggregate) or depth > 8 or not (t.is_struct or t.is_array):
        return None
    out = bytearray()
    types = t.elements if t.is_struct else [t.element] * len(init.elements)
    for element, et in zip(init.elements, types):
        align = 1 if not t.is_struct or t.packed else size_and_align(et)[1]
        out.extend(bytes(-len(out) % align))
        part = _initializer_bytes(element, et, depth + 1)
        if part is None:
            return None
        out.extend(part)
    out.extend(bytes(size - len(out)))
    return bytes(out) if len(out) == size else None


def _unescape(text: str) -> bytes:
    """The bytes of a `c"..."` body, in which `\\XX` is a byte in hex (LLVM
    writes a backslash itself as `\\5C`)."""
    out, k = bytearray(), 0
    while k < len(text):
        if text[k] == "\\" and k + 2 < len(text):
            out.append(int(text[k + 1:k + 3], 16))
            k += 3
        else:
            out.extend(text[k].encode("utf-8"))
            k += 1
    return bytes(out)


def global_offset(ptr) -> Optional[Tuple[GlobalVariable, Optional[int]]]:
    """(global, constant byte offset or None) that `ptr` points to, through
    GEPs and casts (instructions or constants); None if no global."""
    offset = 0
    while True:
        if isinstance(ptr, GlobalVariable):
            return ptr, offset
        if isinstance(ptr, GlobalAlias):
            ptr = ptr.resolved()
            continue
        if isinstance(ptr, (ConstantExpr, I.Cast)) and ptr.opcode in ("bitcast",
                                                                      "addrspacecast"):
            ptr = ptr.operands[0]
        elif isinstance(ptr, ConstantExpr) and ptr.opcode == "getelementptr":
            offset = _add(offset, gep_offset(ptr.source_type, ptr.operands[1:]))
            ptr = ptr.operands[0]
        elif isinstance(ptr, I.GetElementPtr):
            offset = _add(offset, gep_offset(ptr.source_type, ptr.indices))
            ptr = ptr.pointer
        else:
            return None


def _add(offset, found):
    if offset is None or found is None or found[1]:
        return None             # a run-time index: somewhere in the global
    return offset + found[0]


def _trusted(g) -> bool:
    if g.initializer is None or "externally_initialized" in (g.pre_attrs or ""):
        return False
    return not any(word in REPLACEABLE_LINKAGES for word in (g.linkage or "").split())


def _written(g, offset: int, size: int) -> bool:
    """May code change bytes [offset, offset + size) of `g`?  Only loads, and
    stores to other bytes at constant offsets, leave them alone; any other
    use (a call, a copy, the address stored or compared) may change them."""
    module = g.module
    cache = module.facts.setdefault("written global bytes", {})
    key = (id(g), offset, size)
    if key not in cache:
        cache[key] = _any_write(g, offset, size)
    return cache[key]


def address_in_initializers(g) -> bool:
    """Is global `g`'s address data in another global's initializer (`@pp =
    global ptr @g`)?  Then code may reach `g` through a load of that global,
    with no use of `g` of its own.  (`@llvm.used` and its kin are lists for
    the linker, not data code can load.)"""
    return any(other is not g and not other.name.startswith("llvm.") and
               _mentions(getattr(other, "initializer", None), g) for other in g.module.globals)


def _any_write(g, offset: int, size: int) -> bool:
    module = g.module
    if address_in_initializers(g):
        return True                     # its address is data elsewhere
    module.read_bodies_naming((g,))
    for fn in module.read_functions():
        for inst in fn.instructions():
            for index, op in enumerate(inst.operands):
                located = global_offset(op) if op is not inst else None
                if located is None or located[0] is not g:
                    continue
                if not _harmless_use(inst, index, located[1], offset, size):
                    return True
    return False


def _harmless_use(inst, index, at, offset, size) -> bool:
    if isinstance(inst, I.Load) and index == 0:
        return True
    if isinstance(inst, (I.GetElementPtr, I.Cast)) and index == 0 and \
            (not isinstance(inst, I.Cast) or inst.opcode in ("bitcast", "addrspacecast")):
        return True                     # its own uses are operands seen in the scan
    if isinstance(inst, I.Store) and index == 1 and at is not None:
        stored = size_and_align(inst.value.type)[0]
        return at + stored <= offset or offset + size <= at
    return False


def _mentions(c, g) -> bool:
    return any(leaf is g for leaf in _leaves(c))


def held_globals(init) -> list:
    """The global variables whose addresses constant `init` (a global's
    initializer) holds, inside aggregates and constant expressions."""
    return [leaf for leaf in _leaves(init) if isinstance(leaf, GlobalVariable)]


def _leaves(c, depth: int = 0):
    if c is None or depth > 32:
        return
    if isinstance(c, ConstantAggregate):
        for e in c.elements:
            yield from _leaves(e, depth + 1)
    elif isinstance(c, ConstantExpr):
        for op in c.operands:
            yield from _leaves(op, depth + 1)
    elif isinstance(c, GlobalAlias):
        yield from _leaves(c.aliasee, depth + 1)        # holds what its aliasee is
    else:
        yield c


def constant_at(init, t, offset: int):
    """The scalar constant at byte `offset` of constant `init` of type `t`."""
    while True:
        if offset == 0 and (t.is_pointer or not (t.is_struct or t.is_array)):
            return init
        if not isinstance(init, ConstantAggregate):
            return None
        if t.is_struct:
            pos = 0
            for element, et in zip(init.elements, t.elements):
                align = 1 if t.packed else size_and_align(et)[1]
                pos = (pos + align - 1) // align * align
                if pos <= offset < pos + size_and_align(et)[0]:
                    init, t, offset = element, et, offset - pos
                    break
                pos += size_and_align(et)[0]
            else:
                return None
        elif t.is_array:
            step = size_and_align(t.element)[0]
            k = offset // step if step else 0
            if not step or k >= len(init.elements):
                return None
            init, t, offset = init.elements[k], t.element, offset - k * step
        else:
            return None

