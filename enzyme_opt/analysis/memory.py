"""Which memory a function leaves untouched.

The reverse pass needs the values the forward pass loaded.  Memory that the
function never writes still holds the same values when the reverse pass
runs, so a load from there can simply be executed again instead of being
saved on the tape.

Which writes can reach the memory of a load depends on what may alias:
- the function's own stack and heap objects (allocas, its mallocs) are not
  memory any load from an argument or global sees;
- arguments may alias each other and any global, unless one of the two is
  `noalias` (C's `restrict`): then they are separate objects;
- distinct globals are separate objects, and constant globals never change;
- a write through a pointer of unknown origin, or by a call that may write,
  may reach anything.
"""
from __future__ import annotations

from typing import Optional, Set

from ..ir import instructions as I
from ..ir.constants import ConstantExpr
from ..ir.module import GlobalVariable
from ..ir.values import Argument
from .activity import ALLOCATION_FUNCTIONS, FREE_FUNCTIONS, HINT_INTRINSICS

# Library calls that write no memory the caller can see (besides what they return).
_NO_VISIBLE_WRITES = (FREE_FUNCTIONS | {"printf", "puts", "putchar",
                       "fprintf", "fputs", "fputc", "fflush", "exit", "abort", "strlen",
                       "strcmp", "abs", "labs", "llabs", "__assert_fail", "time", "clock"}
                      | ALLOCATION_FUNCTIONS)
_FREEING = FREE_FUNCTIONS | {"realloc"}
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


def _stored_to(inst):
    """The pointer a store or an atomic update writes through; else None."""
    if isinstance(inst, I.Store):
        return inst.pointer
    if isinstance(inst, I.GenericInstruction) and inst.opcode in ("atomicrmw", "cmpxchg"):
        return inst.operands[0]
    return None


def writes_only_local_memory(fn, seen: Optional[Set[int]] = None) -> bool:
    """Does `fn` (and everything it calls) store only into its own allocas and mallocs?"""
    seen = set() if seen is None else seen
    if id(fn) in seen:
        return True
    seen.add(id(fn))
    for inst in fn.instructions():
        target = _stored_to(inst)
        if target is not None:
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
    """ids of the loads of `fn` that may be executed again after `fn`'s own code
    ran: non-volatile loads from argument or global memory that no write of the
    function can reach (see the module docstring)."""
    targets = _write_targets(fn)
    out = set()
    for inst in fn.instructions():
        if not isinstance(inst, I.Load) or inst.volatile or inst.atomic:
            continue
        obj = underlying_object(inst.pointer)
        if not isinstance(obj, (Argument, GlobalVariable)):
            continue
        if _never_written(obj) or (targets is not None and
                                   all(_separate(obj, t) for t in targets)):
            out.add(id(inst))
    return out


def _write_targets(fn):
    """The objects `fn` may write besides its own (None: anything)."""
    targets = []
    for inst in fn.instructions():
        ptr = _stored_to(inst)
        if ptr is None and isinstance(inst, I.CallBase):
            ptr = _call_written_pointer(inst)
            if ptr is _ANYWHERE:
                return None
        if ptr is None:
            continue
        obj = underlying_object(ptr)
        if obj is None:
            return None
        if not _is_local(obj):
            targets.append(obj)
    return targets


_ANYWHERE = object()    # a call that may write memory we cannot name


def _call_written_pointer(call):
    """The pointer a call writes through or frees, None when it writes only the
    caller's own memory, or _ANYWHERE."""
    callee = call.called_function
    if callee is not None and callee.name in _FREEING and call.args:
        return call.args[0]                  # freed memory cannot be read again
    if _call_writes_only_local(call, set()):
        return None
    if callee is not None and callee.name.startswith(_WRITING_INTRINSICS):
        return call.args[0]
    return _ANYWHERE


def _never_written(obj) -> bool:
    return isinstance(obj, GlobalVariable) and obj.is_constant_global


def _is_noalias(obj) -> bool:
    return isinstance(obj, Argument) and "noalias" in obj.attrs.split()


def _separate(obj, target) -> bool:
    """Can no write to `target` change the memory of `obj`?"""
    if obj is target:
        return False
    if _is_noalias(obj) or _is_noalias(target):
        return True
    return isinstance(obj, GlobalVariable) and isinstance(target, GlobalVariable)
