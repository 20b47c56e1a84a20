#!/usr/bin/env python3
"""Gradient fuzzer: random, self-checking C programs for Enzyme's C API.

`generate(seed)` writes one C program.  Its kernel

    double kernel(double *x, int n, double a, double b)

is built from features drawn per seed (arithmetic, libm, guards, branches,
loops with fixed and data-dependent trip counts, early exits, local and heap
arrays, structs with pointer fields, helpers, recursion, in-place mutation,
float/double mixes, memcpy, globals, function pointers; from seed 7000 also
heap blocks allocated on some paths, selects in loops, powers at 0, tanh and
expm1 kept, and zero forward seeds; from seed 8000 also rows whose bounds are
loaded from a table, 8- and 16-bit counters that wrap, min/max of fmuladd
operands in float and double, and pointer walks by 3, 5 or 6 bytes; from
seed 10800 also data moving through memory: a context struct beside x,
passed enzyme_const or enzyme_dup with a zeroed shadow, by-value structs,
returned pointers, scratch arrays, recursive helpers); from seed 12000,
three seeds in five pass the kernel a second pointer `ya` into x's own
array (at offsets 0 and K, each dup, dupnoneed or const: see "aliasing
arguments"), and the others add VLAs, switches with fallthrough, goto
loops, long double, double _Complex, vector extensions or varargs; from
seed 13000, half write the reverse call in arms clang merges (kernel or its
twin, x dupnoneed or dup: see "merged API calls"), with structs of a
double and a pointer copied by memcpy of n, or GNU sincos; from seed 13400,
every seed adds a search loop returning early, arrays of structs mixing
int and float fields, `double **` arguments or mutual recursion.  `main`
checks

  - reverse mode (`__enzyme_autodiff`, with a random activity per argument:
    active or constant scalars, x as dup, dupnoneed or const, x's shadow
    seeded with random weights w) against central differences of
    J = kernel(x, a, b) + w . x_after;
  - forward mode (`__enzyme_fwddiff`) along a random direction, for the
    returned tangent and for the tangent of x after the call;
  - that both calls leave x as a plain call does (for dup and const x).

A central difference is taken with two step sizes; a derivative passes if it
matches either, and a disagreement of both differences with each other (a kink
or a jump of a trip count between the points) skips the comparison rather than
calling a false mismatch.  Each mismatch prints `MISMATCH ...`; the program
exits 1 if there was any.

The same seed gives the same program: every feature draws from its own
`random.Random` seeded by (seed, position, feature name), so dropping features
(the minimizer) leaves the others unchanged.  The runner lives in
tools/fuzz_runner.py.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass, field

# ---------------------------------------------------------------- expressions

CONSTANTS = ["0.5", "0.7", "1.3", "2.0", "0.25", "1.5", "3.0"]


def _leaf(rng: random.Random, leaves: list[str]) -> str:
    if rng.random() < 0.2:
        return rng.choice(CONSTANTS)
    return rng.choice(leaves)


def _unary(fmt: str):
    return lambda sub: fmt.format(sub())


# Each form takes `sub`, a thunk that draws a smaller expression.  Arguments
# of log, sqrt, pow and divisions are kept away from poles and branch points,
# so every form is smooth except at the kinks of fabs/fmin/fmax/selects.
EXPR_FORMS = {
    "add": lambda sub: f"({sub()} + {sub()})",
    "sub": lambda sub: f"({sub()} - {sub()})",
    "mul": lambda sub: f"({sub()} * {sub()})",
    "div": lambda sub: f"({sub()} / (2.0 + cos({sub()})))",
    "sin": _unary("sin({})"),
    "cos": _unary("cos({})"),
    "tanh": _unary("tanh({})"),
    "atan": _unary("atan({})"),
    "exp": _unary("exp(0.3 * tanh({}))"),
    "expsmall": _unary("exp(0.2 * {})"),
    "expm1": _unary("expm1(0.3 * tanh({}))"),
    "sinh": _unary("sinh(tanh({}))"),
    "cosh": _unary("cosh(tanh({}))"),
    "erf": _unary("erf({})"),
    "asin": _unary("asin(0.5 * tanh({}))"),
    "log1p": _unary("log1p(fabs({}))"),
    "log2": _unary("log2(2.0 + sin({}))"),
    "cbrt": _unary("cbrt(2.0 + cos({}))"),
    "atan2": lambda sub: f"atan2({sub()}, 2.0 + cos({sub()}))",
    "hypot": lambda sub: f"hypot({sub()}, 0.5 + fabs({sub()}))",
    "fma": lambda sub: f"fma({sub()}, {sub()}, {sub()})",
    "exp2": _unary("exp2(0.5 * tanh({}))"),
    "log10": _unary("log10(2.0 + sin({}))"),
    "asinh": _unary("asinh({})"),
    "acosh": _unary("acosh(1.5 + fabs({}))"),
    "atanh": _unary("atanh(0.5 * tanh({}))"),
    "erfc": _unary("erfc({})"),
    "tgamma": _unary("tgamma(2.0 + sin({}))"),
    "lgamma": _unary("lgamma(2.0 + sin({}))"),
    "tan": _unary("tan(0.5 * tanh({}))"),
    "acos": _unary("acos(0.5 * tanh({}))"),
    "fdim": lambda sub: f"fdim({sub()}, {sub()})",
    "copysign": lambda sub: f"copysign({sub()}, {sub()})",
    "fmod": lambda sub: f"fmod({sub()}, 0.7)",
    "floor": lambda sub: (lambda e: f"(floor({e}) + {e})")(sub()),
    "powi": _unary("__builtin_powi({}, 3)"),
    "log": _unary("log(2.0 + sin({}))"),
    "sqrt": _unary("sqrt(2.5 + cos({}))"),
    "pow": lambda sub: f"pow(1.5 + sin({sub()}), {sub()})",
    "powc": _unary("pow(1.2 + tanh({}), 1.5)"),
    "fabs": _unary("fabs({})"),
    "fmin": lambda sub: f"fmin({sub()}, {sub()})",
    "fmax": lambda sub: f"fmax({sub()}, {sub()})",
    "guard": lambda sub: (lambda s: f"({s} > 0.0 ? sqrt({s}) : 0.0)")(sub()),
    "select": lambda sub: f"({sub()} > {sub()} ? {sub()} : {sub()})",
}

FLOAT_FORMS = {
    "logf": _unary("(double)logf(2.0f + sinf((float)({})))"),
    "sinf": _unary("(double)sinf((float)({}))"),
    "fmul": _unary("(double)((float)({}) * 1.25f)"),
    "expf": _unary("(double)expf(0.3f * tanhf((float)({})))"),
    "sqrtf": _unary("(double)sqrtf(2.0f + cosf((float)({})))"),
}


def expr(rng: random.Random, leaves: list[str], depth: int, forms=EXPR_FORMS) -> str:
    """A random double expression over `leaves`, at most `depth` deep."""
    if depth <= 0 or rng.random() < 0.2:
        return _leaf(rng, leaves)
    form = forms[rng.choice(sorted(forms))]
    return form(lambda: expr(rng, leaves, depth - 1))


def libm_expr(rng: random.Random, leaves: list[str], depth: int) -> str:
    """An expression whose outermost operation is a libm call."""
    libm = {k: v for k, v in EXPR_FORMS.items()
            if k not in ("add", "sub", "mul", "div", "select")}
    return expr(rng, leaves, max(depth, 1), libm) if rng.random() < 0.95 else \
        libm["sin"](lambda: expr(rng, leaves, depth - 1))


# ------------------------------------------------------------------- program


@dataclass
class Program:
    """What the features contribute: top-level text, kernel statements, flags."""
    n: int
    tops: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    uses_float: bool = False
    x_needs_shadow: bool = False  # x is written, or pointers to it are stored
    has_fnptr: bool = False
    ctx: bool = False     # the kernel takes a context `Ctx *c` (seeds >= MEMORY_FROM)
    ctx_px: bool = False  # the caller hangs x (and x's shadow) on the context
    alias: bool = False   # the kernel takes `double *ya` too, into x's array (seeds >= ALIAS_FROM)

    def block(self, *lines: str) -> None:
        self.body.append("  {\n" + "".join(f"    {ln}\n" for ln in lines) + "  }")


SCALARS = ["a", "b", "x[0]", "x[1]", "acc"]
ATTRS = ["static ", "__attribute__((noinline)) ", "", "static __attribute__((noinline)) "]


def _attr(rng: random.Random) -> str:
    return rng.choice(ATTRS)


# --------------------------------------------------------------- features
# Each feature draws from its own rng and adds one block to the kernel (and
# maybe helpers or globals).  `k` makes its names unique.


def feat_arith(p: Program, rng: random.Random, k: int) -> None:
    arith = {n: f for n, f in EXPR_FORMS.items() if n in ("add", "sub", "mul", "div")}
    p.block(f"acc += {expr(rng, SCALARS, 3, arith)};")


def feat_libm(p: Program, rng: random.Random, k: int) -> None:
    p.block(f"acc += {libm_expr(rng, SCALARS, 3)};")


def feat_guard(p: Program, rng: random.Random, k: int) -> None:
    t = expr(rng, SCALARS, 2)
    kind = rng.randrange(3)
    if kind == 0:
        p.block(f"double t = {t};", "acc += t > 0 ? sqrt(t) : 0;")
    elif kind == 1:
        p.block(f"double t = {t};", "acc += t > 0 ? log(t) : 0.5 * t;")
    else:
        p.block(f"double t = {t};", f"double u = {expr(rng, SCALARS, 1)};",
                "acc += fabs(t) > 0.1 ? u / t : u;")


def feat_branch(p: Program, rng: random.Random, k: int) -> None:
    cond = f"{expr(rng, SCALARS, 1)} > {expr(rng, SCALARS, 1)}"
    p.block(f"if ({cond}) acc += {expr(rng, SCALARS, 2)};",
            f"else acc -= {expr(rng, SCALARS, 2)};")


def feat_loop_fixed(p: Program, rng: random.Random, k: int) -> None:
    leaves = ["x[i]", "a", "b", "s"]
    if rng.random() < 0.5:
        p.block("double s = 0.0;", "for (int i = 0; i < n; i++)",
                f"  s += {expr(rng, leaves, 2)};", "acc += s;")
    else:  # a recurrence: each step reads the previous one
        p.block("double s = a;", "for (int i = 0; i < n; i++)",
                f"  s = 0.5 * s + {expr(rng, leaves, 2)};", "acc += s;")


def feat_loop_data(p: Program, rng: random.Random, k: int) -> None:
    start = expr(rng, SCALARS[:4], 1)
    if rng.random() < 0.5:
        p.block(f"double t = fabs({start}) + 0.5;", "int m = 0;",
                "while (t < 4.0 && m < 40) {",
                f"  t = t * 1.3 + 0.1 * {rng.choice(['a', 'b', 'x[0]'])} * {rng.choice(['a', 'b'])};",
                "  acc += 0.05 * t;", "  m++;", "}")
    else:
        p.block(f"int m = 1 + (int)(3.0 * fabs({start}));", "if (m > 12) m = 12;",
                "double s = 0.0;", "for (int j = 0; j < m; j++)",
                f"  s += {expr(rng, ['a', 'b', 'x[j % n]', 's'], 2)} / (double)(j + 1);",
                "acc += s;")


def feat_early_exit(p: Program, rng: random.Random, k: int) -> None:
    if rng.random() < 0.5:
        p.block("for (int i = 0; i < n; i++) {",
                f"  if (x[i] > {rng.choice(['1.2', '0.9', '1.4'])}) break;",
                f"  acc += {expr(rng, ['x[i]', 'a', 'b'], 2)};", "}")
    else:  # leaves the kernel before the remaining features
        p.block(f"if (acc > {rng.choice(['2.0', '5.0', '-1.0'])}) return acc * {expr(rng, SCALARS, 1)};")


def feat_local_array(p: Program, rng: random.Random, k: int) -> None:
    p.block("double loc[N];",
            f"for (int i = 0; i < n; i++) loc[i] = {expr(rng, ['x[i]', 'a', 'b'], 2)};",
            "for (int i = 0; i < n; i++)",
            f"  acc += loc[i] * loc[(i + {rng.randint(1, 3)}) % n];")


def feat_heap_array(p: Program, rng: random.Random, k: int) -> None:
    alloc = rng.choice(["(double *)malloc(n * sizeof(double))",
                        "(double *)calloc(n, sizeof(double))"])
    p.block(f"double *w = {alloc};",
            f"for (int i = 0; i < n; i++) w[i] = {expr(rng, ['x[i]', 'a', 'b'], 2)};",
            "for (int i = 1; i < n; i++) w[i] += 0.5 * w[i - 1];",
            "acc += w[n - 1];", "free(w);")


def feat_struct(p: Program, rng: random.Random, k: int) -> None:
    p.x_needs_shadow = True  # the struct holds x beside an active field
    v = f"View{k}"
    a1, a2, a3 = _attr(rng), _attr(rng), _attr(rng)
    p.tops.append(
        f"typedef struct {{ double *p; int n; double s; }} {v};\n"
        f"{a1}{v} mkview{k}(double *p, int n, double s) {{ {v} r = {{p, n, s}}; return r; }}\n"
        f"{a2}{v} rescale{k}({v} v, double k) {{ v.s = v.s * k; return v; }}\n"
        f"{a3}double viewdot{k}({v} v) {{\n"
        f"  double r = 0.0;\n"
        f"  for (int i = 0; i < v.n; i++) r += v.s * {expr(rng, ['v.p[i]', 'v.s'], 2)};\n"
        f"  return r;\n}}\n")
    p.block(f"{v} v = mkview{k}(x, n, {expr(rng, ['a', 'b'], 1)});",
            f"v = rescale{k}(v, {expr(rng, ['a', 'b'], 1)});",
            f"acc += viewdot{k}(v);")


def feat_helper(p: Program, rng: random.Random, k: int) -> None:
    p.tops.append(f"{_attr(rng)}double help{k}(double u, double v) {{\n"
                  f"  return {expr(rng, ['u', 'v'], 3)};\n}}\n")
    p.block(f"acc += help{k}({expr(rng, SCALARS, 1)}, {expr(rng, SCALARS, 1)});")


def feat_recursive(p: Program, rng: random.Random, k: int) -> None:
    p.tops.append(f"{_attr(rng)}double rec{k}(double u, int d) {{\n"
                  f"  if (d <= 0) return u;\n"
                  f"  return 0.5 * rec{k}({expr(rng, ['u'], 2)}, d - 1) + {expr(rng, ['u'], 1)};\n}}\n")
    p.block(f"acc += rec{k}({expr(rng, SCALARS, 1)}, {rng.randint(1, 4)});")


def feat_inplace(p: Program, rng: random.Random, k: int) -> None:
    p.x_needs_shadow = True
    if rng.random() < 0.5:
        p.block(f"for (int i = 0; i < n; i++) x[i] = {expr(rng, ['x[i]', 'a', 'b'], 2)};",
                "acc += x[n - 1];")
    else:
        p.tops.append(f"{_attr(rng)}void bump{k}(double *q, int m, double s) {{\n"
                      f"  for (int i = 0; i < m; i++) q[i] = {expr(rng, ['q[i]', 's'], 2)};\n}}\n")
        p.block(f"bump{k}(x, n, {expr(rng, ['a', 'b'], 1)});", "acc += x[0] * x[n - 1];")


def feat_float_mix(p: Program, rng: random.Random, k: int) -> None:
    p.uses_float = True
    p.block(f"float f = (float)({expr(rng, SCALARS, 1)});",
            f"f = f * 0.5f + (float){expr(rng, ['a', 'b'], 1)};",
            f"acc += {expr(rng, ['(double)f', 'a'], 2, {**FLOAT_FORMS, **EXPR_FORMS})};")


def feat_memcpy(p: Program, rng: random.Random, k: int) -> None:
    if rng.random() < 0.5:
        p.block("double tmp[N];", "memcpy(tmp, x, n * sizeof(double));",
                f"for (int i = 0; i < n; i++) tmp[i] *= {expr(rng, ['a', 'b', 'tmp[i]'], 1)};",
                "acc += tmp[0] + tmp[n - 1];")
    else:  # copies back into x
        p.x_needs_shadow = True
        p.block("double tmp[N];",
                f"for (int i = 0; i < n; i++) tmp[i] = {expr(rng, ['x[i]', 'a'], 2)};",
                "memcpy(x, tmp, n * sizeof(double));", "acc += x[1];")


def feat_global(p: Program, rng: random.Random, k: int) -> None:
    if rng.random() < 0.5:  # a global written with active values, then read
        p.tops.append(f"double g_state{k};\n")
        p.block(f"g_state{k} = {expr(rng, SCALARS, 2)};",
                f"acc += g_state{k} * {expr(rng, ['a', 'b', f'g_state{k}'], 1)};")
    else:  # a constant table
        vals = ", ".join(rng.choice(CONSTANTS) for _ in range(8))
        p.tops.append(f"static const double table{k}[8] = {{{vals}}};\n")
        p.block(f"for (int i = 0; i < n; i++) acc += table{k}[i] * {expr(rng, ['x[i]', 'a'], 1)};")


def feat_fnptr(p: Program, rng: random.Random, k: int) -> None:
    # A global, non-static function pointer: clang cannot see its target.
    p.has_fnptr = True
    p.tops.append(f"double fa{k}(double u) {{ return {expr(rng, ['u'], 2)}; }}\n"
                  f"double fb{k}(double u) {{ return {expr(rng, ['u'], 2)}; }}\n"
                  f"double (*fptr{k})(double) = fa{k};\n")
    p.block(f"acc += fptr{k}({expr(rng, SCALARS, 1)});")


def feat_switch(p: Program, rng: random.Random, k: int) -> None:
    cases = [f"    case {c}: acc += {expr(rng, ['x[i]', 'a', 'b'], 2)}; break;" for c in range(3)]
    p.block("for (int i = 0; i < n; i++) {", "  switch (i % 3) {",
            *[c.strip() for c in cases], "  }", "}")


def feat_helper_in_loop(p: Program, rng: random.Random, k: int) -> None:
    # Called once per iteration: its values are recorded per call.
    p.tops.append(f"{_attr(rng)}double step{k}(double u, double v) {{\n"
                  f"  if (u > v) return {expr(rng, ['u', 'v'], 2)};\n"
                  f"  return {expr(rng, ['u', 'v'], 2)};\n}}\n")
    p.block("for (int i = 0; i < n; i++)",
            f"  acc += step{k}(x[i], {expr(rng, ['a', 'b', 'acc'], 1)});")


def feat_nested_loop(p: Program, rng: random.Random, k: int) -> None:
    p.block("double m[N][N];",
            "for (int i = 0; i < n; i++)",
            f"  for (int j = 0; j < n; j++) m[i][j] = {expr(rng, ['x[i]', 'x[j]', 'a'], 2)};",
            "for (int i = 0; i < n; i++)",
            "  for (int j = 0; j < n; j++) acc += 0.1 * m[i][j] * m[j][i];")


def feat_struct_array(p: Program, rng: random.Random, k: int) -> None:
    p.x_needs_shadow = True  # pointers to x go into memory with active values
    p.tops.append(f"typedef struct {{ double w; double *p; }} Cell{k};\n")
    p.block(f"Cell{k} cells[N];",
            "for (int i = 0; i < n; i++) {",
            f"  cells[i].w = {expr(rng, ['x[i]', 'a', 'b'], 2)};",
            f"  cells[i].p = &x[(i + {rng.randint(0, 2)}) % n];", "}",
            "for (int i = 0; i < n; i++) acc += cells[i].w * *cells[i].p;")


def feat_alloc_helper(p: Program, rng: random.Random, k: int) -> None:
    p.tops.append(f"{_attr(rng)}double *fresh{k}(int m) {{\n"
                  f"  return (double *)malloc(m * sizeof(double));\n}}\n")
    p.block(f"double *w = fresh{k}(n);",
            f"for (int i = 0; i < n; i++) w[i] = {expr(rng, ['x[i]', 'a'], 2)};",
            f"for (int i = 0; i < n; i++) acc += w[i] * {expr(rng, ['w[(i + 1) % n]', 'b'], 1)};",
            "free(w);")


def feat_realloc(p: Program, rng: random.Random, k: int) -> None:
    p.block("double *w = (double *)malloc(2 * sizeof(double));",
            f"w[0] = {expr(rng, ['a', 'x[0]'], 2)};", f"w[1] = {expr(rng, ['b', 'x[1]'], 2)};",
            "w = (double *)realloc(w, n * sizeof(double));",
            "for (int i = 2; i < n; i++) w[i] = w[i - 1] * 0.5 + w[i - 2];",
            "acc += w[n - 1];", "free(w);")


def feat_mutating_helper(p: Program, rng: random.Random, k: int) -> None:
    p.x_needs_shadow = True
    p.tops.append(f"{_attr(rng)}double advance{k}(double *q, int m, double s) {{\n"
                  f"  double r = 0.0;\n"
                  f"  for (int i = 0; i < m; i++) {{\n"
                  f"    r += q[i] * s;\n"
                  f"    q[i] = {expr(rng, ['q[i]', 's', 'r'], 2)};\n  }}\n"
                  f"  return r;\n}}\n")
    p.block(f"acc += advance{k}(x, n, {expr(rng, ['a', 'b'], 1)});")


def feat_iterate(p: Program, rng: random.Random, k: int) -> None:
    # Newton's iteration for a square root, left when it has converged.
    p.tops.append(f"{_attr(rng)}double newton{k}(double v) {{\n"
                  f"  double r = v > 1.0 ? v : 1.0;\n"
                  f"  for (int i = 0; i < 60; i++) {{\n"
                  f"    double next = 0.5 * (r + v / r);\n"
                  f"    if (fabs(next - r) < 1e-15 * r) return next;\n"
                  f"    r = next;\n  }}\n  return r;\n}}\n")
    p.block(f"acc += newton{k}(1.5 + sin({expr(rng, SCALARS, 2)}));")


def feat_pointer_walk(p: Program, rng: random.Random, k: int) -> None:
    p.block("const double *q = x, *end = x + n;", "double s = 1.0;",
            f"while (q < end) {{ s = {expr(rng, ['s', '*q', 'a'], 2)}; q++; }}",
            "acc += tanh(s);")


def feat_float_helper(p: Program, rng: random.Random, k: int) -> None:
    p.uses_float = True
    p.tops.append(f"{_attr(rng)}float fhelp{k}(float u, float v) {{\n"
                  f"  return sinf(u) * v + expf(0.3f * tanhf(v)) + u * u * 0.25f;\n}}\n")
    p.block(f"acc += fhelp{k}((float)({expr(rng, SCALARS, 1)}), (float){expr(rng, ['a', 'b'], 1)});")


def feat_reverse_loop(p: Program, rng: random.Random, k: int) -> None:
    skip = rng.choice(["x[i] < 0.0", "i % 2 == 1", f"{expr(rng, ['x[i]', 'a'], 1)} > 1.0"])
    p.block("double s = 0.0;", "for (int i = n - 1; i >= 0; i--) {",
            f"  if ({skip}) continue;", f"  s = s * {expr(rng, ['a', 'b', 'x[i]'], 1)} + x[i];", "}",
            "acc += tanh(s);")


def feat_gather(p: Program, rng: random.Random, k: int) -> None:
    perm = [rng.randrange(8) for _ in range(8)]
    p.tops.append(f"static const int perm{k}[8] = {{{', '.join(map(str, perm))}}};\n")
    p.block(f"for (int i = 0; i < n; i++) acc += x[perm{k}[i] % n] * {expr(rng, ['x[i]', 'a', 'b'], 1)};")


def feat_scan(p: Program, rng: random.Random, k: int) -> None:
    # A prefix sum in place: each element reads the one the loop just wrote.
    p.block("double buf[N];", "for (int i = 0; i < n; i++) buf[i] = x[i];",
            f"for (int i = 1; i < n; i++) buf[i] = {expr(rng, ['buf[i]', 'buf[i - 1]', 'a'], 2)};",
            "acc += buf[n - 1] + 0.5 * buf[0];")


def feat_overlap(p: Program, rng: random.Random, k: int) -> None:
    # The helper's output and input overlap (out = in + 1): it must read
    # each input before the store that overwrites it.
    p.x_needs_shadow = True
    p.tops.append(f"{_attr(rng)}void smooth{k}(double *out, const double *in, int m, double s) {{\n"
                  f"  for (int i = 0; i < m; i++) out[i] = {expr(rng, ['in[i]', 's'], 2)};\n}}\n")
    p.block(f"smooth{k}(x + 1, x, n - 1, {expr(rng, ['a', 'b'], 1)});", "acc += x[n - 1] * x[1];")


def feat_matmul(p: Program, rng: random.Random, k: int) -> None:
    # A product of n x n matrices read from x: A and B may be the same
    # array, as when the kernel passes x for both.
    p.tops.append(f"{_attr(rng)}void matmul{k}(double *c, const double *pa, const double *pb, int m) {{\n"
                  f"  for (int i = 0; i < m; i++)\n"
                  f"    for (int j = 0; j < m; j++) {{\n"
                  f"      double s = 0.0;\n"
                  f"      for (int l = 0; l < m; l++) s += pa[i * m + l] * pb[l * m + j];\n"
                  f"      c[i * m + j] = s;\n    }}\n}}\n")
    second = rng.choice(["mat", "mat2"])
    p.block("double mat[N * N], mat2[N * N], prod[N * N];",
            "for (int i = 0; i < n * n; i++) {",
            f"  mat[i] = {expr(rng, ['x[i % n]', 'a', 'x[i / n]'], 1)};",
            f"  mat2[i] = {expr(rng, ['x[(i + 1) % n]', 'b'], 1)};", "}",
            f"matmul{k}(prod, mat, {second}, n);",
            "for (int i = 0; i < n * n; i++) acc += 0.1 * prod[i] * (1.0 + 0.01 * i);")


def feat_tree_recursion(p: Program, rng: random.Random, k: int) -> None:
    # Recursion on halves of an array through pointers.
    p.tops.append(f"{_attr(rng)}double split{k}(const double *q, int m, double s) {{\n"
                  f"  if (m == 1) return {expr(rng, ['q[0]', 's'], 2)};\n"
                  f"  int h = m / 2;\n"
                  f"  return split{k}(q, h, s) * {expr(rng, ['s'], 1)} + split{k}(q + h, m - h, s);\n}}\n")
    p.block(f"acc += split{k}(x, n, {expr(rng, ['a', 'b'], 1)});")


def feat_time_steps(p: Program, rng: random.Random, k: int) -> None:
    # Sweeps that update x in place, each reading neighbours the sweep has
    # already overwritten (Gauss-Seidel): a later step reads earlier stores.
    p.x_needs_shadow = True
    p.block(f"for (int t = 0; t < {rng.randint(2, 4)}; t++)",
            "  for (int i = 1; i < n; i++)",
            f"    x[i] = x[i] + 0.1 * {expr(rng, ['x[i - 1]', 'x[i]', 'a'], 2)};",
            "acc += x[n - 1];")


def feat_pingpong(p: Program, rng: random.Random, k: int) -> None:
    # Two buffers swapped by pointer after each step.
    p.block("double b0[N], b1[N];", "double *cur = b0, *nxt = b1;",
            "for (int i = 0; i < n; i++) cur[i] = x[i];",
            f"for (int t = 0; t < {rng.randint(2, 4)}; t++) {{",
            "  for (int i = 0; i < n; i++)",
            f"    nxt[i] = {expr(rng, ['cur[i]', 'cur[(i + 1) % n]', 'a'], 2)};",
            "  double *sw = cur; cur = nxt; nxt = sw;", "}",
            "acc += cur[0] + 0.5 * cur[n - 1];")


def feat_cond_store(p: Program, rng: random.Random, k: int) -> None:
    p.x_needs_shadow = True
    p.block("for (int i = 0; i < n; i++)",
            f"  if ({expr(rng, ['x[i]', 'a'], 1)} > {rng.choice(['0.0', '0.5', '-0.5'])}) x[i] = {expr(rng, ['x[i]', 'b'], 2)};",
            "acc += x[0] * x[n - 1];")


def feat_pick_pointer(p: Program, rng: random.Random, k: int) -> None:
    p.block("double loc[N];", f"for (int i = 0; i < n; i++) loc[i] = {expr(rng, ['x[i]', 'a'], 2)};",
            f"const double *q = {expr(rng, ['a', 'b'], 1)} > {expr(rng, ['x[0]', 'b'], 1)} ? x : loc;",
            f"for (int i = 0; i < n; i++) acc += q[i] * {expr(rng, ['loc[i]', 'b'], 1)};")


def feat_nested_data_loop(p: Program, rng: random.Random, k: int) -> None:
    # An inner loop whose trip count each outer iteration reads from x.
    p.block("for (int i = 0; i < n; i++) {",
            "  int m = 1 + (int)(2.0 * fabs(x[i]));",
            "  double s = x[i];",
            f"  for (int j = 0; j < m && j < 8; j++) s = {expr(rng, ['s', 'a', 'x[i]'], 2)};",
            "  acc += 0.1 * s;", "}")


# ------------------------------------------------ features of seeds >= 3000
# Shapes of the speed changes of issue 23: powers, cbrt and sin/cos read back
# in the reverse sweep, strided and pointer-walk loops (trip counts from end -
# start, `!=` exits with steps > 1), triangular nests, elements written by the
# previous iteration, begin/end vectors, reductions the vectorizer turns into
# vector code, global aliases and global pointers.

# (exponent, may the base be exactly 0 there: the partial c x^(c-1) is finite)
POW_EXPONENTS = [("0.5", False), ("2.0", True), ("-1.0", False), ("1.7", True),
                 ("3.0", True), ("1.0", True), ("0.0", True), ("2.5", True), ("-0.5", False)]


def feat_pow_readback(p: Program, rng: random.Random, k: int) -> None:
    # The power is used again after the call, so the reverse sweep has it at
    # hand and may take the partial as c * (pow / u); u is sometimes exactly 0
    # (a zero weight), where that quotient is 0/0 but the partial is finite.
    c, zero_ok = rng.choice(POW_EXPONENTS)
    integral = float(c) == int(float(c))
    if rng.random() < 0.5:
        base = expr(rng, SCALARS, 1)
        u = base if integral and float(c) > 0 else f"0.4 + fabs({base})"
        p.block(f"double u = {u};", f"double pw = pow(u, {c});",
                f"acc += pw * {expr(rng, ['a', 'b', 'pw'], 1)} + {expr(rng, ['pw', 'u', 'a'], 1)};")
        return
    weights = ", ".join(rng.choice(["0.0", "1.0", "0.5", "-1.5"] if zero_ok else ["1.0", "0.5", "2.0"])
                        for _ in range(8))
    p.tops.append(f"static const double zw{k}[8] = {{{weights}}};\n")
    if not zero_ok:
        u = f"0.3 + zw{k}[i] * fabs(x[i])"
    else:  # a non-integral power of a negative base is NaN
        u = f"zw{k}[i] * x[i]" if integral else f"fabs(zw{k}[i] * x[i])"
    p.block("for (int i = 0; i < n; i++) {", f"  double u = {u};", f"  double pw = pow(u, {c});",
            f"  acc += pw * {expr(rng, ['a', 'b', 'x[i]'], 1)} + 0.5 * pw * pw;", "}")


def feat_cbrt_readback(p: Program, rng: random.Random, k: int) -> None:
    # cbrt's partial from its result, 1 / (3 r^2) as (r / u) / 3; u of either sign.
    u = expr(rng, SCALARS, 2)
    if rng.random() < 0.5:
        p.block(f"double u = 0.2 + {u};", "double r = cbrt(u);",
                f"acc += r * {expr(rng, ['r', 'a', 'b'], 1)} + r * r;")
    else:
        p.block("for (int i = 0; i < n; i++) {", f"  double r = cbrt(x[i] - {rng.choice(['0.1', '0.9', '1.7'])});",
                f"  acc += r * {expr(rng, ['x[i]', 'a', 'r'], 1)};", "}")


def feat_sincos(p: Program, rng: random.Random, k: int) -> None:
    # sin and cos of one argument: the reverse sweep may recompute one beside
    # the other (one sincos call).
    kind = rng.randrange(3)
    if kind == 0:
        p.block(f"double u = {expr(rng, SCALARS, 2)};", "double sv = sin(u), cv = cos(u);",
                f"acc += sv * {expr(rng, ['cv', 'a', 'b'], 1)} + cv * cv;")
    elif kind == 1:
        p.block("for (int i = 0; i < n; i++) {", f"  double u = {expr(rng, ['x[i]', 'a', 'b'], 1)};",
                "  double sv = sin(u), cv = cos(u);",
                f"  acc += sv * cv * {expr(rng, ['x[i]', 'a'], 1)} + sv;", "}")
    else:  # in different blocks
        p.block("for (int i = 0; i < n; i++) {", f"  double u = {expr(rng, ['x[i]', 'a'], 1)};",
                "  double sv = sin(u);",
                f"  if (x[i] > {rng.choice(['0.7', '1.0', '-0.3'])}) acc += sv * cos(u);",
                "  else acc += sv * sv;", "}")


def feat_stride_walk(p: Program, rng: random.Random, k: int) -> None:
    # Pointer walks and counters with steps of 2 or 3: `!=` exits (the bound is
    # met exactly), `<` exits (passed), trip counts from end - start.
    step = rng.choice([2, 3])
    kind = rng.randrange(4)
    body = expr(rng, ['s', 'q[0]', 'q[1]' if step > 1 else 'q[0]', 'a'], 2)
    if kind == 0:
        p.block(f"const double *q = x, *end = x + {step} * (n / {step});", "double s = 0.5;",
                f"for (; q != end; q += {step}) s = {body};", "acc += tanh(s);")
    elif kind == 1:
        body = expr(rng, ['s', 'q[0]', 'a'], 2)
        p.block("const double *q = x + n % 2, *end = x + n;", "double s = 0.5;",
                f"while (q < end) {{ s = {body}; q += {step}; }}", "acc += tanh(s);")
    elif kind == 2:
        p.block(f"int m = {step} * (n / {step});", "double s = 0.0;",
                f"for (int i = 0; i != m; i += {step})",
                f"  s += {expr(rng, ['x[i]', 'x[i + 1]', 'a', 'b'], 2)};", "acc += s;")
    else:  # in place, x's elements in pairs
        p.x_needs_shadow = True
        p.block(f"for (double *q = x; q != x + {step} * (n / {step}); q += {step}) {{",
                f"  double t = {expr(rng, ['q[0]', 'q[1]', 'a'], 2)};",
                "  q[1] = q[0] * 0.5 + q[1];", "  q[0] = t;", "}", "acc += x[0] * x[1] + x[n - 1];")


def feat_triangular(p: Program, rng: random.Random, k: int) -> None:
    kind = rng.randrange(3)
    if kind == 0:
        p.block("double s = 0.0;", "for (int i = 0; i < n; i++)",
                f"  for (int j = 0; j < i; j++) s += {expr(rng, ['x[i]', 'x[j]', 'a'], 2)};",
                "acc += s;")
    elif kind == 1:  # forward substitution: y[i] reads every y[j], j < i
        p.block("double y[N];", "for (int i = 0; i < n; i++) {",
                f"  double t = {expr(rng, ['x[i]', 'b'], 1)};",
                f"  for (int j = 0; j < i; j++) t -= 0.2 * {expr(rng, ['x[j]', 'a'], 1)} * y[j];",
                "  y[i] = t;", "}", "acc += y[n - 1] + 0.5 * y[0];")
    else:  # the upper triangle, in place in x (tanh: x[i] feeds every later
        # x[j], and an unbounded term, pow(c, x[i]), compounds to overflow)
        p.x_needs_shadow = True
        p.block("for (int i = 0; i < n; i++)",
                f"  for (int j = i + 1; j < n; j++) x[j] += 0.1 * tanh({expr(rng, ['x[i]', 'a'], 1)});",
                "acc += x[n - 1];")


def feat_prev_element(p: Program, rng: random.Random, k: int) -> None:
    # Each iteration reads the element the previous one wrote (a prefix sum
    # in place); some variants overwrite it again after the read.
    kind = rng.randrange(4)
    if kind == 0:
        p.x_needs_shadow = True
        p.block("for (int i = 1; i < n; i++)",
                f"  x[i] = x[i] + {expr(rng, ['x[i - 1]', 'a', 'x[i]'], 2)};", "acc += x[n - 1];")
    elif kind == 1:
        p.block("double y[N];", "y[0] = x[0];", "for (int i = 1; i < n; i++)",
                f"  y[i] = {expr(rng, ['y[i - 1]', 'x[i]', 'a'], 2)};", "acc += y[n - 1] * y[1];")
    elif kind == 2:  # reads y[i - 1], then overwrites it
        p.block("double y[N];", "for (int i = 0; i < n; i++) y[i] = x[i];",
                "for (int i = 1; i < n; i++) {", "  double t = y[i - 1];",
                f"  y[i] = {expr(rng, ['t', 'y[i]', 'a'], 2)};",
                f"  y[i - 1] = {expr(rng, ['t', 'b'], 1)};", "}",
                "for (int i = 0; i < n; i++) acc += y[i] * (1.0 + 0.1 * i);")
    else:  # a running sum in place in x, the sum read back
        p.x_needs_shadow = True
        p.block("double s = 0.0;", "for (int i = 0; i < n; i++) {",
                f"  s += {expr(rng, ['x[i]', 'a'], 1)};", "  x[i] = s;", "}",
                f"acc += {expr(rng, ['x[n - 1]', 'x[0]', 's'], 2)};")


def feat_begin_end(p: Program, rng: random.Random, k: int) -> None:
    # A vector as begin/end pointers, walked by pointer in helpers.
    v = f"Vec{k}"
    over_x = rng.random() < 0.5
    if over_x:
        p.x_needs_shadow = True
    p.tops.append(
        f"typedef struct {{ double *begin, *end; }} {v};\n"
        f"{_attr(rng)}double vsum{k}({v} v, double s) {{\n"
        f"  double r = 0.0;\n"
        f"  for (const double *q = v.begin; q != v.end; ++q) r += {expr(rng, ['*q', 's', 'r'], 2)};\n"
        f"  return r;\n}}\n"
        f"{_attr(rng)}void vscale{k}({v} *v, double s) {{\n"
        f"  for (double *q = v->begin; q < v->end; q++) *q = {expr(rng, ['*q', 's'], 2)};\n}}\n")
    lines = [f"{v} v;"]
    if over_x:
        lines += ["v.begin = x; v.end = x + n;"]
    else:
        lines += ["double buf[N];", f"for (int i = 0; i < n; i++) buf[i] = {expr(rng, ['x[i]', 'a'], 1)};",
                  "v.begin = buf; v.end = buf + n;"]
    if rng.random() < 0.6:
        lines.append(f"vscale{k}(&v, {expr(rng, ['a', 'b'], 1)});")
    lines.append(f"acc += vsum{k}(v, {expr(rng, ['a', 'b'], 1)});")
    p.block(*lines)


VECTOR_FORMS = {n: f for n, f in EXPR_FORMS.items() if n in ("add", "sub", "mul", "fabs", "fmin", "fmax")}


def feat_vector_reduce(p: Program, rng: random.Random, k: int) -> None:
    # Loops the vectorizer turns into vector code: reassociable sums become
    # vector.reduce.fadd, element-wise maps <2 x double> loads and stores.
    leaves = ["x[i]", "a", "b"]
    kind = rng.randrange(3)
    if kind == 0:
        p.block("double s = 0.0;", "for (int i = 0; i < n; i++) {",
                "#pragma clang fp reassociate(on)",
                f"  s += {expr(rng, leaves, 2, VECTOR_FORMS)};", "}", "acc += s;")
    elif kind == 1:
        p.block("double loc[N];",
                f"for (int i = 0; i < n; i++) loc[i] = {expr(rng, leaves, 2, VECTOR_FORMS)};",
                "double s = 0.0;", "for (int i = 0; i < n; i++) {",
                "#pragma clang fp reassociate(on)", "  s += loc[i] * loc[i];", "}",
                f"acc += s * {expr(rng, ['a', 'b'], 1)};")
    else:  # in place in x, then a dot product
        p.x_needs_shadow = True
        p.block(f"for (int i = 0; i < n; i++) x[i] = {expr(rng, leaves, 2, VECTOR_FORMS)};",
                "double s = 0.0;", "for (int i = 0; i < n; i++) {",
                "#pragma clang fp reassociate(on)",
                f"  s += x[i] * {expr(rng, ['x[i]', 'a'], 1, VECTOR_FORMS)};", "}", "acc += s;")


def feat_global_alias(p: Program, rng: random.Random, k: int) -> None:
    # A global written through an alias and read through its aliasee.
    p.tops.append(f"double gtarget{k}[8];\n"
                  f"extern double galias{k}[8] __attribute__((alias(\"gtarget{k}\")));\n")
    p.block(f"for (int i = 0; i < n; i++) galias{k}[i] = {expr(rng, ['x[i]', 'a'], 2)};",
            f"for (int i = 0; i < n; i++) acc += gtarget{k}[i] * {expr(rng, [f'galias{k}[(i + 1) % n]', 'b'], 1)};")


def feat_global_pointer(p: Program, rng: random.Random, k: int) -> None:
    # A global pointer its initializer sets (the caller could set it too):
    # read only, or pointed by the kernel at its own local array.
    vals = ", ".join(rng.choice(CONSTANTS) for _ in range(8))
    p.tops.append(f"static double gtab{k}[8] = {{{vals}}};\n"
                  f"double *gptr{k} = gtab{k};\n")
    if rng.random() < 0.75:
        p.block(f"for (int i = 0; i < n; i++) acc += gptr{k}[i] * {expr(rng, ['x[i]', 'a'], 2)};")
    else:
        p.block("double loc[N];", f"double *saved = gptr{k};", f"gptr{k} = loc;",
                f"for (int i = 0; i < n; i++) gptr{k}[i] = {expr(rng, ['x[i]', 'a'], 2)};",
                f"for (int i = 0; i < n; i++) acc += loc[i] * saved[i];", f"gptr{k} = saved;")


# ------------------------------------------------ features of seeds >= 5000
# The two cache rules of stop 38 (ad/cache_policy.py): a math call whose value
# feeds only sums is made again in the reverse (`_called_again`), and a
# one-block loop of float arithmetic and math calls summed into the return is
# rebuilt whole there (`_in_dead_sweep`).  The shapes they accept, and near
# misses where the forward value must be kept: stored, compared, squared
# into a product the reverse reads, the argument overwritten after the call,
# the sum used other than summed after the loop, a running product, a branch
# in the body; double or float.

# (double call, float call); arguments kept in each call's domain
SUM_CALLS = [("exp(0.3 * {})", "expf(0.3f * {})"), ("sin({})", "sinf({})"),
             ("log(2.0 + fabs({}))", "logf(2.0f + fabsf({}))"),
             ("sqrt(1.0 + {0} * {0})", "sqrtf(1.0f + {0} * {0})"),
             ("erf({})", "erff({})"), ("tanh({})", "tanhf({})"),
             ("cbrt({} + 3.0)", "cbrtf({} + 3.0f)"), ("exp2(0.5 * {})", "exp2f(0.5f * {})"),
             ("expm1(0.2 * {})", "expm1f(0.2f * {})"), ("cos({})", "cosf({})")]
SUM_NEAR_MISSES = ["stored", "stored_x", "compared", "product", "overwritten", "after",
                   "running", "branch", "select", "inactive_scale"]


def _sum_call(rng: random.Random, arg: str, single: bool) -> str:
    d, f = rng.choice(SUM_CALLS)
    return (f if single else d).format(arg)


def feat_called_again(p: Program, rng: random.Random, k: int) -> None:
    single = rng.random() < 0.35
    if single:
        p.uses_float = True
    t, lit = ("float", "f") if single else ("double", "")
    xi = "(float)x[i]" if single else "x[i]"
    c = lambda: _sum_call(rng, "u", single)
    u = f"{t} u = {xi} * {rng.choice(['0.7', '1.3', '-0.9'])}{lit} + ({t}){rng.choice(['a', 'b', '0.25'])};"
    accepted = rng.random() < 0.45
    if accepted:        # every call's value feeds only the sum
        kind = rng.randrange(3)
        if kind == 0:
            body = [u, f"s += {c()} * {c()} + {c()};"]
        elif kind == 1:  # calls of calls' results (the loop rebuilt whole)
            inner = c()
            body = [u, f"{t} d = ({inner} + 0.3{lit} * u) / {_sum_call(rng, '(u * u)', single)};",
                    f"s += u * {_sum_call(rng, 'd', single)} - {c()} * {_sum_call(rng, '(d - 0.2' + lit + ')', single)};"]
        else:            # scaled by an inactive value (the index)
            body = [u, f"s += ({t})(1 + i) * {c()} - {c()} / 3.0{lit};"]
        p.block(f"{t} s = 0;", "for (int i = 0; i < n; i++) {", *("  " + b for b in body), "}",
                "acc += s;")
        return
    miss = rng.choice(SUM_NEAR_MISSES)
    e = f"{t} e = {c()};"
    pre, post, after = [f"{t} s = 0;"], [], "acc += s;"
    if miss == "stored":
        pre.append(f"{t} keep[N];")
        body = [u, e, "keep[i] = e;", f"s += e * {xi};"]
        post = ["for (int i = 0; i < n; i++) acc += keep[i] * keep[(i + 1) % n];"]
    elif miss == "stored_x":
        p.x_needs_shadow = True
        body = [u, e, f"s += e * {xi};", f"x[i] = e{' * a' if rng.random() < 0.5 else ''};"]
    elif miss == "compared":
        body = [u, e, f"s += e > {rng.choice(['0.5', '1.0', '0.1'])}{lit} ? e * {xi} : e;"]
    elif miss == "product":
        body = [u, e, f"s += (e * e) * {'(float)' if single else ''}x[(i + 1) % n];"]
    elif miss == "overwritten":
        p.x_needs_shadow = True
        body = [f"{t} e = {_sum_call(rng, xi, single)};", "s += e;", f"x[i] = x[i] * 0.5 + {rng.choice(['a', 'b', '0.3'])};"]
    elif miss == "after":
        body, after = [u, f"s += {c()} * {c()};"], rng.choice(["acc += s * s;", "acc += sin(s);",
                                                               "acc += s * a;", "if (s > 1.0) acc += s; else acc -= s;"])
    elif miss == "running":
        pre = [f"{t} s = 1;"]
        body = [u, f"s = s * {c()} + {c()} * 0.5{lit};"]
    elif miss == "branch":
        body = [u, f"if (x[i] > {rng.choice(['0.7', '1.0'])}) s += {c()}; else s -= {c()} * u;"]
    elif miss == "select":
        body = [u, e, f"s += (u > 0.5{lit} ? e : -e) + {c()};"]
    else:  # inactive_scale: a product by an active value too
        body = [u, e, f"s += e * (({t})b + {xi});"]
    p.block(*pre, "for (int i = 0; i < n; i++) {", *("  " + b for b in body),
            "}", after, *post)


# ------------------------------------------------ features of seeds >= 7000
# Stop 39's speed rules, each a place a wrong derivative can hide: heap
# blocks allocated on some paths only, re-read in the reverse and freed in
# the allocation's reverse (analysis/memory.py heap_kept_until_reverse);
# one-block loops with compares and selects rebuilt whole in their reverse,
# a select rebuilt from its condition, atan2's partials; tanh' and expm1'
# from the argument; the fast-math singular guard (sqrt, cbrt, pow at 0,
# dropped where a division or log of the result promises the point away).
# Each with near misses: the block written or freed between the forward and
# the reverse, a phi of two allocations, the condition's memory overwritten,
# the value also stored, the division only on another path.


def feat_heap_some_paths(p: Program, rng: random.Random, k: int) -> None:
    cond = rng.choice([f"n > {rng.randint(2, 6)}", "x[0] > 0.9", "a > 0.8", "n > 0"])
    e = expr(rng, ["x[i]", "a", "b"], 2)
    miss = rng.choice(["plain", "plain", "rewritten", "freed_again", "two_allocs",
                       "size_maybe_zero", "helper_write", "scaled_in_place"])
    if miss == "size_maybe_zero":
        p.block(f"int m = {cond} ? n : 0;", "double *h = (double *)malloc(m * sizeof(double) + 1);",
                f"for (int i = 0; i < m; i++) h[i] = {e};",
                "for (int i = 0; i < m; i++) acc += h[i] * h[(i + 1) % m];", "free(h);")
        return
    if miss == "two_allocs":
        alloc = ("(double *)malloc(n * sizeof(double))", "(double *)calloc(n + 1, sizeof(double))")
    else:
        alloc = ("(double *)malloc(n * sizeof(double))", "0")
    pre = [f"double *h = {cond} ? {alloc[0]} : {alloc[1]};",
           f"if (h) for (int i = 0; i < n; i++) h[i] = {e};"]
    read = [f"for (int i = 0; i < n; i++) acc += h ? h[i] * {rng.choice(['x[(i + 1) % n]', 'h[i]', 'b'])}"
            f" : {rng.choice(['x[i] * b', 'a'])};"]
    if miss == "rewritten":       # the block written after its read
        post = ["if (h) for (int i = 0; i < n; i++) h[i] = 0.5 * h[i] + a;",
                "if (h) acc += 0.1 * h[n - 1];"]
    elif miss == "freed_again":   # freed, another block from the same call site
        post = ["free(h);", f"h = {cond} ? {alloc[0]} : 0;",
                "if (h) { for (int i = 0; i < n; i++) h[i] = x[i] * x[i]; acc += h[0]; }"]
    elif miss == "helper_write":
        a = _attr(rng)
        p.tops.append(f"{a}void scribble{k}(double *h, int n, double v) {{\n"
                      "  if (h) for (int i = 0; i < n; i++) h[i] = v * (double)i;\n}\n")
        post = [f"scribble{k}(h, n, {rng.choice(['a', 'x[0]', '2.0'])});",
                "if (h) acc += 0.25 * h[n - 1];"]
    elif miss == "scaled_in_place":
        read = ["if (h) for (int i = 0; i < n; i++) h[i] *= h[(i + 1) % n];"] + read
        post = []
    else:
        post = []
    p.block(*pre, *read, *post, "free(h);")


SELECT_BRANCHES = [("exp(0.3 * {})", "{} * {}"), ("sin({})", "0.5 * {}"),
                   ("sqrt(1.0 + {0} * {0})", "{}"), ("tanh({})", "1.0 - {}"),
                   ("atan2({}, 1.0 + b * b)", "atan2(0.5, {})")]


def feat_select_loop(p: Program, rng: random.Random, k: int) -> None:
    f, g = rng.choice(SELECT_BRANCHES)
    fu, gu = f.format("u", "u"), g.format("u", "u")
    thr = rng.choice(["0.5", "0.9", "1.1", "a"])
    u = f"double u = x[i] * {rng.choice(['0.7', '1.3', '-0.9'])} + {rng.choice(['a', 'b', '0.25'])};"
    miss = rng.choice(["plain", "plain", "fmax", "atan2", "cond_overwritten", "cond_in_memory",
                       "running_max", "slot_reread", "stored"])
    pre, post = ["double s = 0;"], []
    if miss == "plain":
        body = [u, f"s += u > {thr} ? {fu} : {gu};"]
    elif miss == "fmax":
        body = [u, f"s += {rng.choice(['fmax', 'fmin'])}({fu}, {gu}) * {rng.choice(['a', 'x[i]', '1.5'])};"]
    elif miss == "atan2":   # at (0, 0), where a weight is 0, only on the discarded side
        # (used there, its partials 0/0 meet the zero weights one step later:
        # NaN, the chain rule's limit, not a fault of the tool: seed 7024)
        p.tops.append(f"static const double aw{k}[8] = {{{', '.join(rng.choice(['0.0', '1.0', '-0.5']) for _ in range(8))}}};\n")
        body = [f"double y = aw{k}[i] * x[i], z = aw{k}[(i + 1) % 8] * {rng.choice(['a', 'x[i]'])};",
                f"s += (y != 0.0 ? atan2(y, z) * {rng.choice(['b', 'x[i]', '1.0'])} : z) + (y > z ? y : z);"]
    elif miss == "cond_overwritten":
        p.x_needs_shadow = True
        body = [u, f"int c = x[i] > {thr};", "x[i] = 0.5 * x[i] + u * b;",
                f"s += c ? {fu} : {gu};"]
    elif miss == "cond_in_memory":
        pre.append("double sel[N];")
        body = [u, f"sel[i] = u > {thr} ? 1.0 : -1.0;", f"s += sel[i] > 0 ? {fu} : {gu};"]
        post = ["for (int i = 0; i < n; i++) sel[i] = -sel[i];",
                "for (int i = 0; i < n; i++) acc += sel[i] * x[i];"]
    elif miss == "running_max":
        pre = ["double s = 0, m = -1e30;"]
        body = [u, "m = u > m ? u : m;", f"s += m * {fu};"]
    elif miss == "slot_reread":
        pre.append("double tmp[N];")
        body = [u, f"tmp[i] = {fu};", f"s += tmp[i] > {thr} ? tmp[i] * u : {gu};"]
        post = ["for (int i = 0; i < n; i++) tmp[i] = x[i] * a;",
                "for (int i = 0; i < n; i++) acc += tmp[i] * tmp[i];"]
    else:  # stored
        pre.append("double keep[N];")
        body = [u, f"double v = u > {thr} ? {fu} : {gu};", "keep[i] = v;", "s += v * u;"]
        post = ["for (int i = 0; i < n; i++) acc += keep[i] * keep[(i + 1) % n];"]
    p.block(*pre, "for (int i = 0; i < n; i++) {", *("  " + b for b in body), "}", "acc += s;", *post)


# (power, float version); the base is 0 at the point where the weight is 0
ZERO_POWERS = [("pow({}, 0.0)", "powf({}, 0.0f)"), ("pow({}, 0.5)", "powf({}, 0.5f)"),
               ("pow({}, 1.0)", "powf({}, 1.0f)"), ("pow({}, 2.5)", "powf({}, 2.5f)"),
               ("pow({}, 1.5)", "powf({}, 1.5f)"), ("sqrt({})", "sqrtf({})"),
               ("cbrt({})", "cbrtf({})"), ("pow({}, 2.0)", "powf({}, 2.0f)")]


def feat_pow_at_zero(p: Program, rng: random.Random, k: int) -> None:
    single = rng.random() < 0.3
    if single:
        p.uses_float = True
    t, lit, xi = ("float", "f", "(float)x[i]") if single else ("double", "", "x[i]")
    d, f = rng.choice(ZERO_POWERS)
    # sqrt, cbrt and pow(u, 0.5) at u = 0 have infinite partials: used there,
    # the adjoint times that partial meets u's zero weight one step later and
    # the gradient is NaN (the chain rule's limit, seeds 7036, 7039); only
    # where the value is discarded at 0 must it be 0 (the singular guard)
    singular = any(c in d for c in ("0.5)", "sqrt", "cbrt"))
    r = (f if single else d).format("u")
    weights = ", ".join(rng.choice(["0.0", "0.0", "1.0", "0.5"]) for _ in range(8))
    p.tops.append(f"static const double pz{k}[8] = {{{weights}}};\n")
    u = rng.choice([f"{t} u = ({t})pz{k}[i] * {xi} * {xi};",
                    f"{t} u = {xi} > 5.0{lit} ? {xi} : 0.0{lit};",
                    f"{t} u = fabs(({t})pz{k}[i] * {xi});"])
    neg = (f.replace(", 0.5f)", ", -0.5f)") if single else d.replace(", 0.5)", ", -0.5)")).format("u") \
        if "0.5" in d else f"1.0{lit} / {r}"
    other = f"({t})a * u"
    use = rng.choice([
        f"s += u > 1.0{lit} ? ({t})a / r : {other};",
        f"s += u > 1.0{lit} ? {neg} : {other};",
        f"if (u > 1.0{lit}) s += logf_or_log(r); else s += u * u + u;",
    ] if singular else [
        f"s += {r} * ({t})b;",
        f"s += u > 1.0{lit} ? ({t})a / r : r * ({t})a;",                # the division only on the other path
        f"s += u > 1.0{lit} ? {neg} : r;",                              # a pole on the other path
        f"if (u > 1.0{lit}) s += logf_or_log(r); else s += r * r + r;",
        f"s += r / (1.0{lit} + u) + r;",                                # a division by something else
        f"keep[i] = r; s += r * {xi};",                                  # also stored
    ]).replace("logf_or_log", "logf" if single else "log")
    p.block(f"{t} s = 0, keep[N];", "for (int i = 0; i < n; i++) keep[i] = 0;",
            "for (int i = 0; i < n; i++) {", f"  {u}", f"  {t} r = {r};", f"  {use}", "}",
            "acc += s;", "for (int i = 0; i < n; i++) acc += keep[i] * a;")


def feat_tanh_kept(p: Program, rng: random.Random, k: int) -> None:
    single = rng.random() < 0.3
    if single:
        p.uses_float = True
    t, lit, xi = ("float", "f", "(float)x[i]") if single else ("double", "", "x[i]")
    fn = rng.choice(["tanh", "expm1"]) + ("f" if single else "")
    scale = rng.choice(["0.7", "2.0", "-1.3"] + (["300.0", "-500.0"] if fn.startswith("tanh") else []))
    call = f"{fn}({xi} * {scale}{lit} + ({t})a)"
    miss = rng.choice(["plain", "stored_x", "stored_local", "compared", "arg_overwritten",
                       "returned_squared", "outside_loop"])
    if miss == "outside_loop":
        p.block(f"{t} e = {fn}(({t})x[0] * {scale}{lit} - ({t})b);",
                f"acc += e * {rng.choice(['a', 'x[1]', '1.0'])};")
        return
    pre, post = [f"{t} s = 0;"], []
    if miss == "plain":
        body = [f"s += {call} * {rng.choice(['b', '1.5'])};"]
    elif miss == "stored_x":
        p.x_needs_shadow = True
        body = [f"{t} e = {call};", "x[i] = e;", "s += e * b;"]
    elif miss == "stored_local":
        pre.append(f"{t} keep[N];")
        body = [f"{t} e = {call};", "keep[i] = e;", "s += e;"]
        post = ["for (int i = 0; i < n; i++) acc += keep[i] * keep[(i + 1) % n];"]
    elif miss == "compared":
        body = [f"{t} e = {call};", f"s += e > 0.3{lit} ? e * ({t})a : e;"]
    elif miss == "arg_overwritten":
        p.x_needs_shadow = True
        body = [f"{t} e = {call};", "x[i] = x[i] * 0.5 + b;", "s += e;"]
    else:
        body = [f"{t} e = {call};", "s += e * e;"]
    p.block(*pre, "for (int i = 0; i < n; i++) {", *("  " + b for b in body), "}", "acc += s;", *post)


def feat_csr_rows(p: Program, rng: random.Random, k: int) -> None:
    """Rows of x whose bounds are loaded from a table (CSR: j < rp[r + 1]),
    some rows empty: the reverse may load a bound again instead of taping
    the inner counter (perfloops, cache_policy.bound_at_exit).  The table
    constant, a local copy written after each row, rows behind a guard, or
    one of two tables picked at run time."""
    rows = rng.randint(2, 4)
    cuts = sorted(rng.randint(0, p.n) for _ in range(rows - 1))
    rp = ", ".join(map(str, [0, *cuts, p.n]))
    other = ", ".join(map(str, [0, *sorted(rng.randint(0, p.n) for _ in range(rows - 1)), p.n]))
    p.tops.append(f"static const int rp{k}[{rows + 1}] = {{{rp}}}, rq{k}[{rows + 1}] = {{{other}}};\n")
    body = expr(rng, ["x[j]", "x[r % n]", "a", "s"], 2)
    kind = rng.choice(["table", "written", "guarded", "picked"])
    pre, after_row = [f"const int *rp = rp{k};", "double s = 0.25;"], []
    if kind == "written":   # later rows start one earlier: bounds met stay in 0..n
        pre = [f"int rp[{rows + 1}];", f"for (int r = 0; r <= {rows}; r++) rp[r] = rp{k}[r];",
               "double s = 0.25;"]
        after_row = ["if (rp[r + 1] > rp[r]) rp[r + 1] -= 1;"]
    elif kind == "picked":
        pre[0] = f"const int *rp = x[0] > {rng.choice(['0.5', '0.9', 'a'])} ? rp{k} : rq{k};"
    # s through tanh: iterated, pow(c, s * x[j]) overflowed to inf, which
    # tanh(inf) = 1 hid from the result, and 0 * inf made the gradient NaN
    # in both modes (seed 8118 as first generated: the program's fault)
    inner = f"for (int j = rp[r]; j < rp[r + 1]; j++) s = tanh({body});"
    if kind == "guarded":
        inner = f"if (x[r % n] > {rng.choice(['0.4', '0.8', 'b'])}) " + inner
    p.block(*pre, f"for (int r = 0; r < {rows}; r++) {{", "  " + inner,
            *("  " + a for a in after_row), "}", "acc += tanh(s);")


NARROW_COUNTERS = [("unsigned char", 250, 1), ("unsigned char", 251, 2), ("signed char", 125, 1),
                   ("unsigned short", 65533, 1), ("unsigned short", 65532, 4), ("short", 32766, 1)]


def feat_narrow_counter(p: Program, rng: random.Random, k: int) -> None:
    """An 8- or 16-bit counter that wraps on purpose and meets its bound
    (the tape room counted in the counter's width: loops._wrapping_counter_bound),
    or an 8-bit one that wraps all the way round (256 iterations)."""
    t, start, step = rng.choice(NARROW_COUNTERS)
    body = expr(rng, ["s", "x[k]", "a"], 2)
    if rng.random() < 0.25 and t == "unsigned char":
        p.block("double s = 0.5;", f"unsigned char i = (unsigned char)({start} + n);",
                "do {", "  int k = i % n;", f"  s = tanh({body});",
                f"}} while (++i != (unsigned char)({start} + n));", "acc += s;")
        return
    p.block("double s = 0.5;",
            f"for ({t} i = ({t}){start}; i != ({t})({start} + {step} * n); i += {step}) {{",
            f"  int k = (({t})(i - ({t}){start}) / {step}) % n;", f"  s = tanh({body});", "}",
            "acc += s;")


def feat_minmax_fma(p: Program, rng: random.Random, k: int) -> None:
    """A float or double min/max whose operand u = x[i] * c + b is an
    llvm.fmuladd the reverse computes again (fuzzer seed 7242's class)."""
    fl = rng.random() < 0.5
    t, f, c = ("float", "f", rng.choice(["0.7f", "1.3f", "-0.9f"])) if fl else \
        ("double", "", rng.choice(["0.7", "1.3", "-0.9"]))
    p.uses_float = p.uses_float or fl
    mn, mx = (f"fmin{f}", f"fmax{f}")
    u = f"{t} u = ({t})x[i] * {c} + ({t}){rng.choice(['a', 'b'])};"
    kind = rng.choice(["pair", "running", "relu"])
    if kind == "pair":
        line = f"s += {rng.choice([mn, mx])}(u * u * ({t})0.3, ({t})0.5 * u) * x[i];"
    elif kind == "running":
        line = f"m = {rng.choice([mn, mx])}(m, u); s += m * x[i];"
    else:
        line = f"s += {mx}(u, ({t})0) * {rng.choice(['x[i]', 'a', '1.5'])};"
    p.block(f"double s = 0; {t} m = u0_{k}(x, a, b);", "for (int i = 0; i < n; i++) {",
            "  " + u, "  " + line, "}", "acc += s + m;")
    p.tops.append(f"static {t} u0_{k}(const double *x, double a, double b) "
                  f"{{ return ({t})(x[0] * 0.5 + a * b); }}\n")


def feat_odd_walk(p: Program, rng: random.Random, k: int) -> None:
    """A pointer walk by 3, 5 or 6 bytes (a table of index structs; clang
    15+ counts it in [B x i8] units: pointer_counters._counted_unit), forward or
    backward, maybe left early, beside a walk over x sharing the loop."""
    size = rng.choice([3, 5, 6])
    fields = {3: "unsigned char i, j, w;", 5: "unsigned char i, j, w, pad0, pad1;",
              6: "unsigned short i, j, w;"}[size]
    m = rng.randint(2, 7)
    entries = ", ".join(f"{{{rng.randrange(p.n)}, {rng.randrange(p.n)}, {rng.randint(1, 4)}}}"
                        for _ in range(m))
    p.tops.append(f"typedef struct {{ {fields} }} walk{k}_t;\n"
                  f"static const walk{k}_t walk{k}[{m}] = {{{entries}}};\n")
    body = expr(rng, ["s", "x[q->i]", "x[q->j]", "(double)q->w", "a"], 2)
    stop = f" if (s > {rng.choice(['2.0', '5.0', '50.0'])}) break;" if rng.random() < 0.4 else ""
    if rng.random() < 0.5:
        head = f"for (const walk{k}_t *q = walk{k}; q != walk{k} + {m}; q++) {{"
    else:
        head = f"for (const walk{k}_t *q = walk{k} + {m - 1}; q >= walk{k}; q--) {{"
    p.block("double s = 0.5;", head, f"  s = tanh({body});{stop}", "}", "acc += s;")


# ------------------------------------------------ features of seeds >= 10800
# Derivative data moving through memory (stop 47): a context struct the
# kernel gets beside x, passed enzyme_const or enzyme_dup with a zeroed
# shadow (`Program.ctx`), whose slots one helper writes and another reads
# (directly, through a function pointer in the struct or in a global, or
# the whole struct copied); structs passed and returned by value holding
# doubles and pointers; helpers returning a pointer into their argument's
# memory; static and global scratch arrays; recursive helpers whose depth
# comes from n.  A const context written with derivative data and read back
# must be refused (the derivative needs a shadow it does not have); read
# only, or given a shadow, it must come out right.


def _through(rng: random.Random, leaf: str, leaves: list[str], depth: int = 2) -> str:
    """An expression that surely depends on `leaf` (a drawn one may not)."""
    return f"0.5 * {leaf} + {expr(rng, leaves, depth)}"

CTX_TYPE = """\
/* The context the kernel gets beside x: constant doubles (scale), slots
   helpers write (val, keep), a pointer to x (px, set by the caller if
   CTX_PX), a small array and a pointer to it, a function pointer the kernel
   may set.  Passed enzyme_const, or enzyme_dup with a shadow of zeros (its
   pointers to the shadow's own array and to x's shadow). */
typedef struct Ctx {
  double scale, val, keep;
  double *px;
  double arr[4];
  double *parr;
  void (*put)(struct Ctx *, double);
} Ctx;
static void ctx_init(Ctx *c, double *x) {
  c->scale = 0.75, c->val = 0.25, c->keep = 0.0;
  c->px = CTX_PX ? x : 0;
  c->arr[0] = 0.5, c->arr[1] = -0.25, c->arr[2] = 1.5, c->arr[3] = 0.75;
  c->parr = c->arr;
  c->put = 0;
}
static void ctx_shadow(Ctx *d, double *dx) {
  memset(d, 0, sizeof *d);
  d->px = CTX_PX ? dx : 0;
  d->parr = d->arr;
}
/* The adjoints a reverse pass left in a shadow (of the context's inputs),
   cleared before another reverse on the same tape, as dx is: left, they
   seed the next pass's outputs (seed 11123, split "twice").  Its pointers
   stay, as the kernel may have set them. */
static __attribute__((unused)) void ctx_clear_adjoints(Ctx *d) {
  d->scale = d->val = d->keep = 0;
  for (int i = 0; i < 4; i++) d->arr[i] = 0;
}
"""


def feat_ctx_value(p: Program, rng: random.Random, k: int) -> None:
    """A double slot of the context one helper writes and another reads."""
    p.ctx = True
    f = rng.choice(["val", "keep"])
    p.tops.append(f"{_attr(rng)}void put{k}(Ctx *c, double v) {{ c->{f} = v; }}\n"
                  f"{_attr(rng)}double get{k}(const Ctx *c) {{ return c->{f}; }}\n")
    v = _through(rng, "x[1]", SCALARS)
    how = rng.choice(["direct", "field", "global", "memcpy", "assign", "deeper", "unread"])
    if how == "field":      # through a function pointer the kernel puts in the context
        put = [f"c->put = put{k};", f"c->put(c, {v});"]
    elif how == "global":   # non-static: clang cannot see its target
        p.tops.append(f"void (*gput{k})(Ctx *, double) = put{k};\n")
        put = [f"gput{k}(c, {v});"]
    elif how == "memcpy":   # the whole struct copied out, changed, copied back
        put = ["Ctx tmp;", "memcpy(&tmp, c, sizeof tmp);", f"tmp.{f} = {v};",
               "memcpy(c, &tmp, sizeof tmp);"]
    elif how == "assign":   # the same by struct assignment, in a helper
        p.tops.append(f"{_attr(rng)}void restamp{k}(Ctx *c, double v) {{\n"
                      f"  Ctx t = *c;\n  t.{f} = v * t.scale;\n  *c = t;\n}}\n")
        put = [f"restamp{k}(c, {v});"]
    elif how == "deeper":   # the store one call deeper
        p.tops.append(f"{_attr(rng)}void putput{k}(Ctx *c, double v) {{ put{k}(c, v * 0.5 + c->scale); }}\n")
        put = [f"putput{k}(c, {v});"]
    else:
        put = [f"put{k}(c, {v});"]
    read = [] if how == "unread" else [f"acc += get{k}(c) * {expr(rng, ['a', 'b', 'x[0]', 'c->scale'], 1)};"]
    p.block(*put, *read)


def feat_ctx_array(p: Program, rng: random.Random, k: int) -> None:
    """The context's array filled from x by one helper, summed by another,
    each through the array or the pointer to it (the same memory)."""
    p.ctx = True
    w, r = rng.choice(["arr", "parr"]), rng.choice(["arr", "parr"])
    p.tops.append(
        f"{_attr(rng)}void fillarr{k}(Ctx *c, const double *q, int m, double s) {{\n"
        f"  for (int i = 0; i < 4; i++) c->{w}[i] = {_through(rng, 'q[i % m]', ['q[i % m]', 's', 'c->arr[i]'])};\n}}\n"
        f"{_attr(rng)}double sumarr{k}(const Ctx *c, double s) {{\n"
        f"  double r = 0.0;\n"
        f"  for (int i = 0; i < 4; i++) r += c->{r}[i] * {expr(rng, ['c->arr[(i + 1) % 4]', 's'], 1)};\n"
        f"  return r;\n}}\n")
    p.block(f"fillarr{k}(c, x, n, {expr(rng, ['a', 'b'], 1)});",
            f"acc += sumarr{k}(c, {expr(rng, ['a', 'b'], 1)});")


def feat_ctx_pointer(p: Program, rng: random.Random, k: int) -> None:
    """x reached through the context's pointer: hung there by the kernel (a
    helper) or by the caller, read (and maybe scaled) by other helpers."""
    p.ctx = True
    p.x_needs_shadow = True
    caller = rng.random() < 0.3
    p.ctx_px = p.ctx_px or caller
    p.tops.append(
        f"{_attr(rng)}void attach{k}(Ctx *c, double *q) {{ c->px = q; }}\n"
        f"{_attr(rng)}double through{k}(const Ctx *c, int m, double s) {{\n"
        f"  double r = 0.0;\n"
        f"  for (int i = 0; i < m; i++) r += {_through(rng, 'c->px[i]', ['c->px[i]', 's'])};\n"
        f"  return r;\n}}\n"
        f"{_attr(rng)}void scalepx{k}(Ctx *c, int m, double s) {{\n"
        f"  for (int i = 0; i < m; i++) c->px[i] = {_through(rng, 'c->px[i]', ['c->px[i]', 's'], 1)};\n}}\n")
    lines = [] if caller else [f"attach{k}(c, x);"]
    if rng.random() < 0.4:
        lines.append(f"scalepx{k}(c, n, {expr(rng, ['a', 'b'], 1)});")
    lines.append(f"acc += through{k}(c, n, {expr(rng, ['a', 'b'], 1)});")
    p.block(*lines)


def feat_ctx_slot(p: Program, rng: random.Random, k: int) -> None:
    """A helper returning a pointer into the context (`&c->arr[i]`); the
    kernel stores through it and reads it back, or only reads."""
    p.ctx = True
    p.tops.append(f"{_attr(rng)}double *slot{k}(Ctx *c, int i) {{ return &c->arr[i & 3]; }}\n")
    j = rng.randrange(4)
    if rng.random() < 0.7:
        p.block(f"*slot{k}(c, {j}) = {_through(rng, 'x[0]', SCALARS)};",
                f"acc += *slot{k}(c, {j}) * {expr(rng, ['a', 'b'], 1)} + *slot{k}(c, {(j + 1) % 4});")
    else:  # read only: constants of the caller
        p.block(f"for (int i = 0; i < n; i++) acc += *slot{k}(c, i) * {expr(rng, ['x[i]', 'a'], 1)};")


def feat_ctx_readonly(p: Program, rng: random.Random, k: int) -> None:
    """The context's constants read, directly and through its pointer: no
    derivative flows through it, so a const context must pass too."""
    p.ctx = True
    p.block("for (int i = 0; i < n; i++)",
            f"  acc += c->scale * {expr(rng, ['x[i]', 'a'], 1)} + c->arr[i & 3] * "
            f"{expr(rng, ['x[i]', 'b'], 1)} + 0.5 * c->parr[(i + 1) & 3];")


def feat_ctx_recursive(p: Program, rng: random.Random, k: int) -> None:
    """A recursive helper, depth n, updating the context's slot at each level."""
    p.ctx = True
    p.tops.append(
        f"{_attr(rng)}double crec{k}(Ctx *c, const double *q, int d) {{\n"
        f"  if (d <= 0) return c->val;\n"
        f"  c->val = 0.5 * c->val + {_through(rng, 'q[d - 1]', ['q[d - 1]', 'c->scale', 'c->val'])};\n"
        f"  return crec{k}(c, q, d - 1) * 0.75 + 0.1 * c->val;\n}}\n")
    p.block(f"acc += crec{k}(c, x, n);", f"acc += {expr(rng, ['c->val', 'a'], 1)};")


def feat_byvalue(p: Program, rng: random.Random, k: int) -> None:
    """Structs of doubles and a pointer passed and returned by value, the
    pointer into x, a local array or (with a context) the context's array."""
    t = f"Pair{k}"
    p.tops.append(
        f"typedef struct {{ double u, v; double *p; }} {t};\n"
        f"{_attr(rng)}{t} mkpair{k}(double u, double *p) {{ {t} r = {{u, 0.5 * u, p}}; return r; }}\n"
        f"{_attr(rng)}{t} stepair{k}({t} q, double s) {{\n"
        f"  q.u = {_through(rng, 'q.p[0]', ['q.u', 'q.p[0]', 's'])};\n"
        f"  q.v += q.u * s;\n  q.p = q.p + 1;\n  return q;\n}}\n"
        f"{_attr(rng)}double usepair{k}({t} q) {{ return q.u * q.p[0] + q.v * q.p[-1]; }}\n")
    base = rng.choice(["x", "loc", "c->arr"] if p.ctx else ["x", "loc"])
    if base == "x":
        p.x_needs_shadow = True  # a pointer to x beside active doubles
    lines = ["double loc[N];",
             f"for (int i = 0; i < n; i++) loc[i] = {expr(rng, ['x[i]', 'a'], 1)};",
             f"{t} q = mkpair{k}({expr(rng, SCALARS, 1)}, {base});",
             f"q = stepair{k}(q, {expr(rng, ['a', 'b'], 1)});"]
    if rng.random() < 0.5:
        # p ends at base + 2, in bounds as n >= 3 (usepair reads p[0] and
        # p[-1]: p[1] read past the end where n = 3, seed 10815 as first drawn)
        lines.append(f"q = stepair{k}(q, {expr(rng, ['a', 'b'], 1)});")
    lines.append(f"acc += usepair{k}(q);")
    p.block(*lines)


def feat_returned_pointer(p: Program, rng: random.Random, k: int) -> None:
    """A helper returning a pointer into its argument's memory, stored
    through and read through (x, a local array or a heap block)."""
    p.tops.append(f"{_attr(rng)}double *at{k}(double *q, int i) {{ return q + i; }}\n")
    where = rng.choice(["x", "loc", "heap"])
    lines = []
    if where == "x":
        p.x_needs_shadow = True
        buf = "x"
    elif where == "loc":
        lines, buf = ["double loc[N];"], "loc"
    else:
        lines, buf = ["double *loc = (double *)malloc(N * sizeof(double));"], "loc"
    lines += [f"for (int i = 0; i < n; i++) *at{k}({buf}, i) = {_through(rng, 'x[i]', ['x[i]', 'a', 'b'])};",
              f"for (int i = 0; i < n; i++) acc += *at{k}({buf}, (i + 1) % n) * {expr(rng, ['x[i]', 'b'], 1)};"]
    if where == "heap":
        lines.append("free(loc);")
    p.block(*lines)


def feat_scratch(p: Program, rng: random.Random, k: int) -> None:
    """A static or global scratch array (or one a helper keeps in a
    function-local static) filled from x by one helper, read by another."""
    kind = rng.choice(["static", "global", "local_static"])
    if kind == "local_static":
        p.tops.append(f"{_attr(rng)}double *scratch{k}(void) {{ static double b[8]; return b; }}\n")
        s = f"scratch{k}()"
    else:
        p.tops.append(f"{'static ' if kind == 'static' else ''}double scratch{k}[8];\n")
        s = f"scratch{k}"
    p.tops.append(
        f"{_attr(rng)}void fill{k}(const double *q, int m, double s) {{\n"
        f"  for (int i = 0; i < m; i++) {s}[i] = {_through(rng, 'q[i]', ['q[i]', 's'])};\n}}\n"
        f"{_attr(rng)}double drain{k}(int m, double s) {{\n"
        f"  double r = 0.0;\n"
        f"  for (int i = 0; i < m; i++) r += {s}[i] * {expr(rng, [f'{s}[(i + 1) % m]', 's'], 1)};\n"
        f"  return r;\n}}\n")
    p.block(f"fill{k}(x, n, {expr(rng, ['a', 'b'], 1)});",
            f"acc += drain{k}(n, {expr(rng, ['a', 'b'], 1)});")


def feat_recursive_fill(p: Program, rng: random.Random, k: int) -> None:
    """A recursive helper, depth n - 1, filling a local array from x, each
    level reading what the deeper one wrote."""
    p.tops.append(
        f"{_attr(rng)}void rfill{k}(double *buf, const double *q, int d) {{\n"
        f"  if (d <= 0) {{ buf[0] = q[0]; return; }}\n"
        f"  rfill{k}(buf, q, d - 1);\n"
        f"  buf[d] = {_through(rng, 'q[d]', ['buf[d - 1]', 'q[d]'])};\n}}\n")
    p.block("double buf[N];", f"rfill{k}(buf, x, n - 1);",
            f"acc += buf[n - 1] + {expr(rng, ['buf[n / 2]', 'a'], 1)};")


MEMORY_FROM = 10800
MEMORY = {"ctx_value": (feat_ctx_value, 5), "ctx_array": (feat_ctx_array, 3),
          "ctx_pointer": (feat_ctx_pointer, 3), "ctx_slot": (feat_ctx_slot, 2),
          "ctx_readonly": (feat_ctx_readonly, 2), "ctx_recursive": (feat_ctx_recursive, 2),
          "byvalue": (feat_byvalue, 3), "returned_pointer": (feat_returned_pointer, 2),
          "scratch": (feat_scratch, 3), "recursive_fill": (feat_recursive_fill, 2)}


# From MEMORY2_FROM (the seeds before keep their programs): x hung on the
# context by paths other than a direct helper's store (a function pointer,
# a copy of the whole struct, a pointer received inside a by-value struct),
# the context itself passed and returned by value, and helpers returning
# the pointer the context holds.

def feat_ctx_attach_indirect(p: Program, rng: random.Random, k: int) -> None:
    """x hung on the context through a global function pointer, a function
    pointer the kernel puts in a local, a copy of the whole struct, or a
    pointer received inside a by-value struct; read through it after."""
    p.ctx = True
    p.x_needs_shadow = True
    how = rng.choice(["global_fnptr", "local_fnptr", "memcpy", "assign", "byvalue"])
    p.tops.append(
        f"{_attr(rng)}void hang{k}(Ctx *c, double *q) {{ c->px = q; }}\n"
        f"{_attr(rng)}double readx{k}(const Ctx *c, int m, double s) {{\n"
        f"  double r = 0.0;\n"
        f"  for (int i = 0; i < m; i++) r += {_through(rng, 'c->px[i]', ['c->px[i]', 's'])};\n"
        f"  return r;\n}}\n")
    if how == "global_fnptr":
        p.tops.append(f"void (*ghang{k})(Ctx *, double *) = hang{k};\n")
        attach = [f"ghang{k}(c, x);"]
    elif how == "local_fnptr":
        p.tops.append(f"void (*volatile vhang{k})(Ctx *, double *) = hang{k};\n")
        attach = [f"void (*h)(Ctx *, double *) = vhang{k};", "h(c, x);"]
    elif how == "memcpy":
        p.tops.append(f"{_attr(rng)}void hangcopy{k}(Ctx *c, double *q) {{\n"
                      f"  Ctx t;\n  memcpy(&t, c, sizeof t);\n  t.px = q;\n  memcpy(c, &t, sizeof t);\n}}\n")
        attach = [f"hangcopy{k}(c, x);"]
    elif how == "assign":
        p.tops.append(f"{_attr(rng)}void hangassign{k}(Ctx *c, double *q) {{\n"
                      f"  Ctx t = *c;\n  t.px = q;\n  *c = t;\n}}\n")
        attach = [f"hangassign{k}(c, x);"]
    else:
        p.tops.append(f"typedef struct {{ double *p; double w; }} Hold{k};\n"
                      f"{_attr(rng)}void hangheld{k}(Ctx *c, Hold{k} h) {{ c->px = h.p; c->keep = h.w; }}\n")
        attach = [f"Hold{k} h = {{x, 0.5}};", f"hangheld{k}(c, h);"]
    p.block(*attach, f"acc += readx{k}(c, n, {expr(rng, ['a', 'b'], 1)});")


def feat_ctx_byvalue(p: Program, rng: random.Random, k: int) -> None:
    """The context passed and returned by value: a copy changed and read
    (it has a shadow: must come out right), or the kernel's own context
    written and then copied into a by-value argument."""
    p.ctx = True
    p.tops.append(
        f"{_attr(rng)}Ctx withval{k}(Ctx cv, double v) {{ cv.val = v; cv.arr[1] = v * cv.scale; return cv; }}\n"
        f"{_attr(rng)}double readval{k}(Ctx cv, double s) {{ return cv.val * s + cv.arr[1] + cv.parr[2]; }}\n")
    v = _through(rng, "x[0]", SCALARS)
    s = expr(rng, ['a', 'b'], 1)
    kind = rng.choice(["copy", "copy", "written_first"])
    if kind == "copy":   # the copy is the kernel's local
        p.block(f"Ctx local = withval{k}(*c, {v});", f"acc += readval{k}(local, {s});")
    else:                # the context itself holds the derivative data
        p.block(f"c->val = {v};", f"acc += readval{k}(*c, {s});")


def feat_ctx_returns_pointer(p: Program, rng: random.Random, k: int) -> None:
    """A helper returning the pointer the context holds (x, or the context's
    own array), read through and maybe written through."""
    p.ctx = True
    to_x = rng.random() < 0.5
    if to_x:
        p.x_needs_shadow = True
    field = "px" if to_x else "parr"
    p.tops.append(f"{_attr(rng)}double *held{k}(const Ctx *c) {{ return c->{field}; }}\n")
    lines = [f"c->px = x;"] if to_x else []
    m = "n" if to_x else "4"
    if rng.random() < 0.5:
        lines.append(f"for (int i = 0; i < {m}; i++) held{k}(c)[i] = {_through(rng, 'x[i % n]', ['x[i % n]', 'a'], 1)};")
    lines.append(f"for (int i = 0; i < {m}; i++) acc += held{k}(c)[i] * {expr(rng, ['x[i % n]', 'b'], 1)};")
    p.block(*lines)


MEMORY2_FROM = 11040
MEMORY2 = {"ctx_attach_indirect": (feat_ctx_attach_indirect, 3),
           "ctx_byvalue": (feat_ctx_byvalue, 3), "ctx_returns_pointer": (feat_ctx_returns_pointer, 2)}


FEATURES = {
    "arith": (feat_arith, 3), "libm": (feat_libm, 4), "guard": (feat_guard, 2),
    "branch": (feat_branch, 2), "loop_fixed": (feat_loop_fixed, 3),
    "loop_data": (feat_loop_data, 2), "early_exit": (feat_early_exit, 1),
    "local_array": (feat_local_array, 2), "heap_array": (feat_heap_array, 2),
    "struct": (feat_struct, 2), "helper": (feat_helper, 2), "recursive": (feat_recursive, 1),
    "inplace": (feat_inplace, 2), "float_mix": (feat_float_mix, 1), "memcpy": (feat_memcpy, 1),
    "global": (feat_global, 1), "fnptr": (feat_fnptr, 0.15), "switch": (feat_switch, 1),
    "helper_in_loop": (feat_helper_in_loop, 2), "nested_loop": (feat_nested_loop, 1),
    "struct_array": (feat_struct_array, 1), "alloc_helper": (feat_alloc_helper, 1),
    "realloc": (feat_realloc, 1), "mutating_helper": (feat_mutating_helper, 1),
    "iterate": (feat_iterate, 1), "pointer_walk": (feat_pointer_walk, 1),
    "float_helper": (feat_float_helper, 1), "reverse_loop": (feat_reverse_loop, 1),
    "gather": (feat_gather, 1), "scan": (feat_scan, 1), "overlap": (feat_overlap, 1),
    "matmul": (feat_matmul, 1), "tree_recursion": (feat_tree_recursion, 1),
    "time_steps": (feat_time_steps, 1), "pingpong": (feat_pingpong, 1),
    "cond_store": (feat_cond_store, 1), "pick_pointer": (feat_pick_pointer, 1),
    "nested_data_loop": (feat_nested_data_loop, 1),
}


# Seeds below EXTENDED_FROM draw from the features they drew from when they
# were run (bench/results/fuzz-2026-11-26.md), so they stay the same programs.
EXTENDED_FROM = 3000
EXTENDED = {
    "pow_readback": (feat_pow_readback, 2), "cbrt_readback": (feat_cbrt_readback, 1),
    "sincos": (feat_sincos, 2), "stride_walk": (feat_stride_walk, 2),
    "triangular": (feat_triangular, 2), "prev_element": (feat_prev_element, 2),
    "begin_end": (feat_begin_end, 2), "vector_reduce": (feat_vector_reduce, 2),
    "global_alias": (feat_global_alias, 1), "global_pointer": (feat_global_pointer, 1),
}
ORIGINAL = sorted(FEATURES)
FEATURES.update(EXTENDED)
# Seeds from CACHE_RULES_FROM draw this too (bench/results/2026-11-28-fuzz5.md);
# the seeds below, up to 4999, keep the features fuzz4 ran them with.
CACHE_RULES_FROM = 5000
CACHE_RULES = {"called_again": (feat_called_again, 16)}
BEFORE_CACHE_RULES = sorted(FEATURES)
FEATURES.update(CACHE_RULES)
# Seeds from STOP39_RULES_FROM draw these too (bench/results/2026-11-28-fuzz6.md),
# and their forward calls may seed a scalar with 0.0, -0.0 or a zero known
# only at run time (api._zero_seeds_as_constants).
STOP39_RULES_FROM = 7000
STOP39_RULES = {"heap_some_paths": (feat_heap_some_paths, 6), "select_loop": (feat_select_loop, 8),
                "pow_at_zero": (feat_pow_at_zero, 8), "tanh_kept": (feat_tanh_kept, 6)}
BEFORE_STOP39_RULES = sorted(FEATURES)
FEATURES.update(STOP39_RULES)
# Seeds from STOP41_RULES_FROM draw these too (bench/results/2026-11-28-fuzz8.md):
# the shapes stop 41's speed rules and its min/max fix rest on.
STOP41_RULES_FROM = 8000
STOP41_RULES = {"csr_rows": (feat_csr_rows, 6), "narrow_counter": (feat_narrow_counter, 5),
                "minmax_fma": (feat_minmax_fma, 6), "odd_walk": (feat_odd_walk, 5)}
BEFORE_STOP41_RULES = sorted(FEATURES)
FEATURES.update(STOP41_RULES)
# Seeds from MEMORY_FROM draw as before, then one or two of these
# (bench/results/2026-11-29-fuzz47.md).
BEFORE_MEMORY = sorted(FEATURES)
FEATURES.update(MEMORY)
FEATURES.update(MEMORY2)


def draw_features(seed: int) -> list[str]:
    """The feature list of a seed: 3 to 7 features, drawn by weight (and
    from STOP50_FROM one or two of STOP50_SHAPES among them)."""
    drawn = _draw_alias_features(seed) if draw_family(seed) == "alias" else _draw_plain(seed)
    if seed >= STOP50_FROM:
        shapes = random.Random(f"stop50 shapes:{seed}")
        for name in shapes.sample(sorted(STOP50_SHAPES), k=shapes.randint(1, 2)):
            drawn.insert(shapes.randint(0, len(drawn)), name)
    return drawn


def _draw_plain(seed: int) -> list[str]:
    rng = random.Random(f"features:{seed}")
    names = ORIGINAL if seed < EXTENDED_FROM else \
        BEFORE_CACHE_RULES if seed < CACHE_RULES_FROM else \
        BEFORE_STOP39_RULES if seed < STOP39_RULES_FROM else \
        BEFORE_STOP41_RULES if seed < STOP41_RULES_FROM else BEFORE_MEMORY
    weights = [FEATURES[n][1] for n in names]
    drawn = rng.choices(names, weights, k=rng.randint(3, 7))
    if seed < MEMORY_FROM:
        return drawn
    if seed >= ALIAS_FROM:
        shapes = random.Random(f"shape features:{seed}")
        for name in shapes.choices(sorted(SHAPES), k=shapes.randint(1, 2)):
            drawn.insert(shapes.randint(0, len(drawn)), name)
    if seed >= MERGE_FROM:
        shapes = random.Random(f"merge shapes:{seed}")
        for name in shapes.sample(sorted(MERGE_SHAPES), k=shapes.randint(0, 2)):
            drawn.insert(shapes.randint(0, len(drawn)), name)
    mem = random.Random(f"memory features:{seed}")
    pool = {**MEMORY, **MEMORY2} if seed >= MEMORY2_FROM else MEMORY
    names = sorted(pool)
    extra = mem.choices(names, [pool[n][1] for n in names], k=mem.randint(1, 2))
    # among the others, so that a later feature may read what they left
    for name in extra:
        drawn.insert(mem.randint(0, len(drawn)), name)
    return drawn


# ------------------------------------------------------- aliasing arguments
# From ALIAS_FROM, a share of the seeds (`draw_family`) pass the kernel a
# second pointer `ya` into the caller's array beside x: the caller's buffer
# holds N = n + K doubles, x is at offset KX and ya at KY, one of them 0 and
# the other K, 0 <= K <= n + 1 (the same address, overlapping, adjacent or
# apart).  Each pointer is passed dup, dupnoneed or const (x's shadow and ya's
# are the same shadow array at the same offsets).  The checks difference the
# whole program: they perturb the doubles the duplicated pointers reach (the
# n from each), only those, and check the adjoints and tangents there.  A
# constant pointer into those doubles therefore sees them move, as the
# program does: the tool must give that derivative or refuse.


def feat_alias_read(p: Program, rng: random.Random, k: int) -> None:
    p.block("double s = 0.0;", "for (int i = 0; i < n; i++)",
            f"  s += {expr(rng, ['ya[i]', 'x[i]', 'a'], 2)};", "acc += s;")


def feat_alias_write(p: Program, rng: random.Random, k: int) -> None:
    """ya written from x, then x (perhaps what ya wrote) read."""
    order = rng.choice(["up", "down"])
    loop = "for (int i = 0; i < n; i++)" if order == "up" else "for (int i = n - 1; i >= 0; i--)"
    p.block(loop, f"  ya[i] = {expr(rng, ['ya[i]', 'x[i]', 'a', 'b'], 2)};",
            f"acc += {expr(rng, ['x[0]', 'x[n - 1]', 'ya[0]', 'a'], 2)};")


def feat_alias_write_x(p: Program, rng: random.Random, k: int) -> None:
    """x written from ya, then ya read."""
    p.x_needs_shadow = True
    p.block("for (int i = 0; i < n; i++)",
            f"  x[i] = {expr(rng, ['x[i]', 'ya[i]', 'a'], 2)};",
            f"acc += {expr(rng, ['ya[0]', 'ya[n - 1]', 'x[1]'], 2)};")


def feat_alias_fixed(p: Program, rng: random.Random, k: int) -> None:
    """Accesses at constant offsets only (known bytes: the tool may tell
    them apart)."""
    p.block(f"ya[0] = {expr(rng, ['x[0]', 'x[1]', 'ya[0]', 'a'], 2)};",
            f"acc += {expr(rng, ['ya[0]', 'ya[1]', 'x[0]'], 2)};")


def feat_alias_helper(p: Program, rng: random.Random, k: int) -> None:
    """A helper that writes one pointer from the other, either way round."""
    p.tops.append(f"{_attr(rng)}void mix{k}(double *p, const double *q, int m, double s) {{\n"
                  f"  for (int i = 0; i < m; i++) p[i] = {expr(rng, ['p[i]', 'q[i]', 's'], 2)};\n}}\n")
    if rng.random() < 0.5:
        p.block(f"mix{k}(ya, x, n, a);", "acc += x[n - 1] + ya[0];")
    else:
        p.x_needs_shadow = True
        p.block(f"mix{k}(x, ya, n, b);", "acc += ya[n - 1] * x[0];")


ALIAS_FROM = 12000
ALIAS = {"alias_read": (feat_alias_read, 2), "alias_write": (feat_alias_write, 3),
         "alias_write_x": (feat_alias_write_x, 2), "alias_fixed": (feat_alias_fixed, 2),
         "alias_helper": (feat_alias_helper, 2)}
FEATURES.update(ALIAS)


def draw_family(seed: int) -> str:
    """"plain" (as before ALIAS_FROM) or "alias" (the kernel takes ya)."""
    if seed < ALIAS_FROM:
        return "plain"
    return random.Random(f"family:{seed}").choices(["plain", "alias"], [2, 3])[0]


def _draw_alias_features(seed: int) -> list[str]:
    """The features of an alias seed: three to six as before stop 47 (no
    context: its pointer to x would need the offset too), one to three
    alias ones among them."""
    rng = random.Random(f"features:{seed}")
    drawn = rng.choices(BEFORE_MEMORY, [FEATURES[n][1] for n in BEFORE_MEMORY], k=rng.randint(2, 5))
    names = sorted(ALIAS)
    for name in rng.choices(names, [ALIAS[n][1] for n in names], k=rng.randint(1, 3)):
        drawn.insert(rng.randint(0, len(drawn)), name)
    return drawn


@dataclass
class Alias:
    """Where the caller's pointers are: x at KX, ya at KY, n doubles each,
    in an array of n + K; `ya` its activity; `hidden` when the offset is
    read from a volatile (the tool cannot see it)."""
    k: int
    ya_first: bool
    ya: str
    hidden: bool

    @property
    def kx(self) -> int:
        return self.k if self.ya_first else 0

    @property
    def ky(self) -> int:
        return 0 if self.ya_first else self.k


def draw_alias(seed: int, n: int) -> Alias:
    rng = random.Random(f"alias:{seed}")
    return Alias(rng.randint(0, n + 1), rng.random() < 0.3,
                 rng.choice(["dup", "dupnoneed", "const"]), rng.random() < 0.2)


# ------------------------------------------------ language shapes (12000 on)
# The plain seeds from ALIAS_FROM add one or two of these: C constructs the
# generator never wrote before.


def feat_vla(p: Program, rng: random.Random, k: int) -> None:
    """An array of n on the stack: a VLA or __builtin_alloca."""
    decl = rng.choice(["double v[n];", "double *v = (double *)__builtin_alloca(n * sizeof(double));"])
    p.block(decl, f"for (int i = 0; i < n; i++) v[i] = {expr(rng, ['x[i]', 'a', 'b'], 2)};",
            "for (int i = 1; i < n; i++) v[i] += 0.5 * v[i - 1];",
            f"acc += v[n - 1] * {expr(rng, ['v[0]', 'a'], 1)};")


def feat_switch_fallthrough(p: Program, rng: random.Random, k: int) -> None:
    """A switch on a value computed from the data, with fallthrough and a default."""
    cases = [f"case {c}: t += {expr(rng, ['x[i]', 'a', 't'], 2)};" + (" break;" if rng.random() < 0.5 else "")
             for c in range(3)]
    p.block("for (int i = 0; i < n; i++) {", "  double t = 0.0;",
            f"  switch ((int)(fabs({expr(rng, ['x[i]', 'a'], 1)}) * 3.0) % 4) {{",
            *[f"  {c}" for c in cases], f"  default: t -= {expr(rng, ['x[i]', 'b'], 1)};", "  }",
            "  acc += t;", "}")


def feat_goto_loop(p: Program, rng: random.Random, k: int) -> None:
    """A loop written with goto, leaving early by another goto."""
    p.block("int i = 0;", "double s = 0.0;", f"top{k}:", "if (i >= n) goto done" + f"{k};",
            f"s = 0.5 * s + {expr(rng, ['x[i]', 'a', 's'], 2)};",
            f"if (s > {rng.choice(['4.0', '9.0'])}) goto done{k};", "i++;", f"goto top{k};",
            f"done{k}:", "acc += s;")


def feat_long_double(p: Program, rng: random.Random, k: int) -> None:
    """x86 fp80 arithmetic (and a libm call in long double)."""
    call = rng.choice(["sinl(t)", "expl(0.3L * t)", "sqrtl(2.0L + t * t)", "t"])
    p.block("long double s = 0.0L;", "for (int i = 0; i < n; i++) {",
            f"  long double t = (long double)x[i] * (long double){rng.choice(['a', 'b'])};",
            f"  s += t * {call};", "}", "acc += (double)s;")


def feat_complex(p: Program, rng: random.Random, k: int) -> None:
    """double _Complex arithmetic: products, a quotient (__divdc3), parts."""
    op = rng.choice(["z * z", "z * w", "z / w", "z * w + z / (w + 2.0)"])
    p.block("double _Complex z = x[0] + x[1] * (__extension__ 1.0i);",
            f"double _Complex w = {expr(rng, ['a', 'b'], 1)} + 0.5 * (__extension__ 1.0i);",
            f"z = {op};", "acc += __real__ z * 0.7 + __imag__ z;")


def feat_vector_ext(p: Program, rng: random.Random, k: int) -> None:
    """GCC vector extensions: <2 x double> arithmetic and lane reads."""
    p.tops.append(f"typedef double v2d{k} __attribute__((vector_size(16)));\n")
    p.block(f"v2d{k} u = {{x[0], x[1]}};", f"v2d{k} s = {{a, b}};",
            f"u = u * u + s * u{rng.choice([' - 0.5', ' + s', ''])};",
            "acc += u[0] + 0.5 * u[1];")


def feat_varargs(p: Program, rng: random.Random, k: int) -> None:
    """A helper taking its doubles through `...`."""
    p.tops.append(f"#include <stdarg.h>\n{_attr(rng)}double vsum{k}(int m, ...) {{\n"
                  "  va_list ap;\n  va_start(ap, m);\n  double r = 0.0;\n"
                  "  for (int i = 0; i < m; i++) { double v = va_arg(ap, double); r += v * v; }\n"
                  "  va_end(ap);\n  return r;\n}\n")
    p.block(f"acc += vsum{k}(3, x[0], {expr(rng, ['a', 'x[1]'], 1)}, {expr(rng, ['b', 'x[n - 1]'], 1)});")


SHAPES = {"vla": (feat_vla, 2), "switch_fallthrough": (feat_switch_fallthrough, 2),
          "goto_loop": (feat_goto_loop, 2), "long_double": (feat_long_double, 2),
          "complex": (feat_complex, 2), "vector_ext": (feat_vector_ext, 2),
          "varargs": (feat_varargs, 2)}
FEATURES.update(SHAPES)


# ------------------------------------------------ merged API calls (13000 on)
# From MERGE_FROM, half the seeds write the reverse call in two or three arms
# chosen by a value read from a volatile: clang -O1 and above sink such calls
# into one call of a phi, select or table of the functions (kernel and its
# copy kernel_twin) or of the markers (x enzyme_dupnoneed in one arm,
# enzyme_dup in another: the checks of a dupnoneed x read no primal x, so
# both arms are right).  Every arm gives the same derivative.  The seeds
# also draw one of two shapes: an array of {double, double *} structs copied
# by memcpy of n (a run-time count), and GNU sincos called by name.


MERGE_FROM = 13000


@dataclass
class Merge:
    functions: list[str]   # the function of each arm
    markers: list[str]     # x's marker in each arm ("" for act's own)
    switch: bool           # a switch, else if/else
    pick: int              # the arm the run takes

    def arms(self, head: str, call: str) -> str:
        texts = []
        for fn, marker in zip(self.functions, self.markers):
            c = call.replace("(void *)kernel,", f"(void *){fn},", 1)
            if marker:
                c = c.replace("enzyme_dupnoneed, x", f"enzyme_{marker}, x", 1)
            texts.append(f"{head}({c});")
        if self.switch:
            cases = "".join(f" case {k}: {t} break;" for k, t in enumerate(texts[:-1]))
            return f"switch (merge_pick()) {{{cases} default: {texts[-1]} }}"
        return f"if (merge_pick() == 0) {{ {texts[0]} }} else {{ {texts[1]} }}"


def draw_merge(seed: int, act: Activity) -> "Merge | None":
    if seed < MERGE_FROM:
        return None
    rng = random.Random(f"merge:{seed}")
    if rng.random() < 0.5:
        return None
    ways = rng.choice([2, 2, 3])
    functions = [rng.choice(["kernel", "kernel_twin"]) for _ in range(ways)]
    markers = [""] * ways
    if act.x == "dupnoneed" and rng.random() < 0.6:
        markers = [rng.choice(["", "dup"]) for _ in range(ways)]
    if len(set(functions)) == 1 and len(set(markers)) == 1:
        functions[rng.randrange(ways)] = "kernel_twin" if functions[0] == "kernel" else "kernel"
    return Merge(functions, markers, ways == 3, rng.randrange(ways))


def _merge_prelude(merge: Merge) -> str:
    return (f"static int merge_pick(void) {{\n  volatile int m = {merge.pick};\n"
            "  return m;\n}\n")


def feat_struct_pointer_copy(p: Program, rng: random.Random, k: int) -> None:
    """Structs of a double and a pointer to x, copied by memcpy of n."""
    p.tops.append(f"typedef struct {{ double v; double *p; }} SP{k};\n")
    p.block(f"SP{k} src[N], dst[N];",
            f"for (int i = 0; i < n; i++) {{ src[i].v = {expr(rng, ['x[i]', 'a', 'b'], 2)}; "
            f"src[i].p = &x[{rng.choice(['(i + 1) % n', 'n - 1 - i', 'i'])}]; }}",
            f"memcpy(dst, src, n * sizeof(SP{k}));",
            f"for (int i = 0; i < n; i++) acc += dst[i].v * {rng.choice(['*dst[i].p', 'dst[i].p[0] * a'])};")


def feat_sincos_call(p: Program, rng: random.Random, k: int) -> None:
    """GNU sincos called by name, its results read from the two slots."""
    p.tops.append("void sincos(double, double *, double *);\n")
    p.block("for (int i = 0; i < n; i++) {", "  double sv, cv;",
            f"  sincos({expr(rng, ['x[i]', 'a', 'b'], 1)}, &sv, &cv);",
            f"  acc += sv * {expr(rng, ['cv', 'a'], 1)}{rng.choice([' + cv', ' - sv * sv', ''])};", "}")


MERGE_SHAPES = {"struct_pointer_copy": (feat_struct_pointer_copy, 2),
                "sincos_call": (feat_sincos_call, 2)}
FEATURES.update(MERGE_SHAPES)


# ---------------------------------------------- shapes users write (13400 on)
# From STOP50_FROM every seed (plain or alias) adds one or two of these: a
# search loop leaving a helper early on active data, an array of structs
# mixing int, long, float and double fields passed by pointer to a helper
# that updates it, pointer-to-pointer arguments (rows of a matrix, a cursor
# moved through `double **`), and mutual recursion along x.


STOP50_FROM = 13400


def feat_search_exit(p: Program, rng: random.Random, k: int) -> None:
    """A helper scanning q that skips some elements and returns from inside
    its loop once an active running sum passes a threshold."""
    skip = rng.choice(["q[i] < -1.0", "i % 3 == 2", "q[i] * t > 2.5"])
    p.tops.append(f"{_attr(rng)}double find{k}(const double *q, int m, double t) {{\n"
                  "  double s = 0.0;\n"
                  "  for (int i = 0; i < m; i++) {\n"
                  f"    if ({skip}) continue;\n"
                  f"    s += {expr(rng, ['q[i]', 't', 's'], 2)};\n"
                  f"    if (s > {rng.choice(['1.5', '3.0', '6.0'])}) return s * {expr(rng, ['q[i]', 't'], 1)};\n"
                  "  }\n  return s;\n}\n")
    if rng.random() < 0.5:
        p.block(f"acc += find{k}(x, n, {rng.choice(['a', 'b', '0.7'])});")
    else:  # the same shape inline, as a while with a compound condition
        p.block("int i = 0;", "double s = 0.0;",
                f"while (i < n && s < {rng.choice(['2.0', '4.0'])}) {{",
                f"  s += {expr(rng, ['x[i]', 'a', 's'], 2)};", "  i++;", "}",
                f"acc += s + find{k}(x + 1, n - 1, s);")


def feat_mixed_struct_array(p: Program, rng: random.Random, k: int) -> None:
    """Structs of int, double, long, float and double fields filled from x,
    passed by pointer to a helper that reads them by index and writes a
    double field back, then read again by the kernel."""
    p.uses_float = True
    p.tops.append(f"typedef struct {{ int id; double v; long tag; float w; double u; }} MX{k};\n")
    p.tops.append(f"{_attr(rng)}double mxsum{k}(MX{k} *r, int m, double s) {{\n"
                  "  double t = 0.0;\n"
                  "  for (int i = 0; i < m; i++) {\n"
                  f"    if (r[i].tag % {rng.choice(['2', '3'])} == 1) t += r[i].v * s;\n"
                  "    else t += r[i].u * (double)r[i].w;\n"
                  f"    r[i].v = {expr(rng, ['t', 'r[i].v', 'r[i].u'], 1)};\n"
                  "  }\n  return t;\n}\n")
    p.block(f"MX{k} r[N];", "for (int i = 0; i < n; i++) {",
            "  r[i].id = i;", f"  r[i].v = {expr(rng, ['x[i]', 'a'], 2)};",
            f"  r[i].tag = i * {rng.randint(1, 5)} + 1;",
            f"  r[i].w = (float)({expr(rng, ['x[i]', 'b'], 1)});",
            f"  r[i].u = x[{rng.choice(['(i + 1) % n', 'n - 1 - i'])}];", "}",
            f"acc += mxsum{k}(r, n, {rng.choice(['a', 'b', '1.3'])});",
            f"for (int i = 0; i < n; i++) acc += r[i].v * {rng.choice(['0.5', 'r[i].u', '(double)r[i].id'])};")


def feat_pointer_to_pointer(p: Program, rng: random.Random, k: int) -> None:
    """`double **` arguments: rows of a matrix (x and a scratch row), or a
    cursor into x a helper advances through its address."""
    if rng.random() < 0.5:
        p.x_needs_shadow = True      # x's address goes into memory beside active rows
        p.tops.append(f"{_attr(rng)}double rows{k}(double **rw, int r, int m) {{\n"
                      "  double s = 0.0;\n"
                      "  for (int j = 0; j < r; j++)\n"
                      f"    for (int i = 0; i < m; i++) s += rw[j][i] * {expr(rng, ['rw[r - 1 - j][i]', '(double)j'], 1)};\n"
                      "  return s;\n}\n")
        p.block("double tmp[N];",
                f"for (int i = 0; i < n; i++) tmp[i] = {expr(rng, ['x[i]', 'a', 'b'], 2)};",
                f"double *rw[2] = {{{rng.choice(['x, tmp', 'tmp, x'])}}};",
                f"acc += rows{k}(rw, 2, n);")
    else:
        p.x_needs_shadow = True      # the cursor's slot holds x's address (-O0)
        p.tops.append(f"{_attr(rng)}double step{k}(const double **pp, int by) {{\n"
                      "  double v = **pp;\n  *pp += by;\n"
                      f"  return {expr(rng, ['v', '(*pp)[0]'], 2)};\n}}\n")
        p.block("const double *cur = x;", "double s = 0.0;",
                f"for (int i = 0; i + {rng.choice(['1', '2'])} < n; i += 1) s += step{k}(&cur, 1);",
                f"acc += s + {expr(rng, ['cur[0]', 'a'], 1)};")


def feat_mutual_recursion(p: Program, rng: random.Random, k: int) -> None:
    """Two functions calling each other along x, one element a call."""
    def half(name: str, other: str, carry: str) -> str:
        return (f"double {name}{k}(const double *q, int m, double s) {{\n  if (m <= 0) return s;\n"
                f"  return {other}{k}(q + 1, m - 1, {carry});\n}}\n")
    attr = _attr(rng)
    p.tops.append(f"{attr}double odd{k}(const double *q, int m, double s);\n" +
                  _attr(rng) + half("even", "odd", f"s + {expr(rng, ['q[0]', 's'], 2)}") +
                  attr + half("odd", "even", expr(rng, ['q[0]', 's'], 2)))
    p.block(f"acc += even{k}(x, {rng.choice(['n', 'n - 1', '3'])}, {rng.choice(['a', 'b', '0.0'])});")


STOP50_SHAPES = {"search_exit": (feat_search_exit, 2),
                 "mixed_struct_array": (feat_mixed_struct_array, 2),
                 "pointer_to_pointer": (feat_pointer_to_pointer, 2),
                 "mutual_recursion": (feat_mutual_recursion, 2)}
FEATURES.update(STOP50_SHAPES)


# --------------------------------------------------------------- the checks


@dataclass
class Activity:
    a: bool
    b: bool
    x: str  # "dup", "dupnoneed" or "const"
    ctx: str = ""  # the context argument: "" (none), "const" or "dup"
    alias: Alias | None = None  # where x and ya are (seeds >= ALIAS_FROM)


def _pointer_args(kind: str, ptr: str, shadows: list[str]) -> str:
    if kind == "const":
        return f"enzyme_const, {ptr}"
    return f"enzyme_{kind}, {ptr}, " + ", ".join(shadows)


def _x_args(act: Activity, x: str, shadows: list[str]) -> str:
    """x's arguments of an API call (at offset KX in an alias seed)."""
    if act.alias is None:
        return _pointer_args(act.x, x, shadows)
    return _pointer_args(act.x, f"{x} + KX", [f"{sh} + KX" for sh in shadows])


def _ya_args(act: Activity, x: str, shadows: list[str]) -> str:
    """ya's trailing arguments (alias seeds only): offset KY into x's array."""
    if act.alias is None:
        return ""
    return ", " + _pointer_args(act.alias.ya, f"{x} + KY", [f"{sh} + KY" for sh in shadows])


def _n(act: Activity) -> str:
    return "enzyme_const, N" if act.alias is None else "enzyme_const, NK"


def draw_activity(rng: random.Random, p: Program) -> Activity:
    # Storing active values into x with x constant is the caller's error
    # (memory without a shadow), and storing a pointer to constant x into
    # active memory is refused by design: such kernels get a shadow for x.
    kinds = ["dup", "dupnoneed"] + ([] if p.x_needs_shadow else ["const"])
    return Activity(rng.random() < 0.8, rng.random() < 0.6, rng.choice(kinds))


def _vals(rng: random.Random, n: int, lo: float, hi: float, signed: bool = True) -> str:
    out = []
    for _ in range(n):
        v = rng.uniform(lo, hi) * (rng.choice([-1, 1]) if signed else 1)
        out.append(f"{v:.6f}")
    return ", ".join(out)


def _ctx(act: Activity, name: str, x: str, shadows: list[str]) -> tuple[str, str]:
    """(declarations, trailing arguments) of the context of one API call:
    `name` set up over `x`, its shadows (enzyme_dup) zeros over `shadows`."""
    if not act.ctx:
        return "", ""
    decl = f"Ctx {name}; ctx_init(&{name}, {x}); "
    if act.ctx == "const":
        return decl, f", enzyme_const, &{name}"
    ds = [f"d{name}{i}" for i in range(len(shadows))]
    decl += "".join(f"Ctx {d}; ctx_shadow(&{d}, {sh}); " for d, sh in zip(ds, shadows))
    return decl, f", enzyme_dup, &{name}" + "".join(f", &{d}" for d in ds)


def _rev_call(act: Activity, merge: "Merge | None" = None) -> tuple[str, str]:
    """The reverse call and how its result is read into ga/gb (with
    `merge`, in arms clang may merge back into one call)."""
    decl, ctx = _ctx(act, "cr", "x", ["dx"])
    args = ["(void *)kernel", _x_args(act, "x", ["dx"]), _n(act)]
    args.append("enzyme_out, a" if act.a else "enzyme_const, a")
    args.append("b" if act.b else "enzyme_const, b")
    call = ", ".join(args) + ctx + _ya_args(act, "x", ["dx"])
    if act.a and act.b:
        if merge:
            return f"{decl}Grad2 g; " + merge.arms("g = __enzyme_autodiff2", call), \
                "ga = g.d0; gb = g.d1;"
        return f"{decl}Grad2 g = __enzyme_autodiff2({call});", "ga = g.d0; gb = g.d1;"
    if act.a or act.b:
        target = "ga" if act.a else "gb"
        if merge:
            return decl + merge.arms(f"{target} = __enzyme_autodiff", call), ""
        return f"{decl}{target} = __enzyme_autodiff({call});", ""
    if merge:
        return decl + merge.arms("__enzyme_autodiff_void", call), ""
    return f"{decl}__enzyme_autodiff_void({call});", ""


def _fwd_call(act: Activity, seeds: dict[str, str]) -> str:
    args = ["(void *)kernel", _x_args(act, "x", ["tx"]), _n(act)]
    runtime = lambda v: "zero_at_run_time()" if seeds[v] == "runtime" else f"T{v.upper()}"
    args.append(f"a, {runtime('a')}" if act.a else "enzyme_const, a")
    args.append(f"b, {runtime('b')}" if act.b else "enzyme_const, b")
    decl, ctx = _ctx(act, "cf", "x", ["tx"])
    return decl + "double t = __enzyme_fwddiff(" + ", ".join(args) + ctx + \
        _ya_args(act, "x", ["tx"]) + ");"


# The forward seeds of a and b: a drawn value, or (seeds from
# STOP39_RULES_FROM) a zero written 0.0 or -0.0, or one known at run time.
ZERO_SEEDS = {"zero": "0.0", "negzero": "-0.0", "runtime": "0.0"}
ZERO_AT_RUN_TIME = ("static double zero_at_run_time(void) {\n"
                    "  volatile double z = 0.0;\n  return z;\n}\n")


def draw_forward_seeds(seed: int) -> dict[str, str]:
    if seed < STOP39_RULES_FROM:
        return {"a": "value", "b": "value"}
    rng = random.Random(f"forward seeds:{seed}")
    kinds = ["value", "zero", "negzero", "runtime"]
    return {v: rng.choices(kinds, [5, 1, 1, 1])[0] for v in "ab"}


def _seeded(constants: str, seeds: dict[str, str]) -> str:
    """`constants` with TA and TB replaced by the zeros `seeds` asks for."""
    for v, kind in seeds.items():
        if kind in ZERO_SEEDS:
            constants = re.sub(rf"\bT{v.upper()} = [-0-9.]+", f"T{v.upper()} = {ZERO_SEEDS[kind]}",
                               constants)
    return constants


PRELUDE = """\
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed, enzyme_width;
typedef struct { double d0, d1; } Grad2;
typedef struct { double l0, l1; } Lanes2;
typedef struct { double a0, a1, b0, b1; } Lanes2x2;
Lanes2 __enzyme_autodiff_w2(void *, ...);
Lanes2x2 __enzyme_autodiff_w2x2(void *, ...);
Lanes2 __enzyme_fwddiff_w2(void *, ...);
double __enzyme_autodiff(void *, ...);
Grad2 __enzyme_autodiff2(void *, ...);
void __enzyme_autodiff_void(void *, ...);
double __enzyme_fwddiff(void *, ...);
"""

CHECKER = r"""
static int failures, skipped;

/* x and x_after are the kernel's inputs and outputs through x. */
static double run(const double *xin, double a, double b, double *xout) {
  double xt[N];
  memcpy(xt, xin, sizeof xt);
  double r = kernel(xt, N, a, b);
  if (xout) memcpy(xout, xt, sizeof xt);
  return r;
}

static int close_to(double got, double want, double rtol, double atol) {
  if (got == want) return 1; /* also the same infinity */
  return fabs(got - want) <= atol + rtol * fmax(fabs(got), fabs(want));
}

/* Central differences at NSTEPS steps: the large ones see past rounding in float
   code, the small ones resolve a function that turns fast (sin of a large value). */
#define NSTEPS 4
static const double STEPS[NSTEPS] = {H1, H2, H3, H4};
#define AT_STEPS(fd, ...) ((const double[NSTEPS]){fd(__VA_ARGS__, H1), fd(__VA_ARGS__, H2), \
                                                  fd(__VA_ARGS__, H3), fd(__VA_ARGS__, H4)})

/* got must match the difference at one of the steps.  A mismatch counts only
   when two steps agree with each other (the differences have converged);
   otherwise the point is not smooth (a kink, a trip count between the points). */
/* The size of the values differenced (set in main): a difference quotient
   cannot resolve less than about eps * SCALE / h, as when a term of size 1
   is added to a sum of size 1e18 (all differences 0, the derivative not). */
static double SCALE;

static double rounding_floor(int s) {
  return isfinite(SCALE) ? 8 * EPS * SCALE / STEPS[s] : 0.0;
}

static void check(const char *what, int i, double got, const double *fd) {
  got += BIAS; /* 0 except in the fuzzer's own test of this check */
  int converged = 0;
  for (int s = 0; s < NSTEPS; s++) {
    if (isfinite(got) && close_to(got, fd[s], RTOL, ATOL + rounding_floor(s)))
      return;
    for (int t = s + 1; t < NSTEPS; t++)
      converged |= isfinite(fd[s]) && isfinite(fd[t]) && close_to(fd[s], fd[t], 10 * RTOL, 10 * ATOL);
  }
  if (!converged) {
    skipped++;
    return;
  }
  printf("MISMATCH %s[%d]: got %.17g, want", what, i, got);
  for (int s = 0; s < NSTEPS; s++)
    printf("%s %.17g (step %g)", s ? " or" : "", fd[s], STEPS[s]);
  printf("\n");
  failures++;
}

/* The point the reverse checks difference at (X0, A0, B0 but for a split
   mode tape recorded elsewhere), and the adjoint seed of the result. */
static double PX[N], PA, PB, RW = 1.0;

/* The reverse objective J = RW kernel + w . x_after (w only if x has a shadow). */
static double objective(const double *w, const double *xin, double a, double b) {
  double xo[N];
  double r = RW * run(xin, a, b, xo);
  if (X_SHADOW) for (int i = 0; i < N; i++) r += w[i] * xo[i];
  return r;
}

/* dJ/d(coordinate c) at (PX, PA, PB): c < N is x[c], N is a, N + 1 is b. */
static double fd_coord(const double *w, int c, double h) {
  double xp[N], xm[N], a = PA, b = PB;
  memcpy(xp, PX, sizeof xp);
  memcpy(xm, PX, sizeof xm);
  if (c < N) { xp[c] += h; xm[c] -= h; }
  double ap = a + (c == N ? h : 0), am = a - (c == N ? h : 0);
  double bp = b + (c == N + 1 ? h : 0), bm = b - (c == N + 1 ? h : 0);
  return (objective(w, xp, ap, bp) - objective(w, xm, am, bm)) / (2 * h);
}

/* Along direction (tx, ta, tb): the return value (out = -1) or x_after[out]. */
static double fd_dir(const double *tx, double ta, double tb, int out, double h) {
  double xp[N], xm[N], op[N], om[N];
  for (int i = 0; i < N; i++) {
    xp[i] = X0[i] + (X_SHADOW ? h * tx[i] : 0);
    xm[i] = X0[i] - (X_SHADOW ? h * tx[i] : 0);
  }
  double da = A_ACTIVE ? h * ta : 0, db = B_ACTIVE ? h * tb : 0;
  double rp = run(xp, A0 + da, B0 + db, op), rm = run(xm, A0 - da, B0 - db, om);
  return out < 0 ? (rp - rm) / (2 * h) : (op[out] - om[out]) / (2 * h);
}

static void check_side_effects(const char *what, const double *x) {
  double want[N];
  run(X0, A0, B0, want);
  for (int i = 0; i < N; i++)
    if (!close_to(x[i], want[i], SIDE_RTOL, 1e-12)) {
      printf("MISMATCH %s x[%d]: got %.17g, want %.17g\n", what, i, x[i], want[i]);
      failures++;
    }
}
"""

MAIN = r"""
int main(void) {
  double a = A0, b = B0, ga = 0, gb = 0, x[N], dx[N], tx[N];
  memcpy(PX, X0, sizeof PX);
  PA = A0, PB = B0;
  SCALE = fabs(run(X0, A0, B0, x));
  for (int i = 0; i < N; i++) SCALE += fabs(x[i]);
  memcpy(x, X0, sizeof x);
  memcpy(dx, W, sizeof dx);
  {REV_CALL}
  {REV_READ}
  if (X_SHADOW) for (int i = 0; i < N; i++)
    check("reverse dx", i, dx[i], AT_STEPS(fd_coord, W, i));
  if (A_ACTIVE) check("reverse da", 0, ga, AT_STEPS(fd_coord, W, N));
  if (B_ACTIVE) check("reverse db", 0, gb, AT_STEPS(fd_coord, W, N + 1));
  if (!X_NONEED) check_side_effects("reverse", x);

  memcpy(x, X0, sizeof x);
  memcpy(tx, TX, sizeof tx);
  {FWD_CALL}
  check("forward tangent", 0, t, AT_STEPS(fd_dir, TX, TA, TB, -1));
  if (X_SHADOW) for (int i = 0; i < N; i++)
    check("forward tx", i, tx[i], AT_STEPS(fd_dir, TX, TA, TB, i));
  if (!X_NONEED) check_side_effects("forward", x);
{WIDTH2}{SPLIT}{HVP}
  if (failures) return 1;
  printf("ok (%d comparisons skipped)\n", skipped);
  return 0;
}
"""

# Batched modes, width 2: two shadows of x (weights W, W2 in reverse mode,
# directions TX, TX2 in forward mode) and two tangents per active scalar.
WIDTH2 = r"""
  {
    double x2[N], dx0[N], dx1[N], tx0[N], tx1[N], ga2[2] = {0, 0}, gb2[2] = {0, 0};
    const double *ws[2] = {W, W2};
    memcpy(x2, X0, sizeof x2);
    memcpy(dx0, W, sizeof dx0);
    memcpy(dx1, W2, sizeof dx1);
    {REV2_CALL}
    for (int l = 0; l < 2; l++) {
      if (X_SHADOW) for (int i = 0; i < N; i++)
        check(l ? "width-2 reverse dx lane 1" : "width-2 reverse dx lane 0", i,
              (l ? dx1 : dx0)[i], AT_STEPS(fd_coord, ws[l], i));
      if (A_ACTIVE) check("width-2 reverse da", l, ga2[l], AT_STEPS(fd_coord, ws[l], N));
      if (B_ACTIVE) check("width-2 reverse db", l, gb2[l], AT_STEPS(fd_coord, ws[l], N + 1));
    }
    if (!X_NONEED) check_side_effects("width-2 reverse", x2);

    memcpy(x2, X0, sizeof x2);
    memcpy(tx0, TX, sizeof tx0);
    memcpy(tx1, TX2, sizeof tx1);
    Lanes2 t2 = __enzyme_fwddiff_w2((void *)kernel, enzyme_width, 2, {FWD2_ARGS});
    check("width-2 forward tangent", 0, t2.l0, AT_STEPS(fd_dir, TX, TA, TB, -1));
    check("width-2 forward tangent", 1, t2.l1, AT_STEPS(fd_dir, TX2, TA2, TB2, -1));
    if (X_SHADOW) for (int i = 0; i < N; i++) {
      check("width-2 forward tx lane 0", i, tx0[i], AT_STEPS(fd_dir, TX, TA, TB, i));
      check("width-2 forward tx lane 1", i, tx1[i], AT_STEPS(fd_dir, TX2, TA2, TB2, i));
    }
    if (!X_NONEED) check_side_effects("width-2 forward", x2);
  }
"""


def _width2(act: Activity) -> str:
    rev = ", ".join(["(void *)kernel, enzyme_width, 2", _x_args(act, "x2", ["dx0", "dx1"]), _n(act),
                     "enzyme_out, a" if act.a else "enzyme_const, a",
                     "b" if act.b else "enzyme_const, b"])
    rev_decl, rev_ctx = _ctx(act, "cw", "x2", ["dx0", "dx1"])
    rev += rev_ctx + _ya_args(act, "x2", ["dx0", "dx1"])
    if act.a and act.b:
        rev_call = (f"Lanes2x2 g2 = __enzyme_autodiff_w2x2({rev});\n"
                    "    ga2[0] = g2.a0; ga2[1] = g2.a1; gb2[0] = g2.b0; gb2[1] = g2.b1;")
    elif act.a or act.b:
        g = "ga2" if act.a else "gb2"
        rev_call = f"Lanes2 g2 = __enzyme_autodiff_w2({rev});\n    {g}[0] = g2.l0; {g}[1] = g2.l1;"
    else:
        rev_call = f"__enzyme_autodiff_void({rev});"
    fwd = ", ".join([_x_args(act, "x2", ["tx0", "tx1"]), _n(act),
                     "a, TA, TA2" if act.a else "enzyme_const, a",
                     "b, TB, TB2" if act.b else "enzyme_const, b"])
    fwd_decl, fwd_ctx = _ctx(act, "cv", "x2", ["tx0", "tx1"])
    fwd_ctx += _ya_args(act, "x2", ["tx0", "tx1"])
    text = WIDTH2.replace("{REV2_CALL}", rev_decl + rev_call).replace("{FWD2_ARGS}", fwd + fwd_ctx)
    return text.replace("    Lanes2 t2 = ", f"    {fwd_decl}\n    Lanes2 t2 = ") if fwd_decl else text


# ------------------------------------------------------------ split mode
# From SPLIT_FROM, half the seeds also check split mode (__enzyme_augmentfwd,
# then __enzyme_reverse with the tape): the augmented forward's result and x
# after it against a plain call, the reverse's gradient against central
# differences and against __enzyme_autodiff's.  One variant a seed:
#   plain        the reverse right after the augmented forward;
#   changed      the caller overwrites x in between (the tape must keep what
#                the reverse needs of x: Enzyme's split mode, like ours,
#                assumes the caller may change it);
#   twice        the reverse twice on one tape, the first with enzyme_nofree
#                (not in a module that differentiates derivatives: refused);
#   interleaved  two augmented forwards at two points, then both reverses
#                (in either order; the second tape's adjoint seed not 1).
SPLIT_FROM = 10000
SPLIT_VARIANTS = ["plain", "changed", "twice", "interleaved"]

SPLIT_PRELUDE = """\
extern int enzyme_nofree;
typedef struct { void *tape; double primal; } TapeAndDouble;
TapeAndDouble __enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
Grad2 __enzyme_reverse2(void *, ...);
void __enzyme_reverse_void(void *, ...);
"""

SPLIT_CHECKER = r"""
/* Split mode against plain calls and __enzyme_autodiff: a NaN where they
   give NaN too is the same (seed 10209's kernel returns NaN at X0). */
static int same_as(double got, double want, double rtol, double atol) {
  return (isnan(got) && isnan(want)) || close_to(got, want, rtol, atol);
}

static void check_value(const char *what, double got, double want) {
  if (!same_as(got, want, SIDE_RTOL, 1e-12)) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

static void check_x(const char *what, const double *x, const double *want) {
  for (int i = 0; i < N; i++)
    if (!same_as(x[i], want[i], SIDE_RTOL, 1e-12)) {
      printf("MISMATCH %s x[%d]: got %.17g, want %.17g\n", what, i, x[i], want[i]);
      failures++;
    }
}

/* A split gradient (dx, ga, gb) against central differences at (PX, PA, PB)
   with weights w, and against __enzyme_autodiff's (same: dx, ga, gb) if given:
   the two derivatives may sum in other orders, not more. */
static void check_split(const char *what, const double *dxs, double sga, double sgb,
                        const double *w, const double *same) {
  char name[128];
  double all[N + 2];
  for (int i = 0; i < N; i++) all[i] = X_SHADOW ? dxs[i] : 0.0;
  all[N] = sga, all[N + 1] = sgb;
  for (int c = 0; c < N + 2; c++) {
    if (c < N ? !X_SHADOW : c == N ? !A_ACTIVE : !B_ACTIVE) continue;
    snprintf(name, sizeof name, "%s %s", what, c < N ? "dx" : c == N ? "da" : "db");
    check(name, c < N ? c : 0, all[c], AT_STEPS(fd_coord, w, c));
    if (same && !same_as(all[c], same[c], 1e3 * SIDE_RTOL, 1e-10)) {
      printf("MISMATCH %s vs autodiff [%d]: got %.17g, want %.17g\n", what, c, all[c], same[c]);
      failures++;
    }
  }
}
"""


def _split_args(act: Activity, x: str, dx: str, a: str, b: str) -> str:
    xs = {"dup": f"enzyme_dup, {x}, {dx}", "dupnoneed": f"enzyme_dupnoneed, {x}, {dx}",
          "const": f"enzyme_const, {x}"}[act.x]
    return ", ".join([xs, "enzyme_const, N", f"enzyme_out, {a}" if act.a else f"enzyme_const, {a}",
                      b if act.b else f"enzyme_const, {b}"]) + _ctx(act, f"c{x}", x, [dx])[1]


def _split_reverse(act: Activity, args: str, adjoint: str, tape: str, ga: str, gb: str,
                   nofree: bool = False) -> str:
    """__enzyme_reverse of the kernel, its gradients of a and b read into ga, gb."""
    call = "(void *)kernel, " + ("enzyme_nofree, " if nofree else "") + f"{args}, {adjoint}, {tape}"
    if act.a and act.b:
        return f"{{ Grad2 g = __enzyme_reverse2({call}); {ga} = g.d0; {gb} = g.d1; }}"
    if act.a or act.b:
        return f"{ga if act.a else gb} = __enzyme_reverse({call});"
    return f"__enzyme_reverse_void({call});"


def _split(act: Activity, variant: str, rng: random.Random) -> str:
    head = ("  {\n    double ad[N + 2], want_x[N];\n"
            "    memcpy(ad, dx, sizeof dx);\n    ad[N] = ga, ad[N + 1] = gb;\n")
    if variant == "interleaved":
        second = rng.uniform(0.5, 1.5)
        args1 = _split_args(act, "x1", "dx1", "a", "b")
        args2 = _split_args(act, "x2", "dx2", "A1", "B1")
        rev1 = _split_reverse(act, args1, "1.0", "r1.tape", "g1a", "g1b")
        rev2 = _split_reverse(act, args2, f"{second:.6f}", "r2.tape", "g2a", "g2b")
        revs = [rev1, rev2] if rng.random() < 0.5 else [rev2, rev1]
        return head + "".join(f"    {ln}\n" for ln in [
            "double x1[N], dx1[N], x2[N], dx2[N], X1[N], g1a = 0, g1b = 0, g2a = 0, g2b = 0;",
            "const double A1 = A0 + 0.05, B1 = B0 - 0.04;",
            "for (int i = 0; i < N; i++) X1[i] = X0[i] + 0.03 * (i + 1);",
            "memcpy(x1, X0, sizeof x1);", "memcpy(dx1, W, sizeof dx1);",
            "memcpy(x2, X1, sizeof x2);", "memcpy(dx2, W2, sizeof dx2);",
            *filter(None, [_ctx(act, "cx1", "x1", ["dx1"])[0], _ctx(act, "cx2", "x2", ["dx2"])[0]]),
            f"TapeAndDouble r1 = __enzyme_augmentfwd((void *)kernel, {args1});",
            f"TapeAndDouble r2 = __enzyme_augmentfwd((void *)kernel, {args2});",
            'check_value("split primal 1", r1.primal, run(X0, A0, B0, want_x));',
            'if (!X_NONEED) check_x("split augmented forward 1", x1, want_x);',
            'check_value("split primal 2", r2.primal, run(X1, A1, B1, want_x));',
            'if (!X_NONEED) check_x("split augmented forward 2", x2, want_x);',
            *revs,
            'check_split("interleaved split reverse 1", dx1, g1a, g1b, W, ad);',
            f"memcpy(PX, X1, sizeof PX);\n    PA = A1, PB = B1, RW = {second:.6f};",
            'check_split("interleaved split reverse 2", dx2, g2a, g2b, W2, NULL);',
            "memcpy(PX, X0, sizeof PX);\n    PA = A0, PB = B0, RW = 1.0;"]) + "  }\n"
    args = _split_args(act, "xs", "dxs", "a", "b")
    lines = ["double xs[N], dxs[N], sga = 0, sgb = 0;",
             "memcpy(xs, X0, sizeof xs);", "memcpy(dxs, W, sizeof dxs);",
             *filter(None, [_ctx(act, "cxs", "xs", ["dxs"])[0]]),
             f"TapeAndDouble r = __enzyme_augmentfwd((void *)kernel, {args});",
             'check_value("split primal", r.primal, run(X0, A0, B0, want_x));',
             'if (!X_NONEED) check_x("split augmented forward", xs, want_x);']
    if variant == "changed":
        lines.append("for (int i = 0; i < N; i++) xs[i] = 0.5 * xs[i] + 0.25;  /* the caller's */")
    if variant == "twice":
        lines += [_split_reverse(act, args, "1.0", "r.tape", "sga", "sgb", nofree=True),
                  'check_split("split reverse (enzyme_nofree)", dxs, sga, sgb, W, ad);',
                  "memcpy(dxs, W, sizeof dxs);", "sga = sgb = 0;"]
        if act.ctx == "dup":
            lines.append("ctx_clear_adjoints(&dcxs0);")
    lines += [_split_reverse(act, args, "1.0", "r.tape", "sga", "sgb"),
              f'check_split("split reverse ({variant})", dxs, sga, sgb, W, ad);']
    return head + "".join(f"    {ln}\n" for ln in lines) + "  }\n"


# ---------------------------------------------------------- second order
# From SPLIT_FROM, a quarter of the seeds also check a Hessian-vector
# product: __enzyme_fwddiff of gradient(), which calls __enzyme_autodiff on
# the kernel (the reverse check's gradient of J = kernel + w . x_after), along
# the forward check's direction, against central differences of gradient()
# itself, checked first against differences of J.
HVP_FUNCTIONS = r"""
/* The reverse check's gradient at (xin, a, b): out[0..N-1] the adjoint of x,
   out[N] of a, out[N + 1] of b (0 where not active). */
static void gradient(const double *xin, double a, double b, double *out) {
  double x[N], dx[N], ga = 0, gb = 0;
  memcpy(x, xin, sizeof x);
  memcpy(dx, W, sizeof dx);
  {REV_CALL}
  {REV_READ}
  for (int i = 0; i < N; i++) out[i] = X_SHADOW ? dx[i] : 0.0;
  out[N] = ga, out[N + 1] = gb;
}

/* d gradient()[c] along (TX, TA, TB), by central differences. */
static double fd_gradient(int c, double h) {
  double xp[N], xm[N], gp[N + 2], gm[N + 2];
  for (int i = 0; i < N; i++) {
    xp[i] = X0[i] + (X_SHADOW ? h * TX[i] : 0);
    xm[i] = X0[i] - (X_SHADOW ? h * TX[i] : 0);
  }
  double da = A_ACTIVE ? h * TA : 0, db = B_ACTIVE ? h * TB : 0;
  gradient(xp, A0 + da, B0 + db, gp);
  gradient(xm, A0 - da, B0 - db, gm);
  return (gp[c] - gm[c]) / (2 * h);
}
"""

HVP = r"""
  if (!failures) {
    double g0[N + 2], hv[N + 2] = {0}, xh[N], txh[N];
    gradient(X0, A0, B0, g0);
    for (int c = 0; c < N + 2; c++)
      if (c < N ? X_SHADOW : c == N ? A_ACTIVE : B_ACTIVE)
        check("gradient()", c, g0[c], AT_STEPS(fd_coord, W, c));
    /* The gradient's differences round at the gradient's size, which may
       be the larger (steep exponentials). */
    double gscale = 0;
    for (int c = 0; c < N + 2; c++) gscale += fabs(g0[c]);
    SCALE = fmax(SCALE, gscale);
    memcpy(xh, X0, sizeof xh);
    memcpy(txh, TX, sizeof txh);
    __enzyme_fwddiff_hvp((void *)gradient, {HVP_ARGS}, enzyme_dup, g0, hv);
    for (int c = 0; c < N + 2; c++)
      if (c < N ? X_SHADOW : c == N ? A_ACTIVE : B_ACTIVE)
        check("second order Hv", c, hv[c], AT_STEPS(fd_gradient, c));
  }
"""


def _hvp(act: Activity) -> tuple[str, str]:
    """(the functions, the check in main) of the second-order check."""
    rev_call, rev_read = _rev_call(act)
    functions = HVP_FUNCTIONS.replace("{REV_CALL}", rev_call).replace("{REV_READ}", rev_read)
    args = ", ".join(["enzyme_const, xh" if act.x == "const" else "enzyme_dup, xh, txh",
                      "a, TA" if act.a else "enzyme_const, a",
                      "b, TB" if act.b else "enzyme_const, b"])
    return functions, HVP.replace("{HVP_ARGS}", args)


def _kernel(p: Program, rng: random.Random) -> str:
    ctx = ", Ctx *c" if p.ctx else ", double *ya" if p.alias else ""
    return (f"{_attr(rng)}double kernel(double *x, int n, double a, double b{ctx}) {{\n"
            "  double acc = 0.0;\n" + "\n".join(p.body) + "\n  return acc;\n}\n")


def _constants(p: Program, act: Activity, rng: random.Random, bias: float) -> str:
    size = p.n + (act.alias.k if act.alias else 0)  # the caller's array
    ya = act.alias.ya if act.alias else ""
    steps = (("1e-2", "2e-3", "1e-4", "2e-5", "5e-3", "2e-3") if p.uses_float
             else ("1e-4", "1e-6", "1e-3", "1e-5", "1e-5", "1e-7"))
    h1, h2, h3, h4, rtol, atol = steps
    return "".join([
        f"#define H1 {h1}\n#define H2 {h2}\n#define H3 {h3}\n#define H4 {h4}\n",
        f"#define RTOL {rtol}\n#define ATOL {atol}\n",
        # What x holds after a derivative call against a plain call: float
        # code may be contracted differently (an fmuladd folded as a fused
        # multiply-add where the derivative is inlined into main and sees
        # constants, computed unfused in the plain kernel: seed 5113).
        f"#define SIDE_RTOL {'1e-5' if p.uses_float else '1e-9'}\n",
        # The rounding of the values differenced: float's where the kernel
        # sums in float (seed 5509: a float sum of about 2e8, where a term of
        # x[1] moving by 0.4 leaves every difference 0).
        f"#define EPS {'1.1920928955078125e-07' if p.uses_float else '2.220446049250313e-16'}\n",
        f"#define BIAS {bias!r}\n",
        f"#define A_ACTIVE {int(act.a)}\n#define B_ACTIVE {int(act.b)}\n",
        f"#define X_SHADOW {int(act.x != 'const' or ya not in ('', 'const'))}\n",
        f"#define X_NONEED {int('dupnoneed' in (act.x, ya))}\n",
        f"static const double X0[N] = {{{_vals(rng, size, 0.3, 1.5)}}};\n",
        f"static const double W[N] = {{{_vals(rng, size, 0.2, 1.0)}}};\n",
        f"static const double TX[N] = {{{_vals(rng, size, 0.2, 1.0)}}};\n",
        f"static const double A0 = {_vals(rng, 1, 0.3, 1.5)}, B0 = {_vals(rng, 1, 0.3, 1.5)};\n",
        f"static const double TA = {_vals(rng, 1, 0.2, 1.0)}, TB = {_vals(rng, 1, 0.2, 1.0)};\n",
        f"static const double W2[N] = {{{_vals(rng, size, 0.2, 1.0)}}};\n",
        f"static const double TX2[N] = {{{_vals(rng, size, 0.2, 1.0)}}};\n",
        f"static const double TA2 = {_vals(rng, 1, 0.2, 1.0)}, TB2 = {_vals(rng, 1, 0.2, 1.0)};\n",
    ])


def _alias_note(al: Alias) -> str:
    return (f", ya {al.ya} at offset {al.ky}, x at {al.kx}, arrays of n + {al.k}"
            f"{' (the offset read from a volatile)' if al.hidden else ''}")


def _alias_sizes(act: Activity, n: int) -> str:
    """The sizes and offsets of an alias seed, and which doubles the
    duplicated pointers reach (`in_d`: the ones the checks perturb)."""
    al = act.alias
    offset = "K_RUN" if al.hidden else "K"
    return (f"\n#define NK {n}\n#define K {al.k}\n#define N (NK + K)\n"
            + (f"static volatile int K_RUN = {al.k};\n" if al.hidden else "")
            + f"#define KX {offset if al.ya_first else 0}\n#define KY {0 if al.ya_first else offset}\n"
            f"#define X_DUP {int(act.x != 'const')}\n#define YA_DUP {int(al.ya != 'const')}\n"
            "static int in_d(int i) {\n"
            "  return (X_DUP && i >= KX && i < KX + NK) || (YA_DUP && i >= KY && i < KY + NK);\n}\n\n")


def _alias_checker(checker: str) -> str:
    """CHECKER for an alias seed: the kernel gets x and ya in one array; only
    the doubles a duplicated pointer reaches move or are weighed."""
    for old, new in [("double r = kernel(xt, N, a, b);", "double r = kernel(xt + KX, NK, a, b, xt + KY);"),
                     ("if (X_SHADOW) for (int i = 0; i < N; i++) r +=",
                      "if (X_SHADOW) for (int i = 0; i < N; i++) if (in_d(i)) r +="),
                     ("(X_SHADOW ? h * tx[i] : 0)", "(X_SHADOW && in_d(i) ? h * tx[i] : 0)")]:
        assert old in checker, old
        checker = checker.replace(old, new)
    return checker


def build(seed: int, features: list[str] | None = None, bias: float = 0.0) -> tuple[str, Program]:
    """The program of `seed` (with only `features`, in order, if given).

    `bias` is added to every derivative before it is checked: a test uses it
    to show that a wrong derivative is caught."""
    if features is None:
        features = draw_features(seed)
    rng = random.Random(f"program:{seed}")
    p = Program(n=rng.randint(3, 6))
    for k, name in enumerate(features):
        FEATURES[name][0](p, random.Random(f"{seed}:{k}:{name}"), k)
    act = draw_activity(rng, p)
    if draw_family(seed) == "alias" or set(features) & set(ALIAS):  # drawn apart, as below
        p.alias = True
        act.alias = draw_alias(seed, p.n)
    if p.ctx:  # drawn apart, so that the rest of the program does not depend on it
        act.ctx = random.Random(f"ctx:{seed}").choice(["const", "dup"])
    merge = draw_merge(seed, act)
    rev_call, rev_read = _rev_call(act, merge)
    main = MAIN.replace("{REV_CALL}", rev_call).replace("{REV_READ}", rev_read)
    seeds = draw_forward_seeds(seed)
    main = main.replace("{FWD_CALL}", _fwd_call(act, seeds))
    # Half the seeds also check the batched modes (drawn apart, so that the
    # rest of the program does not depend on it).
    width2 = random.Random(f"width2:{seed}").random() < 0.5
    main = main.replace("{WIDTH2}", _width2(act) if width2 else "")
    # From SPLIT_FROM, split mode and second order, drawn apart likewise.
    hvp = seed >= SPLIT_FROM and random.Random(f"hvp:{seed}").random() < 0.25 \
        and (act.a or act.b or act.x != "const") and not p.alias
    split = None
    if seed >= SPLIT_FROM and random.Random(f"split:{seed}").random() < 0.5 and not p.alias:
        split_rng = random.Random(f"split variant:{seed}")
        split = split_rng.choice(SPLIT_VARIANTS)
        if split == "twice" and hvp:    # enzyme_nofree is refused there
            split = "changed"
    main = main.replace("{SPLIT}", _split(act, split, split_rng) if split else "")
    hvp_functions, hvp_check = _hvp(act) if hvp else ("", "")
    main = main.replace("{HVP}", hvp_check)
    header = (f"// fuzz_gradients seed {seed}: features {' '.join(features)}\n"
              f"// activity: a {'active' if act.a else 'const'}, b {'active' if act.b else 'const'}, x {act.x}"
              f"{f', context {act.ctx}' if act.ctx else ''}"
              f"{' (x hung on it by the caller)' if p.ctx_px else ''}"
              f"{_alias_note(act.alias) if p.alias else ''}"
              f"{'; width-2 checks too' if width2 else ''}"
              f"{f'; split mode ({split}) too' if split else ''}"
              f"{'; second order too' if hvp else ''}"
              f"{''.join(f'; forward seed of {v} {k}' for v, k in seeds.items() if k != 'value')}\n")
    runtime = ZERO_AT_RUN_TIME if "runtime" in seeds.values() else ""
    prelude = PRELUDE + (SPLIT_PRELUDE if split else "") + \
        ("void __enzyme_fwddiff_hvp(void *, ...);\n" if hvp else "")
    ctx_type = f"#define CTX_PX {int(p.ctx_px)}\n{CTX_TYPE}" if p.ctx else ""
    checker = CHECKER.replace("double r = kernel(xt, N, a, b);",
                              "Ctx c;\n  ctx_init(&c, xt);\n  double r = kernel(xt, N, a, b, &c);") \
        if p.ctx else CHECKER
    if p.alias:
        checker = _alias_checker(checker)
        main = main.replace("if (X_SHADOW) for (int i = 0; i < N; i++)", "if (X_SHADOW) for (int i = 0; i < N; i++) if (in_d(i))")
    sizes = _alias_sizes(act, p.n) if p.alias else f"\n#define N {p.n}\n\n"
    kernel = _kernel(p, rng)
    if merge:
        header += f"// merged reverse call: arms {merge.functions} markers {merge.markers}, arm {merge.pick} runs\n"
        kernel += "\n" + kernel.replace("double kernel(", "double kernel_twin(", 1) + _merge_prelude(merge)
    text = (header + prelude + sizes + ctx_type + "".join(p.tops) + "\n"
            + kernel + "\n" + _seeded(_constants(p, act, rng, bias), seeds) + runtime
            + checker + (SPLIT_CHECKER if split else "") + hvp_functions + main)
    return text, p


def generate(seed: int, features: list[str] | None = None) -> str:
    return build(seed, features)[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--features", help="comma-separated feature list (default: drawn from the seed)")
    args = ap.parse_args(argv)
    feats = args.features.split(",") if args.features else None
    sys.stdout.write(generate(args.seed, feats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
