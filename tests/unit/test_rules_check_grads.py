"""check_grads over the rule table: every rule, in both modes, against central differences.

Each entry of `RULES` is called as a program would call it (an LLVM
instruction, an intrinsic or a libm function), differentiated by forward
and by reverse mode, and compared with central differences of the compiled
primal.  A rule added to the table without a case here fails
`test_every_rule_has_a_case`, so no rule goes untested.
"""
import ctypes
import math

import pytest

from enzyme_opt.ad.context import DerivativeContext
from enzyme_opt.ad.rules import INSTRUCTION_RULES, RULES
from enzyme_opt.analysis.library import MATH_FUNCTIONS
from enzyme_opt.ir import print_module
from enzyme_opt.ir.parser import parse_module

from .jit import Jit

# rule -> (how `%r` is computed from the active `%x` (and `%y`, `%z`), the point).
# Integer and pointer operands are constant; the primal's own points avoid kinks.
_UNARY_POINTS = {
    "sin": 0.4, "cos": 0.4, "tan": 0.4, "exp": 0.4, "exp2": 0.4, "exp10": 0.4,
    "expm1": 0.4, "log": 1.4, "log2": 1.4, "log10": 1.4, "log1p": 0.4, "sqrt": 1.4,
    "cbrt": 1.4, "fabs": -0.4, "floor": 1.4, "ceil": 1.4, "trunc": 1.4, "round": 1.4,
    "rint": 1.4, "nearbyint": 1.4, "roundeven": 1.4, "sinh": 0.4, "cosh": 0.4,
    "tanh": 0.4, "asin": 0.4, "acos": 0.4, "atan": 0.4, "asinh": 0.4, "acosh": 1.7,
    "atanh": 0.4, "lgamma": 2.3, "tgamma": 2.3, "j0": 1.3, "j1": 1.3, "y0": 1.3,
    "y1": 1.3, "erf": 0.4, "erfc": 0.4, "logb": 5.5,
}
_BINARY_POINTS = {
    "fadd": (0.4, 1.3), "fsub": (0.4, 1.3), "fmul": (0.4, 1.3), "fdiv": (0.4, 1.3),
    "frem": (3.4, 1.3), "pow": (1.4, 1.3), "atan2": (0.4, 1.3), "hypot": (0.4, 1.3),
    "fmod": (3.4, 1.3), "remainder": (3.4, 1.3), "fdim": (3.4, 1.3),
    "copysign": (0.4, -1.3), "fmin": (0.4, 1.3), "fmax": (0.4, 1.3),
    "nextafter": (0.4, 1.3), "minnum": (0.4, 1.3), "maxnum": (0.4, 1.3),
    "minimum": (0.4, 1.3), "maximum": (0.4, 1.3),
}
_INTRINSIC_ONLY = {"minnum", "maxnum", "minimum", "maximum", "fmuladd", "powi",
                   "roundeven"}
_INSTRUCTIONS = {"fadd", "fsub", "fmul", "fdiv", "frem", "fneg"}

# Rules with integer or pointer operands: the call, and the point of the active operand.
_SPECIAL = {
    "fneg": ("%r = fneg double %x", (0.4,)),
    "fma": ("%r = call double @fma(double %x, double %y, double %z)", (0.4, 1.3, -0.7)),
    "fmuladd": ("%r = call double @llvm.fmuladd.f64(double %x, double %y, double %z)",
                (0.4, 1.3, -0.7)),
    "powi": ("%r = call double @llvm.powi.f64.i32(double %x, i32 3)", (1.4,)),
    "ldexp": ("%r = call double @ldexp(double %x, i32 3)", (0.4,)),
    "scalbn": ("%r = call double @scalbn(double %x, i32 3)", (0.4,)),
    "jn": ("%r = call double @jn(i32 2, double %x)", (1.3,)),
    "yn": ("%r = call double @yn(i32 2, double %x)", (1.3,)),
    "frexp": ("%e = alloca i32\n  %r = call double @frexp(double %x, ptr %e)", (5.5,)),
    "modf": ("%i = alloca double\n  %r = call double @modf(double %x, ptr %i)", (5.5,)),
    "lgamma_r": ("%s = alloca i32\n  %r = call double @lgamma_r(double %x, ptr %s)", (2.3,)),
}


def _case(rule):
    if rule in _SPECIAL:
        return _SPECIAL[rule]
    if rule in _UNARY_POINTS:
        callee = f"llvm.{rule}.f64" if rule in _INTRINSIC_ONLY else rule
        return f"%r = call double @{callee}(double %x)", (_UNARY_POINTS[rule],)
    point = _BINARY_POINTS[rule]
    if rule in _INSTRUCTIONS:
        return f"%r = {rule} double %x, %y", point
    callee = f"llvm.{rule}.f64" if rule in _INTRINSIC_ONLY else rule
    return f"%r = call double @{callee}(double %x, double %y)", point


def test_every_rule_has_a_case():
    cased = set(_SPECIAL) | set(_UNARY_POINTS) | set(_BINARY_POINTS)
    assert set(RULES) <= cased, f"rules without a check: {sorted(set(RULES) - cased)}"


def _module(body: str, arity: int) -> str:
    params = ", ".join(f"double %{v}" for v in "xyz"[:arity])
    declared = set()
    decls = []
    for word in body.split():
        if word.startswith("@") and "(" in word:
            name = word[1:word.index("(")]
            if name not in declared:
                declared.add(name)
                decls.append(name)
    lines = []
    for name in decls:
        call = body[body.index("@" + name):]
        args = call[call.index("(") + 1:call.index(")")]
        types = ", ".join(a.strip().split()[0] for a in args.split(","))
        lines.append(f"declare double @{name}({types})")
    return "\n".join(lines) + f"\ndefine double @f({params}) {{\n  {body}\n  ret double %r\n}}\n"


def _storing_wrapper(d, n: int) -> str:
    """`gradient_into(x.., out)`: the gradients stored to out[], since a struct
    of three doubles is not returned in registers as C would return it."""
    params = ", ".join(f"double %a{k}" for k in range(n))
    args = ", ".join(f"double %a{k}" for k in range(n))
    rt = d.return_type
    lines = [f"define void @gradient_into({params}, ptr %out) {{",
             f"  %g = call {rt} @{d.name}({args}, double 1.0)"]
    for k in range(n):
        value = "%g" if n == 1 else f"%g{k}"
        if n > 1:
            lines.append(f"  %g{k} = extractvalue {rt} %g, {k}")
        lines.append(f"  %p{k} = getelementptr double, ptr %out, i64 {k}")
        lines.append(f"  store double {value}, ptr %p{k}")
    return "\n".join(lines + ["  ret void", "}", ""])


@pytest.mark.parametrize("mode", ["forward", "reverse"])
@pytest.mark.parametrize("rule", sorted(RULES))
def test_rule_matches_central_differences(rule, mode):
    body, point = _case(rule)
    module = parse_module(_module(body, len(point)), f"{rule}.ll")
    ctx, f = DerivativeContext(module), module.get("f")
    n = len(point)
    if mode == "forward":
        d = ctx.forward_derivative(f, ("dup",) * n, 1)
    else:
        d = ctx.combined_derivative(f, ("out",) * n, True)
    text = print_module(module)
    if mode == "reverse":
        text += _storing_wrapper(d, n)
    jit = Jit(text)
    c = ctypes.c_double
    primal = jit.function("f", c, *[c] * n)
    h = 1e-6
    want = []
    for k in range(n):
        up, down = list(point), list(point)
        up[k] += h
        down[k] -= h
        want.append((primal(*up) - primal(*down)) / (2 * h))
    if mode == "forward":
        tangent = jit.function(d.name, c, *[c] * (2 * n))
        got = []
        for k in range(n):
            args = []
            for j, v in enumerate(point):
                args += [v, 1.0 if j == k else 0.0]
            got.append(tangent(*args))
    else:
        out = (c * n)()
        jit.function("gradient_into", None, *[c] * n, ctypes.POINTER(c))(*point, out)
        got = list(out)
    for k, (g_, w) in enumerate(zip(got, want)):
        assert math.isclose(g_, w, rel_tol=1e-6, abs_tol=1e-7), (rule, mode, k, got, want)


def test_the_rules_are_the_instructions_and_the_catalogs_math_functions():
    """analysis/library.py names the math functions; each has a rule here, and
    the rule table has no other entries than those and the instructions'."""
    assert set(RULES) == set(MATH_FUNCTIONS) | set(INSTRUCTION_RULES)
