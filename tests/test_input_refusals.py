"""Input functions that would overwrite memory carrying derivatives are refused.

What `is >> x`, sscanf and fread store carries no derivative, so memory
only they write needs no shadow (tests/e2e/cxx/stream_input.cpp).  But
where they overwrite memory that has one -- a local that held an active
value, the caller's duplicated memory -- the adjoint there would outlive
the value it belonged to: a located error, at -O0 and at -O2 (where the
call is `std::istream::_M_extract<double>`, inlined from the header), in
reverse and forward mode.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

PROGRAM = r"""
#include <cstdio>
#include <sstream>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;
double overwritten(double x) {
  double v = x;                       // v carries x's derivative...
  std::istringstream in("1.5");
  in >> v;                            // ...until this overwrites it
  return v * x;
}
double into_argument(double *p) {
  std::istringstream in("2");
  in >> p[0];
  return p[0] * p[1];
}
double scanned(double *p) {
  std::sscanf("2", "%lf", p);
  return p[0] * p[1];
}
int main() {
  double p[2] = {1, 3}, dp[2] = {0, 0};
  std::printf("%g\n", CALL);
}
"""

# The callee as errors name it: demangled (diagnostics.readable_names), or
# mangled where no demangler is installed.
ISTREAM = r"(std::istream[^']*|_ZNSi\w*)"        # operator>>, or _M_extract at -O2
CASES = {
    "overwritten": ("__enzyme_autodiff((void *)overwritten, 2.0)", "in >> v;", ISTREAM),
    "overwritten-forward": ("__enzyme_fwddiff((void *)overwritten, 2.0, 1.0)", "in >> v;",
                            ISTREAM),
    "into-argument": ("__enzyme_autodiff((void *)into_argument, enzyme_dup, p, dp)",
                      "in >> p[0];", ISTREAM),
    "scanned": ("__enzyme_autodiff((void *)scanned, enzyme_dup, p, dp)", "std::sscanf",
                r"(__isoc\d\d_)?sscanf\w*"),
}


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_input_into_memory_with_derivatives_is_refused(tmp_path, clang, opt, case):
    call, marked, callee = CASES[case]
    source, ll, out = tmp_path / "prog.cpp", tmp_path / "prog.ll", tmp_path / "out.ll"
    source.write_text(PROGRAM.replace("CALL", call))
    subprocess.run([f"clang++-{clang}", opt, "-g", "-S", "-emit-llvm", str(source), "-o",
                    str(ll)], check=True, capture_output=True)
    tool = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=600)
    assert tool.returncode == 1 and not out.exists(), tool.stderr
    assert "Traceback" not in tool.stderr and "internal error" not in tool.stderr, tool.stderr
    first = tool.stderr.splitlines()[0]
    assert re.search(rf"error: cannot differentiate call to '{callee}' .*: it stores values "
                     r"read from input through its argument \d+ into memory that carries "
                     r"derivatives", first), tool.stderr
    if opt == "-O0" or callee != ISTREAM:         # at -O2 >> is located in <istream>
        line = next(n for n, text in enumerate(PROGRAM.splitlines(), 1) if marked in text)
        assert first.startswith(f"{source}:{line}:"), tool.stderr
