"""Constants: numbers, aggregates, null/undef/poison and constant expressions."""
from __future__ import annotations

import math
import struct
from typing import Optional, Sequence

from .types import FloatType, IntType, Type
from .values import User, Value


class Constant(Value):
    __slots__ = ()
    tracks_uses = False

    @property
    def is_constant(self) -> bool:
        return True

    @property
    def is_zero(self) -> bool:
        return False


class ConstantInt(Constant):
    __slots__ = ("value",)

    def __init__(self, type: IntType, value: int):
        super().__init__(type)
        self.value = value

    @property
    def is_zero(self) -> bool:
        return self.value == 0

    @property
    def signed_value(self) -> int:
        """The value read as a two's-complement number of the type's width
        (an i1 stays 0 or 1, as a flag)."""
        bits = self.type.bits
        v = self.value & ((1 << bits) - 1) if bits else self.value
        return v - (1 << bits) if bits > 1 and v >= 1 << (bits - 1) else v

    def __eq__(self, other):
        return (isinstance(other, ConstantInt) and other.type == self.type
                and other.value == self.value)

    def __hash__(self):
        return hash((self.type, self.value))


class ConstantFloat(Constant):
    """A floating-point literal.

    `text` keeps the spelling from the input (so it prints back verbatim,
    including x86_fp80 and other formats Python cannot hold); `value` is the
    Python float for the formats the AD computes with.
    """

    __slots__ = ("value", "text")

    def __init__(self, type: FloatType, value: float, text: Optional[str] = None):
        super().__init__(type)
        self.value = value
        self.text = text if text is not None else format_float(type, value)

    @property
    def is_zero(self) -> bool:
        return self.value == 0.0 and not math.copysign(1.0, self.value) < 0


def format_float(type: FloatType, value: float) -> str:
    """Spell `value` so that LLVM reads back exactly this number.

    LLVM accepts a hex literal of the IEEE double for both `double` and
    `float` (the latter must be exactly representable as float), so the hex
    form is always correct; it is used unless a short decimal is exact.
    """
    if type.kind == "float":
        value = struct.unpack("<f", struct.pack("<f", value))[0]
    elif type.kind != "double":
        return _HEX_LITERALS[type.kind](value)
    if math.isfinite(value):
        text = "%e" % value
        if float(text) == value:
            return text
    return "0x%016X" % _double_bits(value)


def _double_bits(value: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", value))[0]


def _binary(value: float, exponent_bits: int, fraction_bits: int, explicit_one: bool) -> int:
    """The bits of `value` (a double, so exact) in a wider binary format:
    sign, biased exponent, and fraction (with the leading one when the
    format stores it, as x86_fp80 does)."""
    sign = 1 if math.copysign(1.0, value) < 0 else 0
    top = (1 << exponent_bits) - 1
    one = 1 << (fraction_bits - 1) if explicit_one else 0     # the stored leading one
    if math.isnan(value):
        exponent, fraction = top, one | 1 << (fraction_bits - 2 if explicit_one else
                                              fraction_bits - 1)
    elif math.isinf(value):
        exponent, fraction = top, one
    elif value == 0.0:
        exponent, fraction = 0, 0
    else:
        m, e = math.frexp(abs(value))                 # |value| = m * 2**e, 0.5 <= m < 1
        exponent = e - 1 + (top >> 1)
        if explicit_one:
            fraction = int(m * (1 << fraction_bits))
        else:
            fraction = int(m * (1 << (fraction_bits + 1))) - (1 << fraction_bits)
    return (sign << (exponent_bits + fraction_bits)) | (exponent << fraction_bits) | fraction


def _half(value: float) -> str:
    try:
        packed = struct.pack("<e", value)
    except OverflowError:
        packed = struct.pack("<e", math.copysign(math.inf, value))
    return "0xH%04X" % struct.unpack("<H", packed)[0]


def _bfloat(value: float) -> str:
    """The top half of the float, rounded to nearest (ties to even)."""
    if math.isnan(value):
        return "0xR7FC0"
    try:
        bits = struct.unpack("<I", struct.pack("<f", value))[0]
    except OverflowError:
        return "0xRFF80" if value < 0 else "0xR7F80"
    return "0xR%04X" % ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16)


def _x86_fp80(value: float) -> str:
    bits = _binary(value, 15, 64, explicit_one=True)
    return "0xK%04X%016X" % (bits >> 64, bits & (2**64 - 1))


def _fp128(value: float) -> str:
    bits = _binary(value, 15, 112, explicit_one=False)
    return "0xL%016X%016X" % (bits & (2**64 - 1), bits >> 64)    # LLVM writes the low half first


def _ppc_fp128(value: float) -> str:
    return "0xM%016X%016X" % (_double_bits(value), 0)          # a double-double: value + 0.0


# Hex spellings of the formats LLVM reads no decimal literal for.
_HEX_LITERALS = {"half": _half, "bfloat": _bfloat, "x86_fp80": _x86_fp80, "fp128": _fp128,
                 "ppc_fp128": _ppc_fp128}


class ConstantNull(Constant):
    __slots__ = ()

    @property
    def is_zero(self) -> bool:
        return True


class ConstantZero(Constant):
    """`zeroinitializer`."""
    __slots__ = ()

    @property
    def is_zero(self) -> bool:
        return True


class ConstantUndef(Constant):
    __slots__ = ()


class ConstantPoison(Constant):
    __slots__ = ()


class ConstantNone(Constant):
    """The `none` token constant."""
    __slots__ = ()


class ConstantAggregate(Constant):
    """Array, struct or vector constant with explicit elements."""

    __slots__ = ("elements",)

    def __init__(self, type: Type, elements: Sequence[Value]):
        super().__init__(type)
        self.elements = list(elements)


class ConstantString(Constant):
    """`c"..."`: `text` is the escaped body as written."""

    __slots__ = ("text",)

    def __init__(self, type: Type, text: str):
        super().__init__(type)
        self.text = text


class ConstantExpr(Constant, User):
    """A constant expression such as `getelementptr (...)` or `bitcast (...)`.

    `opcode` is the LLVM keyword, `flags` the keywords after it (`inbounds`,
    `nuw`, ...), `source_type` the explicit element type of a GEP, and
    `predicate` the condition of an `icmp`/`fcmp` expression.  Operands that
    are globals record this expression as their user, so a function used only
    through `bitcast (@f to i8*)` is still found from `@f`.
    """

    __slots__ = ("opcode", "flags", "source_type", "predicate")

    def __init__(self, opcode: str, type: Type, operands: Sequence[Value],
                 flags: Sequence[str] = (), source_type: Optional[Type] = None,
                 predicate: Optional[str] = None):
        User.__init__(self, type, operands)
        self.opcode = opcode
        self.flags = list(flags)
        self.source_type = source_type
        self.predicate = predicate

    def _add_use(self, user, index):   # constant exprs are shared like constants
        pass

    def strip_casts(self) -> Value:
        """The value under pointer casts (`bitcast`, `addrspacecast`)."""
        v: Value = self
        while isinstance(v, ConstantExpr) and v.opcode in ("bitcast", "addrspacecast"):
            v = v.operands[0]
        return v


class BlockAddress(Constant):
    __slots__ = ("function", "block")

    def __init__(self, type: Type, function: Value, block: Value):
        super().__init__(type)
        self.function = function
        self.block = block


class GlobalWrapper(Constant):
    """`dso_local_equivalent @f` and `no_cfi @f`."""

    __slots__ = ("keyword", "target")

    def __init__(self, type: Type, keyword: str, target: Value):
        super().__init__(type)
        self.keyword = keyword
        self.target = target


class InlineAsm(Constant):
    """`asm [sideeffect] [alignstack] [inteldialect] [unwind] "code", "constraints"`."""

    __slots__ = ("flags", "code", "constraints")

    def __init__(self, type: Type, flags: Sequence[str], code: str, constraints: str):
        super().__init__(type)
        self.flags = list(flags)
        self.code = code
        self.constraints = constraints


class MetadataValue(Constant, User):
    """A `metadata ...` call operand.

    Either wraps IR values -- `metadata double %x` as `llvm.dbg.value` uses
    it (`value`), or a `!DIArgList(...)` (`args`) -- or is text
    (`metadata !12`).  Wrapped values are operands, so replacing a value
    updates the metadata that names it; like debug records, such uses never
    keep a value alive (`Instruction.erase` turns them into `poison`).
    """

    __slots__ = ("text", "is_arg_list")
    is_debug_record = True

    def __init__(self, type: Type, value: Optional[Value] = None, text: str = "",
                 args: Optional[list] = None):
        User.__init__(self, type, [value] if value is not None else (args or []))
        self.text = text
        self.is_arg_list = args is not None

    def _add_use(self, user, index):   # shared like constants
        pass

    @property
    def value(self) -> Optional[Value]:
        return self.operands[0] if self.operands and not self.is_arg_list else None

    @property
    def args(self) -> Optional[list]:
        return list(self.operands) if self.is_arg_list else None


def const_float(type: Type, value: float) -> Constant:
    """A float constant, splatted when `type` is a vector."""
    if type.is_vector:
        scalar = ConstantFloat(type.element, value)
        return ConstantAggregate(type, [scalar] * type.count)
    return ConstantFloat(type, value)


def zero_of(type: Type) -> Constant:
    """The all-zero value of any first-class type."""
    if type.is_float:
        return ConstantFloat(type, 0.0)
    if type.is_int:
        return ConstantInt(type, 0)
    if type.is_pointer:
        return ConstantNull(type)
    return ConstantZero(type)


def shuffle_mask(mask) -> list:
    """The lanes a shufflevector mask selects (-1: poison or undef)."""
    if isinstance(mask, ConstantAggregate):
        return [e.value if isinstance(e, ConstantInt) else -1 for e in mask.elements]
    if getattr(mask, "is_zero", False):
        return [0] * mask.type.count
    return [-1] * mask.type.count
