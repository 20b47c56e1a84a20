"""Derivatives of BLAS calls, written as BLAS calls.

A call of `cblas_dgemm`, `ddot_`, ... (analysis/library/blas.py names
them) is not differentiated through its body: its tangent (forward mode)
and its adjoint (reverse mode) are further calls of the same BLAS family,
so a program linked against an optimized BLAS gets a derivative that runs
at BLAS speed.  With y = op(A) x (gemv) and C = op(A) op(B) (gemm):

  operation             tangent                          adjoint
  r = x.y               dr = dx.y + x.dy                 dx += dr y; dy += dr x     (axpy)
  r = |x|               dr = x.dx / r                    dx += (dr / r) x
  y += a x              dy += a dx + da x                dx += a dy; da += x.dy
  x = a x               dx = a dx + da x                 da += x.dx; dx = a dx      (scal)
  y = x                 dy = dx                          dx += dy; dy = 0
  y = a op(A)x + b y    dy = b dy + db y + a op(dA) x    dA += a dy x^T (ger, op=N) or a x dy^T;
                             + a op(A) dx + da op(A) x   dx += a op(A)^T dy; da += dy.op(A)x;
                                                         db += dy.y; dy = b dy
  C = a op(A)op(B)+b C  likewise, with gemm              dA += a dC op(B)^T (or its transpose),
                                                         dB += a op(A)^T dC (or ...), da, db as
                                                         matrix dot products, dC = b dC
  y = a S x + b y       as gemv, with symv                dS += a (x dy^T + dy x^T) on S's
  (S symmetric, one                                      stored triangle (syr2), a x_i dy_i on
  triangle stored)                                       its diagonal; dx += a S dy (symv)
  C = a op(A)op(A)^T    dC = b dC + a (op(A)op(dA)^T      dA += a (T + T^T) op(A) (symm), T the
      + b C (syrk, on        + op(dA)op(A)^T) (syr2k)    adjoint of C's triangle; dC = b dC
  C's triangle)              + da op(A)op(A)^T (syrk)    on the triangle
  B = a op(A)^-1 B       dX = op(A)^-1 (a dB + da B     G = op(A)^-T dX (trsm); dA += -G X^T
  (trsm, side L; R:          - op(dA) X) (trmm, trsm)    on A's triangle (gemm); da += <G, B>;
  B op(A)^-1)                                            dB = a G

The transposes and the layout are read at run time (a `select` on the
argument when it is not a constant), so a routine taking them as
arguments is differentiated as well as a call with literal ones.

Forward mode puts the tangent calls before the primal call, when every
input still holds its old value.  Reverse mode needs the inputs as the
call saw them: an input array the adjoint reads is copied before the call
(into memory the reverse pass frees) unless no write of the function can
reach it -- memory of an argument or a global that the function never
writes, in a combined derivative (a split one's reverse runs after the
caller may have written it).  The matrices' copies, dot products and
scalings go row by row (or column by column) through vector BLAS calls,
in small helper functions, as a matrix may have a leading dimension
larger than its rows.
"""
from __future__ import annotations

from ..analysis.library import differentiable_blas
from ..analysis.library.blas import (ARRAYS, CBLAS, CHARACTERS, COL_MAJOR, FLOATS, FORTRAN,
                                     LEFT, NO_TRANS, PARAMETERS, RIGHT, ROW_MAJOR, TRANS, UNIT,
                                     UPPER, WRITTEN,
                                     routine_name)
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.constants import ConstantInt, const_float
from ..ir.types import DOUBLE, FLOAT, I1, I8, I32, I64, VOID, FunctionType
from . import tape as T

_ELEMENT = {"double": DOUBLE, "float": FLOAT}
HELPER_PREFIX = "enzyme_opt.blas."


# -- the call's arguments -------------------------------------------------------------------
class BlasCall:
    """One BLAS call's arguments by parameter name: `args` as passed,
    `values` as the routine reads them (a Fortran routine's scalars loaded
    through their pointers, just before the call)."""

    def __init__(self, call, routine, b, function):
        self.call, self.routine = call, routine
        self.element = _ELEMENT[routine.element]
        params = PARAMETERS[routine.operation]
        if routine.convention == FORTRAN and params[0] == "layout":
            params = params[1:]
        if len(call.args) < len(params):
            raise DifferentiationError(
                f"'{call.called_function.name}' is called with {len(call.args)} arguments, "
                f"but BLAS's {routine.operation} takes {len(params)}", function=function,
                instruction=call)
        self.args = dict(zip(params, call.args))
        self.values = {}
        for name, arg in self.args.items():
            self.values[name] = self._value(b, name, arg, function)
        if routine.convention == FORTRAN:
            self.values["layout"] = ConstantInt(I32, COL_MAJOR)
        self.char_type = self.values["layout"].type if "layout" in self.values else I32
        self._check_overlap(function)

    def _check_overlap(self, function):
        """gemv's and symv's y and gemm's C may not be one of the inputs (BLAS forbids it;
        the derivative would read inputs the call overwrote).  axpy and copy
        with x = y compute what they say, and so do their derivatives."""
        written = WRITTEN[self.routine.operation]
        if self.routine.operation not in ("gemv", "gemm", "symv", "syrk", "trsm"):
            return
        out = _stripped(self.args[written])
        for name in sorted(ARRAYS & set(self.args) - {written}):
            if _stripped(self.args[name]) is out:
                raise DifferentiationError(
                    f"cannot differentiate '{self.call.called_function.name}' whose output "
                    f"array '{written}' is also its input '{name}' (BLAS does not allow the "
                    "overlap)", function=function, instruction=self.call)

    def _value(self, b, name, arg, function):
        want = self.element if name in FLOATS else I8 if name in CHARACTERS else I32
        if name in ARRAYS or self.routine.convention == CBLAS:
            ok = arg.type.is_pointer if name in ARRAYS else \
                arg.type == want or (name not in FLOATS and arg.type.is_int)
            if not ok:
                raise DifferentiationError(
                    f"argument '{name}' of '{self.call.called_function.name}' has type "
                    f"{arg.type}, which this BLAS routine does not take", function=function,
                    instruction=self.call)
            return arg
        if not arg.type.is_pointer:
            raise DifferentiationError(
                f"argument '{name}' of the Fortran BLAS routine "
                f"'{self.call.called_function.name}' is not passed by pointer",
                function=function, instruction=self.call)
        return b.load(want, b.pointer_cast(arg, b.module.pointer_to(want)), "blas." + name)


def _stripped(p):
    while isinstance(p, I.Cast) and p.opcode in ("bitcast", "addrspacecast"):
        p = p.operands[0]
    return p


# -- small IR helpers -----------------------------------------------------------------------
def _select(b, cond, x, y):
    if isinstance(cond, ConstantInt):
        return x if cond.value else y
    if x is y:
        return x
    return b.select(cond, x, y)


def _eq_any(b, v, constants):
    if isinstance(v, ConstantInt):
        return ConstantInt(I1, int(any(v.value == c for c in constants)))
    out = None
    for c in constants:
        if c >= 1 << (v.type.bits - 1) and v.type.bits < 32:
            continue
        test = b.icmp("eq", v, ConstantInt(v.type, c))
        out = test if out is None else b.binop("or", out, test)
    return out


def _no_trans(b, t):
    """Is transpose argument `t` 'no transpose' (CblasNoTrans, 'N', 'n')?"""
    return _eq_any(b, t, (NO_TRANS, ord("N"), ord("n")))


def _row_major(b, layout):
    return _eq_any(b, layout, (ROW_MAJOR,))


def _upper(b, uplo):
    return _eq_any(b, uplo, (UPPER, ord("U"), ord("u")))


def _left(b, side):
    return _eq_any(b, side, (LEFT, ord("L"), ord("l")))


def _unit(b, diag):
    return _eq_any(b, diag, (UNIT, ord("U"), ord("u")))


def _not(b, flag):
    if isinstance(flag, ConstantInt):
        return ConstantInt(I1, 1 - flag.value)
    return b.binop("xor", flag, ConstantInt(I1, 1))


def _magnitude(b, v):
    if isinstance(v, ConstantInt):
        return ConstantInt(v.type, abs(v.value))
    return b.select(b.icmp("slt", v, ConstantInt(v.type, 0)), b.sub(ConstantInt(v.type, 0), v),
                    v)


def _i64(b, v):
    return b.cast("sext", v, I64) if v.type.bits < 64 else v


def _count(b, v):
    """max(v, 0) as an i64: a BLAS size that may be negative (then nothing is done)."""
    v = _i64(b, v)
    return b.select(b.icmp("sgt", v, ConstantInt(I64, 0)), v, ConstantInt(I64, 0))


class Family:
    """Emits calls of the BLAS family of one differentiated call: the same
    convention and element type, cblas layouts and transposes of the type
    the call takes them."""

    def __init__(self, module, bc: BlasCall):
        self.module = module
        self.element = bc.element
        self.convention = bc.routine.convention
        self.char_type = bc.char_type if self.convention == CBLAS else I8
        # id(shadow) -> "it is no shadow of its own" (i1), under enzyme_runtime_activity
        self.guards = {}

    def guarded(self, b, fn, args):
        """(fn, args), or a wrapper calling fn only when every shadow among
        `args` (looked for through selects and casts) is active at run time."""
        conds, seen = [], set()
        for a in args:
            for v in _alternatives(a):
                cond = self.guards.get(id(v))
                if cond is not None and id(cond) not in seen:
                    seen.add(id(cond))
                    conds.append(cond)
        if not conds:
            return fn, args
        cond = conds[0]
        for c in conds[1:]:
            cond = b.binop("and", cond, c)
        return _when_active(self.module, fn), [cond] + list(args)

    def trans(self, transpose: bool):
        if self.convention == CBLAS:
            return ConstantInt(self.char_type, TRANS if transpose else NO_TRANS)
        return ConstantInt(I8, ord("T" if transpose else "N"))

    def side(self, left: bool):
        if self.convention == CBLAS:
            return ConstantInt(self.char_type, LEFT if left else RIGHT)
        return ConstantInt(I8, ord("L" if left else "R"))

    def flipped(self, b, t):
        return _select(b, _no_trans(b, t), self.trans(True), self.trans(False))

    def zero(self):
        return const_float(self.element, 0.0)

    def one(self):
        return const_float(self.element, 1.0)

    # ---------------------------------------------------------------- the routines
    def _types(self, operation):
        ptr = self.module.pointer_to(self.element)
        types = []
        for name in PARAMETERS[operation]:
            if name == "layout" and self.convention == FORTRAN:
                continue
            types.append(ptr if name in ARRAYS else self.element if name in FLOATS
                         else self.char_type if name in CHARACTERS else I32)
        ret = self.element if operation in ("dot", "nrm2") else VOID
        return FunctionType(ret, tuple(types))

    def routine(self, operation):
        """The function to call for `operation`: the cblas routine, or a
        wrapper of the Fortran one taking its arguments by value."""
        name = routine_name(operation, "double" if self.element == DOUBLE else "float",
                            self.convention)
        if self.convention == FORTRAN:
            return self._fortran_wrapper(operation, name)
        return self.module.declare_function(name, self._types(operation))

    def call(self, b, operation, *args):
        if operation == "scal":        # scal does nothing for an increment <= 0
            args = args[:-1] + (_magnitude(b, args[-1]),)
        if self.convention == FORTRAN and PARAMETERS[operation][0] == "layout":
            args = args[1:]            # the rules pass a layout; Fortran's is column-major
        fn = self.routine(operation)
        args = [_coerce(b, a, t) for a, t in zip(args, fn.function_type.params)]
        fn, args = self.guarded(b, fn, args)
        return b.call(fn, args, "blas." + operation if operation in ("dot", "nrm2") else None)

    def _fortran_wrapper(self, operation, name):
        wrapper_name = HELPER_PREFIX + name
        existing = self.module.get(wrapper_name)
        if existing is not None:
            return existing
        ftype = self._types(operation)
        params = [n for n in PARAMETERS[operation] if n != "layout"]
        fn = _new_helper(self.module, wrapper_name, ftype, params)
        b = Builder(fn.add_block("entry"))
        target = self.module.get(name)
        if target is None:
            ptr_params = tuple(self.module.pointer_to(t) if not t.is_pointer else t
                               for t in ftype.params)
            target = self.module.declare_function(name, FunctionType(ftype.ret, ptr_params))
        passed = []
        for arg in fn.args:
            if arg.type.is_pointer:
                passed.append(arg)
                continue
            cell = b.alloca(arg.type, name=arg.name + ".cell")
            b.store(arg, cell)
            passed.append(cell)
        tparams = target.function_type.params
        # Character arguments' hidden lengths, when the declaration has them.
        passed += [ConstantInt(t, 1) if t.is_int else None for t in tparams[len(passed):]]
        if None in passed:
            raise DifferentiationError(
                f"'{name}' is declared with parameters this tool cannot fill in")
        result = b.call(target, [_coerce(b, a, t) for a, t in zip(passed, tparams)])
        b.ret(None if ftype.ret.is_void else _coerce(b, result, ftype.ret))
        return fn


def _alternatives(v):
    """The values `v` may be: itself, through casts, or either side of a select."""
    if isinstance(v, I.Cast):
        return _alternatives(v.operands[0])
    if isinstance(v, I.Select):
        return _alternatives(v.operands[1]) + _alternatives(v.operands[2])
    return [v]


def _when_active(module, fn):
    """fn(args) behind a condition: `when.fn(active, args)` calls it only when
    `active`, and then returns its result (else 0)."""
    name = f"{HELPER_PREFIX}when.{fn.name}"
    existing = module.get(name)
    if existing is not None:
        return existing
    ftype = fn.function_type
    helper = _new_helper(module, name, FunctionType(ftype.ret, (I1,) + tuple(ftype.params)),
                         ["active"] + [f"arg{i}" for i in range(len(ftype.params))])
    entry, run, done = (helper.add_block(n) for n in ("entry", "run", "done"))
    Builder(entry).cond_br(helper.args[0], run, done)
    rb = Builder(run)
    result = rb.call(fn, list(helper.args[1:]))
    rb.br(done)
    db = Builder(done)
    if ftype.ret.is_void:
        db.ret(None)
    else:
        db.ret(db.phi(ftype.ret, [(const_float(ftype.ret, 0.0), entry), (result, run)]))
    return helper


def _new_helper(module, name, ftype, arg_names):
    fn = Function(name, ftype, module.pointer_to(ftype), list(arg_names), linkage="internal",
                  attrs=T.INLINED_HELPER_ATTRIBUTES)
    module.add_function(fn)
    return fn


def _coerce(b, v, t):
    if v.type == t:
        return v
    if v.type.is_pointer and t.is_pointer:
        return b.pointer_cast(v, t)
    if v.type.is_int and t.is_int:
        if isinstance(v, ConstantInt):
            return ConstantInt(t, v.value)
        return b.cast("trunc" if v.type.bits > t.bits else "sext", v, t)
    if v.type.is_float and t.is_float:
        return b.cast("fptrunc" if v.type.bits > t.bits else "fpext", v, t)
    raise DifferentiationError(f"cannot pass a {v.type} as a {t} to a BLAS routine")


# -- matrices by lines (rows of a row-major matrix, columns of a column-major one) ----------
_SHAPES = {"copy": ("lines", "length", "x", "ldx", "y", "ldy"),
           "dot": ("lines", "length", "x", "ldx", "y", "ldy"),
           "scal": ("lines", "length", "alpha", "x", "ldx"),
           "axpy": ("lines", "length", "alpha", "x", "ldx", "y", "ldy")}


def _matrix_helper(family: Family, what: str, triangle: bool = False):
    """`what` over a matrix of `lines` lines of `length` elements with leading
    dimensions, as two loops (a module that defines one BLAS routine itself
    need not have the others):
      copy(lines, length, x, ldx, y, ldy):   y = x
      dot(lines, length, x, ldx, y, ldy):    sum of x .* y
      scal(lines, length, alpha, x, ldx):    x = alpha x (0 where alpha is 0)
      axpy(lines, length, alpha, x, ldx, y, ldy): y += alpha x
    With `triangle`, over one triangle of a square matrix, diagonal
    included: a last parameter `tail` says which, the elements of line l
    from l on (else up to l)."""
    module, el = family.module, family.element
    name = f"{HELPER_PREFIX}{what}_{'triangle' if triangle else 'matrix'}.{el}"
    existing = module.get(name)
    if existing is not None:
        return existing
    ptr = module.pointer_to(el)
    names = _SHAPES[what] + (("tail",) if triangle else ())
    params = tuple(el if n == "alpha" else ptr if n in ("x", "y") else I1 if n == "tail"
                   else I32 for n in names)
    ret = el if what == "dot" else VOID
    fn = _new_helper(module, name, FunctionType(ret, params), names)
    fn.attrs = "nounwind"
    a = dict(zip(names, fn.args))
    entry = fn.add_block("entry")
    acc_in = const_float(el, 0.0)
    eb = Builder(entry)
    lines, length = _count(eb, a["lines"]), _count(eb, a["length"])
    outer = _Loop(fn, eb, lines, "line", [acc_in] if ret is el else [])
    ob, j = outer.body, outer.index
    first, count = ConstantInt(I64, 0), length
    if triangle:
        first = ob.select(a["tail"], j, first)
        count = ob.select(a["tail"], ob.sub(length, j), ob.add(j, ConstantInt(I64, 1)))
    inner = _Loop(fn, ob, count, "element", outer.carried)
    b = inner.body
    i = b.add(first, inner.index) if triangle else inner.index

    def at(p, ld):
        return b.gep(el, p, [b.add(b.mul(j, _i64(b, ld)), i)], ptr, "at")
    carried = []
    if what == "copy":
        b.store(b.load(el, at(a["x"], a["ldx"])), at(a["y"], a["ldy"]))
    elif what == "dot":
        carried = [b.fadd(inner.carried[0], b.fmul(b.load(el, at(a["x"], a["ldx"])),
                                                   b.load(el, at(a["y"], a["ldy"]))))]
    elif what == "scal":
        p = at(a["x"], a["ldx"])
        scaled = b.fmul(a["alpha"], b.load(el, p))
        b.store(b.select(b.fcmp("oeq", a["alpha"], const_float(el, 0.0)),
                         const_float(el, 0.0), scaled), p)
    else:
        p = at(a["y"], a["ldy"])
        b.store(b.fadd(b.load(el, p), b.fmul(a["alpha"], b.load(el, at(a["x"], a["ldx"])))), p)
    inner.close(carried)
    outer.body = inner.after
    outer.close(inner.results)
    outer.after.ret(outer.results[0] if ret is el else None)
    return fn


class _Loop:
    """for (index = 0; index < count; index++), with values carried around
    it: `body` builds the body, `close(next values)` ends it, `after` and
    `results` continue after it."""

    def __init__(self, fn, b, count, name, initial):
        self.head = fn.add_block(name + ".head")
        self.first = fn.add_block(name + ".body")
        self.exit = fn.add_block(name + ".done")
        self.start = b.block
        b.br(self.head)
        hb = Builder(self.head)
        self.index = hb.phi(I64, [(ConstantInt(I64, 0), self.start)], name)
        self.carried = [hb.phi(v.type, [(v, self.start)], name + ".acc") for v in initial]
        hb.cond_br(hb.icmp("slt", self.index, count), self.first, self.exit)
        self.body = Builder(self.first)

    def close(self, values):
        b = self.body
        latch = b.block
        self.index.add_incoming(b.add(self.index, ConstantInt(I64, 1)), latch)
        for phi, v in zip(self.carried, values or self.carried):
            phi.add_incoming(v, latch)
        b.br(self.head)
        self.after = Builder(self.exit)
        self.results = list(self.carried)


def _vector_copy_helper(family: Family):
    """copy(n, x, incx, y): y[i] = element i of x (from the end when incx < 0,
    as BLAS reads it)."""
    module, el = family.module, family.element
    name = f"{HELPER_PREFIX}copy_vector.{el}"
    existing = module.get(name)
    if existing is not None:
        return existing
    ptr = module.pointer_to(el)
    fn = _new_helper(module, name, FunctionType(VOID, (I32, ptr, I32, ptr)),
                     ("n", "x", "incx", "y"))
    fn.attrs = "nounwind"
    n, x, incx, y = fn.args
    b = Builder(fn.add_block("entry"))
    count, inc = _count(b, n), _i64(b, incx)
    last = b.sub(ConstantInt(I64, 0), b.mul(b.sub(count, ConstantInt(I64, 1)), inc))
    start = b.select(b.icmp("slt", inc, ConstantInt(I64, 0)), last, ConstantInt(I64, 0))
    loop = _Loop(fn, b, count, "element", [])
    lb, i = loop.body, loop.index
    src = lb.gep(el, x, [lb.add(start, lb.mul(i, inc))], ptr, "from")
    lb.store(lb.load(el, src), lb.gep(el, y, [i], ptr, "to"))
    loop.close([])
    loop.after.ret()
    return fn


def triangle(b, family, v, what, *args):
    """`what` (as `matrix`) over the triangle of n x n matrices that v's uplo
    names, in v's layout."""
    tail = _select(b, _upper(b, v["uplo"]), _row_major(b, v["layout"]),
                   _not(b, _row_major(b, v["layout"])))
    fn = _matrix_helper(family, what, triangle=True)
    args = [_coerce(b, x, t) for x, t in zip((v["n"], v["n"]) + args + (tail,),
                                              fn.function_type.params)]
    fn, args = family.guarded(b, fn, args)
    return b.call(fn, args)


def matrix(b, family, what, *args):
    fn = _matrix_helper(family, what)
    fn, args = family.guarded(b, fn, [_coerce(b, x, t)
                                      for x, t in zip(args, fn.function_type.params)])
    return b.call(fn, args)


def scale_matrix(b, family, v, alpha, c, ldc):
    """C = alpha C for gemm's M x N matrix C: by LAPACK's lascl when the
    program has it in the cblas form its BLAS takes (`cblas_dlascl(layout,
    type, kl, ku, cfrom, cto, m, n, a, lda, info)`, as the reference's BLAS
    mocks define it), else by the loops of a helper (a real BLAS has no
    cblas form of lascl, and the Fortran one needs LAPACK linked)."""
    lascl = _cblas_lascl(family)
    if lascl is None:
        return matrix(b, family, "scal", *lines_of(b, v, v["m"], v["n"]), alpha, c, ldc)
    params = lascl.function_type.params
    args = (v["layout"], ConstantInt(params[1], ord("G")), ConstantInt(I32, 0),
            ConstantInt(I32, 0), family.one(), alpha, v["m"], v["n"], c, ldc, ConstantInt(I32, 0))
    fn, args = family.guarded(b, lascl, [_coerce(b, a, t) for a, t in zip(args, params)])
    return b.call(fn, args)


def _cblas_lascl(family):
    if family.convention != CBLAS:
        return None
    fn = family.module.get(f"cblas_{'d' if family.element == DOUBLE else 's'}lascl")
    if fn is None or not hasattr(fn, "function_type"):
        return None
    params = fn.function_type.params
    kinds = [p.is_int for p in params[:4]] + [p == family.element for p in params[4:6]] + \
        [p.is_int for p in params[6:8]] + [params[8].is_pointer if len(params) > 8 else False] + \
        [p.is_int for p in params[9:]]
    return fn if len(params) == 11 and all(kinds) and fn.function_type.ret.is_void else None


def _malloc(b, family, count):
    size = ConstantInt(I64, 8 if family.element == DOUBLE else 4)
    raw = b.call(T.libc(b.module, "malloc"), [b.mul(_count(b, count), size)], "blas.buffer")
    return b.pointer_cast(raw, b.module.pointer_to(family.element))


def free_buffer(b, p):
    b.call(T.libc(b.module, "free"), [b.pointer_cast(p, T.byte_ptr(b.module))])


# -- shapes ---------------------------------------------------------------------------------
def stored_shape(b, v, which):
    """(rows, columns) of matrix `which` as stored, from the values `v`."""
    if "side" in v:                       # trsm's A (square) and B
        if which == "a":
            order = _select(b, _left(b, v["side"]), v["m"], v["n"])
            return order, order
        return v["m"], v["n"]
    if "transa" in v:                     # gemm
        if which == "a":
            n = _no_trans(b, v["transa"])
            return _select(b, n, v["m"], v["k"]), _select(b, n, v["k"], v["m"])
        if which == "b":
            n = _no_trans(b, v["transb"])
            return _select(b, n, v["k"], v["n"]), _select(b, n, v["n"], v["k"])
    if "k" in v and which == "a":         # syrk's A: op(A) is n x k
        n = _no_trans(b, v["trans"])
        return _select(b, n, v["n"], v["k"]), _select(b, n, v["k"], v["n"])
    if "uplo" in v:                       # symv's A, syrk's C
        return v["n"], v["n"]
    return v["m"], v["n"]                 # gemv's A, gemm's C


def lines_of(b, v, rows, cols):
    """(lines, length): rows of a row-major matrix, columns of a column-major one."""
    row = _row_major(b, v["layout"])
    return _select(b, row, rows, cols), _select(b, row, cols, rows)


def vector_lengths(b, v):
    """(length of x, length of y) of a gemv."""
    n = _no_trans(b, v["trans"])
    return _select(b, n, v["n"], v["m"]), _select(b, n, v["m"], v["n"])


def copy_input(b, family, v, name):
    """A copy of input array `name` as the call is about to read it; returns
    (copy, its increment or leading dimension)."""
    one = ConstantInt(I32, 1)
    if name in ("x", "y"):
        length = vector_lengths(b, v)[0 if name == "x" else 1] if "trans" in v else v["n"]
        buf = _malloc(b, family, length)
        helper = _vector_copy_helper(family)
        b.call(helper, [_coerce(b, a, t) for a, t in zip(
            (length, v[name], v["inc" + name], buf), helper.function_type.params)])
        return buf, one
    rows, cols = stored_shape(b, v, name)
    lines, length = lines_of(b, v, rows, cols)
    buf = _malloc(b, family, b.mul(_count(b, lines), _count(b, length)))
    matrix(b, family, "copy", lines, length, v[name], v["ld" + name], buf, length)
    return buf, length


def needed_inputs(op, active, scalar_active):
    """The input arrays the adjoint of `op` reads, given which arrays have
    shadows (`active`) and which of alpha, beta are active."""
    alpha, beta = scalar_active.get("alpha"), scalar_active.get("beta")
    if op == "dot":
        return {n for n, other in (("x", "y"), ("y", "x")) if other in active}
    if op == "nrm2":
        return {"x"} if "x" in active else set()
    if op in ("axpy", "scal"):
        return {"x"} if alpha else set()
    if op in ("gemv", "symv"):
        return ({"a"} if "x" in active or alpha else set()) | \
            ({"x"} if "a" in active or alpha else set()) | ({"y"} if beta else set())
    if op == "gemm":
        return ({"a"} if "b" in active or alpha else set()) | \
            ({"b"} if "a" in active or alpha else set()) | ({"c"} if beta else set())
    if op == "syrk":
        return ({"a"} if "a" in active or alpha else set()) | ({"c"} if beta else set())
    if op == "trsm":            # B as the call reads it (its result is copied apart)
        return {"a"} | ({"b"} if alpha else set())
    return set()


# -- the two modes' views of a call ---------------------------------------------------------
class _View:
    """What a rule reads of a call in one mode: `v` the values by name,
    `arr(name)` an input array with its increment or leading dimension,
    `d(name, lane)` an array's shadow (None without one), the scalars'
    derivatives, and `b` where code goes."""

    def __init__(self, gen, bc, family, b):
        self.gen, self.bc, self.f, self.b = gen, bc, family, b
        self.fortran = bc.routine.convention == FORTRAN

    copied: dict = {}

    def own_inc(self, name):
        """The increment (vector) or leading dimension (matrix) the call gives `name`."""
        return self.v["inc" + name if name in ("x", "y") else "ld" + name]

    def arr(self, name):
        """Input array `name` as the call read it, with its increment or leading
        dimension: its copy where the forward sweep made one."""
        return self.copied.get(name) or (self.v[name], self.own_inc(name))

    def _arg(self, name):
        return self.bc.args.get(name)

    def scalar_active(self, name) -> bool:
        arg = self._arg(name)
        if arg is None:
            return False
        info = self.gen.info
        return info.has_shadow(arg) if self.fortran else info.is_active(arg)


class TangentView(_View):
    def __init__(self, gen, bc, family, before):
        super().__init__(gen, bc, family, before)
        self.v = dict(bc.values)

    @property
    def after(self):
        """A builder after the call (made when asked: code put before the
        call moves positions taken earlier)."""
        return Builder().position_after(self.bc.call)

    def d(self, name, lane):
        arg = self._arg(name)
        return self.gen.shadow(arg)[lane] if self.gen.info.has_shadow(arg) else None

    def ds(self, name, lane):
        """The tangent of scalar `name`, or None."""
        if not self.scalar_active(name):
            return None
        arg = self._arg(name)
        if not self.fortran:
            return self.gen.tangent(arg)[lane]
        el = self.bc.element
        return self.b.load(el, self.b.pointer_cast(self.gen.shadow(arg)[lane],
                                                   self.b.module.pointer_to(el)))


class _InReverse(dict):
    """The call's values by name, each fetched for the reverse pass when first
    asked (what is not asked for costs no slot and no tape)."""

    def __init__(self, gen, b, values):
        super().__init__()
        self.gen, self.b, self.values = gen, b, values

    def __missing__(self, name):
        value = self[name] = self.gen.primal_in_rev(self.b, self.values[name])
        return value

    def __contains__(self, name):
        return name in self.values


class AdjointView(_View):
    def __init__(self, gen, bc, family, b, copies):
        super().__init__(gen, bc, family, b)
        self.v = _InReverse(gen, b, bc.values)
        self.copied = {name: (gen.primal_in_rev(b, buf), gen.primal_in_rev(b, step))
                       for name, (buf, step) in copies.items()}
        self.copies = [buf for buf, _ in self.copied.values()]

    def d(self, name, lane):
        arg = self._arg(name)
        if not self.gen.info.has_shadow(arg):
            return None
        shadow = self.gen.shadow_in_rev(self.b, arg, lane)
        if self.gen.ctx.runtime_activity:     # the pointer as its own shadow: inactive
            primal = self.gen.primal_in_rev(self.b, arg)
            self.f.guards[id(shadow)] = self.b.icmp("ne", shadow, primal)
        return shadow

    def add(self, name, delta, lane):
        """adjoint(scalar `name`) += delta."""
        arg, b = self._arg(name), self.b
        if not self.fortran:
            self.gen.add_adjoint(b, arg, delta, lane)
            return
        el = self.bc.element
        at = b.pointer_cast(self.gen.shadow_in_rev(b, arg, lane), b.module.pointer_to(el))
        b.store(b.fadd(b.load(el, at), delta), at)


# -- forward mode ---------------------------------------------------------------------------
def _tangent_dot(t, lane):
    b, v, f = t.b, t.v, t.f
    terms = []
    if t.d("x", lane) is not None:         # dx.y, then x.dy (the reference's order)
        terms.append(f.call(b, "dot", v["n"], t.d("x", lane), v["incx"], v["y"], v["incy"]))
    if t.d("y", lane) is not None:
        terms.append(f.call(b, "dot", v["n"], v["x"], v["incx"], t.d("y", lane), v["incy"]))
    if not terms:
        return f.zero()
    return terms[0] if len(terms) == 1 else b.fadd(terms[0], terms[1])


def _tangent_nrm2(t, lane):
    v, f = t.v, t.f
    d = t.d("x", lane)
    if d is None:
        return f.zero()
    dot = f.call(t.b, "dot", v["n"], v["x"], v["incx"], d, v["incx"])
    r, b = t.bc.call, t.after
    return b.select(b.fcmp("oeq", r, f.zero()), f.zero(), b.fdiv(dot, r))


def _tangent_axpy(t, lane):
    b, v, f = t.b, t.v, t.f
    dy, dx, da = t.d("y", lane), t.d("x", lane), t.ds("alpha", lane)
    if dy is None:
        return
    if dx is not None:
        f.call(b, "axpy", v["n"], v["alpha"], dx, v["incx"], dy, v["incy"])
    if da is not None:
        f.call(b, "axpy", v["n"], da, v["x"], v["incx"], dy, v["incy"])


def _tangent_scal(t, lane):
    b, v, f = t.b, t.v, t.f
    dx, da = t.d("x", lane), t.ds("alpha", lane)
    if dx is None:
        return
    f.call(b, "scal", v["n"], v["alpha"], dx, v["incx"])
    if da is not None:         # x still holds its old value: the primal call follows
        f.call(b, "axpy", v["n"], da, v["x"], v["incx"], dx, v["incx"])


def _tangent_copy(t, lane):
    b, v, f = t.b, t.v, t.f
    dy, dx = t.d("y", lane), t.d("x", lane)
    if dy is None:
        return
    if dx is not None:
        f.call(b, "copy", v["n"], dx, v["incx"], dy, v["incy"])
    else:
        f.call(b, "scal", v["n"], f.zero(), dy, v["incy"])


def _tangent_product(t, lane, out, left, right, product, rescale, add_old):
    """out = alpha left.right + beta out, for a bilinear product `.`:
    d(out) = beta d(out) + alpha (left.d(right) + d(left).right)
             + d(alpha) left.right + d(beta) out,
    each product term by `product(coef, left, right, beta)` (which also
    scales d(out) by beta, the first time), d(out) = beta d(out) by
    `rescale(beta)` when there is none, and d(out) += d(beta) out by
    `add_old(d(beta))`."""
    if t.d(out, lane) is None:
        return
    v = t.v
    terms = []
    if t.d(right, lane) is not None:
        terms.append((v["alpha"], v[left], t.d(right, lane)))
    if t.d(left, lane) is not None:
        terms.append((v["alpha"], t.d(left, lane), v[right]))
    if t.ds("alpha", lane) is not None:
        terms.append((t.ds("alpha", lane), v[left], v[right]))
    beta = v["beta"]
    for coef, lhs, rhs in terms:
        product(coef, lhs, rhs, beta)
        beta = t.f.one()
    if not terms:
        rescale(beta)
    db = t.ds("beta", lane)
    if db is not None:
        add_old(db)


def _tangent_gemv(t, lane):
    b, v, f = t.b, t.v, t.f
    dy = t.d("y", lane)

    def ylen():
        return vector_lengths(b, v)[1]
    _tangent_product(
        t, lane, "y", "a", "x",
        lambda coef, a, x, beta: f.call(b, "gemv", v["layout"], v["trans"], v["m"], v["n"],
                                         coef, a, v["lda"], x, v["incx"], beta, dy, v["incy"]),
        lambda beta: f.call(b, "scal", ylen(), beta, dy, v["incy"]),
        lambda db: f.call(b, "axpy", ylen(), db, v["y"], v["incy"], dy, v["incy"]))


def _tangent_gemm(t, lane):
    b, v, f = t.b, t.v, t.f
    dc = t.d("c", lane)

    def lines():
        return lines_of(b, v, v["m"], v["n"])
    _tangent_product(
        t, lane, "c", "a", "b",
        lambda coef, a, bm, beta: f.call(b, "gemm", v["layout"], v["transa"], v["transb"],
                                          v["m"], v["n"], v["k"], coef, a, v["lda"], bm,
                                          v["ldb"], beta, dc, v["ldc"]),
        lambda beta: scale_matrix(b, f, v, beta, dc, v["ldc"]),
        lambda db: matrix(b, f, "axpy", *lines(), db, v["c"], v["ldc"], dc, v["ldc"]))


def _tangent_symv(t, lane):
    b, v, f = t.b, t.v, t.f
    dy = t.d("y", lane)
    _tangent_product(
        t, lane, "y", "a", "x",
        lambda coef, a, x, beta: f.call(b, "symv", v["layout"], v["uplo"], v["n"], coef, a,
                                         v["lda"], x, v["incx"], beta, dy, v["incy"]),
        lambda beta: f.call(b, "scal", v["n"], beta, dy, v["incy"]),
        lambda db: f.call(b, "axpy", v["n"], db, v["y"], v["incy"], dy, v["incy"]))


def _tangent_syrk(t, lane):
    """C = alpha op(A) op(A)^T + beta C on C's triangle: dC = beta dC
    + alpha (op(A) op(dA)^T + op(dA) op(A)^T) (syr2k) + d(alpha) op(A) op(A)^T
    (syrk) + d(beta) C, the other triangle left alone as the call leaves it."""
    b, v, f = t.b, t.v, t.f
    dc = t.d("c", lane)
    if dc is None:
        return
    head = (v["layout"], v["uplo"], v["trans"], v["n"], v["k"])
    beta = v["beta"]
    if t.d("a", lane) is not None:
        f.call(b, "syr2k", *head, v["alpha"], v["a"], v["lda"], t.d("a", lane), v["lda"], beta,
               dc, v["ldc"])
        beta = f.one()
    if t.ds("alpha", lane) is not None:
        f.call(b, "syrk", *head, t.ds("alpha", lane), v["a"], v["lda"], beta, dc, v["ldc"])
        beta = f.one()
    if beta is v["beta"]:
        triangle(b, f, v, "scal", beta, dc, v["ldc"])
    if t.ds("beta", lane) is not None:
        triangle(b, f, v, "axpy", t.ds("beta", lane), v["c"], v["ldc"], dc, v["ldc"])


def _tangent_trsm(t, lane):
    """X = alpha op(A)^-1 B (side L; B op(A)^-1 for R):
    dX = op(A)^-1 (alpha dB + d(alpha) B - op(dA) X), with dA's diagonal 0
    when A's is taken as unit.  The first two terms go in before the call
    (B still holds its input), the rest after it (X is there)."""
    b, v, f = t.b, t.v, t.f
    db = t.d("b", lane)
    if db is None:
        return
    scale_matrix(b, f, v, v["alpha"], db, v["ldb"])
    if t.ds("alpha", lane) is not None:
        matrix(b, f, "axpy", *lines_of(b, v, v["m"], v["n"]), t.ds("alpha", lane), v["b"],
               v["ldb"], db, v["ldb"])
    after = t.after
    da = t.d("a", lane)
    if da is not None:
        lines, length = lines_of(after, v, v["m"], v["n"])
        tmp = _malloc(after, f, after.mul(_count(after, lines), _count(after, length)))
        matrix(after, f, "copy", lines, length, v["b"], v["ldb"], tmp, length)
        # op(dA) X, or X op(dA); with a unit diagonal trmm adds X itself: taken off
        f.call(after, "trmm", v["layout"], v["side"], v["uplo"], v["transa"], v["diag"],
               v["m"], v["n"], f.one(), da, v["lda"], tmp, length)
        unit = _select(after, _unit(after, v["diag"]), const_float(f.element, -1.0), f.zero())
        matrix(after, f, "axpy", lines, length, unit, v["b"], v["ldb"], tmp, length)
        matrix(after, f, "axpy", lines, length, const_float(f.element, -1.0), tmp, length, db,
               v["ldb"])
        free_buffer(after, tmp)
    f.call(after, "trsm", v["layout"], v["side"], v["uplo"], v["transa"], v["diag"], v["m"],
           v["n"], f.one(), v["a"], v["lda"], db, v["ldb"])


TANGENTS = {"dot": _tangent_dot, "nrm2": _tangent_nrm2, "axpy": _tangent_axpy,
            "scal": _tangent_scal, "copy": _tangent_copy, "gemv": _tangent_gemv,
            "gemm": _tangent_gemm, "symv": _tangent_symv, "syrk": _tangent_syrk,
            "trsm": _tangent_trsm}


def reaches_call(info, call) -> bool:
    return info.is_active(call) or any(info.is_active(a) or info.has_shadow(a)
                                       for a in call.args)


def blas_tangent(gen, b, inst) -> None:
    """Forward mode: the tangent calls go before `inst` (its inputs unchanged yet)."""
    if not reaches_call(gen.info, inst):
        return
    routine = differentiable_blas(inst.called_function.name)
    before = Builder().position_before(inst)
    bc = BlasCall(inst, routine, before, gen.primal)
    view = TangentView(gen, bc, Family(gen.module, bc), before)
    lanes = [TANGENTS[routine.operation](view, lane) for lane in range(gen.width)]
    if routine.operation in ("dot", "nrm2") and gen.info.is_active(inst):
        gen.tangents[id(inst)] = lanes


# -- reverse mode ---------------------------------------------------------------------------
def _adjoint_dot(r, lane, dr):
    b, v, f = r.b, r.v, r.f
    for active, other in (("x", "y"), ("y", "x")):
        d = r.d(active, lane)
        if d is not None and dr is not None:
            f.call(b, "axpy", v["n"], dr, *r.arr(other), d, r.own_inc(active))


def _adjoint_nrm2(r, lane, dr):
    b, v, f = r.b, r.v, r.f
    d = r.d("x", lane)
    if d is None or dr is None:
        return
    res = r.gen.primal_in_rev(b, r.bc.call)
    scale = b.select(b.fcmp("oeq", res, f.zero()), f.zero(), b.fdiv(dr, res))
    f.call(b, "axpy", v["n"], scale, *r.arr("x"), d, r.own_inc("x"))


def _adjoint_axpy(r, lane, _):
    b, v, f = r.b, r.v, r.f
    dy, dx = r.d("y", lane), r.d("x", lane)
    if dy is None:
        return
    if dx is not None:
        f.call(b, "axpy", v["n"], v["alpha"], dy, v["incy"], dx, r.own_inc("x"))
    if r.scalar_active("alpha"):
        r.add("alpha", f.call(b, "dot", v["n"], *r.arr("x"), dy, v["incy"]), lane)


def _adjoint_scal(r, lane, _):
    b, v, f = r.b, r.v, r.f
    dx = r.d("x", lane)
    if dx is None:
        return
    if r.scalar_active("alpha"):
        r.add("alpha", f.call(b, "dot", v["n"], *r.arr("x"), dx, r.own_inc("x")), lane)
    f.call(b, "scal", v["n"], v["alpha"], dx, r.own_inc("x"))


def _adjoint_copy(r, lane, _):
    b, v, f = r.b, r.v, r.f
    dy, dx = r.d("y", lane), r.d("x", lane)
    if dy is None:
        return
    if dx is not None:
        f.call(b, "axpy", v["n"], f.one(), dy, v["incy"], dx, v["incx"])
    f.call(b, "scal", v["n"], f.zero(), dy, v["incy"])


def _adjoint_gemv(r, lane, _):
    b, v, f = r.b, r.v, r.f
    dy = r.d("y", lane)
    if dy is None:
        return
    incy = r.own_inc("y")
    nt = _no_trans(b, v["trans"])
    xlen, ylen = vector_lengths(b, v)
    da, dx = r.d("a", lane), r.d("x", lane)
    if da is not None:          # dA += alpha dy x^T, or alpha x dy^T for op(A) = A^T
        x, incx = r.arr("x")
        f.call(b, "ger", v["layout"], v["m"], v["n"], v["alpha"], _select(b, nt, dy, x),
               _select(b, nt, incy, incx), _select(b, nt, x, dy), _select(b, nt, incx, incy),
               da, v["lda"])
    if dx is not None:
        f.call(b, "gemv", v["layout"], f.flipped(b, v["trans"]), v["m"], v["n"], v["alpha"],
               *r.arr("a"), dy, incy, f.one(), dx, r.own_inc("x"))
    if r.scalar_active("alpha"):
        tmp = _malloc(b, f, ylen)
        one = ConstantInt(I32, 1)
        f.call(b, "gemv", v["layout"], v["trans"], v["m"], v["n"], f.one(), *r.arr("a"),
               *r.arr("x"), f.zero(), tmp, one)
        r.add("alpha", f.call(b, "dot", ylen, tmp, one, dy, incy), lane)
        free_buffer(b, tmp)
    if r.scalar_active("beta"):
        r.add("beta", f.call(b, "dot", ylen, *r.arr("y"), dy, incy), lane)
    f.call(b, "scal", ylen, v["beta"], dy, incy)


def _adjoint_gemm(r, lane, _):
    b, v, f = r.b, r.v, r.f
    dc = r.d("c", lane)
    if dc is None:
        return
    ldc = r.own_inc("c")
    ta, tb = v["transa"], v["transb"]
    N, T_ = f.trans(False), f.trans(True)
    da, db = r.d("a", lane), r.d("b", lane)
    if da is not None:
        # op(A) = A:   dA += alpha dC op(B)^T       (M x K)
        # op(A) = A^T: dA += alpha op(B) dC^T       (K x M)
        na = _no_trans(b, ta)
        bm, ldb = r.arr("b")
        f.call(b, "gemm", v["layout"], _select(b, na, N, tb),
               _select(b, na, f.flipped(b, tb), T_), _select(b, na, v["m"], v["k"]),
               _select(b, na, v["k"], v["m"]), v["n"], v["alpha"], _select(b, na, dc, bm),
               _select(b, na, ldc, ldb), _select(b, na, bm, dc), _select(b, na, ldb, ldc),
               f.one(), da, r.own_inc("a"))
    if db is not None:
        # op(B) = B:   dB += alpha op(A)^T dC       (K x N)
        # op(B) = B^T: dB += alpha dC^T op(A)       (N x K)
        nb = _no_trans(b, tb)
        am, lda = r.arr("a")
        f.call(b, "gemm", v["layout"], _select(b, nb, f.flipped(b, ta), T_),
               _select(b, nb, N, ta), _select(b, nb, v["k"], v["n"]),
               _select(b, nb, v["n"], v["k"]), v["m"], v["alpha"], _select(b, nb, am, dc),
               _select(b, nb, lda, ldc), _select(b, nb, dc, am), _select(b, nb, ldc, lda),
               f.one(), db, r.own_inc("b"))
    lines, length = lines_of(b, v, v["m"], v["n"])
    if r.scalar_active("alpha"):
        tmp = _malloc(b, f, b.mul(_count(b, v["m"]), _count(b, v["n"])))
        ldt = _select(b, _row_major(b, v["layout"]), v["n"], v["m"])
        f.call(b, "gemm", v["layout"], ta, tb, v["m"], v["n"], v["k"], f.one(), *r.arr("a"),
               *r.arr("b"), f.zero(), tmp, ldt)
        r.add("alpha", matrix(b, f, "dot", lines, length, dc, ldc, tmp, ldt), lane)
        free_buffer(b, tmp)
    if r.scalar_active("beta"):
        r.add("beta", matrix(b, f, "dot", lines, length, dc, ldc, *r.arr("c")), lane)
    scale_matrix(b, f, v, v["beta"], dc, ldc)


def _adjoint_symv(r, lane, _):
    b, v, f = r.b, r.v, r.f
    dy = r.d("y", lane)
    if dy is None:
        return
    incy, one = r.own_inc("y"), ConstantInt(I32, 1)
    da, dx = r.d("a", lane), r.d("x", lane)
    if da is not None:
        _symmetric_update(r, da, dy, incy)
    if dx is not None:
        f.call(b, "symv", v["layout"], v["uplo"], v["n"], v["alpha"], *r.arr("a"), dy, incy,
               f.one(), dx, r.own_inc("x"))
    if r.scalar_active("alpha"):
        tmp = _malloc(b, f, v["n"])
        f.call(b, "symv", v["layout"], v["uplo"], v["n"], f.one(), *r.arr("a"), *r.arr("x"),
               f.zero(), tmp, one)
        r.add("alpha", f.call(b, "dot", v["n"], tmp, one, dy, incy), lane)
        free_buffer(b, tmp)
    if r.scalar_active("beta"):
        r.add("beta", f.call(b, "dot", v["n"], *r.arr("y"), dy, incy), lane)
    f.call(b, "scal", v["n"], v["beta"], dy, incy)


def _symmetric_update(r, da, dy, incy):
    """dA += alpha (x dy^T + dy x^T) on the stored triangle, but only alpha x_i
    dy_i on the diagonal: an off-diagonal stored entry stands for two entries
    of the symmetric matrix, a diagonal one for one.  syr2 adds twice that on
    the diagonal, so the diagonal is saved and then averaged with the new one."""
    b, v, f = r.b, r.v, r.f
    one = ConstantInt(I32, 1)
    step = b.add(_coerce(b, v["lda"], I32), one)       # along the diagonal
    saved = _malloc(b, f, v["n"])
    f.call(b, "copy", v["n"], da, step, saved, one)
    f.call(b, "syr2", v["layout"], v["uplo"], v["n"], v["alpha"], *r.arr("x"), dy, incy, da,
           v["lda"])
    f.call(b, "axpy", v["n"], f.one(), saved, one, da, step)
    f.call(b, "scal", v["n"], const_float(f.element, 0.5), da, step)
    free_buffer(b, saved)


def _adjoint_syrk(r, lane, _):
    """With T the adjoint of C's stored triangle (0 elsewhere), dA += alpha
    (T + T^T) op(A) (or op(A)^T (T + T^T) for op(A) = A^T): a symm with dC,
    its diagonal doubled meanwhile, as the symmetric T + T^T."""
    b, v, f = r.b, r.v, r.f
    dc = r.d("c", lane)
    if dc is None:
        return
    ldc, da = r.own_inc("c"), r.d("a", lane)
    if da is not None:
        diagonal = b.add(_coerce(b, ldc, I32), ConstantInt(I32, 1))
        nt = _no_trans(b, v["trans"])
        f.call(b, "scal", v["n"], const_float(f.element, 2.0), dc, diagonal)
        f.call(b, "symm", v["layout"], _select(b, nt, f.side(True), f.side(False)), v["uplo"],
               _select(b, nt, v["n"], v["k"]), _select(b, nt, v["k"], v["n"]), v["alpha"], dc,
               ldc, *r.arr("a"), f.one(), da, r.own_inc("a"))
        f.call(b, "scal", v["n"], const_float(f.element, 0.5), dc, diagonal)
    if r.scalar_active("alpha"):
        tmp = _malloc(b, f, b.mul(_count(b, v["n"]), _count(b, v["n"])))
        f.call(b, "syrk", v["layout"], v["uplo"], v["trans"], v["n"], v["k"], f.one(),
               *r.arr("a"), f.zero(), tmp, v["n"])
        r.add("alpha", triangle(b, f, v, "dot", dc, ldc, tmp, v["n"]), lane)
        free_buffer(b, tmp)
    if r.scalar_active("beta"):
        r.add("beta", triangle(b, f, v, "dot", dc, ldc, *r.arr("c")), lane)
    triangle(b, f, v, "scal", v["beta"], dc, ldc)


def _adjoint_trsm(r, lane, _):
    """X = alpha op(A)^-1 B (side L): with G = op(A)^-T dX (a trsm in dB's
    place), d(op(A)) += -G X^T, d(alpha) += <G, B>, dB = alpha G.  Side R:
    G = dX op(A)^-T, d(op(A)) += -X^T G."""
    b, v, f = r.b, r.v, r.f
    db = r.d("b", lane)
    if db is None:
        return
    ldb = r.own_inc("b")
    f.call(b, "trsm", v["layout"], v["side"], v["uplo"], f.flipped(b, v["transa"]), v["diag"],
           v["m"], v["n"], f.one(), *r.arr("a"), db, ldb)
    da = r.d("a", lane)
    if da is not None:
        _trsm_matrix_adjoint(r, da, db, ldb)
    lines, length = lines_of(b, v, v["m"], v["n"])
    if r.scalar_active("alpha"):
        r.add("alpha", matrix(b, f, "dot", lines, length, db, ldb, *r.arr("b")), lane)
    scale_matrix(b, f, v, v["alpha"], db, ldb)


def _trsm_matrix_adjoint(r, da, g, ldg):
    """dA += -G X^T (side L, op N), -X G^T (L, T), -X^T G (R, N), -G^T X (R, T),
    on A's triangle, its diagonal left out when it is taken as unit."""
    b, v, f = r.b, r.v, r.f
    x, ldx = r.copied["b.out"]
    left, nt = _left(b, v["side"]), _no_trans(b, v["transa"])
    order = _select(b, left, v["m"], v["n"])
    inner = _select(b, left, v["n"], v["m"])
    g_first = _select(b, left, nt, _not(b, nt))
    tmp = _malloc(b, f, b.mul(_count(b, order), _count(b, order)))
    f.call(b, "gemm", v["layout"], _select(b, left, f.trans(False), f.trans(True)),
           _select(b, left, f.trans(True), f.trans(False)), order, order, inner,
           const_float(f.element, -1.0), _select(b, g_first, g, x),
           _select(b, g_first, ldg, ldx), _select(b, g_first, x, g),
           _select(b, g_first, ldx, ldg), f.zero(), tmp, order)
    square = {"layout": v["layout"], "uplo": v["uplo"], "n": order}
    triangle(b, f, square, "axpy", f.one(), tmp, order, da, r.own_inc("a"))
    one = ConstantInt(I32, 1)
    unit = _select(b, _unit(b, v["diag"]), const_float(f.element, -1.0), f.zero())
    f.call(b, "axpy", order, unit, tmp, b.add(_coerce(b, order, I32), one), da,
           b.add(_coerce(b, r.own_inc("a"), I32), one))
    free_buffer(b, tmp)


ADJOINTS = {"dot": _adjoint_dot, "nrm2": _adjoint_nrm2, "axpy": _adjoint_axpy,
            "scal": _adjoint_scal, "copy": _adjoint_copy, "gemv": _adjoint_gemv,
            "gemm": _adjoint_gemm, "symv": _adjoint_symv, "syrk": _adjoint_syrk,
            "trsm": _adjoint_trsm}


def prepare_blas_reverse(gen, call, routine, unchanged) -> None:
    """The forward sweep's part: read a Fortran call's scalars, and copy the
    inputs the adjoint reads that a write may change before the reverse pass
    (`unchanged(pointer)`, the cache policy's memory_unchanged, says when
    none can).  The plan goes to gen.call_plans for `blas_adjoint`."""
    b = Builder().position_before(call)
    bc = BlasCall(call, routine, b, gen.primal)
    family = Family(gen.module, bc)
    info = gen.info
    active = {n for n in ARRAYS if n in bc.args and info.has_shadow(bc.args[n])}
    view = _View(gen, bc, family, b)
    scalars = {n: view.scalar_active(n) for n in FLOATS}
    copies = {}
    for name in sorted(needed_inputs(routine.operation, active, scalars)):
        if name != WRITTEN[routine.operation] and unchanged(bc.args[name]):
            continue
        copies[name] = copy_input(b, family, bc.values, name)
    if routine.operation == "trsm" and "a" in active:      # its adjoint reads X, the result
        copies["b.out"] = copy_input(Builder().position_after(call), family, bc.values, "b")
    gen.call_plans[id(call)] = ("blas", routine, bc, copies)


def blas_adjoint(gen, b, inst, plan) -> None:
    _, routine, bc, copies = plan
    view = AdjointView(gen, bc, Family(gen.module, bc), b, copies)
    for lane in gen.each_lane():
        dr = gen.take_adjoint(b, inst, lane) if gen.info.is_active(inst) else None
        ADJOINTS[routine.operation](view, lane, dr)
    for buf in view.copies:
        free_buffer(b, buf)
