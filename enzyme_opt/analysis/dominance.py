"""SSA dominance of the input: every use must be dominated by its definition.

LLVM's verifier checks this, but it cannot be relied on to see the input as
written: reading LLVM 14 text, newer LLVMs fold away no-op pointer casts,
so a use before its definition can vanish before the verifier runs.  A
differentiated function built on such IR would be wrong, so the input is
checked here, before any pass.
"""
from __future__ import annotations

from typing import Optional

from ..ir import instructions as I
from .cfg import DominatorTree


def first_dominance_violation(module) -> Optional[I.Instruction]:
    """The first instruction (in text order) using a value whose definition
    does not dominate it, or None.  Bodies still kept as text are not read:
    they are only kept when LLVM's verifier has already checked them."""
    for fn in module.functions:
        if fn.lazy_body is not None:
            continue
        bad = _violation_in(fn)
        if bad is not None:
            return bad
    return None


def _violation_in(fn) -> Optional[I.Instruction]:
    block_of, position = {}, {}
    for block in fn.blocks:
        for index, inst in enumerate(block.instructions):
            block_of[id(inst)] = block
            position[id(inst)] = index
    tree = None
    for block in fn.blocks:
        for index, inst in enumerate(block.instructions):
            for operand, where in _uses(inst, block):
                home = block_of.get(id(operand))
                if home is None:                      # not an instruction of this function
                    continue
                if home is where and (inst.opcode == "phi" or position[id(operand)] < index):
                    continue
                if tree is None:
                    tree = DominatorTree(fn)
                # In unreachable code anything goes (LLVM: nothing to dominate).
                if not tree.is_reachable(where):
                    continue
                if home is where or not tree.dominates(home, where):
                    return inst
    return None


def _uses(inst, block):
    """(operand, block where it must be available) of each instruction operand.
    A phi's incoming value must be available at the end of its predecessor."""
    if isinstance(inst, I.Phi):
        return [(v, b) for v, b in inst.incoming if isinstance(v, I.Instruction)]
    return [(v, block) for v in inst.operands if isinstance(v, I.Instruction)]
