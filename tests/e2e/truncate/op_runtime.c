// Operation mode through the MPFR runtime (enzyme/fprt/mpfr.h): each
// operation is computed with as many bits of precision as the target's
// significand width.  Checked against each operation rounded by hand to that
// many bits (ties to even), on inputs rounded the same way.
// CFLAGS: -ffp-contract=off
// LDFLAGS: -lmpfr
#include <enzyme/fprt/mpfr.h>
#include <math.h>
#include <stdio.h>

typedef double (*fn2)(double, double);
typedef float (*fn2f)(float, float);
typedef void (*fn_arr)(double *, const double *, int);
fn2 __enzyme_truncate_op_func(void *, ...);
fn2f __enzyme_truncate_op_func_f(void *, ...);
fn_arr __enzyme_truncate_op_func_arr(void *, ...);

static double step(double a, double b) { return a * b - b; } // truncated too
double mix(double a, double b) {
  double s = sqrt(a) + step(a, b) / b;
  if (s < 1.0) s = s + a;
  return s;
}

float mixf(float a, float b) { return a * b + a / b; }
void scale(double *y, const double *x, int n) { // vectorized at -O2: per lane
  for (int i = 0; i < n; i++) y[i] = x[i] * 3.0 + y[i] / 7.0;
}

static int bits; // the precision the expected values are rounded to
static double r(double x) {
  int e;
  if (x == 0) return x;
  frexp(x, &e);
  double scale = ldexp(1.0, bits - e);
  return nearbyint(x * scale) / scale;
}
static double mix_rounded(double a, double b) {
  a = r(a), b = r(b);
  double s = r(r(sqrt(a)) + r(r(r(a * b) - b) / b));
  if (s < 1.0) s = r(s + a);
  return s;
}

static int check(const char *what, double got, double want) {
  if (got == want) return 0;
  printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
  return 1;
}

int main(void) {
  int bad = 0;
  double a = 2.0 / 3.0, b = 1.0 / 7.0;
  bits = 23;
  bad += check("64to32", __enzyme_truncate_op_func((void *)mix, 64, 32)(a, b),
               mix_rounded(a, b));
  bits = 10;
  bad += check("64to16", __enzyme_truncate_op_func((void *)mix, 64, 16)(a, b),
               mix_rounded(a, b));
  bits = 7;
  double got = __enzyme_truncate_op_func((void *)mix, 64, 3, 7)(a, b);
  bad += check("64to3-7", got, mix_rounded(a, b));
  if (got == mix(a, b)) bad += check("64to3-7 differs from double", got, got + 1);

  bits = 10;
  float fa = (float)a, fb = (float)b;
  double fwant = r(r(r(fa) * r(fb)) + r(r(fa) / r(fb)));
  bad += check("32to16", __enzyme_truncate_op_func_f((void *)mixf, 32, 16)(fa, fb), fwant);

  double x[8], y[8], want[8];
  for (int i = 0; i < 8; i++) {
    x[i] = 1.0 / (i + 3), y[i] = 0.3 + i / 9.0;
    want[i] = r(r(r(x[i]) * 3.0) + r(r(y[i]) / 7.0));
  }
  __enzyme_truncate_op_func_arr((void *)scale, 64, 5, 10)(y, x, 8);
  for (int i = 0; i < 8; i++) bad += check("scale 64to5-10", y[i], want[i]);
  return bad != 0;
}
