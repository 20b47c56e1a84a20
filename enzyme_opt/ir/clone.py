"""Copying function bodies (the AD passes work on copies, never on the input)."""
from __future__ import annotations

import copy
from typing import Dict

from .instructions import Instruction, Phi
from .module import Function


def _slots(cls):
    for klass in cls.__mro__:
        yield from getattr(klass, "__slots__", ())


# Debug records describe the primal's frame: copies go without them.
_SKIP = {"_uses", "operands", "parent", "__weakref__", "name", "debug_records"}


def clone_instruction(inst: Instruction) -> Instruction:
    """A detached copy with the same operands (remap them afterwards)."""
    new = _unlinked_copy(inst)
    for index, op in enumerate(new.operands):
        op._add_use(new, index)
    return new


_UNSET = object()
# class -> the slots a copy takes over (the AD copies every body it differentiates).
_COPIED_SLOTS: Dict[type, tuple] = {}


def _copied_slots(cls) -> tuple:
    found = _COPIED_SLOTS.get(cls)
    if found is None:
        found = _COPIED_SLOTS[cls] = tuple(s for s in _slots(cls) if s not in _SKIP)
    return found


def _unlinked_copy(inst: Instruction) -> Instruction:
    """A detached copy whose operands do not yet list it among their uses."""
    new = object.__new__(type(inst))
    for slot in _copied_slots(type(inst)):
        value = getattr(inst, slot, _UNSET)
        if value is _UNSET:
            continue
        setattr(new, slot, copy.copy(value) if isinstance(value, list) else value)
    new.name = inst.name
    new._uses = []
    new.parent = None
    new.debug_records = None
    new.operands = list(inst.operands)
    return new


def clone_body(src, dest, value_map: Dict[int, object]) -> Dict[int, object]:
    """Copy the blocks of `src` to the end of `dest`.

    `value_map` maps id(old value) -> new value and must hold the arguments;
    it is extended with blocks and instructions and returned.
    """
    pairs = []
    for block in src.blocks:
        new_block = dest.add_block(block.name)
        value_map[id(block)] = new_block
        for inst in block.instructions:
            new_inst = _unlinked_copy(inst)
            if new_inst.name:
                new_inst.name = dest.claim_name(new_inst.name)
            new_block.append(new_inst)
            value_map[id(inst)] = new_inst
            pairs.append(new_inst)
    # Use lists come out as copying with the old operands and then remapping
    # them would leave them (their order decides the order of predecessors,
    # and so of phi entries, downstream), without removing thousands of uses
    # from a much-used value's list one by one: the operands kept first, in
    # order, then the new ones.
    for new_inst in pairs:
        for index, op in enumerate(new_inst.operands):
            if value_map.get(id(op), op) is op:
                op._add_use(new_inst, index)
    for new_inst in pairs:
        operands = new_inst.operands
        for index, op in enumerate(operands):
            mapped = value_map.get(id(op))
            if mapped is not None and mapped is not op:
                operands[index] = mapped
                mapped._add_use(new_inst, index)
        if isinstance(new_inst, Phi):
            new_inst.blocks = [value_map.get(id(b), b) for b in new_inst.blocks]
    return value_map


def internal_copy(fn, name: str):
    """An internal function `name` in `fn`'s module with `fn`'s type,
    attributes and a copy of its body; (the copy, clone_body's map)."""
    copy_fn = Function(name, fn.function_type, fn.type, [a.name for a in fn.args],
                       linkage="internal", ret_attrs=fn.ret_attrs,
                       attrs=fn.attrs_outside_comdat)
    for new, old in zip(copy_fn.args, fn.args):
        new.attrs = old.attrs
    fn.module.add_function(copy_fn)
    mapping = clone_body(fn, copy_fn, {id(a): b for a, b in zip(fn.args, copy_fn.args)})
    return copy_fn, mapping
