// Reductions that the -O2/-O3 loop vectorizer (with -ffast-math) turns into
// llvm.vector.reduce.{fadd,fmul,fmax,fmin} over <N x float> and <N x double>:
//   sumsqf:  d/dx_i = 2 x_i            prod:  d/dx_i = prod / x_i
//   maxv:    d/dx_i = [i == argmax]    minvf: d/dx_i = [i == argmin]
// CFLAGS: -ffast-math
#include <float.h>
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

enum { N = 37 };

float sumsqf(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  return s;
}

double prod(const double *x, int n) {
  double p = 1.0;
  for (int i = 0; i < n; i++) p *= x[i];
  return p;
}

double maxv(const double *x, int n) {
  double m = -DBL_MAX;
  for (int i = 0; i < n; i++) m = fmax(m, x[i]);
  return m;
}

float minvf(const float *x, int n) {
  float m = FLT_MAX;
  for (int i = 0; i < n; i++) m = fminf(m, x[i]);
  return m;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N];
  float xf[N], dxf[N];
  int argmax = 0, argmin = 0;
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + 0.01 * ((i * 7) % N);      // distinct values near 1: a tame product
    xf[i] = (float)(0.5 - 0.03 * ((i * 11) % N));
    if (x[i] > x[argmax]) argmax = i;
    if (xf[i] < xf[argmin]) argmin = i;
  }

  for (int i = 0; i < N; i++) dxf[i] = 0.0f;
  __enzyme_autodiff((void *)sumsqf, xf, dxf, N);
  for (int i = 0; i < N; i++) check("sumsqf", i, dxf[i], 2.0 * xf[i], 1e-5);

  double p = prod(x, N);
  for (int i = 0; i < N; i++) dx[i] = 0.0;
  __enzyme_autodiff((void *)prod, x, dx, N);
  for (int i = 0; i < N; i++) check("prod", i, dx[i], p / x[i], 1e-12);

  for (int i = 0; i < N; i++) dx[i] = 0.0;
  __enzyme_autodiff((void *)maxv, x, dx, N);
  for (int i = 0; i < N; i++) check("maxv", i, dx[i], i == argmax ? 1.0 : 0.0, 0.0);

  for (int i = 0; i < N; i++) dxf[i] = 0.0f;
  __enzyme_autodiff((void *)minvf, xf, dxf, N);
  for (int i = 0; i < N; i++) check("minvf", i, dxf[i], i == argmin ? 1.0 : 0.0, 0.0);

  if (failures) return 1;
  printf("ok\n");
  return 0;
}
