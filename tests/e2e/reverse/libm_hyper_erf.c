// Hyperbolic functions and the error functions; output k has seed k+1.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_scalar(void *, ...);

void hyper(double *y, const double *x) {
  y[0] = sinh(x[0]);
  y[1] = cosh(x[1]);
  y[2] = tanh(x[2]);
  y[3] = erf(x[3]);
  y[4] = erfc(x[4]);
}

double act(double x) { return tanh(sinh(x)) + erfc(x) * x; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x[5] = {0.9, -1.4, 0.35, 0.6, -0.8};
  const double two_over_sqrtpi = 2.0 / sqrt(acos(-1.0));
  double y[5], dy[5], dx[5] = {0};
  for (int k = 0; k < 5; k++) dy[k] = k + 1;
  __enzyme_autodiff((void *)hyper, y, dy, x, dx);
  check("sinh'", dx[0], 1 * cosh(x[0]), 1e-14);
  check("cosh'", dx[1], 2 * sinh(x[1]), 1e-14);
  check("tanh'", dx[2], 3 * (1.0 - tanh(x[2]) * tanh(x[2])), 1e-14);
  check("erf'", dx[3], 4 * two_over_sqrtpi * exp(-x[3] * x[3]), 1e-14);
  check("erfc'", dx[4], 5 * -two_over_sqrtpi * exp(-x[4] * x[4]), 1e-14);
  const double t = 0.45, th = tanh(sinh(t));
  check("act'", __enzyme_autodiff_scalar((void *)act, t),
        (1.0 - th * th) * cosh(t) + erfc(t) - t * two_over_sqrtpi * exp(-t * t), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
