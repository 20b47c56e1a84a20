"""One call per value an operand may take, where a call needs it fixed.

clang -O2 merges calls that differ only in one argument: SimplifyCFG sinks
the call out of both arms of an `if` and passes a phi (or select) of the two
values, and a `switch` choosing among several becomes a load from a constant
table.  `if (k) __enzyme_autodiff(f, x); else __enzyme_autodiff(g, x);`
then reaches us as one call of `select %k, @f, @g`, although the function
(and each activity marker) of an Enzyme API call must be known at compile
time.  Where every value the operand can take is known, the call is split
back into one call per value.

Which value it took is computed exactly, not by comparing values (two
markers may hold the same number, two functions may share an address): the
phis, selects and table loads that chose it are mirrored by ones choosing
the value's position in the list, and a `switch` on that position picks the
call.  The results meet in a phi.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional

from ..ir import Builder
from ..ir import instructions as I
from ..ir.blocks import split_after
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantAggregate, ConstantInt
from ..ir.module import REPLACEABLE_LINKAGES, GlobalVariable
from ..ir.types import I32, ArrayType

# Past these, the merged values are not clang's sinking of a few arms.
_MAX_CHOICES = 8
_MAX_DEPTH = 4


def choices_of(v, known: Callable[[object], bool]) -> Optional[list]:
    """The distinct values the phi or select `v` passes on, or the constant
    table it is read from holds, when each one is `known` (through nested
    phis, selects and tables); else None."""
    if not isinstance(v, (I.Phi, I.Select)) and _constant_table(v) is None:
        return None
    found: list = []
    if not _collect(v, known, found, set(), 0) or len(found) > _MAX_CHOICES:
        return None
    return found


def _collect(v, known, found: list, seen: set, depth: int) -> bool:
    if isinstance(v, (I.Phi, I.Select)):
        if id(v) in seen:
            return True                 # a loop of phis adds no value of its own
        if depth > _MAX_DEPTH:
            return False
        seen.add(id(v))
        values = v.operands if isinstance(v, I.Phi) else v.operands[1:]
        return all(_collect(x, known, found, seen, depth + 1) for x in values)
    table = _constant_table(v)
    if table is not None:
        return depth <= _MAX_DEPTH and all(_collect(x, known, found, seen, depth + 1)
                                           for x in table)
    if not known(v):
        return False
    if not any(x is v for x in found):
        found.append(v)
    return True


def _constant_table(v) -> Optional[list]:
    """The elements of the constant array `v` is loaded from (at an index
    known only at run time), else None."""
    if not isinstance(v, I.Load) or v.volatile:
        return None
    ptr = v.pointer
    if isinstance(ptr, I.GetElementPtr):
        if not _element_gep(ptr):
            return None
        ptr = ptr.pointer
    if not isinstance(ptr, GlobalVariable) or not ptr.is_constant_global or \
            any(word in REPLACEABLE_LINKAGES for word in (ptr.linkage or "").split()):
        return None
    init = ptr.initializer
    if not isinstance(init, ConstantAggregate) or \
            any(e.type != v.type for e in init.elements):
        return None
    return init.elements


def _element_gep(gep) -> bool:
    """`gep [N x T], @table, 0, %i` or `gep T, @table, %i`: an element."""
    table = gep.pointer
    if not isinstance(table, GlobalVariable):
        return False
    first = gep.indices[0] if gep.indices else None
    if len(gep.indices) == 2:
        return gep.source_type == table.value_type and isinstance(first, ConstantInt) and \
            first.value == 0
    return len(gep.indices) == 1 and table.value_type.is_array and \
        gep.source_type == table.value_type.element


def read_through_choice(v, known: Callable[[object], bool]) -> Optional[list]:
    """When `v` loads from a phi or select of addresses (clang sinks the loads
    of `enzyme_dup` and `enzyme_dupnoneed` out of two arms into one load of
    a phi of the two globals): the addresses, each one `known`; else None."""
    if not isinstance(v, I.Load) or v.volatile or \
            not isinstance(v.pointer, (I.Phi, I.Select)):
        return None
    return choices_of(v.pointer, known)


def call_per_choice(call, index: int, choices: list, read=None) -> List[I.Call]:
    """Replace `call` by one call per value in `choices` (from `choices_of`)
    of its operand `index`, each in an arm of its own; returns the new calls.
    With `read` (the operand, a load whose address `read_through_choice`
    gave `choices`), each arm passes a load from its own address instead."""
    fn = call.function
    chosen = call.operands[index] if read is None else read.pointer
    position = _position_of(chosen, choices, {})
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    arms, calls, results = [], [], []
    for k, value in enumerate(choices):
        arm = fn.add_block(f"{call.parent.name or 'bb'}.choice{k}", after=rest)
        new = clone_instruction(call)
        arm_builder = Builder(arm)
        if read is not None:
            value = arm_builder.load(read.type, value, read.name or None)
        elif _global_read(value):
            # A marker loaded in one arm of the `if` that chose it (-O0) is read
            # again here: that arm need not dominate this one.
            value = arm_builder.load(value.type, value.pointer, value.name or None)
        new.set_operand(index, value)
        arm_builder.insert(new, call.name or None)
        arm_builder.br(rest)
        arms.append(arm)
        calls.append(new)
        results.append((new, arm))
    b.switch(position, arms[-1], [(ConstantInt(I32, k), arm) for k, arm in enumerate(arms[:-1])])
    if call.has_uses():
        call.replace_all_uses_with(Builder(rest, 0).phi(call.type, results, "choice"))
    call.erase()
    return calls


def _global_read(v) -> bool:
    return isinstance(v, I.Load) and isinstance(v.pointer, GlobalVariable) and not v.volatile


def _position_of(v, choices: list, made: Dict[int, object]):
    """An i32 that is k where `v` is choices[k]: `v`'s own phis, selects and
    table loads, choosing positions instead of values."""
    for k, choice in enumerate(choices):
        if v is choice:
            return ConstantInt(I32, k)
    if id(v) in made:
        return made[id(v)]
    if isinstance(v, I.Phi):
        phi = Builder(v.parent, 0).phi(I32, (), "choice.at")
        made[id(v)] = phi
        for value, block in v.incoming:
            phi.add_incoming(_position_of(value, choices, made), block)
        return phi
    b = Builder().position_after(v)
    if isinstance(v, I.Select):
        made[id(v)] = b.select(v.operands[0], _position_of(v.operands[1], choices, made),
                               _position_of(v.operands[2], choices, made), "choice.at")
        return made[id(v)]
    return _position_in_table(b, v, choices, made)


def _position_in_table(b: Builder, load, choices: list, made: Dict[int, object]):
    """The load from a constant table of choices, read from a twin table of
    their positions at the same index."""
    table = load.pointer.pointer if isinstance(load.pointer, I.GetElementPtr) else load.pointer
    elements = [_position_of(e, choices, made) for e in table.initializer.elements]
    t = ArrayType(len(elements), I32)
    module = load.function.module
    twin = module.add_global(GlobalVariable(module.pointer_to(t), f"{table.name}.choice", t,
                                            ConstantAggregate(t, elements), is_constant=True,
                                            linkage="private", pre_attrs="unnamed_addr"))
    gep = load.pointer if isinstance(load.pointer, I.GetElementPtr) else None
    if gep is None:             # the first element
        indices, source = [ConstantInt(I32, 0), ConstantInt(I32, 0)], t
    else:
        indices, source = list(gep.indices), (t if len(gep.indices) == 2 else I32)
    at = b.gep(source, twin, indices, module.pointer_to(I32), "choice.at.ptr")
    made[id(load)] = b.load(I32, at, "choice.at")
    return made[id(load)]
