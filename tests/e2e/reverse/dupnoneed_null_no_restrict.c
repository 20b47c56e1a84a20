// Reverse mode, an `enzyme_dupnoneed` output passed as null, without
// restrict: the gradient is versioned on aliasing, and its `noalias`
// version leaves out the stores through the output, unless the output's
// address is kept where it could be read back.  clang-19 -O2's vectorized
// loop takes the output's address as an integer for its overlap test
// (ptrtoint, a subtraction, a comparison), which counted as such an
// escape: the stores to null stayed and the program crashed (rc 139 at
// clang-19 -O2/-O3).  An address only compared is not kept.  (The arrays
// are malloc'd: adjacent stack arrays make the run-time alias test take
// the other version, which keeps the stores; a null output without
// restrict still crashes there.)
#include <stdlib.h>
#include "../check.h"

extern int enzyme_dupnoneed, enzyme_dup;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static void squares(double *out, const double *x, int n) {
  for (int i = 0; i < n; i++) out[i] = x[i] * x[i] * (i + 1);
}

int main(void) {
  int n = 64, bad = 0;
  double *x = malloc(n * sizeof *x), *dx = calloc(n, sizeof *dx), *seed = malloc(n * sizeof *seed);
  for (int i = 0; i < n; i++) {
    x[i] = 0.01 * i - 0.3;
    seed[i] = i % 5;
  }
  __enzyme_autodiff((void *)squares, enzyme_dupnoneed, (double *)0, seed, enzyme_dup, x, dx, n);
  for (int i = 0; i < n; i++) {
    bad += !check_close("dx", i, dx[i], (i % 5) * (i + 1) * 2 * x[i]);
    bad += !check_close("seed", i, seed[i], 0);
  }
  free(x), free(dx), free(seed);
  return bad != 0;
}
