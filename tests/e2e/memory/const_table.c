// A constant global table read inside the differentiated function: it is
// inactive (no shadow needed), the coefficients just scale the derivatives.
//   poly(x) = sum_k coeffs[k] x^k  (Horner),  poly'(x) = sum_k k coeffs[k] x^(k-1)
//   mix(a) = sum_i coeffs[i % 6] a_i^2 + weights[i % 3] sin(a_i)
//   d mix/da_i = 2 coeffs[i % 6] a_i + weights[i % 3] cos(a_i)
#include <math.h>
#include <stdio.h>

static const double coeffs[] = {1.0, -0.5, 0.25, 2.0, -1.5, 0.125};
static const double weights[3] = {3.0, -2.0, 0.5};
enum { NC = sizeof coeffs / sizeof coeffs[0] };
double __enzyme_autodiff(void *, ...);

double poly(double x) {
  double s = 0.0;
  for (int k = NC - 1; k >= 0; k--) s = s * x + coeffs[k];
  return s;
}

double mix(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += coeffs[i % NC] * a[i] * a[i] + weights[i % 3] * sin(a[i]);
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.0, 0.7, -1.3, 2.2};
  for (int i = 0; i < 4; i++) {
    double want = 0.0;
    for (int k = 1; k < NC; k++) want += k * coeffs[k] * pow(xs[i], k - 1);
    check("poly'", i, __enzyme_autodiff((void *)poly, xs[i]), want, 1e-13);
  }
  enum { N = 13 };
  double a[N], da[N] = {0};
  for (int i = 0; i < N; i++) a[i] = 0.2 * i - 1.0;
  __enzyme_autodiff((void *)mix, a, da, N);
  for (int i = 0; i < N; i++)
    check("d mix/da", i, da[i], 2.0 * coeffs[i % NC] * a[i] + weights[i % 3] * cos(a[i]), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
