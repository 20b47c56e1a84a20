// pow and powi where their partials have the form 0 * inf: y x^(y-1) at
// y = 0 and x^y log x at x = 0, n x^(n-1) at n = 0.  The derivatives there
// are finite (the limits), not NaN; forward mode reads the same rules.
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy; } D2;
D2 __enzyme_autodiff(void *, ...);
double __enzyme_autodiff1(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

double f(double x, double y) { return pow(x, y); }
double fi(double x, int n) { return __builtin_powi(x, n); }
double f0(double x) { return pow(x, 0.0); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-14 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  volatile double zero = 0.0;         // keeps clang from folding pow(0, y)
  D2 a = __enzyme_autodiff((void *)f, zero, 2.0);
  check("d pow(x,2)/dx at 0", a.dx, 0.0);
  check("d pow(0,y)/dy at 2", a.dy, 0.0);
  D2 b = __enzyme_autodiff((void *)f, zero, 1.0);
  check("d pow(x,1)/dx at 0", b.dx, 1.0);
  check("d pow(0,y)/dy at 1", b.dy, 0.0);
  D2 c = __enzyme_autodiff((void *)f, 3.0, zero);
  check("d pow(x,0)/dx at 3", c.dx, 0.0);
  check("d pow(3,y)/dy at 0", c.dy, log(3.0));
  check("d pow(x,0)/dx at 0", __enzyme_autodiff1((void *)f0, zero), 0.0);
  check("d powi(x,0)/dx at 0", __enzyme_autodiff1((void *)fi, zero, 0), 0.0);
  check("d powi(x,1)/dx at 0", __enzyme_autodiff1((void *)fi, zero, 1), 1.0);
  check("d powi(x,3)/dx at 2", __enzyme_autodiff1((void *)fi, 2.0, 3), 12.0);
  check("fwd d pow(x,0)/dx at 0", __enzyme_fwddiff((void *)f0, zero, 1.0), 0.0);
  check("fwd d pow(0,y)/dy at 2",
        __enzyme_fwddiff((void *)f, zero, 0.0, 2.0, 1.0), 0.0);
  check("fwd d powi(x,0)/dx at 0",
        __enzyme_fwddiff((void *)fi, zero, 1.0, enzyme_const, 0), 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
