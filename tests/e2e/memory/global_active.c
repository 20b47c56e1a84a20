// An active global: f writes `scale`, a noinline helper reads and updates it
// (so the value really goes through memory at every -O level), f reads it back.
//   scale = x; scale += x^2; scale += sin x;  f = scale * x
//   f = (x + x^2 + sin x) x,  f' = (1 + 2x + cos x) x + x + x^2 + sin x
// An active global array, reached through constant GEPs: fill(v) stores v and
// v^2 into acc[0..1]; g(x) = acc[0] * acc[1] = x^3, g' = 3x^2.
// Both in reverse and in forward mode.
#include <math.h>
#include <stdio.h>

double scale = 1.0;
double acc[2];
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) void bump(double v) { scale += v; }

__attribute__((noinline)) void fill(double v) {
  acc[0] = v;
  acc[1] = v * v;
}

double g(double x) {
  fill(x);
  return acc[0] * acc[1];
}

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
    check("forward f'(x)", __enzyme_fwddiff((void *)f, x, 1.0),
          (1.0 + 2.0 * x + cos(x)) * x + x + x * x + sin(x), 1e-14);
    check("g'(x)", __enzyme_autodiff((void *)g, x), 3.0 * x * x, 1e-14);
    check("forward g'(x)", __enzyme_fwddiff((void *)g, x, 1.0), 3.0 * x * x, 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
