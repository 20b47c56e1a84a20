// C99 complex numbers: products and quotients call __muldc3 / __divdc3
// (__mulsc3 / __divsc3 for float complex), cabs and carg take the parts.
// All four partials against central differences, reverse and forward mode.
#include <complex.h>
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double f(double a, double b, double c, double d) {
  double complex x = a + b * I, y = c + d * I;
  double complex z = x * y / (x - 3.0 * y) + cabs(x) * carg(y);
  return creal(z) - 3 * cimag(z);
}

float g(float a, float b, float c, float d) {
  float complex x = a + b * I, y = c + d * I;
  float complex z = x / y * x + cabsf(y) + cargf(x);
  return crealf(z) + cimagf(z);
}

struct grad { double a, b, c, d; };
struct gradf { float a, b, c, d; };

static int failures;
static void check(const char *what, int k, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.12g, want %.12g\n", what, k, got, want);
    failures++;
  }
}

int main(void) {
  const double p[4] = {0.7, -1.2, 2.1, 0.4};
  struct grad r = ((struct grad (*)(void *, ...))__enzyme_autodiff)((void *)f, p[0], p[1], p[2],
                                                                    p[3]);
  const double rev[4] = {r.a, r.b, r.c, r.d};
  for (int k = 0; k < 4; k++) {
    double q[4] = {p[0], p[1], p[2], p[3]}, e[4] = {0, 0, 0, 0}, h = 1e-6;
    q[k] = p[k] + h;
    double up = f(q[0], q[1], q[2], q[3]);
    q[k] = p[k] - h;
    double want = (up - f(q[0], q[1], q[2], q[3])) / (2 * h);
    e[k] = 1;
    check("reverse", k, rev[k], want, 1e-7);
    check("forward", k, __enzyme_fwddiff((void *)f, p[0], e[0], p[1], e[1], p[2], e[2], p[3], e[3]),
          want, 1e-7);
  }
  const float pf[4] = {0.7f, -1.2f, 2.1f, 0.4f};
  struct gradf rf = ((struct gradf (*)(void *, ...))__enzyme_autodiff)((void *)g, pf[0], pf[1],
                                                                       pf[2], pf[3]);
  const float revf[4] = {rf.a, rf.b, rf.c, rf.d};
  for (int k = 0; k < 4; k++) {
    float q[4] = {pf[0], pf[1], pf[2], pf[3]}, h = 1e-2f;
    q[k] = pf[k] + h;
    double up = g(q[0], q[1], q[2], q[3]);
    q[k] = pf[k] - h;
    check("float reverse", k, revf[k], (up - g(q[0], q[1], q[2], q[3])) / (2 * h), 1e-3);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
