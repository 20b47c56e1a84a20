"""LLVM types.

Structural types are immutable and compare by value, so the parser and the
AD passes can build them freely.  Named structs compare by identity: a module
owns exactly one ``NamedStructType`` per name.

Pointers come in two dialects.  ``PointerType(None)`` is LLVM 15+'s opaque
``ptr``; ``PointerType(pointee)`` is LLVM 14's typed pointer (``double*``).
A module remembers its dialect and new pointer types are made through it.
"""
from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

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


class _Value(Type):
    """A structural type: immutable, equal to another of its class with the
    same fields, hashed by them (each class compares its own fields; this
    base, for those without any).  Written out rather than made by
    `dataclasses`, whose code generation took a tenth of a small run's
    start-up."""

    __slots__ = ()

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return True
        return NotImplemented

    def __hash__(self) -> int:
        return hash(())

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}")


_set = object.__setattr__


class VoidType(_Value):
    is_void = True

    def __str__(self) -> str:
        return "void"


class LabelType(_Value):
    is_label = True

    def __str__(self) -> str:
        return "label"


class MetadataType(_Value):
    is_metadata = True

    def __str__(self) -> str:
        return "metadata"


class SpecialType(_Value):
    """Types the AD never looks inside: token, x86_mmx, x86_amx, target(...)."""

    def __init__(self, text: str):
        _set(self, "text", text)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,) == (other.text,)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.text,))

    def __str__(self) -> str:
        return self.text


class IntType(_Value):
    is_int = True

    def __init__(self, bits: int):
        _set(self, "bits", bits)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.bits,) == (other.bits,)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.bits,))

    def __str__(self) -> str:
        return f"i{self.bits}"


class FloatFormat(NamedTuple):
    """The facts of one floating-point type that the passes read."""
    bits: int               # its width in memory
    max_exponent: int       # the largest binary exponent of a finite value
    intrinsic_suffix: str   # in an overloaded intrinsic's name: llvm.sqrt.f64
    libm_suffix: str        # of libm's function for the type: sinf, sinl


FLOAT_FORMATS = {
    "half": FloatFormat(16, 15, "f16", ""),
    "bfloat": FloatFormat(16, 127, "bf16", ""),
    "float": FloatFormat(32, 127, "f32", "f"),
    "double": FloatFormat(64, 1023, "f64", ""),
    "x86_fp80": FloatFormat(80, 16383, "f80", "l"),
    "fp128": FloatFormat(128, 16383, "f128", "l"),
    "ppc_fp128": FloatFormat(128, 1023, "ppcf128", "l"),
}


class FloatType(_Value):
    is_float = True

    def __init__(self, kind: str):
        _set(self, "kind", kind)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,) == (other.kind,)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind,))

    @property
    def format(self) -> FloatFormat:
        return FLOAT_FORMATS[self.kind]

    @property
    def bits(self) -> int:
        return FLOAT_FORMATS[self.kind].bits

    def __str__(self) -> str:
        return self.kind


class PointerType(_Value):
    is_pointer = True

    def __init__(self, pointee: Optional[Type] = None, addrspace: int = 0):
        _set(self, "pointee", pointee)         # None: opaque `ptr`
        _set(self, "addrspace", addrspace)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.pointee, self.addrspace) == (other.pointee, other.addrspace)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pointee, self.addrspace))

    @property
    def is_opaque(self) -> bool:
        return self.pointee is None

    def __str__(self) -> str:
        space = f" addrspace({self.addrspace})" if self.addrspace else ""
        if self.pointee is None:
            return "ptr" + space
        return f"{self.pointee}{space}*"


class VectorType(_Value):
    is_vector = True

    def __init__(self, count: int, element: Type, scalable: bool = False):
        _set(self, "count", count)
        _set(self, "element", element)
        _set(self, "scalable", scalable)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.count, self.element, self.scalable) == (other.count, other.element, other.scalable)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.count, self.element, self.scalable))

    @property
    def scalar(self) -> Type:
        return self.element

    def __str__(self) -> str:
        vs = "vscale x " if self.scalable else ""
        return f"<{vs}{self.count} x {self.element}>"


class ArrayType(_Value):
    is_array = True

    def __init__(self, count: int, element: Type):
        _set(self, "count", count)
        _set(self, "element", element)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.count, self.element) == (other.count, other.element)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.count, self.element))

    def __str__(self) -> str:
        return f"[{self.count} x {self.element}]"


class StructType(_Value):
    """A literal (unnamed) struct type."""

    is_struct = True

    def __init__(self, elements: tuple, packed: bool = False):
        _set(self, "elements", elements)
        _set(self, "packed", packed)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.elements, self.packed) == (other.elements, other.packed)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.elements, self.packed))

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


class FunctionType(_Value):
    is_function = True

    def __init__(self, ret: Type, params: tuple, vararg: bool = False):
        _set(self, "ret", ret)
        _set(self, "params", params)
        _set(self, "vararg", vararg)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.ret, self.params, self.vararg) == (other.ret, other.params, other.vararg)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.ret, self.params, self.vararg))

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
    return t.format.intrinsic_suffix
