// An error routine in the style of BLAS's xerbla_: not declared noreturn,
// declared to return an int, given the active array, and ending in exit().
// It never returns, so no derivative passes through it: the derivative
// follows the paths that return.  Closed forms, reverse and forward mode.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) int report(const char *who, const double *x, int n) {
  fprintf(stderr, "%s: bad size %d (x[0] = %g)\n", who, n, x[0]);
  exit(2);
  return 0;
}

// y[i] = x[i]^2 * s, s = sum of x
__attribute__((noinline)) int squares(const double *x, double *y, int n) {
  if (n < 1 || n > 8) {
    report("squares", x, n);
    return -1;
  }
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  for (int i = 0; i < n; i++) y[i] = x[i] * x[i] * s;
  return 0;
}

static void f(const double *x, double *y, int n) { squares(x, y, n); }

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (fabs(got - want) > 1e-13 * (1.0 + fabs(want))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  double x[N] = {0.5, -1.25, 2.0, 0.75}, y[N], s = 0;
  for (int i = 0; i < N; i++) s += x[i];
  double dx[N] = {0}, dy[N] = {1, 2, 3, 4}, w[N] = {1, 2, 3, 4};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, N);
  double wx2 = 0;                        // d/dx_j of sum_i w_i x_i^2 s
  for (int i = 0; i < N; i++) wx2 += w[i] * x[i] * x[i];
  for (int j = 0; j < N; j++) check("reverse", j, dx[j], 2 * w[j] * x[j] * s + wx2);
  double tx[N] = {1, -1, 0.5, 2}, ty[N] = {0}, ts = 0;
  for (int i = 0; i < N; i++) ts += tx[i];
  __enzyme_fwddiff((void *)f, enzyme_dup, x, tx, enzyme_dup, y, ty, enzyme_const, N);
  for (int i = 0; i < N; i++)
    check("forward", i, ty[i], 2 * x[i] * tx[i] * s + x[i] * x[i] * ts);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
