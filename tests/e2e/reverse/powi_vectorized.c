// __builtin_powi in a loop: clang -O2 vectorizes it into llvm.powi.v2f64.i32,
// a vector base with a scalar exponent, whose derivative must splat the
// exponent over the lanes (it once cast the i32 to a vector: invalid IR).
// Found by the gradient fuzzer.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double cubes(const double *x, int n) {
  double s = 0.0;
  double loc[8];
  for (int i = 0; i < n; i++) loc[i] = __builtin_powi(x[i], 3) + __builtin_powi(x[i], -2);
  for (int i = 0; i < n; i++) s += loc[i];
  return s;
}

int main(void) {
  double x[6] = {0.5, 1.0, 1.5, 2.0, -0.75, 3.0}, dx[6] = {0};
  __enzyme_autodiff((void *)cubes, enzyme_dup, x, dx, enzyme_const, 6);
  int bad = 0;
  for (int i = 0; i < 6; i++) {
    double want = 3 * x[i] * x[i] - 2 / (x[i] * x[i] * x[i]);
    double t[6] = {0};
    t[i] = 1;
    double fwd = __enzyme_fwddiff((void *)cubes, enzyme_dup, x, t, enzyme_const, 6);
    if (fabs(dx[i] - want) > 1e-12 * (1 + fabs(want)) || fabs(fwd - want) > 1e-12 * (1 + fabs(want))) {
      printf("MISMATCH d/dx%d: reverse %g, forward %g, want %g\n", i, dx[i], fwd, want);
      bad = 1;
    }
  }
  return bad;
}
