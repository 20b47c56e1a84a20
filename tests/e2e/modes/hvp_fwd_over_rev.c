// Forward over reverse: grad() calls __enzyme_autodiff, and __enzyme_fwddiff
// of grad() gives Hessian-vector products H v in the shadow of g.
//   f(x) = sum_{i<n-1} x_i^2 x_{i+1} + sum_i sin x_i
//   g_k  = 2 x_k x_{k+1} + x_{k-1}^2 + cos x_k        (missing terms are 0)
//   (Hv)_k = (2 x_{k+1} - sin x_k) v_k + 2 x_k v_{k+1} + 2 x_{k-1} v_{k-1}
// And a scalar second derivative: dsq(x) = autodiff(x^3 e^x) = (3x^2 + x^3) e^x,
//   fwddiff(dsq, x, 1.0) = (6x + 6x^2 + x^3) e^x
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void __enzyme_fwddiff_v(void *, ...);

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 1 < n; i++) s += x[i] * x[i] * x[i + 1];
  for (int i = 0; i < n; i++) s += sin(x[i]);
  return s;
}

void grad(const double *x, double *g, int n) {
  for (int i = 0; i < n; i++) g[i] = 0.0;
  __enzyme_autodiff((void *)f, x, g, n);
}

double cube_exp(double x) { return x * x * x * exp(x); }
double dsq(double x) { return __enzyme_autodiff((void *)cube_exp, x); }

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 6 };
  double x[N], v[N], g[N], hv[N];
  for (int i = 0; i < N; i++) x[i] = 0.35 * i - 0.9, v[i] = cos(1.0 + i), hv[i] = 123.0;
  __enzyme_fwddiff_v((void *)grad, x, v, g, hv, N);
  for (int k = 0; k < N; k++) {
    double gk = cos(x[k]), h = -sin(x[k]) * v[k];
    if (k + 1 < N) gk += 2 * x[k] * x[k + 1], h += 2 * x[k + 1] * v[k] + 2 * x[k] * v[k + 1];
    if (k > 0) gk += x[k - 1] * x[k - 1], h += 2 * x[k - 1] * v[k - 1];
    check("gradient", k, g[k], gk, 1e-14);
    check("Hv", k, hv[k], h, 1e-13);
  }
  const double xs[] = {0.5, -1.2, 2.0};
  for (int i = 0; i < 3; i++) {
    double t = xs[i];
    check("dsq", i, dsq(t), (3 * t * t + t * t * t) * exp(t), 1e-14);
    check("second derivative", i, __enzyme_fwddiff((void *)dsq, t, 1.0),
          (6 * t + 6 * t * t + t * t * t) * exp(t), 1e-13);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
