"""What cannot be differentiated is reported, located in the user's source.

Each case is a small C program with one invalid request, compiled by
clang-19 and clang-14 with -g.  enzyme-opt must exit 1 without a traceback
and without writing the output file, and print a clang-style
`FILE.c:LINE:COL: error: ...` naming the C line of the problem, with that
line quoted beneath it.
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
extern int enzyme_dup, enzyme_const, enzyme_dupp, enzyme_allocated, enzyme_tape;
double __enzyme_autodiff(void *, ...);
void __enzyme_augmentfwd(void *, ...);
double external_fn(double);
double sq(double x) { return x * x; }
double twice(double *x, int n) { return 2.0 * x[0] * n; }
"""

# name: (body of main's test function, message pattern, the marked line's text)
CASES = {
    "no-body": ("r = __enzyme_autodiff((void *)external_fn, x); // HERE",
                r"cannot differentiate 'external_fn': it has no body", None),
    "too-few": ("r = __enzyme_autodiff((void *)twice, p, dp); // HERE",
                r"too few arguments for 'twice': parameter 2 has no value", None),
    "too-many": ("r = __enzyme_autodiff((void *)sq, x, x); // HERE",
                 r"too many arguments for 'sq': it takes 1 parameters", None),
    "dup-without-shadow": ("r = __enzyme_autodiff((void *)twice, enzyme_dup, p); // HERE",
                           r"argument 1 of 'twice' is duplicated but has no shadow", None),
    "unknown-marker": ("r = __enzyme_autodiff((void *)twice, enzyme_dupp, p, dp, 3); // HERE",
                       r"unknown marker 'enzyme_dupp' before argument 1 of 'twice'", None),
    "tape-too-small": ("char buf[4]; __enzyme_augmentfwd((void *)loop_sum, enzyme_allocated, 4, "
                       "enzyme_tape, buf, p, dp, 3); // HERE",
                       r"the tape of 'loop_sum' needs 24 bytes but only 4 were allocated", None),
    "inline-asm": ("r = __enzyme_autodiff((void *)via_asm, x);",
                   r"cannot differentiate inline assembly that active values flow through "
                   r"in function 'via_asm'", "ASM"),
    "indirect-call": ("r = __enzyme_autodiff((void *)call_through, x);",
                      r"cannot differentiate an indirect call with active arguments .* in "
                      r"function 'call_through'", "INDIRECT"),
    "atomic-exchange": ("r = __enzyme_autodiff((void *)exchange, p, dp, x);",
                        r"cannot differentiate 'atomicrmw xchg' on active memory .* in function "
                        r"'exchange'", "XCHG"),
    "variadic": ("r = __enzyme_autodiff((void *)through_varargs, x);",
                 r"cannot differentiate a call to variadic function 'sum_doubles' with active "
                 r"arguments in its '...' part in function 'through_varargs'", "VARIADIC"),
    # Bytes of char buffers copied: nothing says whether they are a double.
    "untyped-copy": ("char b[16] = {0}, db[16] = {0}; "
                     "r = __enzyme_autodiff((void *)copy8, b, db, b + 8, db + 8);",
                     r"cannot deduce the type of the i64 value '%\d+' copied into active memory "
                     r"\(a float, a pointer or an integer: .*\) in function 'copy8'", "UNTYPED8"),
    "untyped-memcpy": ("char b[16] = {0}, db[16] = {0}; "
                       "r = __enzyme_autodiff((void *)copy_n, b, db, b + 8, db + 8, 8L);",
                       r"cannot deduce the type of the bytes 'llvm.memcpy.\S+' copies from "
                       r"'%\d+' into active memory .* in function 'copy_n'", "UNTYPEDN"),
}

# What unoptimized code says instead: at -O0 the 8-byte copy is still a memcpy
# (from -O1 on it is an i64 load and store).
AT_O0 = {
    "untyped-copy": r"cannot deduce the type of the 8 bytes 'llvm.memcpy.\S+' copies from "
                    r"'%\d+' into active memory .* in function 'copy8'",
}

HELPERS = """\
double loop_sum(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  return s;
}
__attribute__((noinline)) double via_asm(double x) {
  double y;
  __asm__("movsd %1, %0" : "=x"(y) : "x"(x)); // ASM
  return y * x;
}
void copy8(void *d, const void *s) {
  __builtin_memcpy(d, s, 8); // UNTYPED8
}
void copy_n(void *d, const void *s, long n) {
  __builtin_memcpy(d, s, n); // UNTYPEDN
}
double defined_elsewhere(double, double, double);
double (*volatile hidden)(double, double, double) = defined_elsewhere;
__attribute__((noinline)) double call_through(double x) {
  return hidden(x, x, x); // INDIRECT
}
__attribute__((noinline)) double exchange(double *y, double v) {
  double old;
  __atomic_exchange(y, &v, &old, __ATOMIC_RELAXED); // XCHG
  return old * v;
}
__attribute__((noinline)) double sum_doubles(int n, ...) {
  __builtin_va_list ap;
  __builtin_va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += __builtin_va_arg(ap, double);
  __builtin_va_end(ap);
  return s;
}
__attribute__((noinline)) double through_varargs(double x) {
  return sum_doubles(2, x, x * x); // VARIADIC
}
"""


def _program(body: str) -> str:
    return (PRELUDE + HELPERS + "int main(void) {\n  double x = 1.5, r = 0, p[3] = {1, 2, 3}, "
            "dp[3] = {0};\n  " + body + "\n  return (int)(r + dp[0]);\n}\n")


def _clang(version: str) -> str:
    path = shutil.which(f"clang-{version}")
    if path is None:
        pytest.skip(f"clang-{version} is not installed")
    return path


@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2", "-O3"])
@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_invalid_request_is_located(case, version, opt, tmp_path):
    body, pattern, marker = CASES[case]
    if opt == "-O0":
        pattern = AT_O0.get(case, pattern)
    source = tmp_path / f"{case}.c"
    text = _program(body)
    source.write_text(text)
    marker = marker or "HERE"
    line = next(n for n, l in enumerate(text.splitlines(), 1) if f"// {marker}" in l)
    ll, out = tmp_path / f"{case}.ll", tmp_path / f"{case}.out.ll"
    subprocess.run([_clang(version), opt, "-g", "-S", "-emit-llvm", str(source), "-o",
                    str(ll)], check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists(), "no output file may be written on error"
    lines = proc.stderr.splitlines()
    head = re.compile(rf"^{re.escape(str(source))}:{line}:\d+: error: {pattern}")
    assert head.search(lines[0]), proc.stderr
    assert f"// {marker}" in lines[1], proc.stderr          # the C line, quoted
    assert lines[2].strip() == "^", proc.stderr
