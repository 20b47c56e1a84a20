// A check that reports an active value through the program's own variadic
// logger and aborts: that path never returns, so the derivative (which
// follows the paths that return) does not go through the `...` call.
// Closed form f = sqrt(x) * x on the path taken, reverse and forward mode.
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline, noreturn)) void fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  abort();
}

double f(double x) {
  if (x < 0) fatal("f: negative argument %g\n", x * 2);
  return sqrt(x) * x;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-13 * (1.0 + fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 2.25, want = 1.5 * sqrt(x);
  check("reverse", __enzyme_autodiff((void *)f, x), want);
  check("forward", __enzyme_fwddiff((void *)f, x, 1.0), want);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
