// Division and negation (fneg).  f(x, y) = -x/y + 1/(x y) + y/(x + y):
//   df/dx = -1/y - 1/(x^2 y) - y/(x+y)^2,  df/dy = x/y^2 - 1/(x y^2) + x/(x+y)^2
// and in place, v_i = -v_i / d_i with seed s_i: dv_i = -s_i/d_i and
// dd_i = s_i v_i(old) / d_i^2.
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy; } D2;
D2 __enzyme_autodiff(void *, ...);
void __enzyme_autodiff_ptr(void *, ...);

double f(double x, double y) { return -x / y + 1.0 / (x * y) + y / (x + y); }

void negdiv(double *v, const double *d, int n) {
  for (int i = 0; i < n; i++) v[i] = -v[i] / d[i];
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 1.3, y = -0.4;
  D2 g = __enzyme_autodiff((void *)f, x, y);
  check("df/dx", g.dx, -1.0 / y - 1.0 / (x * x * y) - y / ((x + y) * (x + y)), 1e-14);
  check("df/dy", g.dy, x / (y * y) - 1.0 / (x * y * y) + x / ((x + y) * (x + y)), 1e-14);
  enum { N = 4 };
  double v[N] = {1.0, -2.0, 0.5, 3.0}, v0[N], dv[N], d[N] = {2.0, -0.5, 4.0, 1.5}, dd[N] = {0};
  for (int i = 0; i < N; i++) {
    v0[i] = v[i];
    dv[i] = 1.0 + i;
  }
  __enzyme_autodiff_ptr((void *)negdiv, v, dv, d, dd, N);
  for (int i = 0; i < N; i++) {
    check("primal v", v[i], -v0[i] / d[i], 1e-15);
    check("dv", dv[i], -(1.0 + i) / d[i], 1e-15);
    check("dd", dd[i], (1.0 + i) * v0[i] / (d[i] * d[i]), 1e-15);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
