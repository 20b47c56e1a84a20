// CFLAGS: -include enzyme/attributes.h
/* Enzyme's inactive attributes through enzyme/attributes.h: a function
 * whose calls pass no derivative on, a global whose loads are constants
 * (attribute and registration), each of them visibly changing the result. */
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* The last input, kept for a log: no derivative flows through it. */
__attribute__((enzyme_inactive_global)) double last_input;
/* The same, marked with Enzyme's registration global. */
double last_square;
void *__enzyme_inactive_global = (void *)&last_square;

__attribute__((noinline)) static double logged(void) { return last_input + last_square; }

/* A call counter that returns a double: its result is a constant. */
static int ncalls;
__attribute__((enzyme_inactive)) double counted(double x) { ncalls++; return x * ncalls; }

double f(double x) {
  last_input = x;
  last_square = x * x;
  return logged() * x + sin(x) * counted(x);
}

static int close_to(const char *what, double x, double got, double want) {
  if (fabs(got - want) <= 1e-12 + 1e-12 * fabs(want)) return 1;
  printf("MISMATCH %s at %g: got %.17g, want %.17g\n", what, x, got, want);
  return 0;
}

int main(void) {
  int ok = 1;
  double xs[] = {0.5, -1.25, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    /* logged() and counted(x) (= x on the first call) are constants. */
    double want = (x + x * x) + cos(x) * x;
    ncalls = 0;
    ok &= close_to("reverse", x, __enzyme_autodiff((void *)f, x), want);
    ncalls = 0;
    ok &= close_to("forward", x, __enzyme_fwddiff((void *)f, x, 1.0), want);
  }
  return ok ? 0 : 1;
}
