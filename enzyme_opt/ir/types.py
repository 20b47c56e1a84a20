"""LLVM types.

Structural types are immutable and compare by value, so the parser and the
AD passes can build them freely.  Named structs compare by identity: a module
owns exactly one ``NamedStructType`` per name.

Pointers come in two dialects.  ``PointerType(None)`` is LLVM 15+'s opaque
``ptr``; ``PointerType(pointee)`` is LLVM 14's typed pointer (``double*``).
A module remembers its dialect and new pointer types are made through it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from .names import format_local


class Type:
    """Base of all types; predicates keep call sites short."""

    __slots__ = ()
    is_void = is_int = is_float = is_pointer = is_vector = False
    is_array = is_struct = is_function = is_label = is_metadata = False

    @property
    def is_aggregate(self) -> bool:
        return self.is_array or self.is_struct

    @property
    def scalar(self) -> "Type":
        """The element type of a vector, or the type itself."""
        return self

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


@dataclass(frozen=True, repr=False)
class VoidType(Type):
    is_void = True

    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True, repr=False)
class LabelType(Type):
    is_label = True

    def __str__(self) -> str:
        return "label"


@dataclass(frozen=True, repr=False)
class MetadataType(Type):
    is_metadata = True

    def __str__(self) -> str:
        return "metadata"


@dataclass(frozen=True, repr=False)
class SpecialType(Type):
    """Types the AD never looks inside: token, x86_mmx, x86_amx, target(...)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, repr=False)
class IntType(Type):
    bits: int
    is_int = True

    def __str__(self) -> str:
        return f"i{self.bits}"


FLOAT_BITS = {"half": 16, "bfloat": 16, "float": 32, "double": 64,
              "x86_fp80": 80, "fp128": 128, "ppc_fp128": 128}


@dataclass(frozen=True, repr=False)
class FloatType(Type):
    kind: str
    is_float = True

    @property
    def bits(self) -> int:
        return FLOAT_BITS[self.kind]

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, repr=False)
class PointerType(Type):
    pointee: Optional[Type] = None     # None: opaque `ptr`
    addrspace: int = 0
    is_pointer = True

    @property
    def is_opaque(self) -> bool:
        return self.pointee is None

    def __str__(self) -> str:
        space = f" addrspace({self.addrspace})" if self.addrspace else ""
        if self.pointee is None:
            return "ptr" + space
        return f"{self.pointee}{space}*"


@dataclass(frozen=True, repr=False)
class VectorType(Type):
    count: int
    element: Type
    scalable: bool = False
    is_vector = True

    @property
    def scalar(self) -> Type:
        return self.element

    def __str__(self) -> str:
        vs = "vscale x " if self.scalable else ""
        return f"<{vs}{self.count} x {self.element}>"


@dataclass(frozen=True, repr=False)
class ArrayType(Type):
    count: int
    element: Type
    is_array = True

    def __str__(self) -> str:
        return f"[{self.count} x {self.element}]"


@dataclass(frozen=True, repr=False)
class StructType(Type):
    """A literal (unnamed) struct type."""

    elements: tuple
    packed: bool = False
    is_struct = True

    def body_text(self) -> str:
        inner = ", ".join(str(e) for e in self.elements)
        body = "{ " + inner + " }" if inner else "{}"
        return "<" + body + ">" if self.packed else body

    def __str__(self) -> str:
        return self.body_text()


class NamedStructType(Type):
    """`%name = type {...}`; `body` is None while opaque."""

    __slots__ = ("name", "body")
    is_struct = True

    def __init__(self, name: str, body: Optional[StructType] = None):
        self.name = name
        self.body = body

    @property
    def elements(self) -> tuple:
        return self.body.elements if self.body is not None else ()

    @property
    def packed(self) -> bool:
        return self.body is not None and self.body.packed

    @property
    def is_opaque(self) -> bool:
        return self.body is None

    def __str__(self) -> str:
        return format_local(self.name)


@dataclass(frozen=True, repr=False)
class FunctionType(Type):
    ret: Type
    params: tuple
    vararg: bool = False
    is_function = True

    def __str__(self) -> str:
        params = [str(p) for p in self.params]
        if self.vararg:
            params.append("...")
        return f"{self.ret} ({', '.join(params)})"


VOID = VoidType()
LABEL = LabelType()
METADATA = MetadataType()
I1 = IntType(1)
I8 = IntType(8)
I32 = IntType(32)
I64 = IntType(64)
FLOAT = FloatType("float")
DOUBLE = FloatType("double")
OPAQUE_PTR = PointerType(None)


def element_type(aggregate: Type, index: int) -> Type:
    """The type at `index` inside an array, vector or struct."""
    if aggregate.is_struct:
        return aggregate.elements[index]
    return aggregate.element


def indexed_type(aggregate: Type, indices) -> Type:
    for i in indices:
        aggregate = element_type(aggregate, i)
    return aggregate



# ------------------------------------------------------------------ data layout
def size_and_align(t) -> Tuple[int, int]:
    """Size and ABI alignment on x86-64 / AArch64 Linux (the targets clang emits here)."""
    if t.is_int:
        size = max(1, (t.bits + 7) // 8)
        size = 1 << (size - 1).bit_length()
        return size, min(size, 16)
    if t.is_float:
        return {16: (2, 2), 32: (4, 4), 64: (8, 8), 80: (16, 16), 128: (16, 16)}[t.bits]
    if t.is_pointer:
        return 8, 8
    if t.is_vector:
        esize, _ = size_and_align(t.element)
        size = 1 << max(0, (esize * t.count - 1).bit_length())
        return size, size
    if t.is_array:
        esize, ealign = size_and_align(t.element)
        return esize * t.count, ealign
    if t.is_struct:
        offset, align = 0, 1
        for e in t.elements:
            esize, ealign = size_and_align(e)
            if t.packed:
                ealign = 1
            offset = (offset + ealign - 1) // ealign * ealign + esize
            align = max(align, ealign)
        return (offset + align - 1) // align * align, align
    raise ValueError(f"no size for {t}")


def alloc_size(t) -> Optional[int]:
    """The bytes one `t` takes in memory (its GEP stride), or None when that
    is not fixed: opaque structs, scalable vectors, labels and the like."""
    if getattr(t, "is_opaque", False) and t.is_struct or t.is_vector and t.scalable:
        return None
    try:
        return size_and_align(t)[0]
    except ValueError:
        return None


def type_suffix(t: Type) -> str:
    """The suffix of an overloaded intrinsic's name for `t`: f64, v4f32, i32."""
    if t.is_vector:
        return f"v{t.count}{type_suffix(t.element)}"
    if t.is_int:
        return f"i{t.bits}"
    return {"float": "f32", "double": "f64", "half": "f16", "x86_fp80": "f80",
            "fp128": "f128"}[t.kind]
