"""Derivative rules: one table, read by reverse and forward mode alike.

Each rule maps the primal operands (and the primal result, last) to the
partial derivative of the result with respect to each operand, written in a
small expression language (`Expr`) that emits IR through a Builder.  A
partial of `None` means "no derivative flows to this operand" (integer
exponents, rounding functions); the numbers 1.0 and -1.0 fold away.

Reverse mode uses them as  adjoint(x_i) += partial_i * adjoint(result);
forward mode as            tangent(result) = sum_i partial_i * tangent(x_i),
both through `scaled`.
"""
from __future__ import annotations

import math
from typing import Callable, Dict, Optional

from ..analysis.library import LLVM_MATH_INTRINSICS as LLVM_INTRINSICS
from ..analysis.library import (LOGARITHMS, MATH_FLOAT_OUTPUTS, MATH_IGNORING_NAN, POWERS,
                                SINGULAR_AT_FINITE_RESULTS, SINGULAR_MATH_FUNCTIONS,
                                SINGULAR_ONLY_AT_ZERO, called_math_function,
                                math_function)
from ..analysis.signs import known_non_negative, known_positive_float
from ..analysis.user_marks import function_like_names
from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.constants import (ConstantAggregate, ConstantFloat, ConstantInt, ConstantPoison,
                            const_float, zero_of)
from ..ir.types import I1, I32, FunctionType, IntType, Type, type_suffix
from .special import digamma_function

# The largest binary exponent of the formats whose smallest normal number is a
# Python float (`Emitter.reuses`).
_DOUBLE_MAX_EXPONENT = 1023
# Widths of the IEEE binary formats (sign, exponent, significand without its
# leading bit: half, bfloat, float, double) whose bits `is_normal` tests;
# x86_fp80 stores the leading bit.
_IEEE_WIDTHS = (16, 32, 64)


def _signed(value: int, bits: int) -> int:
    """`value`, an unsigned number of `bits` bits, as the signed one of the same bits."""
    return value - (1 << bits) if value >= 1 << (bits - 1) else value

# Fast-math flags of an adjoint accumulation (DerivativeContext.add_values,
# typed_memory's adjoint copies): sums of adjoints may be reassociated.
ADJOINT_SUM_FLAGS = ("reassoc",)
# ... and, in a function whose zeros' signs are insignificant, `nsz`: LLVM
# reassociates no float sum without it (Reassociate asks for both flags), so
# the two contributions of `x * x` (`s + x*d + x*d`) stayed two products and
# two adds in every iteration of a reverse loop (rosenbrock: 7% of its
# instructions).  Signed zeros are the only difference the flag allows.
_NO_SIGNED_ZEROS = '"no-signed-zeros-fp-math"="true"'


def adjoint_sum_flags(fn) -> tuple:
    """The flags of an adjoint sum emitted in `fn` (a derivative, which
    carries its primal's floating-point relaxations): `nsz` too where the
    primal was compiled without signed zeros (`-ffast-math`)."""
    if _NO_SIGNED_ZEROS in fn.target_attributes():
        return ADJOINT_SUM_FLAGS + ("nsz",)
    return ADJOINT_SUM_FLAGS


class Expr:
    """A value under construction: arithmetic builds a small expression graph
    whose instructions are emitted when `.value` is first read.

    Laziness is what keeps the tape small: a rule states the partials for
    every operand, but only those of active operands are read, so the
    partial for an inactive divisor or exponent neither emits code nor
    pulls primal values onto the tape.  `peek` is the primal value a leaf
    stands for, which lets constants fold without forcing the leaf.
    """

    __slots__ = ("em", "_value", "_thunk", "type", "peek")

    def __init__(self, em: "Emitter", value=None, thunk=None, type=None, peek=None):
        self.em = em
        self._value = value
        self._thunk = thunk
        self.type = value.type if value is not None else type
        self.peek = value if value is not None else peek

    @property
    def value(self):
        if self._value is None:
            self._value = self._thunk()
        return self._value

    def built(self):
        """The instruction or value emitted for this node, None if not yet."""
        return self._value

    def constant(self) -> Optional[float]:
        v = self._value if self._value is not None else self.peek
        return v.value if isinstance(v, ConstantFloat) else None

    def _lift(self, other) -> "Expr":
        if isinstance(other, Expr):
            return other
        if isinstance(other, int) and self.type.scalar.is_int:
            return Expr(self.em, ConstantInt(self.type, other))
        return Expr(self.em, const_float(self.type, float(other)))

    def _bin(self, opcode, other, reverse=False):
        a, b = (self._lift(other), self) if reverse else (self, self._lift(other))
        return self.em.binop(opcode, a, b)

    __add__ = lambda self, o: self._bin("add", o)                         # noqa: E731
    __radd__ = lambda self, o: self._bin("add", o, True)                  # noqa: E731
    __sub__ = lambda self, o: self._bin("sub", o)                         # noqa: E731
    __rsub__ = lambda self, o: self._bin("sub", o, True)                  # noqa: E731
    __mul__ = lambda self, o: self._bin("mul", o)                         # noqa: E731
    __rmul__ = lambda self, o: self._bin("mul", o, True)                  # noqa: E731
    __truediv__ = lambda self, o: self._bin("div", o)                     # noqa: E731
    __rtruediv__ = lambda self, o: self._bin("div", o, True)              # noqa: E731

    def __neg__(self):
        return self.em.neg(self)

    def __lt__(self, other):
        return self.em.fcmp("olt", self, self._lift(other))

    def __gt__(self, other):
        return self.em.fcmp("ogt", self, self._lift(other))


class Emitter:
    """Builds the expressions of rules at a Builder's insertion point."""

    def __init__(self, builder, flags=()):
        self.b = builder
        self.flags = tuple(flags)    # fast-math flags carried over from the primal
        # (math function name, primal argument values) -> an Expr for the
        # primal's own call of it, or None: lets a rule reuse a value the
        # primal computed (sin's derivative, the cos beside it) instead of
        # calling the function again.
        self.primal_call = None
        # forward value -> does the sweep have it here at no new cost (read
        # here anyway)?  None: never assumed (forward mode, where a value
        # reused keeps a math call the caller may not need alive).
        self.already_read = None
        # forward value -> would reading it here call its math function again
        # (cache_policy: `calls_again`)?  None in forward mode.
        self.calls_again = None
        # forward value -> would reading it here compute it again from its
        # operands (cache_policy: `recomputes_here`)?  None in forward mode.
        self.recomputes_here = None
        # (forward r, forward x) -> does r == x of the copies read here hold
        # where it held in the forward pass (reverse.py `compares_alike`)?
        # None in forward mode, where a value has one copy.
        self.compared_alike = None
        # id(partial) -> (partial, usable, fast, slow, before) of a `branch`
        # whose fast() is finite where `usable` holds (`finite_fast`)
        self.finite_fast = {}

    def wrap(self, value) -> Expr:
        return Expr(self, value)

    def later(self, type, emit) -> Expr:
        """A node whose instruction `emit()` is built only if it is used."""
        return Expr(self, thunk=emit, type=type)

    # -- arithmetic with constant folding ------------------------------------------
    def binop(self, kind: str, a: Expr, b: Expr) -> Expr:
        if a.type.scalar.is_int:
            op = {"add": "add", "sub": "sub", "mul": "mul"}[kind]
            return self.later(a.type, lambda: self.b.binop(op, a.value, b.value))
        ca, cb = a.constant(), b.constant()
        if kind == "mul":
            if ca == 1.0:
                return b
            if cb == 1.0:
                return a
            if ca == -1.0:
                return -b
            if cb == -1.0:
                return -a
        if kind == "add":
            if ca == 0.0:
                return b
            if cb == 0.0:
                return a
        if kind == "sub" and cb == 0.0:
            return a
        if kind == "div" and cb == 1.0:
            return a
        op = {"add": "fadd", "sub": "fsub", "mul": "fmul", "div": "fdiv"}[kind]
        return self.later(a.type, lambda: self.b.binop(op, a.value, b.value, flags=self.flags))

    def neg(self, a: Expr) -> Expr:
        c = a.constant()
        if c is not None:
            return self.wrap(const_float(a.type, -c))
        return self.later(a.type, lambda: self.b.fneg(a.value, flags=self.flags))

    def fcmp(self, pred: str, a: Expr, b: Expr) -> Expr:
        return self.later(None, lambda: self.b.fcmp(pred, a.value, b.value))

    def icmp(self, pred: str, a: Expr, b: Expr) -> Expr:
        return self.later(None, lambda: self.b.icmp(pred, a.value, b.value))

    def select(self, cond: Expr, a, b) -> Expr:
        like = a if isinstance(a, Expr) else b
        a, b = like._lift(a), like._lift(b)
        return self.later(a.type, lambda: self.b.select(cond.value, a.value, b.value))

    def itofp(self, n: Expr, like: Expr) -> Expr:
        """n as a float of like's type; a scalar n (powi's exponent beside a
        vector base) is splatted over like's lanes."""
        def emit():
            t = like.type
            splat = t.is_vector and not n.type.is_vector
            to = t.element if splat else t
            opcode, flags = primal_conversion(n.peek, to)
            converted = self.b.cast(opcode, n.value, to, flags=flags)
            if not splat:
                return converted
            vector = zero_of(t)
            for lane in range(t.count):
                vector = self.b.insertelement(vector, converted, ConstantInt(I32, lane))
            return vector
        return self.later(like.type, emit)

    # -- a partial from the primal result, where it serves ---------------------------------
    def reuses(self, r: Expr) -> bool:
        """May a partial be built from the primal result `r` (`branch`)?
        Where the sweep has it at hand, it holds floats of a format whose
        smallest normal number a Python float holds (`is_normal`), and the
        code goes at the end of a block still open, where a branch can end it."""
        return r.peek is not None and self.branches_here(r.type) and self.already_read(r.peek)

    def branches_here(self, t: Type) -> bool:
        """May a rule test floats of type `t` with `is_normal` and end the
        block here with a `branch`?  In the reverse sweep (the forward one
        puts tangents mid-block), at the end of a block still open, for a
        float format whose smallest normal number a Python float holds."""
        t, b = t.scalar, self.b
        return self.already_read is not None and t.is_float and \
            t.format.max_exponent <= _DOUBLE_MAX_EXPONENT and t.kind != "ppc_fp128" and \
            b.block.terminator is None and b.index == len(b.block.instructions)

    def sum_of_squares(self, x: Expr, y: Expr) -> Expr:
        """x^2 + y^2 without fast-math flags: where it overflows, the caller's
        `is_normal` test must see the infinity, not a poison value."""
        def emit():
            return self.b.fadd(self.b.fmul(x.value, x.value), self.b.fmul(y.value, y.value))
        return self.later(x.type, emit)

    def divided_twice(self, a: Expr, h: Expr) -> Expr:
        """(a / h) / h without fast-math flags: with reassoc or arcp LLVM
        makes it a / (h * h), and h * h overflows where h passes 1e154 (the
        reason to divide twice: atan2's partials at y = 1e180 were 0, inf)."""
        def emit():
            return self.b.binop("fdiv", self.b.binop("fdiv", a.value, h.value), h.value)
        return self.later(a.type, emit)

    def recalls(self, r: Expr) -> bool:
        """Would reading the primal result `r` here make its call again?
        (A rule with a partial from its arguments then takes that instead.)"""
        return self.calls_again is not None and r.peek is not None and \
            self.calls_again(r.peek)

    def rebuilds(self, r: Expr) -> bool:
        """Would reading the primal result `r` here compute it again from
        its operands?  (A rule with a partial from those operands then takes
        that instead.)"""
        return self.recomputes_here is not None and r.peek is not None and \
            self.recomputes_here(r.peek)

    def compares_alike(self, r: Expr, x: Expr) -> bool:
        """Does `r == x` here hold exactly where it held in the forward pass?"""
        if self.compared_alike is None or r.peek is None or x.peek is None:
            return True
        return self.compared_alike(r.peek, x.peek)

    def either(self, p: Expr, q: Expr) -> Expr:
        return self.later(None, lambda: self.b.binop("or", p.value, q.value))

    def is_normal(self, a: Expr, flagless: bool = False) -> Expr:
        """Is `a` a normal number (not 0, subnormal, infinite or NaN)?
        `flagless`: `a` is arithmetic of ours without fast-math flags
        (`sum_of_squares`), which LLVM cannot assume finite: tested on its
        bits (`_exponent_in_range`).  A primal result (pow's r) keeps the
        comparisons: from its flags LLVM knows it finite, and of the two
        comparisons keeps one (lennard_jones: 2 instructions a pair, where
        the bits took 5)."""
        if flagless and a.type.is_float and a.type.format.bits in _IEEE_WIDTHS:
            return self.later(None, lambda: self._exponent_in_range(a.value))
        return self._magnitude_below_inf(a, 2.0 ** (1 - a.type.scalar.format.max_exponent))

    def _exponent_in_range(self, value):
        """The normal test on the bits of a scalar IEEE number: its exponent
        field neither all zeros nor all ones, as one unsigned compare of the
        bits shifted past the sign.  The comparisons of |a| with the smallest
        normal and infinity become LLVM's is.fpclass, and for a sum of
        squares (atan2's partials), known non-negative but not finite, its
        positive-normal class: a test of the sign too, ten x86 instructions
        in all where this takes five."""
        fmt = value.type.format
        exponent_bits = (fmt.max_exponent + 1).bit_length()
        below_exponent = fmt.bits - exponent_bits    # the significand and the shifted-out sign
        word = IntType(fmt.bits)
        bits = self.b.cast("bitcast", value, word)
        unsigned = self.b.binop("shl", bits, ConstantInt(word, 1))
        lowest = ConstantInt(word, _signed(1 << below_exponent, fmt.bits))
        span = ConstantInt(word, _signed(((1 << exponent_bits) - 2) << below_exponent, fmt.bits))
        return self.b.icmp("ult", self.b.sub(unsigned, lowest), span)

    def is_finite(self, a: Expr) -> Expr:
        return self._magnitude_below_inf(a, None)

    def both(self, p: Expr, q: Expr) -> Expr:
        return self.later(None, lambda: self.b.binop("and", p.value, q.value))

    def _magnitude_below_inf(self, a: Expr, smallest) -> Expr:
        # Compares (false at NaN) without fast-math flags: LLVM may not assume
        # the infinities and NaNs away that this test is about.
        def emit():
            t = a.type
            fabs = self.b.module.declare_function(f"llvm.fabs.{type_suffix(t)}",
                                                  FunctionType(t, (t,)))
            magnitude = self.b.call(fabs, [a.value])
            finite = self.b.fcmp("olt", magnitude, const_float(t, math.inf))
            if smallest is None:
                return finite
            return self.b.binop("and", self.b.fcmp("oge", magnitude, const_float(t, smallest)),
                                finite)
        return self.later(None, emit)

    def branch(self, type: Type, usable: Expr, fast, slow, before=(),
               finite_fast: bool = False) -> Expr:
        """fast() where `usable` holds, else slow(), whose code goes in a
        block of its own that runs only then (a math call not paid where
        fast() serves; for vectors, where it serves every lane); `reuses`
        says where a branch may go.  The values of `before`, which both may
        read, are read first, above the branch: one first read in the slow
        block would not be there after it.  `finite_fast`: fast() is a
        partial finite wherever `usable` holds, so `scaled` needs its guard
        against 0 * inf in the slow block only."""
        chosen = self.later(type, lambda: self._branch(usable, fast, slow, before))
        if finite_fast:
            self.finite_fast[id(chosen)] = (chosen, usable, fast, slow, tuple(before))
        return chosen

    def finite_fast_branch(self, partial: Expr):
        """(usable, fast, slow, before) of `partial` if it is a `branch`
        whose fast() is finite where `usable` holds, else None."""
        entry = self.finite_fast.get(id(partial))
        return entry[1:] if entry is not None and entry[0] is partial else None

    def _branch(self, usable: Expr, fast, slow, before):
        for e in before:
            e.value
        cond = usable.value
        if cond.type.is_vector:
            every = self.b.module.declare_function(
                f"llvm.vector.reduce.and.{type_suffix(cond.type)}",
                FunctionType(I1, (cond.type,)))
            cond = self.b.call(every, [cond])
        expect = self.b.module.declare_function("llvm.expect.i1",
                                                FunctionType(I1, (I1, I1)))
        cond = self.b.call(expect, [cond, ConstantInt(I1, 1)])
        quick = fast().value
        start = self.b.block
        slow_block = start.parent.add_block("rule.slow", after=start)
        join = start.parent.add_block("rule.join", after=slow_block)
        self.b.cond_br(cond, join, slow_block)
        self.b.position_at_end(slow_block)
        other = slow().value
        slow_end = self.b.block
        self.b.br(join)
        self.b.position_at_end(join)
        return self.b.phi(quick.type, [(quick, start), (other, slow_end)])

    # -- calls to math functions -----------------------------------------------------
    def math(self, name: str, *args: Expr) -> Expr:
        # The function's type is that of its first floating-point argument
        # (jn(n, x) takes the order first).
        t = next((a.type for a in args if a.type.scalar.is_float), args[0].type)
        if self.primal_call is not None and all(a.peek is not None for a in args):
            found = self.primal_call(name, [a.peek for a in args])
            if found is not None:
                return found
        if name in LLVM_INTRINSICS:
            suffix = type_suffix(t)
            if name == "powi":
                suffix += "." + type_suffix(args[1].type)
            callee_name = f"llvm.{name}.{suffix}"
        else:
            callee_name = libm_name(name, t)
        if t.is_vector and name not in LLVM_INTRINSICS:
            return self.later(t, lambda: self._lane_by_lane(callee_name, t, args))
        ftype = FunctionType(t, tuple(a.type for a in args))

        def emit():
            callee = self.b.module.declare_function(callee_name, ftype)
            return self.b.call(callee, [a.value for a in args], flags=self.flags)
        return self.later(t, emit)

    def _lane_by_lane(self, callee_name: str, t, args):
        """A libm function without a vector form (sinh, digamma's kin), called
        per lane of vector arguments."""
        params = tuple(a.type.element if a.type.is_vector else a.type for a in args)
        callee = self.b.module.declare_function(callee_name, FunctionType(t.element, params))
        out = ConstantPoison(t)
        for k in range(t.count):
            lane = ConstantInt(I32, k)
            values = [self.b.extractelement(a.value, lane) if a.type.is_vector else a.value
                      for a in args]
            out = self.b.insertelement(out, self.b.call(callee, values, flags=self.flags), lane)
        return out


def primal_conversion(n, to: Type) -> tuple:
    """(opcode, flags) converting the integer `n` to `to` as the primal
    does, where the two agree: a `uitofp` (nneg) of n when n is known to be
    non-negative, else sitofp.  The same conversion as the primal's lets
    LLVM see that a partial's n and the primal's n are one value: sum
    pow(x, i) / i under fast-math then folds i * x^(i-1) / i to x^(i-1),
    which sitofp i beside the primal's uitofp nneg i keeps apart
    (taylorlog).  The primal's nneg flag alone proves nothing: LLVM hoists
    `uitofp nneg n` out of the branch that tested n > 0."""
    if not isinstance(n, I.Instruction) or not known_non_negative(n):
        return "sitofp", ()
    for user in n.users:
        if isinstance(user, I.Cast) and user.opcode == "uitofp" and user.type == to:
            return "uitofp", tuple(f for f in user.flags if f == "nneg")
    return "sitofp", ()


def libm_name(name: str, t: Type) -> str:
    return name + (t.scalar.format.libm_suffix if t.scalar.is_float else "")


# -- the rule language's functions --------------------------------------------------------
def _f(name):
    return lambda *args: args[0].em.math(name, *args)


sin, cos, exp, log, sqrt, pow, powi = map(_f, ("sin", "cos", "exp", "log", "sqrt", "pow",
                                               "powi"))
sinh, cosh, trunc, copysign = map(_f, ("sinh", "cosh", "trunc", "copysign"))
ldexp, rint, j0, j1, y0, y1 = map(_f, ("ldexp", "rint", "j0", "j1", "y0", "y1"))
jn, yn, hypot = map(_f, ("jn", "yn", "hypot"))


def digamma(x):
    """psi(x), from an internal helper (libm has none)."""
    fn = digamma_function(x.em.b.module, x.type)
    return x.em.wrap(x.em.b.call(fn, [x.value]))


def select(cond, a, b):
    return cond.em.select(cond, a, b)


def itofp(n, like):
    return n.em.itofp(n, like)


LN2, LN10 = math.log(2.0), math.log(10.0)
TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _minmax(x, y, r, larger: bool):
    """The partial goes to whichever operand was selected: x where r == x.
    Where the call promised no NaNs, that is x >= y for a maximum (x <= y
    for a minimum): where the reverse would compute r again from x and y,
    the comparison saves that (relu_loss); where r is kept, reading it may
    save y's computation (a max of sin(x[i])).  Without the promise r is
    asked: fmax(x, NaN) is x, where x >= NaN is false.  r is compared only
    with an operand read as the forward pass computed it (`compares_alike`);
    where neither is, the operands decide."""
    em = x.em
    no_nan = bool({"fast", "nnan"} & set(em.flags))
    if no_nan and em.rebuilds(r):
        test = em.fcmp("oge" if larger else "ole", x, y)
    elif em.compares_alike(r, x):
        test = em.fcmp("oeq", r, x)
    elif em.compares_alike(r, y):
        test = em.fcmp("une", r, y)
    else:
        test = em.fcmp("oge" if larger else "ole", x, y)
        if not no_nan:
            test = em.either(test, em.fcmp("uno", y, y))
    picked_x = select(test, x._lift(1.0), x._lift(0.0))
    return (picked_x, 1.0 - picked_x)


def _maximum(x, y, r):
    return _minmax(x, y, r, larger=True)


def _minimum(x, y, r):
    return _minmax(x, y, r, larger=False)


def _zero_where_zero(a, partial):
    """`partial`, but 0 where `a` is 0: pow's partials have the form
    0 * inf there (y * x^(y-1) at y = 0, x^y * log x at x^y = 0), a NaN
    where the derivative is 0.  Folded when `a` is a constant."""
    known = a.peek.value if isinstance(a.peek, (ConstantFloat, ConstantInt)) else None
    if known is not None:
        return a._lift(0.0) if known == 0 else partial
    zero = partial._lift(0.0)
    test = a if a.type.scalar.is_float else itofp(a, partial)
    return select(test.em.fcmp("oeq", test, zero), zero, partial)


def _atan2(y, x, r):
    """x / (x^2 + y^2) and -y / (x^2 + y^2).  The sum of squares d overflows
    where |x| or |y| passes 1e154 and loses its digits below 1e-154, where
    the partials are finite (inf at 1e-170, 0 at 1e160 otherwise): there
    (d not a normal number) the partials are (x / h) / h with h = hypot(y, x),
    in a branch of their own (Emitter.branch) where the sweep may branch;
    where it may not, always (hypot costs about as much as atan2 itself).
    Where d is normal, the larger square is at least d / 2, a normal number,
    and the smaller loses below d's last digit only: x / d is right to
    rounding, and finite (|x| / d <= 1 / sqrt(d) < 2^512): an adjoint of 0
    makes its product 0 with no guard, which the hypot branch alone keeps
    (`finite_fast`: atan2(0, 0) = 0 is finite where the partials are 0/0)."""
    em = x.em

    # -y, not -(y / h / h): LLVM folds a flagged fneg of a quotient into
    # the divisions, which then take its flags and become y / (h * h).
    def by_hypot(a):
        return em.divided_twice(a, hypot(y, x))
    if not em.branches_here(x.type):
        return (by_hypot(x), by_hypot(-y))
    d = em.sum_of_squares(x, y)
    usable = em.is_normal(d, flagless=True)
    return (em.branch(x.type, usable, lambda: x / d, lambda: by_hypot(x), before=(x, y, d),
                      finite_fast=True),
            em.branch(x.type, usable, lambda: -(y / d), lambda: by_hypot(-y), before=(x, y, d),
                      finite_fast=True))


def _fdiv(x, y, r):
    # One division for both partials: 1/y, shared (r/y costs a second
    # division, the most expensive arithmetic instruction, for the same
    # value up to rounding).
    inv = 1.0 / y
    return (inv, -(r * inv))


def _cbrt_partial(x, r):
    """1 / (3 cbrt(x)^2) as (r / x) / 3: r / (3x) overflows 3x past 6e307
    (a partial of 0 where it is 1e-205), and both are 0 / 0 at x = 0, where
    the tangent is vertical: +inf there."""
    vertical = x.em.fcmp("oeq", x, x._lift(0.0))
    return select(vertical, x._lift(math.inf), (r / x) * (1.0 / 3.0))


def _pow(x, y, r):
    one_lower = _from_power(x, y, r, lambda: pow(x, y - 1.0))
    return (_zero_where_zero(y, y * one_lower), _zero_where_zero(r, r * log(x)))


def _powi(x, n, r):
    one_lower = _from_power(x, n, r, lambda: _powi_one_lower(x, n))
    return (_zero_where_zero(n, itofp(n, x) * one_lower), None)


def _from_power(x, y, r, slow):
    """x^(y-1) as r / x, the power r = x^y divided by its base, where the
    sweep has r at hand (Emitter.reuses: read back anyway, a division
    instead of a second pow call), else slow(), x^(y-1) by a call.

    r / x is x^(y-1) to rounding where r is a normal number: x is then
    neither 0 nor infinite nor NaN (pow(0, y) is 0, 1 or inf; the y = 0 of
    pow(0, 0) = 1 the caller's guard makes 0), and r / x is x^(y-1) in
    real arithmetic, so it overflows or underflows only where x^(y-1)
    does.  Elsewhere (x = 0, where x^(y-1) is 0, 1, inf or -inf; r
    overflowed or underflowed while x^(y-1) need not) slow() runs, in a
    branch of its own.  With |x| = 1 and y = +-inf, r = 1 but r / x has
    x's sign, which x^(y-1) = 1 does not: a float y must be finite too."""
    em = x.em
    if not em.reuses(r):
        return slow()
    usable = em.is_normal(r)
    if y.type.scalar.is_float and not _finite_constant(y):
        usable = em.both(usable, em.is_finite(y))
    return em.branch(r.type, usable, lambda: r / x, slow, before=(x, y))


def _finite_constant(a) -> bool:
    """Is `a` a finite constant (in every lane of a vector)?"""
    v = a.peek
    lanes = v.elements if isinstance(v, ConstantAggregate) else [v]
    return all(isinstance(c, ConstantFloat) and c.value is not None and math.isfinite(c.value)
               for c in lanes)


def _powi_one_lower(x, n, quotient=None):
    """x^(n-1) for powi's integer exponent n, at every n: powi(x, n - 1),
    except where n - 1 wraps around (n the most negative integer of its
    type, where x^(n-1) is not the x^INT_MAX it would give): powi(x, n) / x
    there, which neither overflows nor underflows where x^(n-1) does not.
    The guard is left out where n cannot be that integer (a constant, or
    known non-negative) or where the `quotient` x^n / n whose fused rule
    asks is poison there, so an ordinary powi costs what it did."""
    if not _may_be_most_negative(n.peek) or _poison_at_negative_divisor(quotient, n.peek):
        return powi(x, n - 1)
    if isinstance(n.peek, ConstantInt):     # that integer itself
        return powi(x, n) / x
    most_negative = n.em.icmp("eq", n, n._lift(-(1 << (n.type.bits - 1))))
    power = powi(x, select(most_negative, n, n - 1))
    return select(most_negative, power / x, power)


def _may_be_most_negative(n) -> bool:
    if isinstance(n, ConstantInt):
        bits = n.type.bits
        return n.value % (1 << bits) == 1 << (bits - 1)
    return not known_non_negative(n)


def _poison_at_negative_divisor(quotient, n) -> bool:
    """Is `quotient` a division by `uitofp nneg n`, poison where n < 0?
    (clang's `pow(x, i) / i`.)  Such a quotient is used only where LLVM
    proved n >= 0, or is discarded (a select), its adjoint or tangent 0."""
    if quotient is None or not isinstance(quotient.peek, I.BinaryOp):
        return False
    divisor = quotient.peek.operands[1]
    return isinstance(divisor, I.Cast) and divisor.opcode == "uitofp" and \
        "nneg" in divisor.flags and divisor.operands[0] is n


# Partials from the argument alone, for rules that read their result: where
# nothing but the partial needs that result, the partial takes the argument
# and the call of the result dies (forward mode, the caller not wanting the
# primal: dead_primal.py `partials_from_arguments`; a reverse pass that
# would make the call again: `Emitter.recalls`).  tanh' is
# 1 - tanh(x)^2 = 1 / cosh(x)^2 = 4e / (1 + e)^2 with e = exp(-2|x|), which
# keeps its precision where 1 - tanh^2 cancels and is never infinite on the
# way: 1 / (cosh * cosh) overflowed past |x| = 355 (44 in float), which
# under fast-math's no-infinities promise made the tangent poison (fuzzer
# seed 7454: tanh(300 x + a), clang 19 -O2 -ffast-math, a finite wrong
# tangent, exit 0).  exp costs less than cosh.  expm1' is expm1(x) + 1 =
# exp(x), and exp costs half of expm1.
def _tanh_from_argument(x):
    e = exp(-2.0 * copysign(x, x._lift(1.0)))
    d = 1.0 + e
    return 4.0 * e / (d * d)


ARGUMENT_PARTIALS: Dict[str, Callable] = {"tanh": _tanh_from_argument, "expm1": exp}


def _result_or_argument(name: str, from_result):
    """A rule reading the result `r`, or the argument where reading r would
    make the call again (ARGUMENT_PARTIALS)."""
    return lambda x, r: (ARGUMENT_PARTIALS[name](x) if x.em.recalls(r) else from_result(r),)


_tanh = _result_or_argument("tanh", lambda r: 1.0 - r * r)
_expm1 = _result_or_argument("expm1", lambda r: r + 1.0)


PartialsRule = Callable[..., tuple]

RULES: Dict[str, PartialsRule] = {
    # instructions
    "fadd": lambda x, y, r: (1.0, 1.0),
    "fsub": lambda x, y, r: (1.0, -1.0),
    "fmul": lambda x, y, r: (y, x),
    "fdiv": _fdiv,
    "frem": lambda x, y, r: (1.0, -trunc(x / y)),
    "fneg": lambda x, r: (-1.0,),
    # intrinsics and libm
    "sin": lambda x, r: (cos(x),),
    "cos": lambda x, r: (-sin(x),),
    "tan": lambda x, r: (1.0 + r * r,),
    "exp": lambda x, r: (r,),
    "exp2": lambda x, r: (r * LN2,),
    "exp10": lambda x, r: (r * LN10,),
    "expm1": _expm1,
    "log": lambda x, r: (1.0 / x,),
    "log2": lambda x, r: (1.0 / (x * LN2),),
    "log10": lambda x, r: (1.0 / (x * LN10),),
    "log1p": lambda x, r: (1.0 / (x + 1.0),),
    # 0.5 * (1/r) is exactly 0.5/r, and LLVM merges its 1/r with that of a
    # division by r (x / sqrt(s), as in normalizing a vector).
    "sqrt": lambda x, r: (0.5 * (1.0 / r),),
    "cbrt": lambda x, r: (_cbrt_partial(x, r),),
    "pow": _pow,
    "powi": _powi,
    "fabs": lambda x, r: (copysign(x._lift(1.0), x),),
    "copysign": lambda x, y, r: (copysign(x._lift(1.0), x) * copysign(x._lift(1.0), y), None),
    "fma": lambda a, b, c, r: (b, a, 1.0),
    "fmuladd": lambda a, b, c, r: (b, a, 1.0),
    "minnum": _minimum, "maxnum": _maximum, "minimum": _minimum, "maximum": _maximum,
    "fmin": _minimum, "fmax": _maximum,
    "floor": lambda x, r: (None,), "ceil": lambda x, r: (None,),
    "trunc": lambda x, r: (None,), "round": lambda x, r: (None,),
    "rint": lambda x, r: (None,), "nearbyint": lambda x, r: (None,),
    "roundeven": lambda x, r: (None,),
    "sinh": lambda x, r: (cosh(x),),
    "cosh": lambda x, r: (sinh(x),),
    "tanh": _tanh,
    "asin": lambda x, r: (1.0 / sqrt(1.0 - x * x),),
    "acos": lambda x, r: (-(1.0 / sqrt(1.0 - x * x)),),
    "atan": lambda x, r: (1.0 / (1.0 + x * x),),
    # sqrt(x^2 + 1) and sqrt(x^2 - 1) without squaring x, which overflows
    # past 1e154 (the partial would be 0 where it is 1/|x|)
    "asinh": lambda x, r: (1.0 / hypot(x, x._lift(1.0)),),
    "acosh": lambda x, r: (1.0 / (sqrt(x - 1.0) * sqrt(x + 1.0)),),
    "atanh": lambda x, r: (1.0 / (1.0 - x * x),),
    "atan2": _atan2,
    "hypot": lambda x, y, r: (x / r, y / r),
    "ldexp": lambda x, n, r: (ldexp(x._lift(1.0), n), None),
    "scalbn": lambda x, n, r: (ldexp(x._lift(1.0), n), None),
    "fmod": lambda x, y, r: (1.0, -trunc(x / y)),
    "remainder": lambda x, y, r: (1.0, -rint(x / y)),
    "fdim": lambda x, y, r: (select(x > y, x._lift(1.0), x._lift(0.0)),
                             select(x > y, x._lift(-1.0), x._lift(0.0))),
    # frexp's mantissa is x / 2^e; modf's fraction x - trunc(x)
    "frexp": lambda x, e, r: (select(x.em.fcmp("oeq", x, x._lift(0.0)), x._lift(1.0), r / x),
                              None),
    "modf": lambda x, ip, r: (1.0, None),
    "logb": lambda x, r: (None,), "nextafter": lambda x, y, r: (1.0, None),
    "lgamma": lambda x, r: (digamma(x),),
    # the reentrant form stores the sign of gamma(x) through its pointer
    "lgamma_r": lambda x, sign, r: (digamma(x), None),
    "tgamma": lambda x, r: (r * digamma(x),),
    "j0": lambda x, r: (-j1(x),),
    "j1": lambda x, r: (j0(x) - j1(x) / x,),
    "y0": lambda x, r: (-y1(x),),
    "y1": lambda x, r: (y0(x) - y1(x) / x,),
    # integer order first: the recurrence J_n' = (J_{n-1} - J_{n+1}) / 2
    "jn": lambda n, x, r: (None, 0.5 * (jn(n - 1, x) - jn(n + 1, x))),
    "yn": lambda n, x, r: (None, 0.5 * (yn(n - 1, x) - yn(n + 1, x))),
    "erf": lambda x, r: (TWO_OVER_SQRT_PI * exp(-(x * x)),),
    "erfc": lambda x, r: (-(TWO_OVER_SQRT_PI * exp(-(x * x))),),
}


# Rules across two instructions: the partials of an instruction together
# with those of the value it consumes, which no other instruction uses
# (rule_fusion.py decides where one applies).  Operands: the inner
# instruction's; result: the outer one's.
# pow(x, y) / y with y finite, nonzero and inactive: (1/y) * (y * x^(y-1))
# is x^(y-1) in real arithmetic, one rounding instead of four, and no
# overflow of y * x^(y-1) where x^(y-1) itself is finite.  Keyed by the
# power's rule.
QUOTIENT_BY_EXPONENT: Dict[str, PartialsRule] = {
    "pow": lambda x, y, r: (pow(x, y - 1.0), None),
    "powi": lambda x, n, r: (_powi_one_lower(x, n, quotient=r), None),
}
FUSED_RULES: Dict[str, PartialsRule] = {
    f"{power}/exponent": rule for power, rule in QUOTIENT_BY_EXPONENT.items()}


def partials_rule(rule_name: str) -> PartialsRule:
    """The rule of RULES or FUSED_RULES named `rule_name`."""
    rule = RULES.get(rule_name)
    return rule if rule is not None else FUSED_RULES[rule_name]


# Rules whose partials are infinite or NaN at some finite inputs: sqrt and
# log at 0, 1/y at y = 0, asin at 1, a pole of lgamma.  A value computed
# there but not used (`x > 0 ? sqrt(x) : 0`, `y != 0 ? x / y : 0`) gets a
# zero adjoint, and 0 * inf would make the gradient NaN where it is 0; so
# their products with an adjoint or tangent are 0 wherever that is 0.
# pow's partial x^(y-1) is infinite at x = 0 for y < 1, or where it overflows.
SINGULAR = frozenset(("fdiv", "frem")) | SINGULAR_MATH_FUNCTIONS | frozenset(FUSED_RULES)
# Fast-math flags promising no infinities or NaNs make the guard moot where
# the primal result is infinite or NaN at the partial's singular points
# (x / 0, log(0)): the program promised that away.  Not where the result is
# finite there (sqrt(0) = 0; clang's fast-math pow(u, 2.5) is u*u*sqrt(u),
# whose derivative at u = 0 is 0 only through the guard): those rules keep it,
# and their partials and products drop the promise (`rule_flags`).
_NO_SPECIALS = frozenset(("fast", "nnan", "ninf"))
_SINGULAR_AT_FINITE = SINGULAR_AT_FINITE_RESULTS | frozenset(FUSED_RULES)
# What "fast" stands for (LangRef), less nnan and ninf.
_FAST_WITH_SPECIALS = ("reassoc", "nsz", "arcp", "contract", "afn")


def rule_flags(rule_name: str, flags, inst=None) -> tuple:
    """The fast-math flags a rule's partials are built with: the primal's,
    less nnan and ninf for rules singular where their result is finite,
    unless they are regular at `inst` (`_regular_here`), and for the other
    singular rules where the program may discard `inst`'s value (`_kept`):
    `y != 0 ? x / y : x` divides either way once LLVM has made it a select,
    and at y = 0 the promise does not cover the quotient."""
    if rule_name not in SINGULAR or not _NO_SPECIALS & set(flags):
        return tuple(flags)
    if rule_name in _SINGULAR_AT_FINITE:
        if _regular_here(rule_name, inst):
            return tuple(flags)
    elif not isinstance(inst, I.Instruction) or _kept(inst, inst.parent):
        return tuple(flags)
    expanded = [f for f in flags if f not in _NO_SPECIALS]
    if "fast" in flags:
        expanded += [f for f in _FAST_WITH_SPECIALS if f not in expanded]
    return tuple(expanded)


def _regular_here(rule_name: str, inst) -> bool:
    """Is `inst`'s partial finite wherever the program keeps its fast-math
    promise?  Where pow's constant exponent is outside [0, 1)
    (`_outside_zero_to_one`), where the argument of sqrt, cbrt or pow is
    known positive (`sqrt(1 + c*c)`), or where a division or logarithm that
    promised no infinities or NaNs is infinite if the result or argument is
    0: one in `inst`'s block dividing by it or by a product of it
    (`q / sqrt(r2)`, `1 / (r2 * sqrt(r2))`, `v / t + sqrt(t)`) or taking its
    log."""
    if not isinstance(inst, I.Instruction):
        return False
    args = list(inst.args if isinstance(inst, I.CallBase) else inst.operands)
    if rule_name in POWERS and len(args) == 2 and \
            _outside_zero_to_one(args[1], lambda: _kept(inst, inst.parent)):
        return True
    if rule_name in SINGULAR_ONLY_AT_ZERO and args and known_positive_float(args[0]):
        return True
    return any(_pole_at_zero(user, v, inst.parent)
               for v in [inst] + args[:1] for user in getattr(v, "users", ()))


def _outside_zero_to_one(c, kept: Callable[[], bool]) -> bool:
    """Is the constant exponent c >= 1 (0^(c-1) is finite) or < 0 (0^c is
    infinite: the result too, which the promise covers if the program
    `kept` the power, `_kept`)?  Only 0 <= c < 1 leaves a finite power with
    an infinite partial at 0."""
    if isinstance(c, ConstantFloat):
        return c.value is not None and (c.value >= 1 or c.value < 0 and kept())
    if isinstance(c, ConstantInt):
        bits = c.type.bits
        n = c.value % (1 << bits)
        return 1 <= n < 1 << (bits - 1) or n >= 1 << (bits - 1) and kept()
    return False


def _pole_at_zero(user, v, block) -> bool:
    """Is `user`, in `block` and promising no infinities or NaNs, infinite
    or NaN where `v` is 0: a division by v or by a product with v, or a log?"""
    if user.parent is not block or not _NO_SPECIALS & set(getattr(user, "flags", ())):
        return False
    if isinstance(user, I.BinaryOp) and user.opcode == "fmul":
        return any(_pole_at_zero(u, user, block) for u in user.users
                   if isinstance(u, I.BinaryOp) and u.opcode == "fdiv")
    if isinstance(user, I.BinaryOp) and user.opcode == "fdiv":
        return user.operands[1] is v and _kept(user, block)
    return called_math_function(user) in LOGARITHMS and user.args[0] is v and _kept(user, block)


def _kept(pole, block, limit: int = 64) -> bool:
    """Does the program keep `pole`'s value, so that its promise of no
    infinities or NaNs holds wherever `block` runs?  Not where every use of
    it in `block` ends in an arm of a select: LLVM computes both sides of
    `c ? a / r : r * a` and selects (clang 19 -O1 -ffast-math), and at r = 0
    the source never divided.  Any other use keeps it: a store, a return, a
    branch, a call, a phi, a use in another block, or none (the derivative's
    copy of the function has lost its return)."""
    seen, work = {id(pole)}, [pole]
    while work:
        v = work.pop()
        users = list(getattr(v, "users", ()))
        if not users:
            return True
        for user in users:
            if isinstance(user, I.Select) and user.operands[0] is not v:
                continue
            if user.parent is not block or isinstance(user, I.Phi) or \
                    isinstance(user, I.CallBase) and called_math_function(user) is None:
                return True
            if id(user) not in seen:
                if len(seen) >= limit:
                    return False
                seen.add(id(user))
                work.append(user)
    return False


# fmin and fmax (MATH_IGNORING_NAN) return the other operand where one is NaN,
# and that operand's tangent is NaN too (sqrt(-1)'s): its partial 0 must not
# make the result's tangent 0 * NaN.  In reverse mode the partial multiplies
# the result's adjoint, which that NaN never reaches.


def scaled(rule_name: str, partial: "Expr", d: "Expr", tangent: bool = False) -> "Expr":
    """partial * d, an adjoint or tangent `d`: 0 where `d` is 0 for SINGULAR
    rules (for a tangent also where the partial is 0), and 0 where the
    partial is 0 for a tangent of fmin/fmax, unless fast-math flags rule
    infinities and NaNs out."""
    product = partial * d
    if partial.constant() is not None or d.constant() is not None or \
            _NO_SPECIALS & set(d.em.flags):
        return product
    zero = d._lift(0.0)
    if tangent and rule_name in MATH_IGNORING_NAN:
        return select(partial.em.fcmp("oeq", partial, zero), zero, product)
    if rule_name not in SINGULAR:
        return product
    split = partial.em.finite_fast_branch(partial)
    if split is not None:
        usable, fast, slow, before = split
        return partial.em.branch(product.type, usable, lambda: fast() * d,
                                 lambda: scaled(rule_name, slow(), d, tangent), before=before + (d,))
    if tangent:     # an infinite tangent through a partial that underflowed to 0
        # (1 / (1 + exp(-x)) at x = -800, whose partial by the denominator
        # is -0): the partial, its sign kept
        product = select(partial.em.fcmp("oeq", partial, zero), partial, product)
    return select(d.em.fcmp("oeq", d, zero), zero, product)


# The vector variants of libm functions (x86 vector function ABI, unmasked,
# all arguments vectors: `_ZGVdN4v_sin`, `_ZGVbN2vv_pow`), which
# -fveclib=libmvec makes the vectorizer call.
# The rules of the LLVM instructions; every other rule is a math function's.
INSTRUCTION_RULES = frozenset(("fadd", "fsub", "fmul", "fdiv", "frem", "fneg"))


def rule_name_for_call(callee_name: str) -> Optional[str]:
    """`llvm.sin.f64` -> `sin`, `sinf` -> `sin`, `erf` -> `erf`; else None."""
    return math_function(callee_name)


def rule_name_for_callee(fn) -> Optional[str]:
    """The rule a call of `fn` is differentiated with: the math function
    the user said it behaves like (enzyme_function_like), or its own."""
    like = function_like_names(fn.module).get(id(fn)) if fn.module is not None else None
    return math_function(like[1]) if like is not None else rule_name_for_call(fn.name)


def zero_derivative_outputs(call) -> list:
    """The pointer arguments a rule's call stores a float through whose
    derivative is 0 (modf's integral part): both modes set the derivative
    memory there to 0, as a store of a constant would."""
    at = MATH_FLOAT_OUTPUTS.get(rule_name_for_callee(call.called_function))
    if at is None or at >= len(call.args) or not call.args[at].type.is_pointer:
        return []
    return [call.args[at]]


def check_function_like(call) -> Optional[str]:
    """The rule of a call of a function marked enzyme_function_like("NAME"),
    or None for an unmarked callee.  Refused, at the call, when NAME has no
    rule or the call does not fit it (another arity, non-float arguments)."""
    fn = call.called_function
    like = function_like_names(fn.module).get(id(fn)) if fn.module is not None else None
    if like is None:
        return None
    name = like[1]
    rule = RULES.get(math_function(name) or "")
    if rule is None or math_function(name) in INSTRUCTION_RULES:
        raise DifferentiationError(
            f"'{fn.name}' is marked enzyme_function_like(\"{name}\"), but enzyme-opt has no "
            f"derivative rule for '{name}'", function=call.function, instruction=call)
    import inspect            # slow to import (ast, dis, tokenize): only for this check
    arity = len(inspect.signature(rule).parameters) - 1
    types = [a.type for a in call.args] + [call.type]
    if len(call.args) != arity or any(not t.is_float or t != call.type for t in types):
        raise DifferentiationError(
            f"'{fn.name}' is marked enzyme_function_like(\"{name}\"), but its signature does "
            f"not fit '{name}' ({arity} floating-point argument(s) of the result's type)",
            function=call.function, instruction=call)
    return math_function(name)
