"""Whether a set of functions may read, or write, a global variable's memory.

The question is asked of a derivative's call tree about one global: does
any instruction of the tree load from it, store into it (or copy into it,
set it), through a pointer computed from the global's name?  Pointers are
followed through GEPs, casts, phis and selects, and into the parameters of
the defined functions they are passed to.  Where the walk loses the
address -- stored into memory, passed to a function it does not know,
turned into an integer, returned, named by another global's initializer --
the answer is both: anything may then happen to the memory.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Set, Tuple

from ..ir import Function, GlobalAlias
from ..ir import instructions as I
from ..ir.constants import ConstantAggregate, ConstantExpr, ConstantInt
from ..ir.module import GlobalVariable
from .library import HINT_INTRINSICS, is_memory_copy, is_memory_set
from .user_marks import global_base

READ, WRITE = 1, 2
BOTH = READ | WRITE


def globals_reached(roots: Iterable) -> list:
    """The functions and global variables `roots` (functions) name, and
    those their code names (called, or held in a table) through constants
    and globals' initializers, in the order met."""
    seen: Set[int] = set()
    found: list = []
    work = list(roots)
    while work:
        v = work.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if isinstance(v, Function):
            found.append(v)
            if not v.is_declaration:
                work.extend(op for inst in v.instructions() for op in inst.operands
                            if isinstance(op, (GlobalVariable, GlobalAlias, Function,
                                               ConstantExpr, ConstantAggregate)))
        elif isinstance(v, GlobalVariable):
            found.append(v)
            if v.initializer is not None:
                work.append(v.initializer)
        elif isinstance(v, GlobalAlias):
            if v.aliasee is not None:
                work.append(v.aliasee)
        else:
            work.extend(getattr(v, "operands", ()) or ())
            work.extend(getattr(v, "elements", ()) or ())
    return found


def functions_reached(roots: Iterable[Function]) -> List[Function]:
    """The defined functions among globals_reached(roots)."""
    return [v for v in globals_reached(roots)
            if isinstance(v, Function) and not v.is_declaration]


def named_by_initializers(module) -> Set[int]:
    """ids of the globals and functions whose address some global's
    initializer holds: code may load it from there without naming it.

    Only holders the module's code can load from count: those code names
    (a use, or a body still kept as text spelling the name) and those other
    counted holders hold.  A constant `double *const tp = table` that clang
    folded into its uses is named by nothing, and what it holds is reached
    by name or not at all.  (Initializers record no uses, hence the walk.)"""
    aliases = [g for g in module.globals if isinstance(g, GlobalAlias)]
    if any(a.resolved() is None for a in aliases):
        # An ifunc, or an alias the linker may replace: code using it
        # reaches a global or function without naming it, whichever it is.
        return {id(g) for g in module.globals} | {id(f) for f in module.functions}
    spelled = module.names_in_unread_bodies()
    aliased = {id(global_base(a)) for a in aliases}      # code may load through the alias
    named: Set[int] = set()
    work = [g.initializer for g in module.globals if isinstance(g, GlobalVariable) and
            g.initializer is not None and
            (g.has_uses() or g.name in spelled or id(g) in aliased)]
    while work:
        c = work.pop()
        if isinstance(c, GlobalAlias):
            work.append(c.aliasee)              # an initializer holding an alias holds its aliasee
            continue
        if isinstance(c, (GlobalVariable, Function)):
            if id(c) not in named:
                named.add(id(c))
                if isinstance(c, GlobalVariable) and c.initializer is not None:
                    work.append(c.initializer)      # held by a holder code reads
            continue
        work.extend(getattr(c, "operands", ()) or ())
        work.extend(getattr(c, "elements", ()) or ())
    return named


def accesses(functions: Iterable[Function], globals_asked: Iterable[GlobalVariable],
             escaped: Set[int], pointers_only: bool = False) -> Dict[int, int]:
    """For each global asked (by id): READ | WRITE bits of what `functions`
    may do to its memory.  `escaped` holds ids known to be reachable
    otherwise (named_by_initializers): those are BOTH.  `pointers_only`:
    a store counts as a write only when it stores a pointer (as itself or
    its integer), so WRITE says whether the code may set a pointer the
    global holds (a float field written beside it does not)."""
    asked = {id(g): g for g in globals_asked}
    result = {k: (BOTH if k in escaped else 0) for k in asked}
    seeds: Dict[int, List[Tuple[object, int]]] = {k: [] for k in asked}
    for fn in functions:
        for inst in fn.instructions():
            if _is_hint(inst):
                continue
            for index, op in enumerate(inst.operands):
                if isinstance(op, (GlobalVariable, GlobalAlias, ConstantExpr, ConstantAggregate)):
                    _seed(op, inst, index, asked, seeds, result)
    for k, uses in seeds.items():
        if result[k] != BOTH:
            result[k] |= _Walk(pointers_only).uses(uses)
    return result


def _seed(op, inst, index, asked, seeds, result) -> None:
    """Note `inst`'s operand `index` as a use of the global it is computed
    from (through GEPs, casts and aliases); a global inside any other
    constant has escaped the walk."""
    base = global_base(op)
    if base is not None:
        if id(base) in asked:
            seeds[id(base)].append((inst, index))
        return
    for k in _globals_inside(op):
        if k in asked:
            result[k] = BOTH


def _globals_inside(c) -> Set[int]:
    found, work = set(), [c]
    while work:
        v = work.pop()
        if isinstance(v, GlobalVariable):
            found.add(id(v))
        elif isinstance(v, GlobalAlias):
            work.append(v.aliasee)
        elif isinstance(v, (ConstantExpr, ConstantAggregate)):
            work.extend(getattr(v, "operands", ()) or ())
            work.extend(getattr(v, "elements", ()) or ())
    return found


def _may_store_pointer(value) -> bool:
    """Can a store of `value` put a pointer in memory: anything but floats,
    narrow integers and integer constants (`uintptr_t` keeps a pointer as
    its integer; a struct or vector may hold one)?"""
    t = value.type
    return not (t.is_float or t.is_int and (t.bits < 64 or isinstance(value, ConstantInt)))


def _is_hint(inst) -> bool:
    if not isinstance(inst, I.CallBase):
        return False
    callee = inst.called_function
    return callee is not None and callee.name.startswith(HINT_INTRINSICS)


class _Walk:
    """READ/WRITE bits of the uses of pointers computed from one global."""

    def __init__(self, pointers_only: bool = False):
        self.seen: Set[int] = set()
        self.bits = 0
        self.pointers_only = pointers_only

    def uses(self, uses) -> int:
        work = list(uses)
        while work and self.bits != BOTH:
            user, index = work.pop()
            work.extend(self._use(user, index))
        return self.bits

    def _follow(self, value) -> list:
        if id(value) in self.seen:
            return []
        self.seen.add(id(value))
        return list(value.uses)

    def _use(self, user, index) -> list:
        """Record what `user` does with the pointer in operand `index`; the
        further uses to walk when it computes another pointer from it."""
        if isinstance(user, I.DebugRecord) or not isinstance(user, I.Instruction):
            return []
        if isinstance(user, I.Load):
            self.bits |= READ
        elif isinstance(user, I.Store):
            if index != 1:
                self.bits = BOTH            # the address itself stored: escaped
            elif not self.pointers_only or _may_store_pointer(user.operands[0]):
                self.bits |= WRITE
        elif isinstance(user, I.GetElementPtr) and index == 0:
            return self._follow(user)
        elif isinstance(user, I.Cast) and user.opcode in ("bitcast", "addrspacecast"):
            return self._follow(user)
        elif isinstance(user, (I.Phi, I.Select, I.Freeze)):
            if isinstance(user, I.Select) and index == 0:
                self.bits = BOTH
                return []
            return self._follow(user)
        elif isinstance(user, I.Compare):
            pass
        elif isinstance(user, I.CallBase):
            return self._call(user, index)
        else:
            self.bits = BOTH
        return []

    def _call(self, call, index) -> list:
        callee = call.called_function
        if callee is None or index >= call.num_args:
            self.bits = BOTH
            return []
        name = callee.name
        if name.startswith(HINT_INTRINSICS):
            return []
        if is_memory_copy(name):
            self.bits |= WRITE if index == 0 else READ if index == 1 else BOTH
        elif is_memory_set(name):
            self.bits |= WRITE if index == 0 else BOTH
        elif not callee.is_declaration and index < len(callee.args) and \
                not callee.function_type.vararg:
            return self._follow(callee.args[index])
        else:
            self.bits = BOTH
        return []
