"""Indirect calls without a derivative table are refused, never run wrong.

A call through a function pointer that derivatives reach dispatches through
the pointer's shadow, which must be the function's derivative table
(`__enzyme_virtualreverse(f)`).  A shadow that is the function itself or
null (the program gave no table) stops the program with a message instead
of jumping into code as if it were a table; a function pointer without any
shadow when no function of the module with its type has its address taken
(it can only be one defined elsewhere), or one whose signature no table
covers, is a located error.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

PROGRAM = r"""
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
void *__enzyme_virtualreverse(void *);
typedef struct { double (*f)(double); double k; } Model;
double sq(double x) { return x * x; }
double *pick(double *p) { return p + 1; }
double energy(Model *m, double x) { return m->f(x) * m->k; }
double elsewhere(double, double, double);
double call_const(double (*f)(double, double, double), double x) { return f(x, x, x); }
int main(void) {
  Model m = {sq, 2.0}, dm = {SHADOW, 0.0};
  double r = 0;
#ifdef CONST_POINTER
  r = __enzyme_autodiff((void *)call_const, enzyme_const, elsewhere, 1.5); // HERE
#elif defined(NO_TABLE_SIGNATURE)
  void *t = __enzyme_virtualreverse((void *)pick); // HERE
  r = t != 0;
#else
  r = __enzyme_autodiff((void *)energy, enzyme_dup, &m, &dm, 1.5);
#endif
  printf("%g %g\n", r, dm.k);
  return 0;
}
"""


def _build(tmp_path, clang, opt, defines):
    source = tmp_path / "prog.c"
    source.write_text(PROGRAM)
    ll, out, exe = tmp_path / "prog.ll", tmp_path / "out.ll", tmp_path / "prog"
    subprocess.run([f"clang-{clang}", opt, "-g", *defines, "-S", "-emit-llvm", str(source),
                    "-o", str(ll)], check=True, capture_output=True)
    tool = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=600)
    return source, out, exe, tool


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("shadow", ["sq", "0"])
def test_a_shadow_that_is_no_table_stops_the_program(tmp_path, clang, opt, shadow):
    _, out, exe, tool = _build(tmp_path, clang, opt, [f"-DSHADOW={shadow}"])
    assert tool.returncode == 0, tool.stderr
    subprocess.run([f"clang-{clang}", opt, str(out), "-o", str(exe), "-lm"], check=True,
                   capture_output=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode != 0, run.stdout
    assert "has no derivative table" in run.stderr, (run.stdout, run.stderr)


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("case,pattern", [
    ("CONST_POINTER", r"cannot differentiate an indirect call with active arguments"),
    ("NO_TABLE_SIGNATURE", r"'pick' cannot have a derivative table: it returns a"),
])
def test_unsupported_indirect_calls_are_located(tmp_path, clang, opt, case, pattern):
    source, out, _, tool = _build(tmp_path, clang, opt, ["-DSHADOW=sq", f"-D{case}"])
    assert tool.returncode == 1 and not out.exists(), tool.stderr
    assert "Traceback" not in tool.stderr and "internal error" not in tool.stderr, tool.stderr
    first = tool.stderr.splitlines()[0]
    if case == "CONST_POINTER":      # the call is in call_const, at its C line
        line = next(n for n, l in enumerate(PROGRAM.splitlines(), 1) if "return f(x, x, x)" in l)
    else:
        line = next(n for n, l in enumerate(PROGRAM.splitlines(), 1) if "// HERE" in l
                    and "virtualreverse" in l)
    assert re.match(rf"{re.escape(str(source))}:{line}:\d+: error: {pattern}", first), \
        tool.stderr
