"""Misuses of the Enzyme API are refused at the C line that makes them.

Each case is a small C program with one misuse (an `__enzyme_*` function
enzyme-opt does not implement, a marker where a value belongs, a prototype
too small for the gradients, a forgotten shadow, ...), compiled with -g by
clang-19 and clang-14.  enzyme-opt must exit 1 without a traceback and
without an output file, and print `FILE.c:LINE:COL: error: MESSAGE` for the
line marked `// HERE` (or `// ASM_...`), quoting it.  (What is still accepted is checked by
tests/e2e/modes/api_still_accepted.c.)
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

PRELUDE = """\
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_width, enzyme_scalar;
extern int enzyme_const_return, enzyme_active_return, enzyme_dup_return;
extern int enzyme_primal_return, enzyme_noret, enzyme_interleave;
extern int enzyme_allocated, enzyme_tape, enzyme_nofree, enzyme_runtime_activity;
void __enzyme_reverse(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
double sin(double);
void sin_in_place(double *x) { x[0] = sin(x[0]); }
typedef struct { double a, b; } two_t;
double __enzyme_autodiff(void *, ...);
int __enzyme_autodiff_int(void *, ...);
void __enzyme_autodiff_void(void *, ...);
two_t __enzyme_autodiff_two(void *, ...);
double __enzyme_fwddiff(void *, ...);
int __enzyme_fwddiff_int(void *, ...);
double __enzyme_error_estimate(void *, ...);
double __enzyme_todense(void *, ...);
double *__enzyme_todense_p(void *, void *, ...);
double view_ld(long k, double *a) { return a[k / 8]; }
void view_st(double v, long k, double *a) { a[k / 8] = v; }
void ext_use(double *);
double __enzyme_truncate_mem_func(void *, ...);
typedef double (*unary_t)(double);
unary_t __enzyme_truncate_op_func(void *, ...);
unary_t __enzyme_truncate_mem_func_ptr(void *, ...);
double ext_scale(double);
double calls_ext(double x) {
#ifdef TRUNC_EXT
  return ext_scale(x) + 1; // TRUNC_EXT
#else
  return x;
#endif
}
double __enzyme_virtualreverse(void *, ...);
double __enzyme_batch(void *, ...);
double __enzyme_iter(void *, ...);
double __enzyme_fwdiff(void *, ...);
double sq(double x) { return x * x; }
double d_sq(double x) { return __enzyme_autodiff((void *)sq, x); }
double mul(double x, double y) { return x * y; }
double mul3(double x, double y, double z) { return x * y * z; }
double scale(double *x, int n) { return 2.0 * x[0] * n; }
int floor_of(double x) { return (int)x; }
double power(double x, int n) { double r = 1; for (int i = 0; i < n; i++) r *= x; return r; }
__attribute__((noinline)) void asm_double(double *y) {
#ifdef ASM_OUTPUT
  __asm__("addsd %0, %0" : "+m"(*y)); // ASM_OUTPUT
#endif
#ifdef ASM_CLOBBER
  __asm__ volatile("movq $0, (%0)" : : "r"(y) : "memory"); // ASM_CLOBBER
#endif
}
__attribute__((noinline)) double first_of(const double *b) { return b[0]; }
double keep_sq(double *buf, double x) {
#ifdef READ_BACK
  buf[0] = x * x; // READ_BACK
#endif
  return 2 * first_of(buf);
}
double through_asm(double x) { double y = x * x; asm_double(&y); return y; }
"""

UNKNOWN = r"is not an Enzyme API function enzyme-opt knows \(did you mean '{}'\?\); supported: "
UNSUPPORTED = r"'{}' is an Enzyme API function that enzyme-opt does not support; supported: "

# name: (statement in main, message pattern, -D flag or None)
CASES = {
    "typo": ("r = __enzyme_fwdiff((void *)sq, x, 1.0); // HERE",
             r"'__enzyme_fwdiff' " + UNKNOWN.format("__enzyme_fwddiff"), None),
    "error-estimate-no-error": ("r = __enzyme_error_estimate((void *)sq, x); // HERE",
                                r"argument 1 of 'sq' is duplicated but has no shadow", None),
    "error-estimate-width": (
        "r = __enzyme_error_estimate((void *)sq, enzyme_width, 2, x, 0.0, 0.0); // HERE",
        r"__enzyme_error_estimate takes no 'enzyme_width'", None),
    "nofree-nested": ("{ void *t = __enzyme_augmentfwd((void *)sin_in_place, p, dp); "
                      "__enzyme_reverse((void *)sin_in_place, enzyme_nofree, p, dp, t); "
                      "r = __enzyme_autodiff((void *)d_sq, x); } // HERE",
                      r"'enzyme_nofree' \(a tape kept for another __enzyme_reverse\) is not "
                      r"supported in a module that differentiates derivatives", None),
    "todense": ("r = __enzyme_todense((void *)sq, x); // HERE",
                r"the store function of a dense view must be a function known at compile time",
                None),
    "todense-escapes": ("{ double *v = __enzyme_todense_p((void *)view_ld, (void *)view_st, p); "
                        "ext_use(v); } // HERE",
                        r"the dense view made here cannot be lowered: a pointer into it is "
                        r"passed to 'ext_use', whose body is not in this module", None),
    "todense-arity": ("{ double *v = __enzyme_todense_p((void *)view_ld, (void *)view_st, p, 3); "
                      "r = v[1]; } // HERE",
                      r"the dense view made here cannot be lowered: 'view_ld' takes 2 arguments "
                      r"but the view gives it 3 \(the offset and 2 extra\)", None),
    "todense-element": ("{ float *v = (float *)__enzyme_todense_p((void *)view_ld, "
                        "(void *)view_st, p); r = v[1]; } // HERE",
                        r"the dense view made here cannot be lowered: a load of float through "
                        r"it, whose elements are double \('view_ld'\)",
                        None),
    "truncate-returns-double": (
        "r = __enzyme_truncate_mem_func((void *)sq, 64, 32); // HERE",
        r"__enzyme_truncate_mem_func is declared to return double; it returns the truncated "
        r"function", None),
    "truncate-mem-without-runtime": (
        "r = __enzyme_truncate_mem_func_ptr((void *)sq, 64, 32)(x); // HERE",
        r"memory mode needs the floating-point runtime, which this module does not define: "
        r"include the truncation runtime", None),
    "truncate-format-without-runtime": (
        "r = __enzyme_truncate_op_func((void *)sq, 64, 5, 7)(x); // HERE",
        r"truncation from 64 to 5 exponent and 7 significand bits \(only 64to32 is computed "
        r"natively, in float\) needs the floating-point runtime", None),
    "truncate-widen": ("r = __enzyme_truncate_op_func((void *)sq, 32, 64)(x); // HERE",
                       r"the target format \(11 exponent, 52 significand bits\) is not "
                       r"narrower than the 32-bit one", None),
    "truncate-no-format": ("r = __enzyme_truncate_op_func((void *)sq, 64, 24)(x); // HERE",
                           r"no 24-bit floating-point format to truncate to", None),
    "truncate-same": ("r = __enzyme_truncate_op_func((void *)sq, 64, 64)(x); // HERE",
                      r"truncating 64-bit floats to the same format changes nothing", None),
    "truncate-runtime-width": ("r = __enzyme_truncate_op_func((void *)sq, 64, n)(x); // HERE",
                               r"__enzyme_truncate_op_func takes the function, then constant "
                               r"integers", None),
    "truncate-external": ("r = __enzyme_truncate_op_func((void *)calls_ext, 64, 32)(x);",
                          r"cannot truncate \(64to32\): 'ext_scale' has no body in this "
                          r"module", "TRUNC_EXT"),
    "virtualreverse": ("r = __enzyme_virtualreverse((void *)sq); // HERE",
                       r"__enzyme_virtualreverse is declared to return double; it returns a "
                       r"pointer", None),
    "batch-too-few": ("r = __enzyme_batch((void *)mul, enzyme_width, 2, x, y, x); // HERE",
                      r"too few arguments for 'mul' in __enzyme_batch: parameter 2 needs 2 "
                      r"values \(vector, width 2\)", None),
    "batch-marker": ("r = __enzyme_batch((void *)sq, enzyme_dup, x); // HERE",
                     r"'enzyme_dup' has no meaning in __enzyme_batch; mark an argument "
                     r"'enzyme_vector'", None),
    "batch-result": ("r = __enzyme_batch((void *)sq, enzyme_width, 2, x, y); // HERE",
                     r"'__enzyme_batch' is declared to return 'double', which cannot hold the 2 "
                     r"results of 'sq' \(double each\)", None),
    "iter": ("r = __enzyme_iter((void *)sq, x); // HERE",
             r"'__enzyme_iter' takes two integers \(the count and its step per "
             r"differentiation\) and returns an integer of the same type", None),
    "iter-address": ("r = __enzyme_autodiff((void *)__enzyme_iter, x); // HERE",
                     r"'__enzyme_iter' is used other than called", None),
    "tape-too-small": (
        "__enzyme_reverse((void *)sin_in_place, p, dp, enzyme_allocated, 1, enzyme_tape, "
        "(void *)&n); // HERE",
        r"the tape of 'sin_in_place' needs \d+ bytes but only 1 were allocated "
        r"\(enzyme_allocated\)", None),
    "marker-as-value": (
        "r = __enzyme_autodiff((void *)scale, enzyme_dup, enzyme_dup, p, dp, 3); // HERE",
        r"'enzyme_dup' is followed by the marker 'enzyme_dup' where the value of argument 1 "
        r"of 'scale' belongs; .*`enzyme_dup, x, dx`", None),
    "out-on-int": ("r = __enzyme_autodiff((void *)power, x, enzyme_out, n); // HERE",
                   r"'enzyme_out' marks argument 2 of 'power', an i32; it has no derivative: "
                   r"write `enzyme_const, x`", None),
    "out-on-pointer": ("r = __enzyme_autodiff((void *)scale, enzyme_out, p, 3); // HERE",
                       r"'enzyme_out' marks argument 1 of 'scale', a (ptr|double\*); a "
                       r"pointer's derivative is its shadow: write `enzyme_dup, x, dx`", None),
    "double-for-two": ("r = __enzyme_autodiff((void *)mul, x, y); // HERE",
                       r"'__enzyme_autodiff' is declared to return 'double', which cannot hold "
                       r"the gradients of the 2 active arguments of 'mul' \(double, double\); "
                       r"declare it to return a struct of 2 doubles", None),
    "int-for-double": ("r = __enzyme_autodiff_int((void *)sq, x); // HERE",
                       r"'__enzyme_autodiff_int' is declared to return 'i32', which cannot hold "
                       r"the gradient of the active argument of 'sq' \(double\); declare it to "
                       r"return double", None),
    "struct-too-small": ("two_t t = __enzyme_autodiff_two((void *)mul3, x, y, x); // HERE\n"
                         "  r = t.a + t.b;",
                         r"'__enzyme_autodiff_two' is declared to return '\{ double, double \}', "
                         r"which cannot hold the gradients of the 3 active arguments of 'mul3'",
                         None),
    "struct-too-big": ("two_t t = __enzyme_autodiff_two((void *)sq, x); // HERE\n"
                       "  r = t.a + t.b;",
                       r"'__enzyme_autodiff_two' is declared to return '\{ double, double \}', "
                       r"which has 1 field more than the gradient of the active argument of "
                       r"'sq' \(double\) needs; declare it to return double", None),
    "void-with-active": ("__enzyme_autodiff_void((void *)mul, x, y); // HERE",
                         r"'__enzyme_autodiff_void' is declared to return void, which drops the "
                         r"gradients of the 2 active arguments of 'mul'", None),
    "forward-int": ("r = __enzyme_fwddiff_int((void *)sq, x, 1.0); // HERE",
                    r"'__enzyme_fwddiff_int' is declared to return 'i32', which cannot hold the "
                    r"tangent of the result of 'sq' \(double\)", None),
    "forgotten-shadow": ("r = __enzyme_autodiff((void *)scale, p, 2); // HERE",
                         r"argument 1 of 'scale' is duplicated by default \(it is a pointer\), so "
                         r"the argument after it, an i32 \(2\), was taken as its shadow; pass the "
                         r"shadow right after the value", None),
    "value-for-pointer": ("r = __enzyme_autodiff((void *)scale, x, 3); // HERE",
                          r"argument 1 of 'scale' is a (ptr|double\*), but a double was passed "
                          r"for it; pass the address", None),
    "pointer-for-value": ("r = __enzyme_autodiff((void *)sq, p); // HERE",
                          r"argument 1 of 'sq' is a double, but a (ptr|double\*) was passed for "
                          r"it; pass the value itself", None),
    "return-marker-inside-argument": (
        "r = __enzyme_autodiff((void *)mul, enzyme_out, enzyme_const_return, x, y); // HERE",
        r"'enzyme_const_return' stands between 'enzyme_out' and its value; markers about the "
        r"result go before or after the arguments", None),
    "active-return-of-int": (
        "r = __enzyme_autodiff((void *)floor_of, enzyme_active_return, x); // HERE",
        r"'enzyme_active_return' asks for the result of 'floor_of' to be seeded, but it returns "
        r"i32, which has no derivative; use 'enzyme_const_return'", None),
    "active-return-in-forward-mode": (
        "r = __enzyme_fwddiff((void *)sq, enzyme_active_return, x, 1.0); // HERE",
        r"'enzyme_active_return' has no meaning in forward mode", None),
    "dup-return-in-reverse-mode": (
        "r = __enzyme_autodiff((void *)sq, enzyme_dup_return, x); // HERE",
        r"'enzyme_dup_return' \(a shadow of the result of 'sq'\) is not supported in reverse "
        r"mode for a result of type double: reverse mode gives no shadow back", None),
    "runtime-activity-outside-blas": (
        "__enzyme_autodiff_void((void *)sin_in_place, enzyme_runtime_activity, p, dp); // HERE",
        r"with 'enzyme_runtime_activity', argument 1 of 'sin_in_place' \(duplicated\) may only "
        r"be passed as an array to BLAS routines with derivative rules", None),
    "runtime-activity-in-forward-mode": (
        "r = __enzyme_fwddiff((void *)sq, enzyme_runtime_activity, x, 1.0); // HERE",
        r"'enzyme_runtime_activity' is supported in '__enzyme_autodiff' \(reverse mode, one "
        r"lane, no primal result\) only, not in '__enzyme_fwddiff' here", None),
    "primal-return-in-split-mode": (
        "{ void *t = __enzyme_augmentfwd((void *)sin_in_place, enzyme_primal_return, p, dp); "
        "__enzyme_reverse((void *)sin_in_place, p, dp, t); } // HERE",
        r"'enzyme_primal_return' is not available in split mode", None),
    "dup-return-in-split-reverse": (
        "{ void *t = __enzyme_augmentfwd((void *)sin_in_place, p, dp); "
        "__enzyme_reverse((void *)sin_in_place, enzyme_dup_return, p, dp, t); } // HERE",
        r"'enzyme_dup_return' is not available in split mode", None),
    "width-in-split-mode": (
        "{ double dq[3] = {0}; void *t = __enzyme_augmentfwd((void *)sin_in_place, enzyme_width, "
        "2, p, dp, dq); __enzyme_reverse((void *)sin_in_place, p, dp, t); } // HERE",
        r"this tape of 'sin_in_place' was recorded by __enzyme_augmentfwd with enzyme_width 2, "
        r"but __enzyme_reverse is called with width 1", None),
    "primal-of-void": (
        "__enzyme_fwddiff((void *)asm_double, enzyme_primal_return, p, dp); // HERE",
        r"'enzyme_primal_return' asks for the result of 'asm_double', which returns void",
        None),
    "primal-and-noret": (
        "r = __enzyme_autodiff((void *)sq, enzyme_primal_return, enzyme_noret, x); // HERE",
        r"'enzyme_noret' contradicts an earlier marker about the result of 'sq'", None),
    "interleave-twice": (
        "r = __enzyme_fwddiff((void *)mul, enzyme_dup, x, enzyme_dup, y, enzyme_interleave, "
        "1.0, enzyme_interleave, 0.0); // HERE",
        r"'enzyme_interleave' appears more than once", None),
    "interleave-missing-shadow": (
        "r = __enzyme_fwddiff((void *)mul, enzyme_dup, x, enzyme_dup, y, enzyme_interleave, "
        "1.0); // HERE",
        r"argument 2 of 'mul' is duplicated but has no shadow", None),
    "interleave-extra-shadow": (
        "r = __enzyme_fwddiff((void *)mul, enzyme_dup, x, enzyme_const, y, enzyme_interleave, "
        "1.0, 0.5); // HERE",
        r"too many arguments for 'mul'", None),
    "active-value-read-back-from-constant-memory": (
        "r = __enzyme_autodiff((void *)keep_sq, enzyme_const, p, x);",
        r"cannot differentiate a store of an active value into memory without a shadow "
        r"\(reached through a constant argument: an 'enzyme_const' pointer, or a lambda's or "
        r"functor's captured reference\) that is read back", "READ_BACK"),
    "asm-output": ("r = __enzyme_autodiff((void *)through_asm, x);",
                   r"cannot differentiate inline assembly that may write memory carrying "
                   r"derivatives \(through its argument 1\).* in function 'asm_double'",
                   "ASM_OUTPUT"),
    "asm-clobber": ("r = __enzyme_autodiff((void *)through_asm, x);",
                    r"cannot differentiate inline assembly that may write memory carrying "
                    r"derivatives \(through its argument 1, and it clobbers memory\)",
                    "ASM_CLOBBER"),
}

# Registrations are globals: the error is at the global's C line.
REGISTRATIONS = {
    "registration-count": ("void *__enzyme_register_gradient_sq[2] = {(void *)sq, (void *)sq};",
                           r"the registration '__enzyme_register_gradient_sq' has 2 elements, "
                           r"but takes 3 functions: `void \*__enzyme_register_gradient_sq\[3\] "
                           r"= \{ \(void \*\)f, \(void \*\)augmented_forward, \(void \*\)reverse "
                           r"\};`"),
    "registration-not-function": (
        "void *__enzyme_register_derivative_sq[2] = {(void *)sq, 0};",
        r"element 2 of the registration '__enzyme_register_derivative_sq' is not a function"),
    "function-like-without-name": (
        "void *__enzyme_function_like[2] = {(void *)sin_in_place, 0};",
        r"the registration '__enzyme_function_like' must be `void \*__enzyme_function_like\[2\] "
        r"= \{\(void \*\)f, \(void \*\)\"NAME\"\}`"),
    "inactive-global-not-a-global": (
        "void *__enzyme_inactive_global = 0;",
        r"the registration '__enzyme_inactive_global' must hold the address of a global "
        r"variable"),
}


# A registered rule whose shape does not fit the function it replaces: the
# error is at the call of that function inside the differentiated code.
RULE_SHAPES = {
    "augmented-arity": (
        "void *sq_aug(double x, double y) { (void)y; return (void *)0; }\n"
        "double sq_rev(double x, double d, void *tape) { (void)tape; return 2 * x * d; }",
        r"the registered augmented forward of 'sq_ruled' takes 2 arguments but 1 are passed"),
    "reverse-returns-void": (
        "void *sq_aug(double x) { (void)x; return (void *)0; }\n"
        "void sq_rev(double x, double d, void *tape) { (void)x; (void)d; (void)tape; }",
        r"the registered reverse of 'sq_ruled' returns void, but 'sq_ruled' has 1 float "
        r"argument whose gradient it must return"),
    "reverse-returns-int": (
        "void *sq_aug(double x) { (void)x; return (void *)0; }\n"
        "int sq_rev(double x, double d, void *tape) { (void)tape; return (int)(2 * x * d); }",
        r"the registered reverse of 'sq_ruled' returns i32, but 'sq_ruled' has 1 float "
        r"argument"),
}

RULED = """
__attribute__((noinline)) double sq_ruled(double x) { return x * x; }
{rules}
void *__enzyme_register_gradient_sq_ruled[3] = {(void *)sq_ruled, (void *)sq_aug,
                                                (void *)sq_rev};
double through_rule(double x) {
  return 3 * sq_ruled(x); // HERE
}
int main(void) {
  return (int)__enzyme_autodiff((void *)through_rule, 1.5);
}
"""


def _clang(version: str) -> str:
    path = shutil.which(f"clang-{version}")
    if path is None:
        pytest.skip(f"clang-{version} is not installed")
    return path


def _program(statement: str, registration: str = "") -> str:
    main = ("int main(int argc, char **argv) {\n  int n = argc + 1;\n  double x = 1.5, y = 2.5, "
            "r = 0, p[3] = {1, 2, 3}, dp[3] = {0};\n  " + statement +
            "\n  return (int)(r + dp[0] + n);\n}\n")
    return PRELUDE + (registration + " // HERE\n" if registration else "") + main


def _run(tmp_path, name, text, version, opt, define=None):
    source = tmp_path / f"{name}.c"
    source.write_text(text)
    ll, out = tmp_path / f"{name}.ll", tmp_path / f"{name}.out.ll"
    flags = [f"-D{define}"] if define else []
    subprocess.run([_clang(version), opt, "-g", *flags, "-S", "-emit-llvm", str(source), "-o",
                    str(ll)], check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    return source, out, proc


def _assert_located(source, out, proc, text, pattern, marker="HERE"):
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert not out.exists(), "no output file may be written on error"
    line = next(n for n, l in enumerate(text.splitlines(), 1) if f"// {marker}" in l)
    first, quoted, caret, *_ = proc.stderr.splitlines()
    assert re.match(rf"{re.escape(str(source))}:{line}:\d+: error: {pattern}", first), \
        proc.stderr
    assert f"// {marker}" in quoted, proc.stderr
    assert caret.strip() == "^", proc.stderr


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_misuse_is_located(case, version, opt, tmp_path):
    statement, pattern, define = CASES[case]
    text = _program(statement)
    source, out, proc = _run(tmp_path, case, text, version, opt, define)
    _assert_located(source, out, proc, text, pattern, define or "HERE")


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("case", sorted(REGISTRATIONS))
def test_malformed_registration_is_located(case, version, opt, tmp_path):
    registration, pattern = REGISTRATIONS[case]
    text = _program("r = __enzyme_autodiff((void *)sq, x);", registration)
    source, out, proc = _run(tmp_path, case, text, version, opt)
    _assert_located(source, out, proc, text, pattern)


def test_unknown_global_without_debug_info_is_located_in_the_ir(tmp_path):
    """Without -g, the error names the line of the .ll that defines the global."""
    source = tmp_path / "unknown_global.ll"
    source.write_text("@__enzyme_register_splitderivative = global [2 x ptr] "
                      "[ptr @f, ptr null]\n\n"
                      "define double @f(double %x) {\n  ret double %x\n}\n")
    out = tmp_path / "out.ll"
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(source), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 1 and not out.exists(), proc.stderr
    assert re.match(rf"{re.escape(str(source))}:1:1: error: the Enzyme global "
                    r"'__enzyme_register_splitderivative' is not supported by enzyme-opt",
                    proc.stderr), \
        proc.stderr


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("case", sorted(RULE_SHAPES))
def test_registered_rule_of_the_wrong_shape_is_located(case, version, opt, tmp_path):
    rules, pattern = RULE_SHAPES[case]
    text = "double __enzyme_autodiff(void *, ...);\n" + RULED.replace("{rules}", rules)
    source, out, proc = _run(tmp_path, case, text, version, opt)
    _assert_located(source, out, proc, text, pattern)


GROW_CALLERS_BUFFER = """#include <stdlib.h>
extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);
void grow(double **pp, int n, double *out) {
  double *p = realloc(*pp, 2 * n * sizeof(double)); // HERE
  for (int i = 0; i < n; i++) p[n + i] = p[i] * p[i];
  double s = 0;
  for (int i = 0; i < 2 * n; i++) s += p[i];
  *out = s;
  *pp = p;
}
int main(void) {
  double *p = calloc(3, sizeof(double)), *dp = calloc(3, sizeof(double)), out, dout = 1;
  __enzyme_autodiff((void *)grow, enzyme_dup, &p, &dp, 3, enzyme_dup, &out, &dout);
  return (int)dp[0];
}
"""


GROW_CALLERS_BUFFER_IN_HELPER = """#include <stdlib.h>
extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);
__attribute__((noinline)) static double *enlarge(double **pp, int n) {
  double *p = realloc(*pp, 2 * n * sizeof(double)); // HERE
  *pp = p;
  return p;
}
void grow(double **pp, int n, double *out) {
  double *p = enlarge(pp, n);
  for (int i = 0; i < n; i++) p[n + i] = p[i] * p[i];
  double s = 0;
  for (int i = 0; i < 2 * n; i++) s += p[i];
  *out = s;
}
int main(void) {
  double *p = calloc(3, sizeof(double)), *dp = calloc(3, sizeof(double)), out, dout = 1;
  __enzyme_autodiff((void *)grow, enzyme_dup, &p, &dp, 3, enzyme_dup, &out, &dout);
  return (int)dp[0];
}
"""


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("version", ["19", "14"])
def test_realloc_of_the_callers_buffer_is_located(version, opt, tmp_path):
    """The reverse pass would leave the adjoints in the old block while the
    caller's shadow pointer is moved to a freed one (gradient 0, exit 0)."""
    source, out, proc = _run(tmp_path, "grow", GROW_CALLERS_BUFFER, version, opt)
    _assert_located(source, out, proc, GROW_CALLERS_BUFFER,
                    r"cannot differentiate 'realloc' of memory allocated outside the "
                    r"differentiated function")


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("version", ["19", "14"])
def test_realloc_of_the_callers_buffer_in_a_helper_is_located(version, opt, tmp_path):
    """The same, one call deeper: the helper's argument is traced to the
    user's memory through the call (gradient 0, exit 0 before)."""
    source, out, proc = _run(tmp_path, "grow", GROW_CALLERS_BUFFER_IN_HELPER, version, opt)
    _assert_located(source, out, proc, GROW_CALLERS_BUFFER_IN_HELPER,
                    r"cannot differentiate 'realloc' of memory allocated outside the "
                    r"differentiated function")


FUNCTION_LIKE = """
__attribute__((enzyme_function_like({name}))) double like(double a) {{ return a; }}
double through_like(double x) {{
  return 3 * like(x); // HERE
}}
double __enzyme_autodiff(void *, ...);
int main(void) {{ return (int)__enzyme_autodiff((void *)through_like, 1.5); }}
"""
FUNCTION_LIKE_REFUSALS = {
    "unknown-name": ('"logg1p"', r"'like' is marked enzyme_function_like\(\"logg1p\"\), but "
                                 r"enzyme-opt has no derivative rule for 'logg1p'"),
    "wrong-arity": ('"pow"', r"'like' is marked enzyme_function_like\(\"pow\"\), but its "
                             r"signature does not fit 'pow' \(2 floating-point argument"),
}


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("case", sorted(FUNCTION_LIKE_REFUSALS))
def test_function_like_without_a_fitting_rule_is_located(case, version, opt, tmp_path):
    """enzyme_function_like (through enzyme/attributes.h) naming a function
    with no rule, or one whose arguments do not fit: refused at the call."""
    name, pattern = FUNCTION_LIKE_REFUSALS[case]
    text = FUNCTION_LIKE.format(name=name)
    source = tmp_path / f"{case}.c"
    source.write_text(text)
    ll, out = tmp_path / f"{case}.ll", tmp_path / f"{case}.out.ll"
    header = REPO_ROOT / "enzyme_opt" / "include" / "enzyme" / "attributes.h"
    subprocess.run([_clang(version), opt, "-g", "-include", str(header), "-S", "-emit-llvm",
                    str(source), "-o", str(ll)], check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    _assert_located(source, out, proc, text, pattern)
