"""flang's runtime reductions written out as the loops they stand for.

At -O0 flang calls `_FortranASumReal8(&desc, file, line, dim, mask)` and
`_FortranADotProductReal8(&dx, &dy, file, line)` for `sum(x)` and
`dot_product(x, y)`.  A call becomes a loop over the elements its
descriptor describes (see analysis/library/runtimes.py for the layout):
the derivative of a reduction is then the derivative of its loads and adds,
the shadow of each element found from the shadow of the base address that
the descriptor holds.  `sum` runs over every element of an array of any
rank, in array element order: the linear index is split into one index per
dimension, each scaled by that dimension's byte stride.  `dot_product`
takes two arrays of rank 1.  Calls with a `dim` or a `mask` are left alone
(and refused if derivatives reach them).
"""
from __future__ import annotations

from ..analysis.library import (DESCRIPTOR_DIM_BYTES, DESCRIPTOR_DIMS_OFFSET,
                                DESCRIPTOR_RANK_OFFSET, fortran_reduction)
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import ConstantInt, ConstantNull, const_float
from ..ir.types import I8, I64, DOUBLE, FLOAT

_ELEMENT = {"double": DOUBLE, "float": FLOAT}


def write_out_fortran_reductions(fn) -> None:
    for call in [i for i in fn.instructions() if isinstance(i, I.Call)]:
        callee = call.called_function
        known = fortran_reduction(callee.name) if callee is not None else None
        if known is None or fn.module.typed_pointers:
            continue
        operation, element = known
        if operation == "sum" and len(call.args) == 5 and _is_zero(call.args[3]) and \
                isinstance(call.args[4], ConstantNull):
            _write_sum(fn, call, _ELEMENT[element])
        elif operation == "dot_product" and len(call.args) == 4:
            _write_dot_product(fn, call, _ELEMENT[element])


def _is_zero(v) -> bool:
    return isinstance(v, ConstantInt) and v.value == 0


def _split_after(fn, call):
    """Move what follows `call` into a block of its own; returns it."""
    block = call.parent
    rest = fn.add_block((block.name or "bb") + ".after", after=block)
    index = block.index_of(call)
    for inst in block.instructions[index + 1:]:
        block.remove(inst)
        rest.append(inst)
    for succ in rest.terminator.successors:
        for phi in succ.phis:
            phi.blocks = [rest if b is block else b for b in phi.blocks]
    return rest


def _field(b, desc, offset: int, t, name):
    ptr = b.gep(I8, desc, [b.i64(offset)], desc.type, name + ".at")
    return b.load(t, ptr, name)


def _dim_field(b, desc, dim, field: int, name):
    offset = b.add(b.mul(dim, b.i64(DESCRIPTOR_DIM_BYTES)),
                   b.i64(DESCRIPTOR_DIMS_OFFSET + 8 * field))
    ptr = b.gep(I8, desc, [offset], desc.type, name + ".at")
    return b.load(I64, ptr, name)


def _counted_loop(fn, b, after_block, count, name):
    """Blocks of `for (k = 0; k < count; k++)`: returns (k, body builder,
    latch builder, exit builder); the caller ends the body by `br latch`."""
    head = fn.add_block(name + ".head", after=b.block)
    body = fn.add_block(name + ".body", after=head)
    latch = fn.add_block(name + ".latch", after=body)
    done = fn.add_block(name + ".done", after=latch)
    start = b.block
    b.br(head)
    hb = Builder(head)
    k = hb.phi(I64, [(b.i64(0), start)], name)
    hb.cond_br(hb.icmp("ult", k, count), body, done)
    lb = Builder(latch)
    k.add_incoming(lb.add(k, lb.i64(1)), latch)
    lb.br(head)
    return k, Builder(body), Builder().position_before_terminator(latch), Builder(done)


def _write_sum(fn, call, element):
    rest = _split_after(fn, call)
    b = Builder().position_before(call)
    desc = call.args[0]
    base = _field(b, desc, 0, desc.type, "sum.base")
    rank = b.cast("zext", _field(b, desc, DESCRIPTOR_RANK_OFFSET, I8, "sum.rank8"), I64,
                  "sum.rank")
    # total = product of the extents
    k, kb, klatch, after_total = _counted_loop(fn, b, rest, rank, "sum.dims")
    total = Builder(k.parent, 0).phi(I64, [(b.i64(1), k.blocks[0])], "sum.total")
    grown = kb.mul(total, _dim_field(kb, desc, k, 1, "sum.extent"))
    kb.br(klatch.block)
    total.add_incoming(grown, klatch.block)
    # acc = sum over j < total of element j
    j, jb, jlatch, after_sum = _counted_loop(fn, after_total, rest, total, "sum.elements")
    acc = Builder(j.parent, 0).phi(element, [(const_float(element, 0.0), j.blocks[0])],
                                   "sum.acc")
    offset = _element_offset(fn, jb, desc, rank, j)
    at = jb.gep(I8, base, [offset], base.type, "sum.element.at")
    value = jb.load(element, at, "sum.element")
    added = jb.fadd(acc, value, "sum.next")
    jb.br(jlatch.block)
    acc.add_incoming(added, jlatch.block)
    after_sum.br(rest)
    call.replace_all_uses_with(acc)
    call.erase()


def _element_offset(fn, b, desc, rank, linear):
    """Byte offset of element `linear` (array element order): its index in
    each dimension times that dimension's byte stride.  Leaves `b` at the
    end of the blocks it adds."""
    d, db, dlatch, done = _counted_loop(fn, b, None, rank, "sum.index")
    entry = d.blocks[0]
    offset = Builder(d.parent, 0).phi(I64, [(b.i64(0), entry)], "sum.offset")
    left = Builder(d.parent, 0).phi(I64, [(linear, entry)], "sum.left")
    extent = _dim_field(db, desc, d, 1, "sum.extent.k")
    stride = _dim_field(db, desc, d, 2, "sum.stride.k")
    index = db.binop("urem", left, extent, "sum.index.k")
    db.br(dlatch.block)
    offset.add_incoming(dlatch.add(offset, dlatch.mul(index, stride)), dlatch.block)
    left.add_incoming(dlatch.binop("udiv", left, extent), dlatch.block)
    b.position_at_end(done.block)
    return offset


def _write_dot_product(fn, call, element):
    rest = _split_after(fn, call)
    b = Builder().position_before(call)
    dx, dy = call.args[:2]
    x = _field(b, dx, 0, dx.type, "dot.x")
    y = _field(b, dy, 0, dy.type, "dot.y")
    n = _dim_field(b, dx, b.i64(0), 1, "dot.n")
    sx = _dim_field(b, dx, b.i64(0), 2, "dot.stride.x")
    sy = _dim_field(b, dy, b.i64(0), 2, "dot.stride.y")
    i, ib, ilatch, done = _counted_loop(fn, b, rest, n, "dot")
    acc = Builder(i.parent, 0).phi(element, [(const_float(element, 0.0), i.blocks[0])],
                                   "dot.acc")
    xi = ib.load(element, ib.gep(I8, x, [ib.mul(i, sx)], x.type, "dot.x.at"), "dot.xi")
    yi = ib.load(element, ib.gep(I8, y, [ib.mul(i, sy)], y.type, "dot.y.at"), "dot.yi")
    added = ib.fadd(acc, ib.fmul(xi, yi), "dot.next")
    ib.br(ilatch.block)
    acc.add_incoming(added, ilatch.block)
    done.br(rest)
    call.replace_all_uses_with(acc)
    call.erase()
