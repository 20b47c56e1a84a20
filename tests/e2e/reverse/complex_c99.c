// C99 complex numbers: products and quotients call __muldc3 / __divdc3
// (__mulsc3 / __divsc3 for float complex); cabs, carg, cexp, csin, ... take
// the parts (float complex: a <2 x float>).  All partials against central
// differences, reverse and forward mode.
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

double h(double a, double b, double c, double d) {
  double complex x = a + b * I, y = c + d * I;
  double complex z = cexp(x) * clog(y) + csqrt(y) - csin(x) * ccos(y) + ctan(0.3 * x) +
                     csinh(0.5 * y) + ccosh(0.2 * x) * ctanh(y);
  return creal(z) + 0.5 * cimag(z);
}

float k(float a, float b, float c, float d) {
  float complex x = a + b * I, y = c + d * I;
  float complex z = cexpf(x) * clogf(y) + csqrtf(y) - csinf(x) * ccosf(y) + ctanhf(x);
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

typedef double (*fn4)(double, double, double, double);
typedef float (*fn4f)(float, float, float, float);

static const double p[4] = {0.7, -1.2, 2.1, 0.4};
static const float pf[4] = {0.7f, -1.2f, 2.1f, 0.4f};

// The central difference of `f` (double) or `ff` (float) in argument k.
static double central(fn4 f, fn4f ff, int k) {
  double q[4] = {p[0], p[1], p[2], p[3]}, h = f ? 1e-6 : 1e-2;
  float qf[4] = {pf[0], pf[1], pf[2], pf[3]};
  double up, down;
  q[k] += h, qf[k] += (float)h;
  up = f ? f(q[0], q[1], q[2], q[3]) : ff(qf[0], qf[1], qf[2], qf[3]);
  q[k] -= 2 * h, qf[k] = pf[k] - (float)h;
  down = f ? f(q[0], q[1], q[2], q[3]) : ff(qf[0], qf[1], qf[2], qf[3]);
  return (up - down) / (2 * h);
}

// The Enzyme calls name their function, so each function gets its own.
#define REVERSE(fn) ((struct grad (*)(void *, ...))__enzyme_autodiff)((void *)fn, p[0], p[1], p[2], p[3])
#define REVERSE_F(fn) \
  ((struct gradf (*)(void *, ...))__enzyme_autodiff)((void *)fn, pf[0], pf[1], pf[2], pf[3])
#define FORWARD(fn, k) \
  __enzyme_fwddiff((void *)fn, p[0], k == 0 ? 1.0 : 0.0, p[1], k == 1 ? 1.0 : 0.0, p[2], \
                   k == 2 ? 1.0 : 0.0, p[3], k == 3 ? 1.0 : 0.0)

int main(void) {
  struct grad rf = REVERSE(f), rh = REVERSE(h);
  struct gradf rg = REVERSE_F(g), rk = REVERSE_F(k);
  const double revs[4][4] = {{rf.a, rf.b, rf.c, rf.d}, {rh.a, rh.b, rh.c, rh.d},
                             {rg.a, rg.b, rg.c, rg.d}, {rk.a, rk.b, rk.c, rk.d}};
  for (int j = 0; j < 4; j++) {
    check("f reverse", j, revs[0][j], central(f, 0, j), 1e-7);
    check("f forward", j, FORWARD(f, j), central(f, 0, j), 1e-7);
    check("h reverse", j, revs[1][j], central(h, 0, j), 1e-7);
    check("h forward", j, FORWARD(h, j), central(h, 0, j), 1e-7);
    check("g reverse", j, revs[2][j], central(0, g, j), 1e-3);
    check("k reverse", j, revs[3][j], central(0, k, j), 2e-3);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
