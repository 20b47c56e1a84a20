"""flang's runtime reductions written out as the loops they stand for.

At -O0 flang calls `_FortranASumReal8(&desc, file, line, dim, mask)` and
`_FortranADotProductReal8(&dx, &dy, file, line)` for `sum(x)` and
`dot_product(x, y)`.  A call becomes a loop over the elements its
descriptor describes (see analysis/library/runtimes.py for the layout):
the derivative of a reduction is then the derivative of its loads and adds,
the shadow of each element found from the shadow of the base address that
the descriptor holds.  `sum` runs over every element of an array of any
rank, in array element order: the linear index is split into one index per
dimension, each scaled by that dimension's byte stride; `product`,
`maxval` and `minval` (`_FortranAProductReal8`, ...) are the same loop with
another step; `norm2` (`_FortranANorm2_8(&desc, file, line, dim)`) two
loops, the largest magnitude then the sum of squares scaled by it, so it
overflows no sooner than the runtime's.  `dot_product` takes two arrays
of rank 1.  Calls with a `dim`
or a `mask` are left alone (and refused if derivatives reach them).

`y = matmul(a, b)` is `_FortranAMatmulReal8Real8(&result, &a, &b, ...)`,
whose result the runtime allocates (the caller frees it), then
`_FortranAAssign(&y, &result, ...)`.  A matmul of two rank-2 arrays
(or of a matrix and a vector) becomes a malloc and three loops filling
the result's descriptor and elements; an assignment of real arrays (the type code the function stores
in both descriptors, whole or by field, tells) to an array that is not a
pointer becomes an element-by-element copy; to an allocatable array, first
the runtime's (re)allocation when its extents differ: then the AD mirrors
it on the shadow descriptor, whose shadow copy sends the adjoint back.  Others stay
calls, refused when derivatives reach them.
"""
from __future__ import annotations

import math

from ..analysis.library import (ATTRIBUTE_ALLOCATABLE, ATTRIBUTE_OTHER, DESCRIPTOR_ATTRIBUTE_OFFSET, DESCRIPTOR_DIM_BYTES,
                                DESCRIPTOR_DIMS_OFFSET, DESCRIPTOR_RANK_OFFSET,
                                DESCRIPTOR_TYPE_OFFSET, REAL_TYPE_CODES, fortran_reduction)
from ..analysis.library.runtimes import DESCRIPTOR_ELEMENT_BYTES_OFFSET
from ..ir import Builder
from ..ir.blocks import split_after
from ..ir import instructions as I
from ..ir.constants import ConstantAggregate, ConstantInt, ConstantNull, const_float
from ..ir.types import I8, I64, DOUBLE, FLOAT, VOID, FunctionType

_ELEMENT = {"double": DOUBLE, "float": FLOAT}


def write_out_fortran_reductions(fn) -> None:
    for call in [i for i in fn.instructions() if isinstance(i, I.Call)]:
        callee = call.called_function
        known = fortran_reduction(callee.name) if callee is not None else None
        if known is None or fn.module.typed_pointers:
            continue
        operation, element = known
        if operation in _FOLDS and len(call.args) == 5 and _is_zero(call.args[3]) and \
                isinstance(call.args[4], ConstantNull):
            _write_fold(fn, call, _ELEMENT[element], operation)
        elif operation == "norm2" and len(call.args) == 4 and _is_zero(call.args[3]):
            _write_norm2(fn, call, _ELEMENT[element])
        elif operation == "dot_product" and len(call.args) == 4:
            _write_dot_product(fn, call, _ELEMENT[element])
        elif operation == "matmul" and len(call.args) == 5 and \
                tuple(stored_byte(d, DESCRIPTOR_RANK_OFFSET) for d in call.args[:3]) in \
                _MATMUL_RANKS:
            _write_matmul(fn, call, _ELEMENT[element])
        elif operation in ("mod", "modulo") and len(call.args) == 4:
            _write_mod(fn, call, _ELEMENT[element], operation == "modulo")
        elif operation == "is_contiguous" and len(call.args) == 1:
            _write_is_contiguous(fn, call)
        elif operation == "copy_in" and len(call.args) == 4 and \
                _copied_real(call.args[1], call.args[0]) is not None and \
                stored_byte(call.args[1], DESCRIPTOR_RANK_OFFSET) is not None:
            _write_copy_in(fn, call, _ELEMENT[_copied_real(call.args[1], call.args[0])])
        elif operation == "copy_out" and len(call.args) == 4 and (
                isinstance(call.args[0], ConstantNull) or
                _copied_real(call.args[0], call.args[1]) is not None):
            _write_copy_out(fn, call)
        elif operation == "assign" and len(call.args) == 4:
            element = _assigned_real(call.args[0], call.args[1])
            if element is not None:
                # (a scalar is copied to each element of the allocated array: no reallocation)
                reallocate = stored_byte(call.args[0], DESCRIPTOR_ATTRIBUTE_OFFSET) == \
                    ATTRIBUTE_ALLOCATABLE and stored_byte(call.args[1], DESCRIPTOR_RANK_OFFSET) != 0
                _write_assign(fn, call, _ELEMENT[element], reallocate)


def _is_zero(v) -> bool:
    return isinstance(v, ConstantInt) and v.value == 0


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


def _element_count(fn, b, rest, desc, prefix):
    """The rank of the array `desc` describes and its element count (the
    product of its extents), computed by a loop `b` branches to; returns
    (rank, count, builder after the loop)."""
    rank = b.cast("zext", _field(b, desc, DESCRIPTOR_RANK_OFFSET, I8, f"{prefix}.rank8"), I64,
                  f"{prefix}.rank")
    k, kb, klatch, after = _counted_loop(fn, b, rest, rank, f"{prefix}.dims")
    total = Builder(k.parent, 0).phi(I64, [(b.i64(1), k.blocks[0])], f"{prefix}.total")
    grown = kb.mul(total, _dim_field(kb, desc, k, 1, f"{prefix}.extent"))
    kb.br(klatch.block)
    total.add_incoming(grown, klatch.block)
    return rank, total, after


def _largest_finite(element) -> float:
    return 3.4028234663852886e38 if element == FLOAT else 1.7976931348623157e308


def _pick(compare: str):
    """max/min as a select, as the runtime picks: the first of equal values;
    a NaN only while nothing else was seen (the fold starts at NaN), so the
    result is NaN only when every element is."""
    def step(b, acc, value, name):
        better = b.fcmp(compare, value, acc)
        nothing_yet = b.fcmp("uno", acc, acc)
        return b.select(b.binop("or", better, nothing_yet), value, acc, name)
    return step


# operation -> (its start value, one step of the fold, its value over no
# elements: None when the start value is it).  An empty maxval is -huge(x)
# and an empty minval huge(x), as the runtime's.
_FOLDS = {
    "sum": (lambda e: 0.0, lambda b, acc, value, name: b.fadd(acc, value, name), None),
    "product": (lambda e: 1.0, lambda b, acc, value, name: b.fmul(acc, value, name), None),
    "maxval": (lambda e: math.nan, _pick("ogt"), lambda e: -_largest_finite(e)),
    "minval": (lambda e: math.nan, _pick("olt"), _largest_finite),
}


def _write_fold(fn, call, element, operation):
    """sum, product, maxval or minval of a whole array, in array element
    order: a loop whose adjoint the AD derives like any other."""
    start, step, empty = _FOLDS[operation]
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    desc = call.args[0]
    rank, total, after_total = _element_count(fn, b, rest, desc, operation)
    jb, value, acc, loop = _element_loop(fn, after_total, rest, desc, rank, total, element,
                                         start(element), operation)
    after_fold = _close_fold(jb, acc, step(jb, acc, value, f"{operation}.next"), loop)
    result = acc
    if empty is not None:
        none = after_fold.icmp("eq", total, after_fold.i64(0))
        result = after_fold.select(none, const_float(element, empty(element)), acc,
                                   f"{operation}.result")
    after_fold.br(rest)
    call.replace_all_uses_with(result)
    call.erase()


def _element_loop(fn, b, rest, desc, rank, total, element, start, name):
    """A fold over the elements of `desc` in array element order: returns
    (builder in its body, the element, the accumulator phi, builder after
    it); the caller adds the accumulator's next value with `_close_fold`."""
    base = _field(b, desc, 0, desc.type, f"{name}.base")
    j, jb, jlatch, after = _counted_loop(fn, b, rest, total, f"{name}.elements")
    acc = Builder(j.parent, 0).phi(element, [(const_float(element, start), j.blocks[0])],
                                   f"{name}.acc")
    offset = _element_offset(fn, jb, desc, rank, j)
    value = jb.load(element, jb.gep(I8, base, [offset], base.type, f"{name}.element.at"),
                    f"{name}.element")
    return jb, value, acc, (jlatch, after)


def _close_fold(jb, acc, folded, loop):
    jlatch, after = loop
    jb.br(jlatch.block)
    acc.add_incoming(folded, jlatch.block)
    return after


def _write_norm2(fn, call, element):
    """norm2 of a whole array as the runtime computes it, safe from
    overflow: m = maxval(abs(x)), then m * sqrt(sum((x / m)**2)) (0 when m
    is 0: the sum then is taken as 1, so no 0/0 reaches a derivative)."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    desc = call.args[0]
    rank, total, after_total = _element_count(fn, b, rest, desc, "norm2")
    zero, one = const_float(element, 0.0), const_float(element, 1.0)
    jb, x, largest, loop = _element_loop(fn, after_total, rest, desc, rank, total, element,
                                         0.0, "norm2.max")
    size = jb.select(jb.fcmp("olt", x, zero), jb.fneg(x), x, "norm2.abs")
    after_max = _close_fold(jb, largest, _pick("ogt")(jb, largest, size, "norm2.max.next"),
                            loop)
    is_zero = after_max.fcmp("oeq", largest, zero, "norm2.zero")
    scale = after_max.select(is_zero, one, largest, "norm2.scale")
    jb, x, squares, loop = _element_loop(fn, after_max, rest, desc, rank, total, element,
                                         0.0, "norm2.sum")
    t = jb.fdiv(x, scale, "norm2.scaled")
    after_sum = _close_fold(jb, squares, jb.fadd(squares, jb.fmul(t, t), "norm2.sum.next"),
                            loop)
    kind = "f64" if element == DOUBLE else "f32"
    sqrt = fn.module.declare_function(f"llvm.sqrt.{kind}", FunctionType(element, (element,)))
    root = after_sum.call(sqrt, [after_sum.select(is_zero, one, squares)], "norm2.root")
    result = after_sum.fmul(largest, root, "norm2")
    after_sum.br(rest)
    call.replace_all_uses_with(result)
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


def _write_mod(fn, call, element, modulo: bool):
    """mod(a, p) of reals is C's fmod, LLVM's frem: a - trunc(a / p) p,
    exact, of a's sign; modulo(a, p) is a - floor(a / p) p, of p's sign:
    fmod plus p where the two signs differ, NaN for an infinite p (the
    runtime's values, its exact integer case included).  p = 0 still reaches the runtime, which stops
    the program at the call's line (with constant operands: no derivative
    reaches it)."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    a, p, file, line = call.args
    zero = const_float(element, 0.0)
    stop = fn.add_block("mod.by.zero", after=b.block)
    compute = fn.add_block("mod.compute", after=stop)
    b.cond_br(b.fcmp("oeq", p, zero, "mod.p.zero"), stop, compute)
    sb = Builder(stop)
    sb.call(call.called_function, [zero, zero, file, line])
    sb.unreachable()
    cb = Builder(compute)
    result = cb.binop("frem", a, p, "mod")
    if modulo:
        signs_differ = cb.binop("xor", cb.fcmp("olt", result, zero), cb.fcmp("olt", p, zero))
        shift = cb.binop("and", cb.fcmp("une", result, zero), signs_differ, "modulo.shift")
        result = cb.select(shift, cb.fadd(result, p), result, "modulo")
        infinite = cb.binop("or", cb.fcmp("oeq", p, const_float(element, math.inf)),
                            cb.fcmp("oeq", p, const_float(element, -math.inf)))
        result = cb.select(infinite, const_float(element, math.nan), result, "modulo")
    cb.br(rest)
    call.replace_all_uses_with(result)
    call.erase()


def _write_dot_product(fn, call, element):
    rest = split_after(fn, call)
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


# -- what a function stores in a descriptor ---------------------------------------------------
# a descriptor's struct fields by byte offset (base, elem_len, version, rank, type, attribute)
_FIELD_AT = {0: 0, 8: 1, 16: 2, DESCRIPTOR_RANK_OFFSET: 3, DESCRIPTOR_TYPE_OFFSET: 4,
             DESCRIPTOR_ATTRIBUTE_OFFSET: 5}


def stored_byte(desc, offset: int, depth: int = 4):
    """The constant every store of the function puts at byte `offset` of
    descriptor `desc` (a stack slot), whole (-O0: a struct built by
    insertvalue, or loaded from another such slot) or field by field (-O2:
    an i8 store); None if not known."""
    if not isinstance(desc, I.Alloca) or depth == 0:
        return None
    found = set()
    for user in desc.users:
        if isinstance(user, I.Store) and user.pointer is desc and user.value.type.is_struct:
            value = user.value
            if isinstance(value, I.Load):
                found.add(stored_byte(value.pointer, offset, depth - 1))
            else:
                found.add(_struct_field(value, _FIELD_AT[offset]))
        elif isinstance(user, I.GetElementPtr) and user.operands[0] is desc and \
                _byte_offset(user) == offset:
            for store in user.users:
                if isinstance(store, I.Store) and store.pointer is user:
                    found.add(store.value.value if isinstance(store.value, ConstantInt)
                              else None)
    return found.pop() if len(found) == 1 else None


def _byte_offset(gep):
    if len(gep.operands) == 2 and gep.source_type == I8 and \
            isinstance(gep.operands[1], ConstantInt):
        return gep.operands[1].value
    return None


def _struct_field(value, k):
    while isinstance(value, I.InsertValue):
        if value.indices[0] == k:
            inserted = value.operands[1]
            return inserted.value if isinstance(inserted, ConstantInt) and \
                len(value.indices) == 1 else None
        value = value.operands[0]
    if isinstance(value, ConstantAggregate) and isinstance(value.elements[k], ConstantInt):
        return value.elements[k].value
    return None


def _assigned_real(to, source):
    """The real kind an assignment copies, when both descriptors are known to
    describe arrays of it and `to` is not a pointer (if allocatable, of
    the source's known rank, or assigned a scalar)."""
    kind = stored_byte(source, DESCRIPTOR_TYPE_OFFSET)
    attribute = stored_byte(to, DESCRIPTOR_ATTRIBUTE_OFFSET)
    if kind not in REAL_TYPE_CODES or stored_byte(to, DESCRIPTOR_TYPE_OFFSET) != kind or \
            attribute not in (ATTRIBUTE_OTHER, ATTRIBUTE_ALLOCATABLE):
        return None
    rank = stored_byte(to, DESCRIPTOR_RANK_OFFSET)
    source_rank = stored_byte(source, DESCRIPTOR_RANK_OFFSET)
    if attribute == ATTRIBUTE_ALLOCATABLE and (rank is None or source_rank not in (rank, 0)):
        return None
    return REAL_TYPE_CODES[kind]


# -- matmul and assignment ------------------------------------------------------------------
# ranks of (result, x, y) of the matmuls written out: matrix times matrix,
# matrix times vector, vector times matrix
_MATMUL_RANKS = {(2, 2, 2), (1, 2, 1), (1, 1, 2)}


def _matmul_shape(b, dx, dy):
    """(m, k, n) and the byte strides (x rows, x columns, y rows, y columns)
    of matmul(x, y) seen as an (m x k) times (k x n) product: a vector x is
    one row (m = 1), a vector y one column (n = 1); the stride of the
    missing dimension is never scaled by more than 0."""
    zero = b.i64(0)
    x_rank2 = stored_byte(dx, DESCRIPTOR_RANK_OFFSET) == 2
    y_rank2 = stored_byte(dy, DESCRIPTOR_RANK_OFFSET) == 2
    if x_rank2:
        m, k = (_dim_field(b, dx, b.i64(d), 1, "mm.extent") for d in (0, 1))
        sx0, sx1 = (_dim_field(b, dx, b.i64(d), 2, "mm.stride.x") for d in (0, 1))
    else:
        m, k = b.i64(1), _dim_field(b, dx, zero, 1, "mm.extent")
        sx0, sx1 = zero, _dim_field(b, dx, zero, 2, "mm.stride.x")
    if y_rank2:
        n = _dim_field(b, dy, b.i64(1), 1, "mm.n")
        sy0, sy1 = (_dim_field(b, dy, b.i64(d), 2, "mm.stride.y") for d in (0, 1))
    else:
        n, sy0, sy1 = b.i64(1), _dim_field(b, dy, zero, 2, "mm.stride.y"), zero
    return (m, k, n), (sx0, sx1, sy0, sy1)


def _fill_result_descriptor(b, res, dims):
    """The result's dimensions (lower bound 1, extent, byte stride), from
    (extent, stride) pairs.  (Products: an extent read from a descriptor
    flang filled with ptrtoint sizes is an integer once multiplied.)"""
    for d, (extent, stride) in enumerate(dims):
        for field, value in enumerate((b.i64(1), b.mul(extent, b.i64(1)), stride)):
            offset = DESCRIPTOR_DIMS_OFFSET + d * DESCRIPTOR_DIM_BYTES + 8 * field
            b.store(value, b.gep(I8, res, [b.i64(offset)], res.type, "mm.dim"))


def _write_matmul(fn, call, element):
    """result = matmul(x, y) (matrix or vector x, matrix or vector y, not
    both vectors): the runtime allocates the result (the caller frees it);
    here malloc does, and loops fill it in column-major order:
    result(i, j) = sum over l of x(i, l) y(l, j)."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    res, dx, dy = call.args[:3]
    size = b.i64(8 if element == DOUBLE else 4)
    x, y = _field(b, dx, 0, dx.type, "mm.x"), _field(b, dy, 0, dy.type, "mm.y")
    (m, k, n), (sx0, sx1, sy0, sy1) = _matmul_shape(b, dx, dy)
    malloc = fn.module.declare_function("malloc", FunctionType(dx.type, (I64,)))
    out = b.call(malloc, [b.mul(b.mul(m, n), size)], "mm.result")
    b.store(out, res)
    if stored_byte(res, DESCRIPTOR_RANK_OFFSET) == 2:
        _fill_result_descriptor(b, res, ((m, size), (n, b.mul(m, size))))
    else:
        _fill_result_descriptor(b, res, ((b.mul(m, n), size),))
    j, jb, jlatch, done = _counted_loop(fn, b, rest, n, "mm.j")
    i, ib, ilatch, jafter = _counted_loop(fn, jb, None, m, "mm.i")
    l, lb, llatch, iafter = _counted_loop(fn, ib, None, k, "mm.l")
    acc = Builder(l.parent, 0).phi(element, [(const_float(element, 0.0), l.blocks[0])], "mm.acc")
    xi = lb.load(element, lb.gep(I8, x, [lb.add(lb.mul(i, sx0), lb.mul(l, sx1))], x.type))
    yj = lb.load(element, lb.gep(I8, y, [lb.add(lb.mul(l, sy0), lb.mul(j, sy1))], y.type))
    added = lb.fadd(acc, lb.fmul(xi, yj), "mm.next")
    lb.br(llatch.block)
    acc.add_incoming(added, llatch.block)
    at = iafter.add(iafter.mul(iafter.add(iafter.mul(j, m), i), size), iafter.i64(0))
    iafter.store(acc, iafter.gep(I8, out, [at], out.type, "mm.out"))
    iafter.br(ilatch.block)
    jafter.br(jlatch.block)
    done.br(rest)
    call.erase()


def _write_assign(fn, call, element, reallocate: bool):
    """to = from for real arrays of the same shape, or for a scalar `from`
    (rank 0: `acc = 0` into a host's array) copied to every element of
    `to`: see `_copy_elements`."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    to, source = call.args[:2]
    b = _copy_elements(fn, b, rest, to, source, element, reallocate)
    b.br(rest)
    call.erase()


def _copy_elements(fn, b, rest, to, source, element, reallocate: bool):
    """Element by element in array element order, through a contiguous
    temporary as the runtime does when they may overlap (`r = r(n:1:-1)`,
    `r = r(2:5)` into an allocatable r): all of `from` is read before `to`
    is reallocated or written.  Each side is addressed through its own
    descriptor's rank and strides; the count is `to`'s (a rank-0 `from` is
    read at offset 0 each time), or the source's when `to` is reallocated
    to its shape (`_assigned_real` then knows both ranks equal).  `b` ends
    an unterminated block; returns a builder at the end of the last one."""
    size = b.i64(8 if element == DOUBLE else 4)
    from_base = _field(b, source, 0, source.type, "assign.from")
    rank, total, b = _element_count(fn, b, rest, source if reallocate else to, "assign")
    from_rank = rank if reallocate else b.cast(
        "zext", _field(b, source, DESCRIPTOR_RANK_OFFSET, I8, "assign.from.rank8"), I64,
        "assign.from.rank")
    malloc = fn.module.declare_function("malloc", FunctionType(to.type, (I64,)))
    temp = b.call(malloc, [b.mul(total, size)], "assign.temp")
    e, eb, elatch, b = _counted_loop(fn, b, rest, total, "assign.read")
    from_at = _element_offset(fn, eb, source, from_rank, e)
    value = eb.load(element, eb.gep(I8, from_base, [from_at], from_base.type), "assign.value")
    eb.store(value, eb.gep(I8, temp, [eb.mul(e, size)], temp.type))
    eb.br(elatch.block)
    if reallocate:
        b = _write_reallocation(fn, b, to, source, element)
    to_base = _field(b, to, 0, to.type, "assign.to")
    e, eb, elatch, b = _counted_loop(fn, b, rest, total, "assign.write")
    to_at = _element_offset(fn, eb, to, rank, e)
    value = eb.load(element, eb.gep(I8, temp, [eb.mul(e, size)], temp.type), "assign.value")
    eb.store(value, eb.gep(I8, to_base, [to_at], to_base.type))
    eb.br(elatch.block)
    b.call(fn.module.declare_function("free", FunctionType(VOID, (to.type,))), [temp])
    return b


# -- copy-in and copy-out -----------------------------------------------------------------
# A section passed to an explicit-shape dummy (`call g(m(i, :))`):
#   if (!IsContiguous(&var)) CopyInAssign(&temp, &var, ...)  (temp: var's shape, allocated)
#   g(contiguous ? var's base : temp's base)
#   if (!contiguous) CopyOutAssign(&var or null, &temp, ...)  (copy back unless intent(in); free)

def _copied_real(var, temp):
    """The real kind of the array `var` a copy-in or copy-out copies, when
    known from either descriptor (at -O2 flang fills the copy-out's `var`
    from loads; `temp` is then the one the copy-in write-out filled), and
    `temp` has var's descriptor layout."""
    if not isinstance(var, I.Alloca) or not isinstance(temp, I.Alloca) or \
            var.allocated_type != temp.allocated_type:
        return None
    kinds = {stored_byte(d, DESCRIPTOR_TYPE_OFFSET) for d in (var, temp)} - {None}
    return REAL_TYPE_CODES.get(kinds.pop()) if len(kinds) == 1 else None


def _write_is_contiguous(fn, call):
    """The runtime's test: every dimension's byte stride is the product of
    the element size and the extents before it (or its extent is 1), or
    the array is empty."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    desc = call.args[0]
    rank = b.cast("zext", _field(b, desc, DESCRIPTOR_RANK_OFFSET, I8, "contiguous.rank8"), I64,
                  "contiguous.rank")
    size = b.mul(_field(b, desc, DESCRIPTOR_ELEMENT_BYTES_OFFSET, I64, "contiguous.size"),
                 b.i64(1))
    d, db, dlatch, after = _counted_loop(fn, b, rest, rank, "contiguous.dims")
    head = Builder(d.parent, 0)
    bytes_ = head.phi(I64, [(size, d.blocks[0])], "contiguous.bytes")
    dense = head.phi(call.type, [(ConstantInt(call.type, 1), d.blocks[0])], "contiguous.so.far")
    extent = _dim_field(db, desc, d, 1, "contiguous.extent")
    stride = _dim_field(db, desc, d, 2, "contiguous.stride")
    fits = db.binop("or", db.icmp("eq", stride, bytes_), db.icmp("eq", extent, db.i64(1)))
    db.br(dlatch.block)
    dense.add_incoming(dlatch.binop("and", dense, fits), dlatch.block)
    bytes_.add_incoming(dlatch.mul(bytes_, extent), dlatch.block)
    result = after.binop("or", dense, after.icmp("eq", bytes_, after.i64(0)), "contiguous")
    after.br(rest)
    call.replace_all_uses_with(result)
    call.erase()


def _write_copy_in(fn, call, element):
    """temp = var's descriptor, allocated with var's shape (contiguous),
    then var's elements copied into it."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    temp, var = call.args[:2]
    b.store(b.load(var.allocated_type, var, "copy.in.var"), temp)
    _allocate_shaped_like(fn, b, temp, var, stored_byte(var, DESCRIPTOR_RANK_OFFSET), element)
    b.store(ConstantInt(I8, ATTRIBUTE_ALLOCATABLE),
            b.gep(I8, temp, [b.i64(DESCRIPTOR_ATTRIBUTE_OFFSET)], temp.type, "copy.in.attr"))
    b = _copy_elements(fn, b, rest, temp, var, element, False)
    b.br(rest)
    call.erase()


def _write_copy_out(fn, call):
    """var = temp (unless var is null: an intent(in) dummy), then temp's
    storage freed."""
    rest = split_after(fn, call)
    b = Builder().position_before(call)
    var, temp = call.args[:2]
    if not isinstance(var, ConstantNull):
        b = _copy_elements(fn, b, rest, var, temp, _ELEMENT[_copied_real(var, temp)], False)
    free = fn.module.declare_function("free", FunctionType(VOID, (temp.type,)))
    b.call(free, [_field(b, temp, 0, temp.type, "copy.out.temp")])
    b.br(rest)
    call.erase()


def _write_reallocation(fn, b, to, source, element):
    """What the runtime does before the copy when `to` is allocatable:
    unless it is allocated with the source's extents, free it, allocate
    the source's shape (its lower bounds, contiguous strides) and store
    that in `to`'s descriptor.  `b` ends an unterminated block; returns a
    builder at the end of the (unterminated) block that follows."""
    rank = stored_byte(to, DESCRIPTOR_RANK_OFFSET)
    realloc = fn.add_block("assign.realloc", after=b.block)
    copy = fn.add_block("assign.copy", after=realloc)
    base = _field(b, to, 0, to.type, "assign.old")
    same = b.icmp("ne", base, ConstantNull(to.type), "assign.allocated")
    for d in range(rank):
        extent = _dim_field(b, source, b.i64(d), 1, "assign.extent")
        had = _dim_field(b, to, b.i64(d), 1, "assign.had")
        # (a select: an unallocated array's extents may be undefined)
        same = b.select(same, b.icmp("eq", had, extent), ConstantInt(same.type, 0))
    b.cond_br(same, copy, realloc)
    rb = Builder(realloc)
    free = fn.module.declare_function("free", FunctionType(VOID, (to.type,)))
    rb.call(free, [base])
    _allocate_shaped_like(fn, rb, to, source, rank, element)
    rb.br(copy)
    return Builder(copy)


def _allocate_shaped_like(fn, b, to, source, rank: int, element):
    """Allocate `to` with the lower bounds and extents of `source` (rank
    `rank`), contiguous: its base address and dimensions."""
    stride = b.i64(8 if element == DOUBLE else 4)
    dims = []
    for d in range(rank):
        lower = _dim_field(b, source, b.i64(d), 0, "assign.lower")
        extent = _dim_field(b, source, b.i64(d), 1, "assign.extent")
        # (products: what flang filled with ptrtoint sizes is an integer once multiplied)
        dims.append((b.mul(lower, b.i64(1)), b.mul(extent, b.i64(1)), stride))
        stride = b.mul(stride, extent)
    malloc = fn.module.declare_function("malloc", FunctionType(to.type, (I64,)))
    b.store(b.call(malloc, [stride], "assign.new"), to)
    for d, fields in enumerate(dims):
        for field, value in enumerate(fields):
            offset = DESCRIPTOR_DIMS_OFFSET + d * DESCRIPTOR_DIM_BYTES + 8 * field
            b.store(value, b.gep(I8, to, [b.i64(offset)], to.type, "assign.dim"))
