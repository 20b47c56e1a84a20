"""Instructions.

One class per instruction shape.  What the AD passes reason about is a
field (operands, flags, types, predicates); what they never interpret is
kept as text so that it prints back unchanged (call-site attributes, atomic
orderings, metadata attachments).
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from .constants import ConstantPoison, MetadataValue
from .module import TERMINATORS, BasicBlock, function_under_casts
from .types import I1, VOID, Type, VectorType
from .values import User, Value

FAST_MATH_FLAGS = ("fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc")

BINARY_OPS = ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr",
              "ashr", "and", "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem")
CAST_OPS = ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi",
            "uitofp", "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast")


class Instruction(User):
    """Base class.  `parent` is the owning BasicBlock (None when detached).

    `metadata` is a list of `(kind, text)` attachments such as
    `("dbg", "!12")` or `("tbaa", "!5")`, printed back as `, !kind text`.
    """

    # `position`: where the instruction last was in its block (a hint for
    # BasicBlock.index_of, checked before it is used).
    __slots__ = ("opcode", "parent", "metadata", "location", "debug_records", "position")

    def __init__(self, opcode: str, type: Type, operands: Sequence[Value] = (),
                 name: Optional[str] = None):
        super().__init__(type, operands, name)
        self.opcode = opcode
        self.parent = None
        self.metadata: List[Tuple[str, str]] = []
        self.location = None     # (file, line, column) in the input .ll, when parsed
        self.debug_records: Optional[list] = None   # LLVM 19 `#dbg_...` records before it
        self.position = -1

    @property
    def is_terminator(self) -> bool:
        return self.opcode in TERMINATORS

    @property
    def function(self):
        return self.parent.parent if self.parent is not None else None

    @property
    def successors(self) -> list:
        return []

    def text(self) -> str:
        """The instruction as printed in its function (for messages)."""
        from .printer import FunctionPrinter     # cycle: the printer imports this module
        fn = self.function
        return FunctionPrinter(fn).instruction(self).strip() if fn is not None else self.opcode

    def get_metadata(self, kind: str) -> Optional[str]:
        for k, text in self.metadata:
            if k == kind:
                return text
        return None

    def erase(self) -> None:
        """Remove from the block and drop operands; the value must be unused.

        Debug records are no real uses: records describing this value now
        describe `poison` (so do the `metadata T %x` operands of debug
        intrinsic calls, as clang 14 writes them), and records placed before
        this instruction move to the next one, as LLVM does.
        """
        for user, index in list(self.uses):
            if isinstance(user, (DebugRecord, MetadataValue)):
                user.set_operand(index, ConstantPoison(self.type))
        assert not self.has_uses(), f"erasing {self!r} which still has uses"
        if self.parent is not None:
            if self.debug_records:
                block = self.parent
                position = block.index_of(self) + 1
                if position < len(block.instructions):
                    after = block.instructions[position]
                    after.debug_records = self.debug_records + (after.debug_records or [])
                else:
                    self.drop_debug_records()
                self.debug_records = None
            self.parent.remove(self)
        self.drop_operands()

    def drop_debug_records(self) -> None:
        for record in self.debug_records or ():
            record.drop_operands()
        self.debug_records = None


class BinaryOp(Instruction):
    """`add`..`xor`, `fadd`..`frem`; `flags` holds nuw/nsw/exact/disjoint or fast-math."""

    __slots__ = ("flags",)

    def __init__(self, opcode, lhs, rhs, flags=(), name=None):
        super().__init__(opcode, lhs.type, (lhs, rhs), name)
        self.flags = list(flags)


class UnaryOp(Instruction):
    """`fneg`."""

    __slots__ = ("flags",)

    def __init__(self, opcode, operand, flags=(), name=None):
        super().__init__(opcode, operand.type, (operand,), name)
        self.flags = list(flags)


class Cast(Instruction):
    __slots__ = ("flags",)

    def __init__(self, opcode, operand, to_type, flags=(), name=None):
        super().__init__(opcode, to_type, (operand,), name)
        self.flags = list(flags)


class Compare(Instruction):
    """`icmp`/`fcmp`; `flags` holds fast-math flags or `samesign`."""

    __slots__ = ("predicate", "flags")

    def __init__(self, opcode, predicate, lhs, rhs, flags=(), name=None):
        rtype = VectorType(lhs.type.count, I1, lhs.type.scalable) if lhs.type.is_vector else I1
        super().__init__(opcode, rtype, (lhs, rhs), name)
        self.predicate = predicate
        self.flags = list(flags)


class Phi(Instruction):
    """Operands are the incoming values; `blocks[i]` is the edge of operand i."""

    __slots__ = ("blocks", "flags")

    def __init__(self, type, incoming=(), flags=(), name=None):
        super().__init__("phi", type, [v for v, _ in incoming], name)
        self.blocks = [b for _, b in incoming]
        self.flags = list(flags)

    @property
    def incoming(self) -> List[Tuple[Value, Value]]:
        return list(zip(self.operands, self.blocks))

    def add_incoming(self, value: Value, block) -> None:
        self._append_operand(value)
        self.blocks.append(block)

    def incoming_for(self, block) -> Value:
        for v, b in zip(self.operands, self.blocks):
            if b is block:
                return v
        raise KeyError(block)

    def remove_incoming(self, block) -> None:
        pairs = [(v, b) for v, b in zip(self.operands, self.blocks) if b is not block]
        self._set_operands([v for v, _ in pairs])
        self.blocks = [b for _, b in pairs]


class Select(Instruction):
    __slots__ = ("flags",)

    def __init__(self, cond, a, b, flags=(), name=None):
        super().__init__("select", a.type, (cond, a, b), name)
        self.flags = list(flags)


class Freeze(Instruction):
    __slots__ = ()

    def __init__(self, operand, name=None):
        super().__init__("freeze", operand.type, (operand,), name)


class Alloca(Instruction):
    """`alloca T[, <ty> count][, align N][, addrspace(N)]`; `extra` holds the rest."""

    __slots__ = ("allocated_type", "align", "flags", "addrspace_text")

    def __init__(self, ptr_type, allocated_type, count=None, align=None, flags=(),
                 addrspace_text="", name=None):
        super().__init__("alloca", ptr_type, (count,) if count is not None else (), name)
        self.allocated_type = allocated_type
        self.align = align
        self.flags = list(flags)
        self.addrspace_text = addrspace_text

    @property
    def count(self):
        return self.operands[0] if self.operands else None


class Load(Instruction):
    """`atomic` is the text `[syncscope(...)] ordering` for atomic loads."""

    __slots__ = ("align", "volatile", "atomic")

    def __init__(self, type, ptr, align=None, volatile=False, atomic="", name=None):
        super().__init__("load", type, (ptr,), name)
        self.align = align
        self.volatile = volatile
        self.atomic = atomic

    @property
    def pointer(self) -> Value:
        return self.operands[0]


class Store(Instruction):
    __slots__ = ("align", "volatile", "atomic")

    def __init__(self, value, ptr, align=None, volatile=False, atomic=""):
        super().__init__("store", VOID, (value, ptr))
        self.align = align
        self.volatile = volatile
        self.atomic = atomic

    @property
    def value(self) -> Value:
        return self.operands[0]

    @property
    def pointer(self) -> Value:
        return self.operands[1]


class GetElementPtr(Instruction):
    """Operands: the base pointer, then the indices.  `flags`: inbounds, nuw, nusw.

    `inrange` is the text of an `inrange(...)` marker (LLVM 19 places it
    after the flags) or an index position for LLVM 14's `inrange` before an
    index, kept only to print it back.
    """

    __slots__ = ("source_type", "flags", "inrange")

    def __init__(self, type, source_type, ptr, indices, flags=(), inrange=None, name=None):
        super().__init__("getelementptr", type, [ptr, *indices], name)
        self.source_type = source_type
        self.flags = list(flags)
        self.inrange = inrange

    @property
    def pointer(self) -> Value:
        return self.operands[0]

    @property
    def indices(self) -> List[Value]:
        return self.operands[1:]


class CallBase(Instruction):
    """`call`, `invoke`, `callbr`.

    Operands: the arguments, then the operand-bundle inputs, then the
    destination blocks (invoke: normal, unwind; callbr: default, indirect...),
    then the callee, last as in LLVM.  Attribute text is carried verbatim:
    `ret_attrs` before the return type, `arg_attrs[i]` before argument i,
    `fn_attrs` after the argument list.  `explicit_type` records whether the
    full function type is spelled (`call i32 (ptr, ...) @printf`), which
    vararg callees need.
    """

    __slots__ = ("function_type", "tail", "cconv", "flags", "ret_attrs", "arg_attrs",
                 "fn_attrs", "bundles", "explicit_type", "num_dests", "addrspace_text",
                 "forwards_varargs")

    def __init__(self, opcode, function_type, callee, args, name=None, *, dests=(),
                 tail="", cconv="", flags=(), ret_attrs="", arg_attrs=None, fn_attrs="",
                 bundles=(), explicit_type=None, addrspace_text="", forwards_varargs=False):
        bundle_values = [v for _, vals in bundles for v in vals]
        super().__init__(opcode, function_type.ret,
                         [*args, *bundle_values, *dests, callee], name)
        self.function_type = function_type
        self.tail = tail
        self.cconv = cconv
        self.flags = list(flags)
        self.ret_attrs = ret_attrs
        self.arg_attrs = list(arg_attrs) if arg_attrs is not None else [""] * len(args)
        self.fn_attrs = fn_attrs
        self.bundles = [(tag, len(vals)) for tag, vals in bundles]
        self.num_dests = len(dests)
        self.explicit_type = (function_type.vararg if explicit_type is None else explicit_type)
        self.addrspace_text = addrspace_text
        # `musttail call ... @f(args, ...)`: the caller's own varargs are passed on.
        self.forwards_varargs = forwards_varargs

    @property
    def callee(self) -> Value:
        return self.operands[-1]

    @property
    def num_args(self) -> int:
        return len(self.arg_attrs)

    @property
    def args(self) -> List[Value]:
        return self.operands[:self.num_args]

    @property
    def successors(self) -> list:
        return self.operands[-1 - self.num_dests:-1] if self.num_dests else []

    def bundle_operands(self) -> List[Tuple[str, List[Value]]]:
        out, pos = [], self.num_args
        for tag, n in self.bundles:
            out.append((tag, self.operands[pos:pos + n]))
            pos += n
        return out

    @property
    def called_function(self):
        """The Function called directly, through pointer casts or through
        aliases the linker cannot replace, else None."""
        return function_under_casts(self.operands[-1])    # self.callee, without a property call


class Call(CallBase):
    __slots__ = ()

    def __init__(self, function_type, callee, args, name=None, **kw):
        super().__init__("call", function_type, callee, args, name, **kw)


class Invoke(CallBase):
    __slots__ = ()

    def __init__(self, function_type, callee, args, normal, unwind, name=None, **kw):
        super().__init__("invoke", function_type, callee, args, name,
                         dests=(normal, unwind), **kw)

    @property
    def normal_dest(self):
        return self.successors[0]

    @property
    def unwind_dest(self):
        return self.successors[1]


class CallBr(CallBase):
    __slots__ = ()

    def __init__(self, function_type, callee, args, default, indirect, name=None, **kw):
        super().__init__("callbr", function_type, callee, args, name,
                         dests=(default, *indirect), **kw)


class Return(Instruction):
    __slots__ = ()

    def __init__(self, value=None):
        super().__init__("ret", VOID, (value,) if value is not None else ())

    @property
    def value(self) -> Optional[Value]:
        return self.operands[0] if self.operands else None


class Branch(Instruction):
    """`br label %d` or `br i1 %c, label %t, label %f` (blocks are operands)."""

    __slots__ = ()

    def __init__(self, target_or_cond, if_true=None, if_false=None):
        if if_true is None:
            ops = (target_or_cond,)
        else:
            ops = (target_or_cond, if_true, if_false)
        super().__init__("br", VOID, ops)

    @property
    def is_conditional(self) -> bool:
        return len(self.operands) == 3

    @property
    def condition(self) -> Optional[Value]:
        return self.operands[0] if self.is_conditional else None

    @property
    def successors(self) -> list:
        operands = self.operands             # conditional: three operands
        return operands[1:] if len(operands) == 3 else operands[:1]


class Switch(Instruction):
    """Operands: condition, default block, then (case constant, block) pairs."""

    __slots__ = ()

    def __init__(self, cond, default, cases=()):
        ops = [cond, default]
        for value, block in cases:
            ops += [value, block]
        super().__init__("switch", VOID, ops)

    @property
    def condition(self) -> Value:
        return self.operands[0]

    @property
    def default(self):
        return self.operands[1]

    @property
    def cases(self) -> List[Tuple[Value, Value]]:
        ops = self.operands
        return [(ops[i], ops[i + 1]) for i in range(2, len(ops), 2)]

    @property
    def successors(self) -> list:
        return [self.default] + [b for _, b in self.cases]


class IndirectBr(Instruction):
    __slots__ = ()

    def __init__(self, address, dests):
        super().__init__("indirectbr", VOID, [address, *dests])

    @property
    def successors(self) -> list:
        return self.operands[1:]


class Unreachable(Instruction):
    __slots__ = ()

    def __init__(self):
        super().__init__("unreachable", VOID)


class ExtractValue(Instruction):
    __slots__ = ("indices",)

    def __init__(self, type, aggregate, indices, name=None):
        super().__init__("extractvalue", type, (aggregate,), name)
        self.indices = list(indices)


class InsertValue(Instruction):
    __slots__ = ("indices",)

    def __init__(self, aggregate, value, indices, name=None):
        super().__init__("insertvalue", aggregate.type, (aggregate, value), name)
        self.indices = list(indices)


class ExtractElement(Instruction):
    __slots__ = ()

    def __init__(self, vector, index, name=None):
        super().__init__("extractelement", vector.type.element, (vector, index), name)


class InsertElement(Instruction):
    __slots__ = ()

    def __init__(self, vector, value, index, name=None):
        super().__init__("insertelement", vector.type, (vector, value, index), name)


class ShuffleVector(Instruction):
    __slots__ = ()

    def __init__(self, type, a, b, mask, name=None):
        super().__init__("shufflevector", type, (a, b, mask), name)


class GenericInstruction(Instruction):
    """Instructions the AD treats opaquely (atomics, EH pads, va_arg, ...).

    `parts` spells the instruction after `%name = `: each entry is either
    text, or `(operand_index, typed)` standing for that operand's reference,
    preceded by its type when `typed` is true.
    """

    __slots__ = ("parts",)

    def __init__(self, opcode, type, operands, parts, name=None):
        super().__init__(opcode, type, operands, name)
        self.parts = list(parts)

    @property
    def atomic_operation(self):
        """`fadd`, `xchg`, ... of an `atomicrmw`; None for other instructions."""
        if self.opcode != "atomicrmw":
            return None
        return self.parts[0].split()[-1]

    @property
    def successors(self) -> list:
        if self.opcode in TERMINATORS:
            return [op for op in self.operands if isinstance(op, BasicBlock)]
        return []


class DebugRecord(User):
    """An LLVM 19 debug record such as `#dbg_value(double %x, !12, !DIExpression(), !20)`.

    It stands before an instruction (`Instruction.debug_records`) and is no
    instruction itself.  `parts` spells it like `GenericInstruction.parts`;
    the values it names are operands, so RAUW keeps it up to date.
    """

    __slots__ = ("parts",)
    is_debug_record = True

    def __init__(self, operands, parts):
        super().__init__(VOID, operands)
        self.parts = list(parts)
