// Forward mode through function pointers: the tangent of the function the
// pointer points to, picked at run time among the module's functions of the
// call's type whose address is taken (a callback in a struct passed
// enzyme_const, and one passed as an argument), also batched (width 2).
#include <math.h>
#include <stdio.h>

extern int enzyme_const, enzyme_width;
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } T2;
T2 __enzyme_fwddiff2(void *, ...);

typedef double (*Rate)(double, double);
typedef struct { Rate rate; double c; } Rhs;
double decay(double y, double c) { return -c * y; }
double logistic(double y, double c) { return c * y * (1 - y); }
double euler(const Rhs *rhs, double y0) {
  double y = y0;
  for (int i = 0; i < 10; i++) y += 0.1 * rhs->rate(y, rhs->c);
  return y;
}
double through(Rate f, double y, double c) { return f(y, c) * y; }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-7 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  Rhs rhs[2] = {{decay, 0.8}, {logistic, 1.5}};
  double y0 = 0.3, h = 1e-6;
  for (int k = 0; k < 2; k++) {
    double fd = (euler(&rhs[k], y0 + h) - euler(&rhs[k], y0 - h)) / (2 * h);
    check("euler", __enzyme_fwddiff((void *)euler, enzyme_const, &rhs[k], y0, 1.0), fd);
  }
  double y = 0.6, c = 1.2;
  // through(logistic) = c y^2 (1 - y): d/dy = c (2y - 3y^2), d/dc = y^2 (1 - y)
  T2 t = __enzyme_fwddiff2((void *)through, enzyme_width, 2, enzyme_const, (Rate)logistic,
                           y, 1.0, 0.0, c, 0.0, 1.0);
  check("through d/dy", t.d[0], c * (2 * y - 3 * y * y));
  check("through d/dc", t.d[1], y * y * (1 - y));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
