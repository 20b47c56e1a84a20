// Exponential, logarithmic and power functions of libm, one per output; the
// seed of output k is k+1.  pow also gets its exponent's derivative.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

void explog(double *y, const double *x) {
  y[0] = exp(x[0]);
  y[1] = exp2(x[1]);
  y[2] = expm1(x[2]);
  y[3] = log(x[3]);
  y[4] = log2(x[4]);
  y[5] = log10(x[5]);
  y[6] = log1p(x[6]);
  y[7] = pow(x[7], x[8]);
  y[8] = sqrt(x[9]);
  y[9] = cbrt(x[10]);
  y[10] = pow(x[11], 3.0);
  y[11] = pow(x[12], 2.0);
  y[12] = cbrt(x[13]);
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x[14] = {0.8, -1.3, 0.01, 2.5, 3.7, 0.04, -0.4, 1.7, 2.3, 5.0, 0.6, -1.4, 3.3, -3.7};
  double y[13], dy[13], dx[14] = {0};
  for (int k = 0; k < 13; k++) dy[k] = k + 1;
  __enzyme_autodiff((void *)explog, y, dy, x, dx);
  const double ln2 = log(2.0), ln10 = log(10.0);
  check("exp'", dx[0], 1 * exp(x[0]), 1e-14);
  check("exp2'", dx[1], 2 * exp2(x[1]) * ln2, 1e-14);
  check("expm1'", dx[2], 3 * exp(x[2]), 1e-14);
  check("log'", dx[3], 4 / x[3], 1e-14);
  check("log2'", dx[4], 5 / (x[4] * ln2), 1e-14);
  check("log10'", dx[5], 6 / (x[5] * ln10), 1e-14);
  check("log1p'", dx[6], 7 / (1.0 + x[6]), 1e-14);
  check("d pow(a,b)/da", dx[7], 8 * x[8] * pow(x[7], x[8] - 1.0), 1e-14);
  check("d pow(a,b)/db", dx[8], 8 * pow(x[7], x[8]) * log(x[7]), 1e-14);
  check("sqrt'", dx[9], 9 * 0.5 / sqrt(x[9]), 1e-14);
  check("cbrt'", dx[10], 10 / (3.0 * cbrt(x[10]) * cbrt(x[10])), 1e-14);
  check("d pow(a,3)/da", dx[11], 11 * 3.0 * x[11] * x[11], 1e-14);
  check("d pow(a,2)/da", dx[12], 12 * 2.0 * x[12], 1e-14);
  check("cbrt' (negative)", dx[13], 13 / (3.0 * cbrt(x[13]) * cbrt(x[13])), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
