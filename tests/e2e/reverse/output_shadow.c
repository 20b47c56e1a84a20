// A void function with an active scalar and three output arrays:
//   y[i] = a x_i^2      (overwritten: the seed dy is consumed, set to 0)
//   z[i] += a x_i       (updated:     dz passes through unchanged)
//   w[i] = 3 w[i] + x_i (in place:    dw becomes 3 dw)
// The return value is d/da of sum(dy*y + dz*z + dw*w).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

void kernels(double a, const double *x, double *y, double *z, double *w, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = a * x[i] * x[i];
    z[i] += a * x[i];
    w[i] = 3.0 * w[i] + x[i];
  }
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  const double a = 1.25;
  double x[N], dx[N] = {0}, y[N], dy[N], z[N], dz[N], w[N], dw[N];
  double sy[N], sz[N], sw[N], z0[N], w0[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i - 0.75;
    y[i] = 0.0;
    z[i] = z0[i] = 1.0 + i;
    w[i] = w0[i] = 2.0 - i;
    dy[i] = sy[i] = 1.0 + i;
    dz[i] = sz[i] = 0.5 - i;
    dw[i] = sw[i] = 0.25 * (i + 1);
  }
  double da = __enzyme_autodiff((void *)kernels, a, x, dx, y, dy, z, dz, w, dw, N);
  double want_da = 0.0;
  for (int i = 0; i < N; i++) {
    want_da += sy[i] * x[i] * x[i] + sz[i] * x[i];
    check("dx", i, dx[i], sy[i] * 2.0 * a * x[i] + sz[i] * a + sw[i], 1e-14);
    check("dy consumed", i, dy[i], 0.0, 0.0);
    check("dz unchanged", i, dz[i], sz[i], 0.0);
    check("dw tripled", i, dw[i], 3.0 * sw[i], 1e-15);
    check("primal y", i, y[i], a * x[i] * x[i], 1e-15);
    check("primal z", i, z[i], z0[i] + a * x[i], 1e-15);
    check("primal w", i, w[i], 3.0 * w0[i] + x[i], 1e-15);
  }
  check("da", -1, da, want_da, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
