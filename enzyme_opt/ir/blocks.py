"""Editing the block structure of a function."""
from __future__ import annotations


def split_after(fn, inst):
    """Move what follows `inst` in its block into a new block placed after it
    (the phis of the successors now name the new block); returns the new
    block.  The old block is left without a terminator for the caller."""
    block = inst.parent
    rest = fn.add_block((block.name or "bb") + ".after", after=block)
    index = block.index_of(inst)
    for moved in block.instructions[index + 1:]:
        block.remove(moved)
        rest.append(moved)
    for succ in rest.terminator.successors:
        for phi in succ.phis:
            phi.blocks = [rest if b is block else b for b in phi.blocks]
    return rest
