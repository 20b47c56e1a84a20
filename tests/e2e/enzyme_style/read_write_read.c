// The same memory is read, overwritten and read again inside the function:
//   rwr(a, x): t = a[0]*x;  a[0] = a[0]*a[1];  a[1] = sin(a[0]) + t;  return a[0]*a[1] + a[1]
// With u0 = a0, u1 = a1 (old values): a0' = u0 u1, a1' = sin(u0 u1) + u0 x,
//   r = a0' a1' + a1'.  Seeds s0, s1 on the new a0, a1 (they are overwritten).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_out;
double __enzyme_autodiff(void *, ...);

double rwr(double *a, double x) {
  double t = a[0] * x;
  a[0] = a[0] * a[1];
  a[1] = sin(a[0]) + t;
  return a[0] * a[1] + a[1];
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double u0 = 0.7, u1 = -1.3, x = 2.1, s0 = 0.5, s1 = -0.25;
  double a[2] = {u0, u1}, da[2] = {s0, s1};
  double dx = __enzyme_autodiff((void *)rwr, enzyme_dup, a, da, enzyme_out, x);
  double p = u0 * u1, b1 = sin(p) + u0 * x;
  // adjoints of p (= new a0) and b1 (= new a1)
  double gb1 = p + 1.0 + s1;
  double gp = b1 + s0 + gb1 * cos(p);
  check("da0", da[0], gp * u1 + gb1 * x);
  check("da1", da[1], gp * u0);
  check("dx", dx, gb1 * u0);
  check("a0", a[0], p);
  check("a1", a[1], b1);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
