"""Natural loops: a header that dominates its latches, and the blocks that
reach a latch without passing through the header.

Loops with the same header are merged (one loop per header), and each loop
knows its parent, so the loops around a block can be listed from the
innermost out.  Cycles that are not natural loops (irreducible control
flow) belong to no loop here; callers treat their blocks conservatively.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from ..ir import instructions as I
from ..ir.constants import ConstantInt
from .cfg import DominatorTree


class Loop:
    __slots__ = ("header", "blocks", "parent")

    def __init__(self, header, blocks: set):
        self.header = header
        self.blocks = blocks          # ids of the blocks of the loop, nested loops included
        self.parent: Optional[Loop] = None

    def contains(self, block) -> bool:
        return id(block) in self.blocks

    def outside_predecessors(self, preds) -> list:
        """The header's predecessors outside the loop (the ways into it)."""
        return [p for p in preds[id(self.header)] if id(p) not in self.blocks]


class LoopInfo:
    def __init__(self, fn, dom: Optional[DominatorTree] = None):
        dom = self.dom = dom or DominatorTree(fn)
        preds = dom.preds
        loops = []
        for header in dom.order:
            latches = [p for p in preds[id(header)]
                       if dom.is_reachable(p) and dom.dominates(header, p)]
            if latches:
                loops.append(Loop(header, _body(header, latches, preds, dom)))
        # Outer loops are larger: the parent of a loop is the smallest other
        # loop that contains its header, the next one after it in this order
        # of those that do (found without trying every loop for every loop:
        # a function of a thousand loops in a row is no rarity).
        loops.sort(key=lambda lp: len(lp.blocks))
        containing: Dict[int, List[Loop]] = {}
        for loop in loops:
            for b in loop.blocks:
                containing.setdefault(b, []).append(loop)
        for loop in loops:
            around = containing[id(loop.header)]
            k = next(i for i, other in enumerate(around) if other is loop)
            loop.parent = around[k + 1] if k + 1 < len(around) else None
        self.innermost: Dict[int, Loop] = {}
        for loop in loops:                  # smallest first: the first claim wins
            for b in loop.blocks:
                self.innermost.setdefault(b, loop)

    def loops_around(self, block) -> List[Loop]:
        """The loops containing `block`, innermost first."""
        out = []
        loop = self.innermost.get(id(block))
        while loop is not None:
            out.append(loop)
            loop = loop.parent
        return out


def _body(header, latches, preds, dom) -> set:
    body = {id(header)}
    work = list(latches)
    while work:
        b = work.pop()
        if id(b) in body or not dom.is_reachable(b):
            continue
        body.add(id(b))
        work.extend(preds[id(b)])
    return body


def counter_parts(phi):
    """(start, start_block, increment) when `phi` is a counter
    `phi [start, %start_block], [%phi + C, %latch]` with a constant C, where
    `increment` is the add; else None."""
    if not isinstance(phi, I.Phi) or len(phi.incoming) != 2:
        return None
    for k, (next_value, _) in enumerate(phi.incoming):
        if (isinstance(next_value, I.BinaryOp) and next_value.opcode == "add"
                and next_value.operands[0] is phi
                and isinstance(next_value.operands[1], ConstantInt)):
            start, start_block = phi.incoming[1 - k]
            return start, start_block, next_value
    return None
