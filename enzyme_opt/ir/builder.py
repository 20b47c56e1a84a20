"""`Builder`: creates instructions at an insertion point.

The insertion point is a block and a position in it; every created
instruction goes there and the point moves past it, so a sequence of
builder calls emits code in order.  Names are hints, uniqued per function.
"""
from __future__ import annotations

from typing import Optional, Sequence

from . import constants as C
from . import instructions as I
from .module import BasicBlock
from .types import I1, I32, I64, FunctionType, IntType, Type, VectorType, indexed_type


class Builder:
    def __init__(self, block: Optional[BasicBlock] = None, index: Optional[int] = None):
        self.block = None
        self.index = 0
        self.debug_loc: Optional[str] = None   # `!dbg` text stamped on new code
        if block is not None:
            self.position_at(block, index)

    # -- insertion point --------------------------------------------------------
    def position_at(self, block: BasicBlock, index: Optional[int] = None) -> "Builder":
        self.block = block
        self.index = len(block.instructions) if index is None else index
        return self

    def position_at_end(self, block: BasicBlock) -> "Builder":
        return self.position_at(block)

    def position_before(self, inst: I.Instruction) -> "Builder":
        return self.position_at(inst.parent, inst.parent.index_of(inst))

    def position_after(self, inst: I.Instruction) -> "Builder":
        return self.position_at(inst.parent, inst.parent.index_of(inst) + 1)

    def position_before_terminator(self, block: BasicBlock) -> "Builder":
        n = len(block.instructions)
        return self.position_at(block, n - 1 if block.terminator is not None else n)

    @property
    def function(self):
        return self.block.parent

    @property
    def module(self):
        return self.block.parent.module

    def insert(self, inst: I.Instruction, name: Optional[str] = None) -> I.Instruction:
        if name and not inst.type.is_void:
            inst.name = self.function.claim_name(name)
        elif inst.name:
            inst.name = self.function.claim_name(inst.name)
        if self.debug_loc is not None and inst.get_metadata("dbg") is None:
            inst.metadata.append(("dbg", self.debug_loc))
        self.block.insert(self.index, inst)
        self.index += 1
        return inst

    # -- arithmetic ---------------------------------------------------------------
    def binop(self, opcode: str, a, b, name=None, flags=()):
        return self.insert(I.BinaryOp(opcode, a, b, flags), name)

    def fadd(self, a, b, name=None, flags=()):
        return self.binop("fadd", a, b, name, flags)

    def fsub(self, a, b, name=None, flags=()):
        return self.binop("fsub", a, b, name, flags)

    def fmul(self, a, b, name=None, flags=()):
        return self.binop("fmul", a, b, name, flags)

    def fdiv(self, a, b, name=None, flags=()):
        return self.binop("fdiv", a, b, name, flags)

    def fneg(self, a, name=None, flags=()):
        return self.insert(I.UnaryOp("fneg", a, flags), name)

    def add(self, a, b, name=None, flags=()):
        return self.binop("add", a, b, name, flags)

    def sub(self, a, b, name=None, flags=()):
        return self.binop("sub", a, b, name, flags)

    def mul(self, a, b, name=None, flags=()):
        return self.binop("mul", a, b, name, flags)

    def cast(self, opcode: str, v, to: Type, name=None, flags=()):
        if v.type == to:
            return v
        return self.insert(I.Cast(opcode, v, to, flags), name)

    def pointer_cast(self, v, to: Type, name=None):
        """A bitcast between pointer types; nothing with opaque pointers."""
        if v.type == to:
            return v
        if v.type.addrspace != to.addrspace:
            return self.cast("addrspacecast", v, to, name)
        return self.cast("bitcast", v, to, name)

    def icmp(self, pred: str, a, b, name=None):
        return self.insert(I.Compare("icmp", pred, a, b), name)

    def fcmp(self, pred: str, a, b, name=None, flags=()):
        return self.insert(I.Compare("fcmp", pred, a, b, flags), name)

    def select(self, cond, a, b, name=None, flags=()):
        return self.insert(I.Select(cond, a, b, flags), name)

    def phi(self, type: Type, incoming=(), name=None):
        return self.insert(I.Phi(type, incoming), name)

    # -- memory ---------------------------------------------------------------------
    def alloca(self, type: Type, count=None, name=None, align=None):
        ptr = self.module.pointer_to(type)
        return self.insert(I.Alloca(ptr, type, count, align), name)

    def load(self, type: Type, ptr, name=None, align=None):
        return self.insert(I.Load(type, ptr, align), name)

    def store(self, value, ptr, align=None):
        return self.insert(I.Store(value, ptr, align))

    def gep(self, source_type: Type, ptr, indices: Sequence, result_type: Type,
            name=None, inbounds=True):
        flags = ("inbounds",) if inbounds else ()
        return self.insert(I.GetElementPtr(result_type, source_type, ptr, indices, flags), name)

    # -- aggregates and vectors -------------------------------------------------------
    def extractvalue(self, agg, indices, name=None):
        return self.insert(I.ExtractValue(indexed_type(agg.type, indices), agg, indices), name)

    def insertvalue(self, agg, value, indices, name=None):
        return self.insert(I.InsertValue(agg, value, indices), name)

    def extractelement(self, vec, index, name=None):
        return self.insert(I.ExtractElement(vec, index), name)

    def insertelement(self, vec, value, index, name=None):
        return self.insert(I.InsertElement(vec, value, index), name)

    def shufflevector(self, a, b, mask, name=None):
        rtype = VectorType(mask.type.count, a.type.element)
        return self.insert(I.ShuffleVector(rtype, a, b, mask), name)

    # -- calls and control flow ----------------------------------------------------------
    def call(self, callee, args: Sequence, name=None, function_type: FunctionType = None,
             **kw):
        ftype = function_type or callee.function_type
        return self.insert(I.Call(ftype, callee, list(args), **kw), name)

    def br(self, target):
        return self.insert(I.Branch(target))

    def cond_br(self, cond, if_true, if_false):
        return self.insert(I.Branch(cond, if_true, if_false))

    def switch(self, cond, default, cases=()):
        return self.insert(I.Switch(cond, default, cases))

    def ret(self, value=None):
        return self.insert(I.Return(value))

    def ret_all(self, values):
        """Return nothing, the one value, or a struct of the values (the
        function's return type)."""
        if not values:
            return self.ret()
        if len(values) == 1:
            return self.ret(values[0])
        agg = C.ConstantUndef(self.block.parent.return_type)
        for i, v in enumerate(values):
            agg = self.insertvalue(agg, v, [i])
        return self.ret(agg)

    def unreachable(self):
        return self.insert(I.Unreachable())

    # -- constants ------------------------------------------------------------------------
    @staticmethod
    def int(type: IntType, value: int):
        return C.ConstantInt(type, value)

    @staticmethod
    def i1(value: bool):
        return C.ConstantInt(I1, int(value))

    @staticmethod
    def i32(value: int):
        return C.ConstantInt(I32, value)

    @staticmethod
    def i64(value: int):
        return C.ConstantInt(I64, value)

    @staticmethod
    def float(type: Type, value: float):
        return C.const_float(type, value)

    @staticmethod
    def zero(type: Type):
        return C.zero_of(type)
