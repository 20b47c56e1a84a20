// Trigonometric libm functions.  y_k = f_k(x...) with seeds dy_k = k+1, so
// each dx entry isolates one function's derivative; plus a scalar chain.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_scalar(void *, ...);

void trig(double *y, const double *x) {
  y[0] = sin(x[0]);
  y[1] = cos(x[1]);
  y[2] = tan(x[2]);
  y[3] = asin(x[3]);
  y[4] = acos(x[4]);
  y[5] = atan(x[5]);
  y[6] = atan2(x[6], x[7]);
  y[7] = hypot(x[8], x[9]);
}

double chain(double x) { return sin(cos(x)) * tan(x); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x[10] = {0.7, -1.1, 0.4, 0.3, -0.6, 2.5, 1.2, -0.8, 3.0, -4.0};
  double y[8], dy[8], dx[10] = {0};
  for (int k = 0; k < 8; k++) dy[k] = k + 1;
  __enzyme_autodiff((void *)trig, y, dy, x, dx);
  const double r2 = x[6] * x[6] + x[7] * x[7], h = hypot(x[8], x[9]);
  check("sin'", dx[0], 1 * cos(x[0]), 1e-14);
  check("cos'", dx[1], 2 * -sin(x[1]), 1e-14);
  check("tan'", dx[2], 3 * (1.0 + tan(x[2]) * tan(x[2])), 1e-14);
  check("asin'", dx[3], 4 / sqrt(1.0 - x[3] * x[3]), 1e-14);
  check("acos'", dx[4], -5 / sqrt(1.0 - x[4] * x[4]), 1e-14);
  check("atan'", dx[5], 6 / (1.0 + x[5] * x[5]), 1e-14);
  check("d atan2(y,x)/dy", dx[6], 7 * x[7] / r2, 1e-14);
  check("d atan2(y,x)/dx", dx[7], 7 * -x[6] / r2, 1e-14);
  check("d hypot/da", dx[8], 8 * x[8] / h, 1e-14);
  check("d hypot/db", dx[9], 8 * x[9] / h, 1e-14);
  for (int k = 0; k < 8; k++) check("dy consumed", dy[k], 0.0, 0.0);
  const double t = 0.9;
  check("chain'", __enzyme_autodiff_scalar((void *)chain, t),
        cos(cos(t)) * -sin(t) * tan(t) + sin(cos(t)) * (1.0 + tan(t) * tan(t)), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
