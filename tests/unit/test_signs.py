"""Integers known to be non-negative (analysis/signs.py), which lets the
powi rule convert its exponent as the primal does, or nonzero, which lets
pow(x, i) / i take one fused rule (ad/rule_fusion.py)."""
from enzyme_opt.analysis.signs import known_non_negative, known_nonzero, known_positive_float
from enzyme_opt.ir.parser import parse_module

COUNTERS = """
define void @f(i32 %n, i8 %b) {
entry:
  %w = zext i8 %b to i32
  br label %loop
loop:
  %up = phi i32 [ 1, %entry ], [ %up.next, %loop ]
  %wrapping = phi i32 [ 1, %entry ], [ %wrapping.next, %loop ]
  %down = phi i32 [ 100, %entry ], [ %down.next, %loop ]
  %mixed = phi i32 [ %up, %entry ], [ %down, %loop ]
  %masked = and i32 %down, %up
  %either = and i32 %mixed, %n
  %leak = and i32 %mixed, %down
  %up.next = add nuw nsw i32 %up, 1
  %wrapping.next = add nuw i32 %wrapping, 1
  %down.next = add nsw i32 %down, -1
  %sum = add nsw i32 %up, %w
  %half = lshr i32 %n, 1
  %done = icmp eq i32 %up.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""


def _values():
    fn = next(f for f in parse_module(COUNTERS).functions if f.name == "f")
    return {i.name: i for b in fn.blocks for i in b.instructions if i.name}


def test_proved_non_negative():
    v = _values()
    for name in ("w", "up", "up.next", "masked", "sum", "half"):
        assert known_non_negative(v[name]), name


def test_not_proved():
    v = _values()
    # add nuw only may pass INT_MAX; a counter stepping down may pass 0;
    # `mixed` reaches `down`; `either` ands two unknowns.  A failed proof
    # leaves no assumption behind for the next operand tried: `leak` tries
    # `down` again after `mixed` failed through it.
    for name in ("wrapping", "wrapping.next", "down", "down.next", "mixed", "either",
                 "leak"):
        assert not known_non_negative(v[name]), name


def test_proved_nonzero():
    v = _values()
    # `wrapping` steps by add nuw: never 0 again; `sum` adds the
    # non-negative w to up without signed wrap.
    for name in ("up", "up.next", "wrapping", "wrapping.next", "sum"):
        assert known_nonzero(v[name]), name


def test_nonzero_not_proved():
    v = _values()
    # `down` passes 0; `masked` may clear every bit; `w` is 0 where b is.
    for name in ("down", "down.next", "mixed", "masked", "w", "half"):
        assert not known_nonzero(v[name]), name


FLOATS = """
declare double @llvm.sqrt.f64(double)
declare double @llvm.fabs.f64(double)
declare double @exp(double)
define void @g(double %x, double %y) {
entry:
  %sq = fmul double %x, %x
  %xy = fmul double %x, %y
  %one.plus = fadd double %sq, 1.000000e+00
  %eps.plus = fadd double 1.000000e-12, %sq
  %abs = call double @llvm.fabs.f64(double %y)
  %norm = call double @llvm.sqrt.f64(double %one.plus)
  %norm0 = call double @llvm.sqrt.f64(double %sq)
  %sum2 = fadd double %sq, %abs
  %e = call double @exp(double %x)
  %e.plus = fadd double %e, 2.000000e+00
  %minus = fadd double %sq, -1.000000e+00
  %xy.plus = fadd double %xy, 1.000000e+00
  %zero.plus = fadd double %sq, 0.000000e+00
  ret void
}
"""


def test_positive_floats():
    """sqrt's partial is finite where its argument is positive (ad/rules.py
    `_regular_here`): a square plus a positive constant, a norm of that,
    exp plus a constant.  Not a bare square or absolute value (0 at 0), a
    square minus 1, a product of unknowns plus 1, a square plus 0."""
    fn = next(f for f in parse_module(FLOATS).functions if f.name == "g")
    v = {i.name: i for b in fn.blocks for i in b.instructions if i.name}
    for name in ("one.plus", "eps.plus", "norm", "e.plus"):
        assert known_positive_float(v[name]), name
    for name in ("sq", "xy", "abs", "norm0", "sum2", "e", "minus", "xy.plus", "zero.plus"):
        assert not known_positive_float(v[name]), name
