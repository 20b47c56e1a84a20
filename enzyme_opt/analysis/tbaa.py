"""What clang's TBAA metadata says about the type of the memory an access touches.

At -O1 and above clang tags loads and stores with `!tbaa !N`, an access tag
`!{base type, access type, offset}` whose access type is a scalar type node
`!{!"double", parent, i64 0}`, and aggregate copies with `!tbaa.struct`,
a list `!{i64 offset, i64 size, tag, ...}` with one entry per scalar field.
Type nodes are named after C types, so the name says float, pointer or
integer whatever LLVM type the access uses (clang -O2 moves doubles with
`load i64`).  "omnipotent char" is the type of character and union
accesses and of arrays inside structs: it says nothing.

Struct type nodes `!{!"S", !"double" node, i64 0, !"int" node, i64 8}`
list their fields, so an access tag whose base is a struct also describes
the struct's other fields around the accessed one.

Both LLVM 14 and LLVM 19 write this metadata the same way; nodes are read
from the module's text of its metadata definitions.  clang's
`-new-struct-path-tbaa` writes another format, read as well: type nodes
`!{parent, i64 size, !"name", member, i64 offset, i64 size, ...}` and
access tags `!{base, access, i64 offset, i64 size}`.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..ir.compiled_regex import compile_cached

_ITEM = compile_cached(r'\s*(?:!"((?:[^"\\]|\\.)*)"|(!\d+)|i\d+\s+(-?\d+)|(null))\s*(?:,|$)')
_POINTER_NAME = compile_cached(r"(any )?p\d+ ")

FLOAT_NAMES = {"float": "float", "double": "double", "long double": "x86_fp80",
               "_Float16": "half", "__fp16": "half", "__bf16": "bfloat"}
INT_NAMES = {"char", "signed char", "unsigned char", "short", "int", "long", "long long",
             "__int128", "bool", "_Bool", "wchar_t", "char8_t", "char16_t", "char32_t"}
# clang++ names an enum with linkage by its mangled type name, and C23's
# _BitInt(N) so.  Integers too: our tape's integer entries (ad/tape.py), and
# the members of flang's array descriptors (extents, strides, sizes; the base
# address among them is moved typed as ptr, which says so itself).
_INT_NAME = compile_cached(r"_ZTS|_BitInt\(\d+\)$")
OTHER_INT_NAMES = {"enzyme-opt tape integer", "descriptor member"}
OPAQUE_NAME = "omnipotent char"
# ad/tape.py's type of tape entries, which hold values of any type
ANY_TYPE_NAMES = {OPAQUE_NAME, "enzyme-opt tape entry"}


class Name(str):
    """A string operand `!"..."` of a metadata node (references are plain "!N")."""


def node_items(text: str) -> Optional[list]:
    """The operands of `!{...}`: Name, "!N" references, int, or None for `null`;
    None if the node is not a plain tuple."""
    text = text.strip()
    if text.startswith("distinct "):
        text = text[len("distinct "):].strip()
    if not (text.startswith("!{") and text.endswith("}")):
        return None
    body, items, pos = text[2:-1], [], 0
    while pos < len(body.rstrip()):
        m = _ITEM.match(body, pos)
        if m is None:
            return None
        name, ref, number, _ = m.groups()
        items.append(Name(name) if name is not None else ref if ref is not None else
                     int(number) if number is not None else None)
        pos = m.end()
    return items


def kind_of_type_name(name: str) -> Optional[str]:
    """"double" -> "double", "any pointer" / "p1 int" -> "ptr", C's integers
    and C++'s enums -> "int"; "omnipotent char" and every name clang does not
    give a scalar -> None (it may be anything).  Other frontends name their
    own classes: flang's "any data access" or "dummy arg data/..." tag real
    arrays, so an unknown name must not read as an integer."""
    if name in FLOAT_NAMES:
        return FLOAT_NAMES[name]
    if name in ANY_TYPE_NAMES:
        return None
    if _is_pointer_name(name):
        return "ptr"
    if name in INT_NAMES or name in OTHER_INT_NAMES or _INT_NAME.match(name):
        return "int"
    return None


def _new_format(items) -> bool:
    """Is a type node in the format of `-new-struct-path-tbaa`:
    `!{parent, i64 size, !"name", member, i64 offset, i64 size, ...}`?"""
    return bool(items) and len(items) >= 3 and isinstance(items[1], int) and \
        isinstance(items[2], Name) and not isinstance(items[0], Name)


def _is_pointer_name(name: str) -> bool:
    return name in ("any pointer", "vtable pointer") or _POINTER_NAME.match(name) is not None


class Tbaa:
    """The TBAA nodes of one module, read on demand."""

    def __init__(self, metadata: Dict[str, str]):
        self.metadata = metadata
        self._items: Dict[str, Optional[list]] = {}

    def items(self, ref) -> Optional[list]:
        if isinstance(ref, Name) or not isinstance(ref, str) or not ref[1:].isdigit():
            return None
        key = ref[1:]
        if key not in self._items:
            text = self.metadata.get(key)
            self._items[key] = node_items(text) if text is not None else None
        return self._items[key]

    def _name(self, type_ref) -> Optional[str]:
        items = self.items(type_ref)
        if items and isinstance(items[0], Name):
            return items[0]
        if _new_format(items):
            return items[2]
        return None

    def _members(self, type_ref) -> List[Tuple[object, object]]:
        """(member type node, offset) of each field a type node lists."""
        items = self.items(type_ref) or []
        if _new_format(items):
            return [(items[k], items[k + 1]) for k in range(3, len(items) - 2, 3)]
        return [(items[k], items[k + 1]) for k in range(1, len(items) - 1, 2)]

    def access_kind(self, tag_ref) -> Optional[str]:
        """The kind of the scalar an access tag `!{base, access, offset}` accesses."""
        items = self.items(tag_ref)
        if not items or len(items) < 3:
            return None
        name = self._name(items[1])
        return kind_of_type_name(name) if name is not None else None

    def struct_fields(self, tag_ref) -> Tuple[int, List[Tuple[int, str]]]:
        """(offset of the access in its base type, [(offset, kind)] of the base's
        scalar fields, nested structs flattened); (0, []) when the base is no struct."""
        items = self.items(tag_ref)
        if not items or len(items) < 3 or not isinstance(items[2], int) or \
                items[0] == items[1]:
            return 0, []
        return items[2], self._fields(items[0], 0, 0)

    def _fields(self, type_ref, base: int, depth: int) -> List[Tuple[int, str]]:
        """Only fields whose type is a C scalar by name count: a struct node and a
        scalar node look alike (`!{!"name", !field, i64 0}`), and an enum's
        node is a struct's look-alike too."""
        if depth > 16:
            return []
        out = []
        for field, offset in self._members(type_ref):
            name = self._name(field)
            if name is None or not isinstance(offset, int):
                continue
            if name in FLOAT_NAMES or name in INT_NAMES or _is_pointer_name(name):
                out.append((base + offset, kind_of_type_name(name)))
            elif name != OPAQUE_NAME:
                out.extend(self._fields(field, base + offset, depth + 1))
        return out

    def copied_fields(self, struct_ref) -> List[Tuple[int, int, str]]:
        """(offset, size, kind) of each typed field a `!tbaa.struct` copy moves."""
        items = self.items(struct_ref)
        if not items:
            return []
        out = []
        for k in range(0, len(items) - 2, 3):
            offset, size, tag = items[k:k + 3]
            if isinstance(offset, int) and isinstance(size, int):
                kind = self.access_kind(tag)
                if kind is not None:
                    out.append((offset, size, kind))
        return out
