// Loops with data-dependent exits.
//   partial(x, n, cap): s = sum_i x_i^2, stop (break) as soon as s > cap;
//     gradient 2 x_i for the summed prefix, 0 beyond it.
//   find_first(x, n, t): return 3 x_k for the first x_k > t (return from the
//     middle of the loop), else -1: gradient 3 at k only.
//   newton(a): while (|y^2 - a| > 1e-15 a) iterate y = (y + a/y)/2, d/da = 1/(2 sqrt a).
#include <math.h>
#include <stdio.h>

extern int enzyme_const, enzyme_dup, enzyme_out;
void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_d(void *, ...);

double partial(const double *x, int n, double cap) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s += x[i] * x[i];
    if (s > cap) break;
  }
  return s;
}

double find_first(const double *x, int n, double t) {
  for (int i = 0; i < n; i++)
    if (x[i] > t) return 3.0 * x[i];
  return -1.0;
}

double newton(double a) {
  double y = a > 1.0 ? a : 1.0;
  int it = 0;
  while (fabs(y * y - a) > 1e-15 * a && it++ < 100) y = 0.5 * (y + a / y);
  return y;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 8 };
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.3 * i + 0.2;
  // prefix sums of squares: 0.04 0.29 0.93 2.14 4.1 ... ; cap 2.0 -> stops at i = 3
  __enzyme_autodiff((void *)partial, enzyme_dup, x, dx, enzyme_const, N, enzyme_const, 2.0);
  for (int i = 0; i < N; i++) check("d partial", i, dx[i], i <= 3 ? 2.0 * x[i] : 0.0, 1e-14);
  double dy[N] = {0};
  __enzyme_autodiff((void *)find_first, x, dy, N, enzyme_const, 1.0);
  for (int i = 0; i < N; i++) check("d find_first", i, dy[i], i == 3 ? 3.0 : 0.0, 1e-14);
  for (int i = 0; i < N; i++) dy[i] = 0.0;
  __enzyme_autodiff((void *)find_first, x, dy, N, enzyme_const, 100.0);
  for (int i = 0; i < N; i++) check("d find_first none", i, dy[i], 0.0, 0.0);
  const double as[] = {0.25, 2.0, 10.0};
  for (int k = 0; k < 3; k++)
    check("d newton", k, __enzyme_autodiff_d((void *)newton, enzyme_out, as[k]), 0.5 / sqrt(as[k]), 1e-12);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
