// libm functions that manipulate exponents or take remainders; all have
// simple piecewise derivatives (Enzyme differentiates them).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, double);

double f_ldexp(double x) { return ldexp(x * x, 3); }               // 16 x
double f_scalbn(double x) { return scalbn(x, -2) + x; }           // 1/4 + 1
double f_frexp(double x) { int e; return frexp(x, &e) * x; }      // 2x/2^e for x in (.5,1): 2x
double f_modf(double x) { double ip; return modf(5.0 * x, &ip); } // 5
double f_fmod(double x) { return fmod(x * x, 0.3); }              // 2x
double f_remainder(double x) { return remainder(3.0 * x, 1.0); }  // 3
double f_fdim(double x) { return fdim(x, 0.1) + fdim(0.1, x); }   // 1 for x > 0.1

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.7;
  check("ldexp", __enzyme_autodiff((void *)f_ldexp, x), 16.0 * x);
  check("scalbn", __enzyme_autodiff((void *)f_scalbn, x), 1.25);
  check("frexp", __enzyme_autodiff((void *)f_frexp, x), 2.0 * x);
  check("modf", __enzyme_autodiff((void *)f_modf, x), 5.0);
  check("fmod", __enzyme_autodiff((void *)f_fmod, x), 2.0 * x);
  check("remainder", __enzyme_autodiff((void *)f_remainder, x), 3.0);
  check("fdim", __enzyme_autodiff((void *)f_fdim, x), 1.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
