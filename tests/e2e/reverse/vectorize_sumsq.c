// Loops that the -O2/-O3 loop vectorizer turns into <2 x double> code over an
// array of n = 1000: a sum of squares (the pragma allows reassociation) and an
// element-wise square into a restrict-qualified output.
//   sumsq: d/dx_i = 2 x_i     quartic = sumsq(squares(x)): d/dx_i = 4 x_i^3
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

double sumsq(const double *x, int n) {
  double s = 0.0;
#pragma clang loop vectorize(enable) interleave(enable)
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  return s;
}

void squares(double *restrict y, const double *restrict x, int n) {
  for (int i = 0; i < n; i++) y[i] = x[i] * x[i];
}

double quartic(const double *x, double *tmp, int n) {
  squares(tmp, x, n);
  return sumsq(tmp, n);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

enum { N = 1000 };
static double x[N], dx[N], tmp[N], dtmp[N];

int main(void) {
  for (int i = 0; i < N; i++) x[i] = sin(0.01 * i) + 0.001 * i;
  __enzyme_autodiff((void *)sumsq, x, dx, N);
  for (int i = 0; i < N; i++) check("d sumsq/dx", i, dx[i], 2.0 * x[i], 1e-15);
  for (int i = 0; i < N; i++) dx[i] = 0.0;
  __enzyme_autodiff((void *)quartic, x, dx, tmp, dtmp, N);
  for (int i = 0; i < N; i++) check("d quartic/dx", i, dx[i], 4.0 * x[i] * x[i] * x[i], 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
