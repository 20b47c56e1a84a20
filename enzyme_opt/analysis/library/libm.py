"""The math library: functions computing floats from floats, with derivative rules.

A call of a declaration named like a C math function (or an LLVM math
intrinsic, or a libmvec vector variant of one) computes a value from its
arguments and writes only through the pointers the function documents
(frexp, modf, lgamma_r).  The AD's rule table (ad/rules.py) has a
derivative for each of these names (ad/complex_calls.py for the complex
ones); memory analysis needs the names alone.
"""
from __future__ import annotations

from typing import Optional

from ...ir.compiled_regex import LazyPattern, compile_cached

MATH_FUNCTIONS = frozenset((
    "sin", "cos", "tan", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
    "sqrt", "cbrt", "pow", "powi", "fabs", "copysign", "fma", "fmuladd", "minnum", "maxnum",
    "minimum", "maximum", "fmin", "fmax", "floor", "ceil", "trunc", "round", "rint",
    "nearbyint", "roundeven", "sinh", "cosh", "tanh", "asin", "acos", "atan", "asinh", "acosh",
    "atanh", "atan2", "hypot", "ldexp", "scalbn", "fmod", "remainder", "fdim", "frexp", "modf",
    "logb", "nextafter", "lgamma", "lgamma_r", "tgamma", "j0", "j1", "y0", "y1", "jn", "yn",
    "erf", "erfc",
))

# The math functions LLVM 14 has as intrinsics (vector-capable, no errno): a
# rule may call `llvm.NAME.*` for these, the libm function for the others.
LLVM_MATH_INTRINSICS = frozenset((
    "sin", "cos", "exp", "exp2", "log", "log2", "log10", "sqrt", "pow", "powi", "fabs",
    "copysign", "floor", "ceil", "trunc", "round", "minnum", "maxnum", "fma", "fmuladd"))

# Math functions whose partials are infinite or NaN at some finite inputs
# (sqrt and log at 0, asin at 1, a pole of lgamma; the exponentials and the
# hyperbolic functions where they overflow, exp past 709.8: a program that
# caps or discards the infinite value, fmin(exp(x), c), gives its partial a
# zero adjoint): see ad/rules.py's SINGULAR.
SINGULAR_MATH_FUNCTIONS = frozenset((
    "fmod", "remainder", "sqrt", "cbrt", "log", "log2", "log10", "log1p", "pow", "powi",
    "asin", "acos", "acosh", "atanh", "atan2", "hypot", "lgamma", "lgamma_r", "tgamma", "j1",
    "y0", "y1", "jn", "yn", "exp", "exp2", "exp10", "expm1", "sinh", "cosh"))

# Those of them whose partials are infinite or NaN where their own result is
# finite: sqrt, cbrt and pow at 0, asin at 1, acosh at 1, atan2 and hypot at
# (0, 0), j1 at 0.  A fast-math promise of no infinities covers the
# program's values, not these partials (log's pole is the result's too).
SINGULAR_AT_FINITE_RESULTS = frozenset((
    "sqrt", "cbrt", "pow", "powi", "asin", "acos", "acosh", "atan2", "hypot", "j1", "jn"))

# Of those, the ones singular only where their first argument is 0 (finite
# for positive arguments), and the powers among them, regular at 0 where the
# exponent is at least 1.
SINGULAR_ONLY_AT_ZERO = frozenset(("sqrt", "cbrt", "pow", "powi"))
POWERS = frozenset(("pow", "powi"))
# Logarithms: infinite where their argument is 0.
LOGARITHMS = frozenset(("log", "log2", "log10"))
# Math functions whose results are never negative (or are NaN).
NON_NEGATIVE_MATH = frozenset(("fabs", "sqrt", "exp"))

# Math functions with an effect besides errno and signgam: writes through a pointer.
MATH_WITH_OTHER_EFFECTS = ("lgamma_r", "frexp", "modf")
# GNU's sincos(x, &s, &c) stores two math results through its pointers and
# returns nothing: the derivative's copy of a function computes them as the
# two calls it stands for (ad/prepare.py `results_through_pointers_as_calls`).
MATH_RESULTS_THROUGH_POINTERS = {"sincos": ("sin", "cos"), "sincosf": ("sinf", "cosf"),
                                 "sincosl": ("sinl", "cosl")}
# The global lgamma sets to the sign of gamma(x) (POSIX; glibc's alias): like
# errno, a status a program may read; where a module names it, its math calls
# are all kept (ad/dead_primal.py `math_status_read`).
SIGNGAM = ("signgam", "__signgam")
# Math functions that store a float of their result's type through a pointer
# argument (its index), a value whose derivative is 0: modf's integral part.
# The location's old derivative is overwritten with it.
MATH_FLOAT_OUTPUTS = {"modf": 1}
# Math functions returning the other operand where one is NaN (fmax(NaN, y)
# is y): the NaN operand's derivative does not reach the result.
MATH_IGNORING_NAN = ("minnum", "maxnum", "fmin", "fmax")
# The functions C libraries expand `errno` to a call of (its address): glibc
# and musl, macOS and the BSDs, Windows, Solaris, newlib.
ERRNO_ACCESSORS = ("__errno_location", "__error", "_errno", "___errno", "__errno")
# C library functions that print strerror(errno) (glibc, the BSDs' <err.h>);
# and the printf conversion that formats it (glibc's "%m", which snprintf can
# put into a string that chooses a path).
ERRNO_PRINTERS = ("perror", "warn", "vwarn", "err", "verr")
ERRNO_CONVERSION = "%m"
# The <fenv.h> functions that read the floating-point exception flags a math
# call raises (FE_INVALID for log(-1)): the flags, like errno, can choose a path.
FP_FLAG_READERS = ("fetestexcept", "fegetexceptflag", "fegetenv", "feholdexcept",
                   "feupdateenv", "llvm.get.fpenv")
# Everything that reads or sets the floating-point environment: the flags, the
# rounding mode.
FP_ENV_FUNCTIONS = FP_FLAG_READERS + ("fesetround", "fegetround", "fesetenv", "feclearexcept",
                                      "feraiseexcept", "fesetexceptflag", "llvm.get.rounding",
                                      "llvm.set.rounding", "llvm.set.fpenv", "llvm.reset.fpenv")
# C math functions with an LLVM intrinsic of the same meaning (LLVM 14 on).
MATH_AS_INTRINSIC = ("sin", "cos", "exp", "exp2", "log", "log2", "log10", "sqrt", "pow", "fabs",
                     "copysign", "floor", "ceil", "trunc", "round", "fma")

# Math functions LLVM computes on a vector with instructions, as on a
# scalar (x86-64 baseline): no library call to make lane by lane.
VECTOR_NATIVE_MATH = ("fabs", "copysign", "sqrt", "fma", "fmuladd", "minnum", "maxnum",
                      "minimum", "maximum")

# The fused multiply-adds a * b + c (clang contracts `s += a * b` into fmuladd).
FUSED_MULTIPLY_ADDS = ("fmuladd", "fma")
# Intrinsics cheap enough that the reverse pass recomputes them rather than tapes.
CHEAP_FLOAT_INTRINSICS = ("llvm.fmuladd.", "llvm.fma.")
# So are a float max and min, but only where a recomputed one returns the very
# operand the forward pass returned.  maximum and minimum order -0 below +0:
# always.  maxnum and minnum may return either zero of a tie (LLVM may commute
# their operands): only where the call's `nsz` flag makes the sign of a zero
# insignificant (`A = max(A, x[i])` under -ffast-math; its tape keeps A alone).
CHEAP_MINMAX_INTRINSICS = ("llvm.maximum.", "llvm.minimum.")
CHEAP_MINMAX_INTRINSICS_NSZ = ("llvm.maxnum.", "llvm.minnum.")
# Math functions whose derivative rule calls a partner on the same argument
# (sin' = cos, cos' = -sin), and which LLVM computes together with it by one
# sincos call where both sit in one block (ad/cache_policy.py: `_beside_partner`).
MATH_PARTNERS = {"sin": "cos", "cos": "sin"}
# Intrinsics the reverse pass recomputes rather than tapes inside loops only:
# one instruction, dearer than a stack slot read back, cheaper than a tape
# entry written and read back (ad/cache_policy.py: LOOP_FLOAT_OPS).
LOOP_FLOAT_INTRINSICS = ("llvm.sqrt.", "llvm.fabs.")

# Integer intrinsics that only compute: clang's clamped indices (`j == 0 ? 0 :
# j - 1` is `usub.sat(j, 1)`, `min(i + 1, n - 1)` an smin) are index arithmetic.
INTEGER_INTRINSICS = tuple(f"llvm.{n}." for n in (
    "smax", "smin", "umax", "umin", "abs", "uadd.sat", "usub.sat", "sadd.sat", "ssub.sat"))

# Intrinsics that give every copy of a call the same value for the same
# operands: exact, or correctly rounded.  Not llvm.fmuladd (each copy may be
# fused or not: LLVM fuses one with constant operands at -O3), nor a library
# function (folded at compile time with the compiler's libm in one copy,
# vectorized to another implementation in the other).
REPRODUCIBLE_INTRINSICS = tuple(f"llvm.{n}." for n in (
    "sqrt", "fabs", "copysign", "floor", "ceil", "trunc", "round", "roundeven", "rint",
    "nearbyint", "fma", "minnum", "maxnum", "minimum", "maximum", "vector.reduce.fmax",
    "vector.reduce.fmin", "vector.reduce.fmaximum", "vector.reduce.fminimum")) + \
    INTEGER_INTRINSICS

# Intrinsics that only compute: no memory is read or written (prefixes).
PURE_INTRINSICS = tuple(f"llvm.{n}." for n in (
    "fmuladd", "fma", "fabs", "sqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos",
    "pow", "powi", "minnum", "maxnum", "minimum", "maximum", "copysign", "floor", "ceil",
    "trunc", "round", "rint", "nearbyint")) + INTEGER_INTRINSICS

# Complex arithmetic of the compiler runtime and C99's complex functions:
# name -> the operation whose rule ad/complex_calls.py applies.
COMPLEX_FUNCTIONS = {"__muldc3": "mul", "__mulsc3": "mul", "__divdc3": "div",
                     "__divsc3": "div"}
for _op in ("exp", "log", "sqrt", "sin", "cos", "sinh", "cosh", "tan", "tanh", "abs", "arg"):
    COMPLEX_FUNCTIONS["c" + _op] = COMPLEX_FUNCTIONS["c" + _op + "f"] = _op
del _op

_VECTOR_VARIANT = LazyPattern(r"_ZGV[a-z]N\d+v+_(\w+)\Z")
_TYPE_PART = compile_cached(r"(v|nxv)?\d*(f|i|bf)\d+\Z")


def called_math_function(inst) -> Optional[str]:
    """The math function (`math_function`) instruction `inst` calls directly,
    or None (not a call, an indirect one, or another function)."""
    callee = getattr(inst, "called_function", None)
    return math_function(callee.name) if callee is not None else None


def math_function(callee_name: str) -> Optional[str]:
    """`llvm.sin.f64` -> `sin`, `sinf` -> `sin`, `_ZGVdN4v_exp` -> `exp`; else None."""
    if callee_name.startswith("llvm."):
        parts = [p for p in callee_name.split(".")[1:] if not _TYPE_PART.match(p)]
        name = ".".join(parts)
        return name if name in MATH_FUNCTIONS else None
    if callee_name in MATH_FUNCTIONS:
        return callee_name
    if callee_name[-1:] in ("f", "l") and callee_name[:-1] in MATH_FUNCTIONS:
        return callee_name[:-1]
    if callee_name in ("lgammaf_r", "lgammal_r"):
        return "lgamma_r"
    variant = _VECTOR_VARIANT.match(callee_name)
    if variant is not None:
        return math_function(variant.group(1))
    return None
