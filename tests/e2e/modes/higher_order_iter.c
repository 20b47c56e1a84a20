// __enzyme_iter(n, step) reads n in the primal and `step` more in every copy
// of a function the AD makes to differentiate it, so a derivative of order k
// reads n + k * step: a truncated series keeps its accuracy however often it
// is differentiated.  Reverse, forward and their mixes, up to third order;
// the counter in the function differentiated and in a callee of it.
// Closed forms.
#include <math.h>
#include <stdio.h>

unsigned long long __enzyme_iter(unsigned long long, unsigned long long);
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

// x^2 times the count: the count itself shows in each derivative.
double scaled_square(double x) { return x * x * (double)__enzyme_iter(3, 2); }
__attribute__((noinline)) double counted(double x) { return x * (double)__enzyme_iter(1, 1); }
double calls_counted(double x) { return x * counted(x); }

// exp(x) from the terms x^k / k!, k <= __enzyme_iter(9, 1).
__attribute__((noinline)) double term(double x, unsigned long long k) {
  double t = 1.0;
  for (unsigned long long i = 1; i <= k; i++) t *= x / (double)i;
  return t;
}
double exp_series(double x) {
  unsigned long long n = __enzyme_iter(9, 1);
  double s = 0.0;
  for (unsigned long long k = 0; k <= n; k++) s += term(x, k);
  return s;
}

double d_sq(double x) { return __enzyme_autodiff((void *)scaled_square, x); }
double t_sq(double x) { return __enzyme_fwddiff((void *)scaled_square, x, 1.0); }
double dd_sq(double x) { return __enzyme_autodiff((void *)d_sq, x); }
double td_sq(double x) { return __enzyme_fwddiff((void *)d_sq, x, 1.0); }
double dt_sq(double x) { return __enzyme_autodiff((void *)t_sq, x); }
double d_calls(double x) { return __enzyme_autodiff((void *)calls_counted, x); }
double dd_calls(double x) { return __enzyme_autodiff((void *)d_calls, x); }
double d_exp(double x) { return __enzyme_autodiff((void *)exp_series, x); }
double dd_exp(double x) { return __enzyme_autodiff((void *)d_exp, x); }
double ddd_exp(double x) { return __enzyme_autodiff((void *)dd_exp, x); }
double tdd_exp(double x) { return __enzyme_fwddiff((void *)dd_exp, x, 1.0); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  for (double x = -0.6; x < 0.8; x += 0.35) {
    check("primal", scaled_square(x), 3 * x * x, 1e-15);
    check("d", d_sq(x), 2 * x * 5, 1e-14);           // one copy: 3 + 2
    check("t", t_sq(x), 2 * x * 5, 1e-14);
    check("dd", dd_sq(x), 2 * 7, 1e-14);             // two copies: 3 + 2 + 2
    check("td", td_sq(x), 2 * 7, 1e-14);
    check("dt", dt_sq(x), 2 * 7, 1e-14);
    check("callee", calls_counted(x), x * x, 1e-15);
    check("d callee", d_calls(x), 2 * x * 2, 1e-14);   // counted's copy reads 1 + 1
    check("dd callee", dd_calls(x), 2 * 3, 1e-14);
    // a series of n terms is within x^(n+1)/(n+1)! of exp(x); each order needs one more
    check("exp", exp_series(x), exp(x), 2e-8);
    check("d exp", d_exp(x), exp(x), 2e-8);
    check("dd exp", dd_exp(x), exp(x), 2e-8);
    check("ddd exp", ddd_exp(x), exp(x), 2e-8);
    check("tdd exp", tdd_exp(x), exp(x), 2e-8);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
