// enzyme_out marks an active scalar explicitly; it may be mixed with
// unmarked (implicitly active) scalars and with enzyme_const.
// f(x, y) = exp(x) y - x / y.
#include <math.h>
#include <stdio.h>

extern int enzyme_out, enzyme_const;
typedef struct { double a, b; } D2;
double __enzyme_autodiff(void *, ...);
D2 __enzyme_autodiff2(void *, ...);

double f(double x, double y) { return exp(x) * y - x / y; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 0.4, y = 1.7;
  const double fx = exp(x) * y - 1.0 / y, fy = exp(x) + x / (y * y);
  D2 d = __enzyme_autodiff2((void *)f, enzyme_out, x, enzyme_out, y);
  check("out,out: df/dx", d.a, fx, 1e-14);
  check("out,out: df/dy", d.b, fy, 1e-14);
  d = __enzyme_autodiff2((void *)f, enzyme_out, x, y);
  check("out,implicit: df/dx", d.a, fx, 1e-14);
  check("out,implicit: df/dy", d.b, fy, 1e-14);
  check("out,const: df/dx", __enzyme_autodiff((void *)f, enzyme_out, x, enzyme_const, y), fx, 1e-14);
  check("const,out: df/dy", __enzyme_autodiff((void *)f, enzyme_const, x, enzyme_out, y), fy, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
