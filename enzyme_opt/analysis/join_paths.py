"""Which edge a join was entered by, told by branch conditions fixed before it.

The reverse pass must know, at a block with several predecessors, which one
the forward pass came from.  Where every branch on the way from the block's
immediate dominator to it tests a value defined outside the loops around
the block (the guards the vectorizer puts around a loop: is there a vector
body, is there a remainder), that way is the same function of those values
in every iteration, and `entry_conditions` gives it as one expression per
predecessor: the reverse pass computes it instead of taping an index per
iteration (tools/perfhunt/pinball.c, vectorized: an outer loop whose body
runs an inner loop's vector body and remainder, joined in a block of three
predecessors).

Why the expressions are right: take the latest run of the dominator `top`
before a run of the join.  The way from it to the join passes neither again
(a cycle through the join passes `top`, which dominates it), so it stays in
the blocks that reach a predecessor without passing either (`_region`).
Cycles there are loops that leave out the join; each is one step with its
one exit edge.  Every other branch on the way tests a value whose block
dominates the join and lies outside the loops around it, so the value it
tested is the value at the join.  The way is then fixed by those values,
and exactly one predecessor's expression holds.
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional

from ..ir import instructions as I
from .loops import Loop

# How many blocks may lie between the dominator and the join.
REGION_LIMIT = 64


class Guard(NamedTuple):
    """A branch on `value` took its true edge (`taken`) or its false one."""
    value: object
    taken: bool


# An expression is True, ("and", expression, Guard) or ("or", expression, expression).
ALWAYS = True


def entry_conditions(block, preds: list, pred_map: Dict[int, list], loops) -> Optional[List]:
    """One expression per block of `preds` (the predecessors of `block`):
    the way from `block`'s immediate dominator came in through that
    predecessor.  None where the way is not fixed by values defined before
    `block` outside its loops (see the module's docstring)."""
    dom = loops.dom
    if len(preds) < 2 or any(dom.dominates(block, p) for p in preds) or id(block) not in dom.idom:
        return None                         # a loop header: its counter tells
    top = dom.idom[id(block)]
    if top is block or any(not lp.contains(block) for lp in loops.loops_around(top)):
        return None
    region = _region(block, preds, pred_map, top)
    nodes = None if region is None else _collapse(block, region, pred_map, loops)
    if nodes is None:
        return None
    order = _topological(top, nodes)
    if order is None:
        return None
    around = loops.loops_around(block)
    reach = {id(top): ALWAYS}
    into: Dict[int, object] = {}
    for node in order:
        here = reach.get(id(node))
        if here is None:
            continue
        for source, target, test in nodes[id(node)]:
            if test is not None and not _fixed_before(test.value, block, dom, around):
                return None
            way = here if test is None else ("and", here, test)
            if target is block:
                into[id(source)] = _either(into.get(id(source)), way)
            else:
                reach[id(target)] = _either(reach.get(id(target)), way)
    if any(id(p) not in into for p in preds):
        return None
    return [into[id(p)] for p in preds]


def _either(a, b):
    return b if a is None else ("or", a, b)


def _fixed_before(value, block, dom, around) -> bool:
    """Is `value` a constant, an argument, or an instruction of a block that
    strictly dominates `block`, outside every loop around it?"""
    if not isinstance(value, I.Instruction):
        return True
    home = value.parent
    return home is not None and home is not block and dom.dominates(home, block) and \
        not any(lp.contains(home) for lp in around)


def _region(block, preds, pred_map, top) -> Optional[dict]:
    """The blocks that reach a predecessor of `block` without passing `top`
    or `block` (`top` included), by id; None past REGION_LIMIT."""
    return _walked_back(preds, pred_map, block, {id(top): top})


def _walked_back(starts, pred_map, avoided, region: dict) -> Optional[dict]:
    """`region` and the blocks that reach one of `starts` without passing
    `avoided` or a block of `region`, by id; None past REGION_LIMIT."""
    work = list(starts)
    while work:
        b = work.pop()
        if id(b) in region or b is avoided:
            continue
        if len(region) == REGION_LIMIT:
            return None
        region[id(b)] = b
        work.extend(pred_map[id(b)])
    return region


def _collapse(block, region, pred_map, loops) -> Optional[dict]:
    """The edges out of each step of the way, by id of the step's block:
    [(source block, target block, Guard or None)], the targets steps or
    `block`.  A step is a block of `region`, or a loop that leaves `block`
    out, named by its header and left by its one exit edge.  None for any
    other terminator than a branch, or a loop entered elsewhere than at
    its header or left by more than one edge."""
    step_of = {id(b): _outermost_loop_without(b, block, loops) or b for b in region.values()}
    top_id = next(iter(region))
    steps: Dict[int, list] = {}
    for step in step_of.values():
        head = _head(step)
        if id(head) in steps:
            continue
        edges = _loop_exit(step, region, pred_map) if isinstance(step, Loop) else _branch_edges(step)
        if edges is None:
            return None
        kept = []
        for source, target, test in edges:
            if target is not block:
                if id(target) not in region or id(target) == top_id:
                    continue                # leaves the way (no run of the join follows)
                if _head(step_of[id(target)]) is not target:
                    return None             # into a loop elsewhere than its header
            kept.append((source, target, test))
        steps[id(head)] = kept
    return steps


def _outermost_loop_without(b, block, loops):
    """The outermost loop around `b` that leaves `block` out, or None."""
    outer = None
    for lp in loops.loops_around(b):
        if lp.contains(block):
            break
        outer = lp
    return outer


def _head(step):
    return step.header if isinstance(step, Loop) else step


def _branch_edges(b) -> Optional[list]:
    term = b.terminator
    if not isinstance(term, I.Branch):
        return None
    if not term.is_conditional:
        return [(b, term.successors[0], None)]
    yes, no = term.successors
    if yes is no:
        return [(b, yes, None)]
    return [(b, yes, Guard(term.condition, True)), (b, no, Guard(term.condition, False))]


def _loop_exit(loop, region, pred_map) -> Optional[list]:
    """[(exiting block, exit target, None)] for a loop with one exit edge,
    entered only at its header; else None."""
    exits = []
    for b in region.values():
        if not loop.contains(b):
            continue
        if b is not loop.header and any(not loop.contains(p) for p in pred_map[id(b)]):
            return None
        for s in b.successors:
            if not loop.contains(s):
                exits.append((b, s, None))
    blocks_in_region = sum(1 for b in region.values() if loop.contains(b))
    if len(exits) != 1 or blocks_in_region != len(loop.blocks):
        return None
    return exits


def _topological(top, nodes) -> Optional[list]:
    """The steps from `top` in an order where each comes after every step
    with an edge into it; None if the steps form a cycle."""
    order, state = [], {}
    stack = [(top, iter(nodes.get(id(top), ())))]
    state[id(top)] = 1
    while stack:
        node, edges = stack[-1]
        advanced = False
        for _source, target, _test in edges:
            if id(target) not in nodes:
                continue                # the join, or out of the way
            seen = state.get(id(target))
            if seen == 1:
                return None
            if seen is None:
                state[id(target)] = 1
                stack.append((target, iter(nodes[id(target)])))
                advanced = True
                break
        if not advanced:
            state[id(node)] = 2
            order.append(node)
            stack.pop()
    return order[::-1]


def deciding_branch(block, preds: list, pred_map: Dict[int, list], dom):
    """(`top`, the condition, the index in `preds` of the predecessor its
    true edge leads to) when the latest run of the conditional branch that
    ends `block`'s immediate dominator `top` decides which of `block`'s two
    predecessors the way in came by; else None.

    Why that suffices: every run of `block` follows a run of `top`, which
    dominates it; after the latest, the way stays in the blocks reachable
    from the successor then taken without passing `top` again (`block`
    included: it may be passed on the way).  Where those reachable from
    the true successor come into `block` only from one predecessor and
    those from the false one only from the other, the condition of that
    run names the predecessor, whatever the branches in between tested (a
    push_back's growth: an allocation that may be skipped, a copy that may
    be empty, before its one way back to the loop's latch).  The reverse
    reads the condition as of the execution it reverses: `top`'s latest
    run, since `top` defines it."""
    if len(preds) != 2 or any(dom.dominates(block, p) for p in preds) or id(block) not in dom.idom:
        return None
    top = dom.idom[id(block)]
    term = top.terminator
    if top is block or not (isinstance(term, I.Branch) and term.is_conditional):
        return None
    yes, no = term.successors
    region = _walked_back(preds, pred_map, top, {})    # `top` left out, `block` in
    if yes is no or region is None:
        return None
    ways = [_predecessors_reached(top, start, block, preds, region) for start in (yes, no)]
    if any(len(way) != 1 for way in ways) or ways[0] == ways[1]:
        return None
    return top, term.condition, preds.index(region.get(ways[0][0], top))


def _predecessors_reached(top, start, block, preds, region) -> list:
    """Ids of the predecessors of `block` by which a way from `top` through
    its successor `start`, not passing `top` again, comes into `block`."""
    found = [id(top)] if start is block else []
    if start is top or id(start) not in region and start is not block:
        return found
    seen, work = {id(start)}, [start]
    while work:
        b = work.pop()
        for s in b.successors:
            if s is block and any(p is b for p in preds) and id(b) not in found:
                found.append(id(b))
            if id(s) in region and id(s) not in seen:
                seen.add(id(s))
                work.append(s)
    return found
