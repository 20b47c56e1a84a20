// Gradients are ADDED to the shadow (+=), never assigned: start from a
// non-zero shadow, and call twice to accumulate twice.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

double cubes(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += x[i] * x[i] * x[i];
  return s;
}

void scale2(double *y, const double *x, int n) {
  for (int i = 0; i < n; i++) y[i] = 2.0 * x[i];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 3 };
  const double x[N] = {1.5, -2.0, 0.25}, init[N] = {1.0, -2.0, 0.5};
  double dx[N];
  for (int i = 0; i < N; i++) dx[i] = init[i];
  __enzyme_autodiff((void *)cubes, x, dx, N);
  for (int i = 0; i < N; i++) check("dx after one call", i, dx[i], init[i] + 3 * x[i] * x[i], 1e-14);
  __enzyme_autodiff((void *)cubes, x, dx, N);
  for (int i = 0; i < N; i++) check("dx after two calls", i, dx[i], init[i] + 6 * x[i] * x[i], 1e-14);

  // void function: dx += 2*dy; dy is consumed.
  double y[N], dy[N] = {1.0, 10.0, 100.0};
  for (int i = 0; i < N; i++) dx[i] = init[i];
  __enzyme_autodiff((void *)scale2, y, dy, x, dx, N);
  for (int i = 0; i < N; i++) {
    double seed = i == 0 ? 1.0 : i == 1 ? 10.0 : 100.0;
    check("dx after scale2", i, dx[i], init[i] + 2.0 * seed, 1e-14);
    check("dy consumed", i, dy[i], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
