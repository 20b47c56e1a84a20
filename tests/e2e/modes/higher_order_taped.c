// Second derivatives of a function whose gradient uses a tape (a loop
// around a call that is not inlined), taken after a plain gradient call
// has run: forward over reverse and reverse over reverse.  The tape of the
// inner gradient must not share memory with its own shadow.  Closed forms.
//   f(x, n) = sum_{i<n} x^i * x = x + x^2 + ... + x^n
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

__attribute__((noinline)) double times(double a, double b) { return a * b; }

double f(double x, int n) {
  double s = 0.0, p = 1.0;
  for (int i = 0; i < n; i++) {
    s += times(p, x);
    p *= x;
  }
  return s;
}

double df(double x, int n) { return __enzyme_autodiff((void *)f, x, enzyme_const, n); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-10 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const int n = 5;
  for (double x = 0.3; x < 1.5; x += 0.4) {
    double d1 = 0.0, d2 = 0.0;
    for (int k = 1; k <= n; k++) d1 += k * pow(x, k - 1);
    for (int k = 2; k <= n; k++) d2 += k * (k - 1) * pow(x, k - 2);
    check("df", df(x, n), d1);          // a plain gradient first: its tape memory stays
    check("fwd(df)", __enzyme_fwddiff((void *)df, x, 1.0, enzyme_const, n), d2);
    check("rev(df)", __enzyme_autodiff((void *)df, x, enzyme_const, n), d2);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
