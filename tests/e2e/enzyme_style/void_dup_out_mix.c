// __enzyme_autodiff of a void function with two duplicated outputs and one
// active scalar (enzyme_out): the return value is the scalar's gradient.
//   kin(y, z, x, t): y[i] = x[i] * exp(-t * i);  z[i] = y[i] * y[i] + t * x[i]
// Seeds sy, sz on the outputs (overwritten: shadows reset to 0).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);

void kin(double *y, double *z, const double *x, double t, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = x[i] * exp(-t * i);
    z[i] = y[i] * y[i] + t * x[i];
  }
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  double x[N] = {0.5, -1.0, 2.0, 0.25}, dx[N] = {0}, t = 0.3;
  double y[N], z[N], sy[N], sz[N], dy[N], dz[N];
  for (int i = 0; i < N; i++) { sy[i] = dy[i] = 1.0 - 0.5 * i; sz[i] = dz[i] = 0.25 * i + 0.5; }
  double dt = __enzyme_autodiff((void *)kin, enzyme_dup, y, dy, enzyme_dup, z, dz,
                                enzyme_dup, x, dx, enzyme_out, t, enzyme_const, N);
  double want_dt = 0.0;
  for (int i = 0; i < N; i++) {
    double e = exp(-t * i), yi = x[i] * e;
    double gy = sy[i] + sz[i] * 2 * yi;
    check("dx", i, dx[i], gy * e + sz[i] * t);
    want_dt += gy * (-i * yi) + sz[i] * x[i];
    check("dy reset", i, dy[i], 0.0);
    check("dz reset", i, dz[i], 0.0);
    check("z", i, z[i], yi * yi + t * x[i]);
  }
  check("dt", 0, dt, want_dt);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
