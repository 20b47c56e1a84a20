"""Arguments whose memory, and all memory reached by loads from it, no
write of a whole call tree can reach.

A split derivative's reverse pass runs after its caller went on, so a value
it loaded may be loaded again only if nothing written in between reaches
it.  For memory reached through pointers loaded from an argument of the
function at the top of the tree (`base->data[k]`) -- whose derivatives all
run inside that function's call -- this holds when every write of every
function in the tree provably goes elsewhere:

- into memory the tree allocates itself (allocas, allocation calls),
  followed through the tree's parameters, return values and the pointers
  stored in such memory, by an optimistic fixed point;
- through a `noalias` argument of the top function other than the one
  asked about: under LLVM's rules no access not based on that argument may
  touch what is written through it during the call.

A write through anything else -- a pointer loaded from the caller's memory,
a global, an argument without `noalias`, an integer made a pointer -- and
an unknown or indirect call, a free of memory the tree did not allocate or
a pointer kept as an integer, refuse for every argument.  Numbers stored
into the tree's memory count as unknown pointers there unless they are
constants or TBAA tags them as numbers: a byte-wise struct copy or a union
may move a pointer's bytes as numbers.  The reverse sweeps
write only shadows (disjoint from primal memory, as everywhere in this
tool) and undo forward stores, so the forward writes are all there are.
"""
from __future__ import annotations

from typing import Callable, Dict, Set

from ..ir import instructions as I
from ..ir.constants import (ConstantExpr, ConstantNull, ConstantPoison, ConstantUndef,
                            ConstantZero)
from ..ir.values import Argument
from .library import (HINT_INTRINSICS, MASKED_READS, NO_VISIBLE_WRITES,
                      allocator, blas_routine, blas_written_argument,
                      is_deallocator, is_memory_copy, math_function, reallocator,
                      writes_memory_block)
from .tbaa import Tbaa

UNKNOWN = "unknown"      # memory we cannot name; the other roots are allocation
                         # sites of the tree (allocas, allocation calls) and
                         # arguments of the top function
_NOTHING = frozenset()


class _Refused(Exception):
    """Something in the tree that the rule does not follow."""


def untouched_arguments(top, opaque: Callable[[object], bool]) -> Set[int]:
    """ids of `top`'s `noalias` pointer arguments no write of `top`'s call
    tree can reach, nor any memory reached by loads from them.  `opaque(fn)`
    says a call of `fn` does something else than its body (a registered
    derivative): the rule then refuses."""
    try:
        written = _TreeWrites(top, opaque).run()
    except _Refused:
        return set()
    if UNKNOWN in written or any(not _is_noalias(r) for r in written if not _is_site(r)):
        return set()
    return {id(a) for a in top.args
            if a.type.is_pointer and _is_noalias(a) and a not in written}


def _is_site(root) -> bool:
    return isinstance(root, I.Instruction)


def _is_noalias(arg) -> bool:
    return isinstance(arg, Argument) and "noalias" in (arg.attrs or "").split()


class _TreeWrites:
    """The roots (an allocation site, UNKNOWN or an argument of the top
    function) that the tree's writes may reach, found by a fixed point over
    the pointers passed to parameters, returned, and stored into (or copied
    into) each site's memory."""

    def __init__(self, top, opaque):
        self.top, self.opaque = top, opaque
        self.top_args = {id(a) for a in top.args}
        self.functions = {id(top): top}
        self.params: Dict[int, frozenset] = {}     # id(parameter of a callee) -> roots
        self.returns: Dict[int, frozenset] = {}    # id(callee) -> roots of its results
        self.contents: Dict[int, frozenset] = {}   # id(site) -> roots of pointers in its memory
        self.written: Set[object] = set()
        self.tbaa = Tbaa(top.module.metadata)

    def run(self) -> Set[object]:
        self._collect(self.top)
        while True:
            before = (dict(self.params), dict(self.returns), dict(self.contents),
                      len(self.functions))
            self.written = set()
            for fn in list(self.functions.values()):
                self._visit(fn)
            if before == (self.params, self.returns, self.contents, len(self.functions)):
                return self.written

    def _collect(self, fn) -> None:
        """Every function with a body that the tree calls, before the first
        pass: a call's result is unknown until its callee is known."""
        pending = [fn]
        while pending:
            for inst in pending.pop().instructions():
                callee = inst.called_function if isinstance(inst, I.CallBase) else None
                if callee is not None and not callee.is_declaration and \
                        id(callee) not in self.functions and not self.opaque(callee):
                    self.functions[id(callee)] = callee
                    pending.append(callee)

    # ------------------------------------------------------------ values
    def _visit(self, fn) -> None:
        roots: Dict[int, frozenset] = {}
        insts = list(fn.instructions())
        changed = True
        while changed:                   # phis of loops: until the roots settle
            changed = False
            for inst in insts:
                if inst.type.is_pointer:
                    new = self._roots_of_instruction(inst, roots)
                    if new != roots.get(id(inst), _NOTHING):
                        roots[id(inst)] = new
                        changed = True
        for inst in insts:
            self._effects(fn, inst, roots)

    def _roots(self, v, roots) -> frozenset:
        if isinstance(v, I.Instruction):
            return roots.get(id(v), _NOTHING)
        if isinstance(v, Argument):          # (the top function may call itself)
            own = frozenset((v,)) if id(v) in self.top_args else _NOTHING
            return own | self.params.get(id(v), _NOTHING)
        if isinstance(v, (ConstantNull, ConstantZero, ConstantUndef, ConstantPoison)):
            return _NOTHING
        if isinstance(v, ConstantExpr) and v.opcode in ("getelementptr", "bitcast",
                                                        "addrspacecast"):
            return self._roots(v.operands[0], roots)
        return frozenset((UNKNOWN,))     # globals, functions, integers made pointers

    def _roots_of_instruction(self, inst, roots) -> frozenset:
        if isinstance(inst, I.Alloca):
            return frozenset((inst,))
        if isinstance(inst, I.GetElementPtr) or (
                isinstance(inst, I.Cast) and inst.opcode in ("bitcast", "addrspacecast")):
            return self._roots(inst.operands[0], roots)
        if isinstance(inst, I.Phi):
            return frozenset().union(*(self._roots(v, roots) for v, _ in inst.incoming))
        if isinstance(inst, I.Select):
            return self._roots(inst.operands[1], roots) | self._roots(inst.operands[2], roots)
        if isinstance(inst, I.Load):
            return self._held(self._roots(inst.pointer, roots))
        if isinstance(inst, I.CallBase):
            callee = inst.called_function
            if callee is not None and (allocator(callee.name) is not None or
                                       reallocator(callee.name) is not None):
                return frozenset((inst,))
            if callee is not None and id(callee) in self.functions:
                return self.returns.get(id(callee), _NOTHING)
        return frozenset((UNKNOWN,))

    def _held(self, source) -> frozenset:
        """Roots of the pointers memory with roots `source` may hold."""
        out = frozenset().union(*(self.contents.get(id(r), _NOTHING)
                                  for r in source if _is_site(r)))
        return out | {UNKNOWN} if any(not _is_site(r) for r in source) else out

    def _put(self, target, held) -> None:
        for r in target:
            if _is_site(r):
                self.contents[id(r)] = self.contents.get(id(r), _NOTHING) | held

    # ------------------------------------------------------------ writes
    def _effects(self, fn, inst, roots) -> None:
        if isinstance(inst, I.Cast) and inst.opcode == "ptrtoint":
            raise _Refused("a pointer kept as an integer")
        if isinstance(inst, I.Store):
            self._store(inst, inst.pointer, inst.value, roots)
        elif isinstance(inst, I.GenericInstruction) and inst.opcode in ("atomicrmw", "cmpxchg"):
            self._store(inst, inst.operands[0], inst.operands[-1], roots)
        elif isinstance(inst, I.CallBase):
            self._call(inst, roots)
        elif isinstance(inst, I.Return) and inst.operands and inst.operands[0].type.is_pointer:
            self.returns[id(fn)] = self.returns.get(id(fn), _NOTHING) | \
                self._roots(inst.operands[0], roots)

    def _store(self, inst, ptr, value, roots) -> None:
        target = self._roots(ptr, roots)
        self.written |= target
        if value.type.is_pointer:
            self._put(target, self._roots(value, roots))
        elif not getattr(value, "is_constant", False) and not self._typed_scalar(inst):
            # Bytes of a pointer copied as numbers (a union, a struct copied
            # byte by byte) would come back as a pointer we cannot name.  A
            # store TBAA says is of a number is not: C may not read it back
            # as a pointer.
            self._put(target, frozenset((UNKNOWN,)))

    def _typed_scalar(self, inst) -> bool:
        tag = inst.get_metadata("tbaa")
        kind = self.tbaa.access_kind(tag) if tag is not None else None
        return kind is not None and kind != "ptr"

    def _memory_call(self, call, copies: bool, roots) -> None:
        """memcpy and memmove (`copies`: the pointers the source holds go
        along) or memset (a byte not known may make a pointer's bytes)."""
        target = self._roots(call.args[0], roots)
        self.written |= target
        if copies:
            self._put(target, self._held(self._roots(call.args[1], roots)))
        elif not getattr(call.args[1], "is_constant", False):
            self._put(target, frozenset((UNKNOWN,)))

    def _call(self, call, roots) -> None:
        callee = call.called_function
        if callee is None:
            raise _Refused("an indirect call")
        name = callee.name
        pointers = [a for a in call.args if a.type.is_pointer]
        if writes_memory_block(name):
            self._memory_call(call, is_memory_copy(name), roots)
            return
        if name.startswith(HINT_INTRINSICS + MASKED_READS) or allocator(name) is not None:
            return
        if is_deallocator(name) or reallocator(name) is not None:
            if call.args and not all(_is_site(r) for r in self._roots(call.args[0], roots)):
                raise _Refused("a free of memory the tree did not allocate")
            return
        if self.opaque(callee):
            raise _Refused("a call with a registered derivative")
        if blas_routine(name) is not None:
            written = blas_written_argument(name)
            if written is not None:
                self.written |= self._roots(call.args[written], roots)
            return
        if not callee.is_declaration:
            if len(call.args) != len(callee.args):
                raise _Refused("a variadic call")
            self.functions.setdefault(id(callee), callee)
            for param, a in zip(callee.args, call.args):
                if a.type.is_pointer:
                    self.params[id(param)] = self.params.get(id(param), _NOTHING) | \
                        self._roots(a, roots)
            return
        if math_function(name) is not None or (
                name.startswith("llvm.") and not name.startswith("llvm.masked")):
            for a in pointers:          # frexp, modf and their kind store through them
                self.written |= self._roots(a, roots)
            return
        if name in NO_VISIBLE_WRITES:
            return
        raise _Refused(f"a call of {name}, which may write anything")
