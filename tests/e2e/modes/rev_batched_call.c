// Batched reverse mode, width 2, through calls of functions that are not
// inlined: the callees are differentiated for two lanes too.  `term` takes an
// active scalar and returns an active double, `at` returns a pointer into
// duplicated memory (whose two shadows come back with it).
//   y0 = s x0 x1 + exp(x1 s) with s = x2;   y1 = (same with x1, x2 and s = sin x0)
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_dup;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static double term(const double *p, double s) {
  return s * p[0] * p[1] + exp(p[1] * s);
}

__attribute__((noinline)) static double *at(double *a, int i) { return a + i; }

void g(double *y, const double *x) {
  y[0] = term(x, x[2]);
  *at(y, 1) = term(x + 1, sin(x[0]));
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[3] = {0.4, -0.9, 1.3}, y[2];
  double dx1[3] = {0}, dx2[3] = {0}, dy1[2] = {1.0, 0.0}, dy2[2] = {0.0, 1.0};
  __enzyme_autodiff((void *)g, enzyme_width, 2, enzyme_dup, y, dy1, dy2, enzyme_dup, x, dx1, dx2);
  // row 0: d/dx of x2 x0 x1 + exp(x1 x2)
  const double e0 = exp(x[1] * x[2]);
  const double row0[3] = {x[2] * x[1], x[2] * x[0] + x[2] * e0, x[0] * x[1] + x[1] * e0};
  // row 1: s = sin x0, d/dx of s x1 x2 + exp(x2 s)
  const double s = sin(x[0]), c = cos(x[0]), e1 = exp(x[2] * s);
  const double row1[3] = {c * (x[1] * x[2] + x[2] * e1), s * x[2], s * x[1] + s * e1};
  for (int i = 0; i < 3; i++) {
    check("row 0", i, dx1[i], row0[i], 1e-14);
    check("row 1", i, dx2[i], row1[i], 1e-14);
  }
  for (int i = 0; i < 2; i++) {
    check("dy1 consumed", i, dy1[i], 0.0, 0.0);
    check("dy2 consumed", i, dy2[i], 0.0, 0.0);
  }
  check("primal y1", 1, y[1], s * x[1] * x[2] + e1, 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
