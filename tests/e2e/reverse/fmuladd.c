// a*b + c patterns, which clang contracts into llvm.fmuladd (-ffp-contract=on
// is the default for C), also inside a dot-product loop and as a*b - c*d.
#include <math.h>
#include <stdio.h>

extern int enzyme_const;
typedef struct { double a, b; } D2;
double __enzyme_autodiff(void *, ...);
D2 __enzyme_autodiff2(void *, ...);
void __enzyme_autodiff_ptr(void *, ...);

double madd(double a, double b, double c) { return a * b + c; }
double det2(double a, double b, double c, double d) { return a * d - b * c; }

double dot(const double *x, const double *y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s = x[i] * y[i] + s;
  return s;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double a = 1.5, b = -2.25, c = 0.75, d = 3.5;
  D2 g = __enzyme_autodiff2((void *)madd, a, b, enzyme_const, c);
  check("d madd/da", g.a, b, 1e-15);
  check("d madd/db", g.b, a, 1e-15);
  check("d madd/dc", __enzyme_autodiff((void *)madd, enzyme_const, a, enzyme_const, b, c), 1.0, 0.0);
  g = __enzyme_autodiff2((void *)det2, a, enzyme_const, b, c, enzyme_const, d);
  check("d det2/da", g.a, d, 1e-15);
  check("d det2/dc", g.b, -b, 1e-15);
  enum { N = 9 };
  double x[N], y[N], dx[N] = {0}, dy[N] = {0};
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i - 2.0;
    y[i] = 1.0 / (1.0 + i);
  }
  __enzyme_autodiff_ptr((void *)dot, x, dx, y, dy, N);
  for (int i = 0; i < N; i++) {
    check("d dot/dx", dx[i], y[i], 1e-15);
    check("d dot/dy", dy[i], x[i], 1e-15);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
