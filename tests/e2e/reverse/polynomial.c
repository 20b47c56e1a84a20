// Polynomials by Horner's rule: a coefficient table in a static const global,
// coefficients through an enzyme_const pointer, and the gradient with respect
// to the coefficients themselves (duplicated pointer, x constant).
#include <math.h>
#include <stdio.h>

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
void __enzyme_autodiff_coeffs(void *, ...);

static const double table[5] = {-7.0, 1.0, 0.0, -2.0, 3.0}; // 3x^4-2x^3+x-7

double poly_table(double x) {
  double r = 0.0;
  for (int i = 4; i >= 0; i--) r = r * x + table[i];
  return r;
}

double poly(const double *c, int n, double x) {
  double r = 0.0;
  for (int i = n - 1; i >= 0; i--) r = r * x + c[i];
  return r;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.0, 1.0, -1.25, 2.5};
  double c[4] = {1.0, -3.0, 0.5, 2.0}; // 1 - 3x + 0.5x^2 + 2x^3
  for (int k = 0; k < 4; k++) {
    double x = xs[k];
    check("table poly'", __enzyme_autodiff((void *)poly_table, x),
          12 * x * x * x - 6 * x * x + 1, 1e-13);
    check("const-coefficient poly'",
          __enzyme_autodiff((void *)poly, enzyme_const, c, 4, x),
          -3.0 + x + 6.0 * x * x, 1e-13);
    double dc[4] = {0, 0, 0, 0};
    __enzyme_autodiff_coeffs((void *)poly, enzyme_dup, c, dc, 4, enzyme_const, x);
    double xi = 1.0;
    for (int i = 0; i < 4; i++, xi *= x) {
      char what[64];
      snprintf(what, sizeof what, "dp/dc[%d] at x=%g", i, x);
      check(what, dc[i], xi, 1e-14);
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
