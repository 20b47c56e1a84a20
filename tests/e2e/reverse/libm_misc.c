// fabs, fma, fmin, fmax, copysign, and floor/ceil/round/trunc (derivative 0).
// Output k has seed k+1.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

void misc(double *y, const double *x) {
  y[0] = fabs(x[0]);
  y[1] = fabs(x[1]);
  y[2] = fma(x[2], x[3], x[4]);
  y[3] = fmin(x[5], x[6]);
  y[4] = fmax(x[7], x[8]);
  y[5] = copysign(x[9], x[10]);
  y[6] = floor(x[11]) + ceil(x[12]) + round(x[13]) + trunc(x[14]);
  y[7] = x[15] * floor(x[15]);
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x[16] = {-1.3, 2.2, 1.5, -0.5, 4.0, 0.3, -0.2, 0.3, -0.2,
                        1.5, -2.0, 1.7, -2.3, 2.6, -3.4, 2.5};
  double y[8], dy[8], dx[16] = {0};
  for (int k = 0; k < 8; k++) dy[k] = k + 1;
  __enzyme_autodiff((void *)misc, y, dy, x, dx);
  check("fabs' (x<0)", dx[0], -1.0, 1e-15);
  check("fabs' (x>0)", dx[1], 2.0, 1e-15);
  check("d fma/da", dx[2], 3 * x[3], 1e-15);
  check("d fma/db", dx[3], 3 * x[2], 1e-15);
  check("d fma/dc", dx[4], 3.0, 1e-15);
  check("d fmin/da (a larger)", dx[5], 0.0, 1e-15);
  check("d fmin/db (b smaller)", dx[6], 4.0, 1e-15);
  check("d fmax/da (a larger)", dx[7], 5.0, 1e-15);
  check("d fmax/db (b smaller)", dx[8], 0.0, 1e-15);
  check("d copysign(a,b)/da", dx[9], -6.0, 1e-15);
  check("d copysign(a,b)/db", dx[10], 0.0, 1e-15);
  check("floor'", dx[11], 0.0, 1e-15);
  check("ceil'", dx[12], 0.0, 1e-15);
  check("round'", dx[13], 0.0, 1e-15);
  check("trunc'", dx[14], 0.0, 1e-15);
  check("d x*floor(x)/dx", dx[15], 8 * floor(x[15]), 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
