// float functions and integer parameters of several types, with the entry
// points declared the way float users write them.
//   sq(x) = x*x in float:             float __enzyme_autodiff(void*, float)
//   powi(x, n) = x^n, int n unmarked: n x^(n-1)
//   poly(c, x, deg) with unsigned/long/char/_Bool parameters
//   mixed(float a, double b) -> both gradients in a struct {float; double}
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

extern int enzyme_const, enzyme_out;
float __enzyme_autodiff(void *, float);
float __enzyme_autodiff_pow(void *, float, int);
double __enzyme_autodiff_poly(void *, ...);
typedef struct { float da; double db; } FD;
FD __enzyme_autodiff_mixed(void *, ...);

float sq(float x) { return x * x; }

float powi(float x, int n) {
  float r = 1.0f;
  for (int i = 0; i < n; i++) r *= x;
  return r;
}

double poly(const float *c, float x, unsigned deg, long shift, char flip, bool neg) {
  double r = 0.0;
  for (unsigned i = deg + 1; i-- > 0;) r = r * x + c[i];
  r += shift;
  if (flip) r = -r;
  return neg ? -r : r;
}

double mixed(float a, double b) { return sinf(a) * b + a * a * a; }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-5 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.9g, want %.9g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  check("sq'", __enzyme_autodiff((void *)sq, 1.25f), 2.5);
  check("powi'", __enzyme_autodiff_pow((void *)powi, 1.5f, 4), 4 * 1.5 * 1.5 * 1.5);
  float c[4] = {1.0f, -2.0f, 0.5f, 3.0f}, dc[4] = {0};
  float x = 0.75f;
  double dx = __enzyme_autodiff_poly((void *)poly, c, dc, x, 3u, 10L, (char)1, true);
  // -(-p(x)) = p(x): dp/dx = c1 + 2 c2 x + 3 c3 x^2, dp/dc_i = x^i
  check("dpoly/dx", dx, -2.0 + 2 * 0.5 * x + 3 * 3.0 * x * x);
  for (int i = 0; i < 4; i++) check("dpoly/dc", dc[i], pow(x, i));
  dx = __enzyme_autodiff_poly((void *)poly, enzyme_const, c, enzyme_out, x, 2u, 0L, (char)0, false);
  check("dpoly/dx const c", dx, -2.0 + 2 * 0.5 * x);
  FD g = __enzyme_autodiff_mixed((void *)mixed, 0.5f, 2.0);
  check("dmixed/da", g.da, cosf(0.5f) * 2.0 + 3 * 0.25);
  check("dmixed/db", g.db, sinf(0.5f));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
