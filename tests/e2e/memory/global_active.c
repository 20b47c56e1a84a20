// XFAIL: shadow globals not implemented
// An active global: f writes `scale`, a noinline helper reads and updates it
// (so the value really goes through memory at every -O level), f reads it back.
//   scale = x; scale += x^2; scale += sin x;  f = scale * x
//   f = (x + x^2 + sin x) x,  f' = (1 + 2x + cos x) x + x + x^2 + sin x
#include <math.h>
#include <stdio.h>

double scale = 1.0;
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) void bump(double v) { scale += v; }

double f(double x) {
  scale = x;
  bump(x * x);
  bump(sin(x));
  return scale * x;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.5, -1.25, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    check("f'(x)", __enzyme_autodiff((void *)f, x),
          (1.0 + 2.0 * x + cos(x)) * x + x + x * x + sin(x), 1e-14);
    check("scale after the call", scale, x + x * x + sin(x), 1e-15);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
