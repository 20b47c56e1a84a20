// printf/puts inside the differentiated function: the output still appears
// (the primal runs), and it does not disturb the gradients.
//   f(x) = sum_i x_i^2 e^{x_i/4}:  df/dx_i = (2 x_i + x_i^2 / 4) e^{x_i/4}
//   g(a) = a^3 - a, printing the active a and the result: g' = 3a^2 - 1
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  puts("f: start");
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s += x[i] * x[i] * exp(0.25 * x[i]);
    printf("f: i=%d x=%.3f partial=%.6f\n", i, x[i], s);
  }
  return s;
}

double g(double a) {
  double r = a * a * a - a;
  printf("g: a=%g r=%g\n", a, r);
  fflush(stdout);
  return r;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  double x[N] = {0.5, -1.5, 2.0, 0.125}, dx[N] = {0};
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int i = 0; i < N; i++)
    check("df/dx", i, dx[i], (2.0 * x[i] + 0.25 * x[i] * x[i]) * exp(0.25 * x[i]), 1e-14);
  const double as[] = {1.5, -0.75};
  for (int k = 0; k < 2; k++) check("g'", k, __enzyme_autodiff((void *)g, as[k]), 3.0 * as[k] * as[k] - 1.0, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
