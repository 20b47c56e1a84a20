"""OpenMP constructs without a derivative rule are refused, located, by name.

Each case is a parallel region using one construct the AD does not
differentiate (in the mode named); enzyme-opt must exit 1 with a
`file.c:LINE:COL: error:` naming the construct, never differentiate the
region without it.  The differentiated constructs are tested numerically
by tests/e2e/openmp/.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

REGIONS = """\
#include <stdlib.h>
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
void in_order(const double *x, double *y, int n) {
#pragma omp parallel for ordered schedule(dynamic, 2)
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    y[0] = y[0] * x[i];
  }
}
void tasks(const double *x, double *y, int n) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    y[i] = x[i] * x[i];
  }
}
void once(const double *x, double *y, int n) {
#pragma omp parallel
  {
#pragma omp single
    y[0] = x[0] * x[0];
  }
}
void on_master(const double *x, double *y, int n) {
#pragma omp parallel
  {
#pragma omp master
    y[0] = x[0] * x[0];
  }
}
// A user's reverse rule adds to the shadows it is given with plain stores:
// two threads may add to one (x[i % 2]).
__attribute__((noinline)) void square_into(const double *src, double *dest) {
  *dest = *src * *src;
}
void square_into_aug(const double *src, double *d_src, double *dest, double *d_dest) {
  *dest = *src * *src;
}
void square_into_rev(const double *src, double *d_src, const double *dest, double *d_dest) {
  *d_src += 2 * *src * *d_dest;
  *d_dest = 0;
}
void *__enzyme_register_gradient_square_into[3] = {(void *)square_into, (void *)square_into_aug,
                                                   (void *)square_into_rev};
void custom_rule(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) square_into(x + i % 2, y + i);
}
// realloc's reverse moves the kept bytes' adjoints back without atomics.
void grown(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(sizeof(double));
    t[0] = x[i % 2];
    t = realloc(t, 2 * sizeof(double));
    t[1] = t[0] * t[0];
    y[i] = t[1];
    free(t);
  }
}
// The derivative of what a function pointer calls adds with plain stores.
static double square_at(const double *p) { return *p * *p; }
void through_pointer(const double *x, double *y, int n, double (*fp)(const double *)) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) y[i] = fp(x + i % 2);
}
double x[4], dx[4], y[4], dy[4], s, ds;
int main(void) {
  CALL;
  return 0;
}
"""

SHARED = r"inside an OpenMP parallel region in reverse mode, "

# name: (the API call, what the message names)
CASES = {
    "ordered": ("__enzyme_autodiff((void *)in_order, x, dx, y, dy, 4)",
                r"an OpenMP ordered (construct|loop with a dynamic schedule)"),
    "ordered-forward": ("__enzyme_fwddiff((void *)in_order, x, dx, y, dy, 4)",
                        r"an OpenMP ordered (construct|loop with a dynamic schedule)"),
    "task": ("__enzyme_autodiff((void *)tasks, x, dx, y, dy, 4)",
             r"an OpenMP (task|single construct)"),
    "task-forward": ("__enzyme_fwddiff((void *)tasks, x, dx, y, dy, 4)", r"an OpenMP task"),
    "single": ("__enzyme_autodiff((void *)once, x, dx, y, dy, 4)",
               r"an OpenMP single construct"),
    "master": ("__enzyme_autodiff((void *)on_master, x, dx, y, dy, 4)",
               r"an OpenMP (master|masked) construct"),
    # what a parallel region's reverse cannot yet add to shared shadows atomically
    "custom-rule": ("__enzyme_autodiff((void *)custom_rule, x, dx, y, dy, 4)",
                    SHARED + r"a call of '\w*square_into\w*' \(has a derivative registered"),
    "indirect": ("__enzyme_autodiff((void *)through_pointer, x, dx, y, dy, 4, enzyme_const, "
                 "square_at)", SHARED + r"an indirect call \(the callee is known only"),
    "realloc": ("__enzyme_autodiff((void *)grown, x, dx, y, dy, 4)",
                SHARED + r"a call of 'realloc' \(realloc"),
}


@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_openmp_construct_is_refused(case, version, opt, tmp_path):
    clang = shutil.which(f"clang-{version}")
    if clang is None:
        pytest.skip(f"clang-{version} is not installed")
    call, construct = CASES[case]
    source = tmp_path / "regions.c"
    source.write_text(REGIONS.replace("CALL", call))
    ll, out = tmp_path / "regions.ll", tmp_path / "out.ll"
    subprocess.run([clang, opt, "-g", "-fopenmp", "-S", "-emit-llvm", str(source), "-o", str(ll)],
                   check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert re.search(r"regions\.c:\d+:\d+: error: cannot differentiate,? " + construct,
                     proc.stderr), proc.stderr
    assert not out.exists()
