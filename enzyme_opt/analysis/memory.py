"""Which memory a function leaves untouched.

The reverse pass needs the values the forward pass loaded.  When a function
writes nothing but its own stack and heap objects (allocas, and memory it
mallocs), memory reached through its arguments and globals still holds the
same values when the reverse pass runs, so a load from there can simply be
executed again instead of being saved on the tape.

Arguments may alias each other, so a single write to any argument or global
memory (or through a pointer of unknown origin, or by a call that may write)
makes every such load unsafe to repeat.
"""
from __future__ import annotations

from typing import Optional, Set

from ..ir import instructions as I
from ..ir.constants import ConstantExpr
from ..ir.module import GlobalVariable
from ..ir.values import Argument
from .activity import ALLOCATION_FUNCTIONS, HINT_INTRINSICS

# Library calls that write no memory the caller can see (besides what they return).
_NO_VISIBLE_WRITES = ({"free", "_ZdlPv", "_ZdaPv", "_ZdlPvm", "printf", "puts", "putchar",
                       "fprintf", "fputs", "fputc", "fflush", "exit", "abort", "strlen",
                       "strcmp", "abs", "labs", "llabs", "__assert_fail", "time", "clock"}
                      | ALLOCATION_FUNCTIONS)
_WRITING_INTRINSICS = ("llvm.memcpy", "llvm.memmove", "llvm.memset", "memcpy", "memmove",
                       "memset")


def underlying_object(ptr):
    """The argument, global, alloca or allocation call `ptr` points into, or None."""
    while True:
        if isinstance(ptr, (I.GetElementPtr, I.Cast)) or (
                isinstance(ptr, ConstantExpr) and ptr.opcode in ("getelementptr", "bitcast",
                                                                  "addrspacecast")):
            ptr = ptr.operands[0]
            continue
        if isinstance(ptr, (Argument, GlobalVariable, I.Alloca)):
            return ptr
        if isinstance(ptr, I.CallBase) and ptr.called_function is not None and \
                ptr.called_function.name in ALLOCATION_FUNCTIONS:
            return ptr
        return None


def _is_local(obj) -> bool:
    return isinstance(obj, (I.Alloca, I.CallBase))


def writes_only_local_memory(fn, seen: Optional[Set[int]] = None) -> bool:
    """Does `fn` (and everything it calls) store only into its own allocas and mallocs?"""
    seen = set() if seen is None else seen
    if id(fn) in seen:
        return True
    seen.add(id(fn))
    for inst in fn.instructions():
        if isinstance(inst, I.Store) or (isinstance(inst, I.GenericInstruction) and
                                         inst.opcode in ("atomicrmw", "cmpxchg")):
            target = inst.pointer if isinstance(inst, I.Store) else inst.operands[0]
            if not _is_local(underlying_object(target)):
                return False
        elif isinstance(inst, I.CallBase) and not _call_writes_only_local(inst, seen):
            return False
    return True


def _call_writes_only_local(call, seen) -> bool:
    callee = call.called_function
    if callee is None:
        return False
    name = callee.name
    if name.startswith(_WRITING_INTRINSICS):
        return _is_local(underlying_object(call.args[0]))
    if name.startswith(HINT_INTRINSICS) or name in _NO_VISIBLE_WRITES:
        return True
    if callee.is_declaration:
        from ..ad.rules import rule_name_for_call
        known = rule_name_for_call(name) is not None or (
            name.startswith("llvm.") and not name.startswith("llvm.masked"))
        # frexp, modf and their kind store through their pointer arguments
        return known and all(_is_local(underlying_object(a)) for a in call.args
                             if a.type.is_pointer)
    return writes_only_local_memory(callee, seen)


def reloadable_loads(fn) -> Set[int]:
    """ids of the loads of `fn` that may be executed again after `fn`'s own code ran:
    non-volatile loads from argument or global memory, in a function that writes
    only its own objects."""
    if not writes_only_local_memory(fn):
        return set()
    out = set()
    for inst in fn.instructions():
        if isinstance(inst, I.Load) and not inst.volatile and not inst.atomic and \
                isinstance(underlying_object(inst.pointer), (Argument, GlobalVariable)):
            out.add(id(inst))
    return out
