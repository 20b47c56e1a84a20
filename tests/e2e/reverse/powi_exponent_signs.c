// CFLAGS: -ffast-math
// powi's partial n * x^(n-1) converts n as the primal does (uitofp nneg)
// when n is known to be non-negative (series_fixed: counted up by add
// nsw), so that LLVM folds n * x^(n-1) / n.  Exponents of both signs keep
// sitofp, and so does `guarded`, where clang -O2 hoists its `uitofp nneg n`
// out of the test n > 0, beside the powi: a uitofp nneg of a negative n
// would be poison.  Exact derivatives in reverse and forward mode.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

// sum_{i=1}^{n} x^i / i; its derivative is sum x^(i-1)
double series(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += __builtin_powi(x, i) / i;
  return s;
}

// a fixed count: clang steps i by add nsw, which proves i >= 0
double series_fixed(double x) {
  double s = 0.0;
  for (int i = 1; i <= 1000; i++) s += __builtin_powi(x, i) / i;
  return s;
}

// i from -n to n but 0: negative exponents, converted by sitofp
double both_signs(double x, int n) {
  double s = 0.0;
  for (int i = -n; i <= n; i++)
    if (i != 0) s += __builtin_powi(x, i) / i;
  return s;
}

// divided by n only where n > 0
double guarded(double x, int n) {
  double p = __builtin_powi(x, n);
  if (n > 0) p /= n;
  return p;
}

static int failures;
static void check(const char *what, double x, int n, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s(%g, %d): got %.17g, want %.17g\n", what, x, n, got, want);
    failures++;
  }
}

static double powers_sum(double x, int lo, int hi) {   // sum x^(i-1), i != 0
  double s = 0.0;
  for (int i = lo; i <= hi; i++)
    if (i != 0) s += pow(x, i - 1);
  return s;
}

int main(void) {
  const double xs[] = {0.5, 1.25, -0.75};
  const int ns[] = {1, 7, 40};
  for (int a = 0; a < 3; a++) {
    for (int b = 0; b < 3; b++) {
      double x = xs[a];
      int n = ns[b];
      double want = powers_sum(x, 1, n);
      check("d series", x, n, __enzyme_autodiff((void *)series, x, n), want);
      check("t series", x, n, __enzyme_fwddiff((void *)series, x, 1.0, n), want);
      if (b == 0) {
        want = powers_sum(x, 1, 1000);
        check("d series_fixed", x, 1000, __enzyme_autodiff((void *)series_fixed, x), want);
        check("t series_fixed", x, 1000, __enzyme_fwddiff((void *)series_fixed, x, 1.0), want);
      }
      want = powers_sum(x, -n, n);
      check("d both_signs", x, n, __enzyme_autodiff((void *)both_signs, x, n), want);
      check("t both_signs", x, n, __enzyme_fwddiff((void *)both_signs, x, 1.0, n), want);
      for (int sign = -1; sign <= 1; sign += 2) {
        int m = sign * n;
        want = m > 0 ? pow(x, m - 1) : m * pow(x, m - 1);
        check("d guarded", x, m, __enzyme_autodiff((void *)guarded, x, m), want);
        check("t guarded", x, m, __enzyme_fwddiff((void *)guarded, x, 1.0, m), want);
      }
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
