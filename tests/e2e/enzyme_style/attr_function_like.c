// CFLAGS: -include enzyme/attributes.h
/* enzyme_function_like through enzyme/attributes.h: a call is differentiated
 * with the rule of the named math function while the program still runs the
 * function's own code (here a cheaper approximation), in both modes; also
 * Enzyme's registration global __enzyme_function_like. */
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* log1p to first order: the derivative is log1p's, 1 / (1 + a). */
__attribute__((enzyme_function_like("log1p"))) double approx_log1p(double a) {
  return a - 0.5 * a * a;
}

/* exp to third order.  exp's rule uses the call's result: d/da is the
   value the function returned, not the derivative of its polynomial. */
__attribute__((noinline)) double taylor_exp(double a) {
  return 1.0 + a + a * a / 2.0 + a * a * a / 6.0;
}
void *__enzyme_function_like[2] = {(void *)taylor_exp, (void *)"exp"};

double f(double x, double y) { return approx_log1p(x * y) + 3.0 * taylor_exp(y); }

static int close_to(const char *what, double got, double want) {
  if (fabs(got - want) <= 1e-12 + 1e-12 * fabs(want)) return 1;
  printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
  return 0;
}

typedef struct { double dx, dy; } Grad;
Grad __enzyme_autodiff_xy(void *, ...);

int main(void) {
  int ok = 1;
  double pts[][2] = {{0.5, 0.25}, {-0.3, 1.5}, {2.0, -0.75}};
  for (int i = 0; i < 3; i++) {
    double x = pts[i][0], y = pts[i][1];
    double dlog = 1.0 / (1.0 + x * y);
    double want_dx = dlog * y, want_dy = dlog * x + 3.0 * taylor_exp(y);
    Grad g = __enzyme_autodiff_xy((void *)f, x, y);
    ok &= close_to("reverse dx", g.dx, want_dx);
    ok &= close_to("reverse dy", g.dy, want_dy);
    ok &= close_to("forward dx", __enzyme_fwddiff((void *)f, x, 1.0, y, 0.0), want_dx);
    ok &= close_to("forward dy", __enzyme_fwddiff((void *)f, x, 0.0, y, 1.0), want_dy);
  }
  return ok ? 0 : 1;
}
