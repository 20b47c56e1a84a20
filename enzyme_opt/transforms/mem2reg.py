"""Promote scalar allocas to SSA values (clang -O0 keeps every local in memory).

Differentiating memory costs shadow memory and tape traffic; differentiating
SSA values costs neither, so unoptimized input is first brought to SSA form
here: the classic placement of phis on iterated dominance frontiers followed
by renaming along the dominator tree.
"""
from __future__ import annotations

from typing import Dict, List

from ..analysis.cfg import DominatorTree
from ..analysis.library import ALLOCA_MARKER_INTRINSICS as _MARKER_INTRINSICS
from ..ir import instructions as I
from ..ir.constants import ConstantUndef


def _is_marker_call(user) -> bool:
    """Lifetime and debug intrinsics, and debug records: they go with the alloca."""
    if user.is_debug_record:        # a record, or `metadata ptr %x` of a dbg call
        return True
    if not isinstance(user, I.Call):
        return False
    fn = user.called_function
    return fn is not None and fn.name.startswith(_MARKER_INTRINSICS)


def _marker_users(alloca) -> List:
    """Lifetime/debug calls on the alloca (directly or via a pointer cast)."""
    out = []
    for user in alloca.users:
        if isinstance(user, I.Cast) and user.opcode == "bitcast":
            out.extend(user.users)
            out.append(user)
        elif _is_marker_call(user):
            out.append(user)
    return out


def is_promotable(alloca) -> bool:
    t = alloca.allocated_type
    if alloca.count is not None or not (t.is_int or t.is_float or t.is_pointer or t.is_vector):
        return False
    for user, index in alloca.uses:
        if isinstance(user, I.Load):
            if user.volatile or user.atomic or user.type != t:
                return False
        elif isinstance(user, I.Store):
            if index != 1 or user.volatile or user.atomic or user.value.type != t:
                return False
        elif isinstance(user, I.Cast) and user.opcode == "bitcast":
            if not all(_is_marker_call(u) for u in user.users):
                return False
        elif not _is_marker_call(user):
            return False
    return True


def promote_allocas(fn, only=None) -> int:
    """Promote every promotable alloca of `fn` (or of the list `only`); returns
    how many."""
    candidates = fn.instructions() if only is None else only
    allocas = [i for i in candidates if isinstance(i, I.Alloca) and is_promotable(i)]
    if not allocas:
        return 0
    for a in allocas:
        for marker in _marker_users(a):
            # Debug records are not in a block; erasing the alloca poisons them.
            if not marker.is_debug_record and marker.parent is not None:
                marker.erase()
    domtree = DominatorTree(fn)
    frontiers = domtree.frontiers()
    slot_of = {id(a): n for n, a in enumerate(allocas)}
    phi_slot: Dict[int, int] = {}
    for n, a in enumerate(allocas):
        def_blocks = {id(u.parent): u.parent for u in a.users if isinstance(u, I.Store)}
        work = list(def_blocks.values())
        placed = set()
        while work:
            b = work.pop()
            for f in frontiers.get(id(b), []):
                if id(f) in placed:
                    continue
                placed.add(id(f))
                phi = I.Phi(a.allocated_type)
                phi.name = fn.claim_name(a.name) if a.name else None
                f.insert(0, phi)
                phi_slot[id(phi)] = n
                if id(f) not in def_blocks:
                    work.append(f)
    _rename(fn, domtree, allocas, slot_of, phi_slot)
    for a in allocas:
        a.erase()
    return len(allocas)


def _rename(fn, domtree, allocas, slot_of, phi_slot) -> None:
    undef = [ConstantUndef(a.allocated_type) for a in allocas]
    entry = domtree.order[0]
    stack = [(entry, list(undef))]
    while stack:
        block, current = stack.pop()
        current = list(current)
        for inst in list(block.instructions):
            if isinstance(inst, I.Phi) and id(inst) in phi_slot:
                current[phi_slot[id(inst)]] = inst
            elif isinstance(inst, I.Load) and id(inst.pointer) in slot_of:
                inst.replace_all_uses_with(current[slot_of[id(inst.pointer)]])
                inst.erase()
            elif isinstance(inst, I.Store) and id(inst.pointer) in slot_of:
                current[slot_of[id(inst.pointer)]] = inst.value
                inst.erase()
        for succ in block.successors:          # one phi entry per CFG edge
            for phi in succ.phis:
                if id(phi) in phi_slot:
                    phi.add_incoming(current[phi_slot[id(phi)]], block)
        for child in domtree.children[id(block)]:
            stack.append((child, current))
    # Blocks unreachable from the entry still need well-formed phis.
    for block in fn.blocks:
        if not domtree.is_reachable(block):
            for inst in list(block.instructions):
                if isinstance(inst, I.Load) and id(inst.pointer) in slot_of:
                    inst.replace_all_uses_with(undef[slot_of[id(inst.pointer)]])
                    inst.erase()
                elif isinstance(inst, I.Store) and id(inst.pointer) in slot_of:
                    inst.erase()
            for succ in block.successors:
                for phi in succ.phis:
                    if id(phi) in phi_slot:
                        phi.add_incoming(undef[phi_slot[id(phi)]], block)
