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
    elif type.kind not in ("double",):
        if type.kind == "half" and value == 0.0:
            return "0xH0000"
        raise NotImplementedError(f"literal of type {type}")
    if math.isfinite(value):
        text = "%e" % value
        if float(text) == value:
            return text
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    return "0x%016X" % bits


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


def const_int(type: IntType, value: int) -> ConstantInt:
    return ConstantInt(type, value)


def const_float(type: Type, value: float) -> Constant:
    """A float constant, splatted when `type` is a vector."""
    if type.is_vector:
        from .types import VectorType  # noqa: F401
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
