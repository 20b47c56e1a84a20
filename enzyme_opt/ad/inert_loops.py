"""Loops whose reverse does nothing, walked once in reverse, not per iteration.

A binary search for a spline's knot interval (`while (hi - lo > 1)`) runs
only inactive integer and comparison steps: no adjoint, no store, no call.
Its reverse iterations are empty, yet walking them needs the way into its
header on every iteration, a tape entry each (tools/perfhunt
spline_search: one byte an iteration pushed and popped, 1.56x the
reference's instructions).  Such an *inert* loop gets constant predecessor
indices instead (reverse.py `_make_pred_indices`): the reverse enters it at
the block the forward pass left it from, walks back to its header once and
leaves to the one block before the loop.

That is right only if nothing of the loop's iterations is read in reverse:
no value defined in the loop is kept or recomputed.  Its values reach the
rest of the function only through phis of the blocks it exits to (checked
here), which the cache keeps at their own block (cache_policy `_joined`
does not rebuild them from the loop's values); `check_unread` refuses any
read the cache would make anyway, and `check_untaped` any slot saved in
the loop, rather than walk a tape the loop never filled.
"""
from __future__ import annotations

from ..diagnostics import DifferentiationError
from ..ir import instructions as I

# Instructions an inert loop may hold: no memory written, no call, no
# allocation; inactive all (checked apart).
_INERT_KINDS = (I.BinaryOp, I.UnaryOp, I.Cast, I.Compare, I.Phi, I.Select, I.Freeze,
                I.GetElementPtr, I.Branch, I.Switch)


def inert_loop_blocks(loops, preds, info) -> set:
    """Ids of the blocks of the inert loops: innermost loops entered from
    one block and left by one edge, of inactive instructions of
    `_INERT_KINDS` and plain loads, none with a shadow used outside.
    (With one way out, the exit block's predecessor index comes from the
    branches before the loop, none in it.)  Values used past the loop
    leave it through phis on its exit edge: `_close` adds them."""
    found = set()
    if not loops.is_reducible():
        return found
    for loop in {id(lp): lp for lp in loops.innermost.values()}.values():
        blocks = _blocks(loop, preds)
        exits = [(b, s) for b in blocks for s in b.successors if not loop.contains(s)]
        if loops.holds_no_loop(loop) and len(loop.outside_predecessors(preds)) == 1 and \
                len(exits) == 1 and all(_inert_block(b, loop, info) for b in blocks) and \
                _closable(blocks, loop, *exits[0], preds):
            _close(blocks, loop, *exits[0])
            found |= loop.blocks
    return found


def _blocks(loop, preds):
    """The blocks of `loop`, from the header's predecessors' lists."""
    seen = {id(loop.header): loop.header}
    todo = [loop.header]
    while todo:
        for p in preds[id(todo.pop())]:
            if loop.contains(p) and id(p) not in seen:
                seen[id(p)] = p
                todo.append(p)
    return list(seen.values())


def _inert_block(block, loop, info) -> bool:
    for inst in block.instructions:
        if info.is_active(inst):
            return False
        if isinstance(inst, I.Load):
            if inst.volatile or inst.atomic:
                return False
        elif not isinstance(inst, _INERT_KINDS):
            return False
        if info.has_shadow(inst) and any(_used_outside(u, index, inst, loop)
                                         for u, index in inst.uses):
            return False
    return True


def _used_outside(user, index, value, loop) -> bool:
    """Does `user` (operand `index` = `value`) read `value` past `loop`,
    other than by a phi on the loop's exit edge?"""
    if getattr(user, "is_debug_record", False):
        return False
    if isinstance(user, I.Phi):
        return not loop.contains(user.blocks[index])
    return not isinstance(user, I.Instruction) or not loop.contains(user.parent)


def _closable(blocks, loop, exiting, exit_block, preds) -> bool:
    """Can `_close` put the loop's values used past it in phis of
    `exit_block`: is there none, or is `exiting` its one predecessor (as
    it is when a value dominates a use past the loop's one exit)?"""
    return preds[id(exit_block)] == [exiting] or not any(
        _used_outside(u, k, inst, loop) for block in blocks
        for inst in block.instructions for u, k in inst.uses)


def _close(blocks, loop, exiting, exit_block) -> None:
    """Make every use of the loop's values past it a use of a phi in
    `exit_block` (loop-closed form): the cache keeps that phi, once per
    run of the loop, where it would keep the value once per iteration."""
    for block in blocks:
        for inst in block.instructions:
            outside = [(u, k) for u, k in inst.uses if _used_outside(u, k, inst, loop)]
            if not outside:
                continue
            phi = I.Phi(inst.type, [(inst, exiting)])
            phi.name = exit_block.parent.claim_name((inst.name or "v") + ".out")
            exit_block.insert(0, phi)
            for user, index in outside:
                user.set_operand(index, phi)


def way_back(block, preds, inert: set, order_index: dict):
    """The predecessor the reverse of `block` (in an inert loop) returns
    to: for the header, the one block before the loop; for another join of
    the loop, its predecessor first in reverse postorder (an edge inside a
    loop holding no loop goes forward in that order but back to the
    header, so the walk reaches the header)."""
    outside = [p for p in preds if id(p) not in inert]
    if outside:
        return outside[0]
    return min(preds, key=lambda p: order_index[id(p)])


def check_unread(gen, v) -> None:
    """Refuse reading `v` in reverse if it is defined in an inert loop."""
    if isinstance(v, I.Instruction) and id(v.parent) in gen.inert_blocks:
        raise DifferentiationError(
            f"internal: the reverse pass reads {v.name or 'a value'} of a loop it walks once",
            function=gen.primal)


def check_untaped(gen, slots) -> None:
    """Refuse a slot saved in an inert loop (its tape would go unread)."""
    for slot in slots:
        check_unread(gen, slot.value)
