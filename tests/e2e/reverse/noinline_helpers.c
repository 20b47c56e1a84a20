// Calls to noinline helpers with pointer arguments, one of them returning an
// active double, and a local stack buffer.  With u = x/|x|:
//   f(x, w) = u.w + x.x/2,  df/dx = (w - u (u.w)) / |x| + x,  df/dw = u.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static void axpy(double a, const double *x, double *y, int n) {
  for (int i = 0; i < n; i++) y[i] += a * x[i];
}

__attribute__((noinline)) double dot(const double *x, const double *y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) void normalize(double *v, int n) {
  double norm = sqrt(dot(v, v, n));
  for (int i = 0; i < n; i++) v[i] /= norm;
}

double f(const double *x, const double *w, int n) {
  double tmp[16];
  for (int i = 0; i < n; i++) tmp[i] = x[i];
  axpy(2.0, x, tmp, n); // tmp = 3x
  normalize(tmp, n);    // tmp = x/|x|
  return dot(tmp, w, n) + 0.5 * dot(x, x, n);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  const double x[N] = {1.0, -2.0, 0.5, 3.0, -0.25}, w[N] = {0.3, 0.1, -1.0, 2.0, 0.7};
  double dx[N] = {0}, dw[N] = {0}, norm = 0.0, uw = 0.0;
  for (int i = 0; i < N; i++) norm += x[i] * x[i];
  norm = sqrt(norm);
  for (int i = 0; i < N; i++) uw += x[i] / norm * w[i];
  __enzyme_autodiff((void *)f, x, dx, w, dw, N);
  for (int i = 0; i < N; i++) {
    double u = x[i] / norm;
    check("df/dx", i, dx[i], (w[i] - u * uw) / norm + x[i], 1e-13);
    check("df/dw", i, dw[i], u, 1e-13);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
