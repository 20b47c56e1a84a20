// Sign-bit tricks done on a double's bits (a union, memcpy to uint64_t):
// xor with the sign bit is -x, and with every other bit |x|, or with the
// sign bit -|x|, |x|'s bits or'd with y's sign bit copysign(x, y).  clang 14
// and -O0 keep the integer operations; the derivative must go through them.
// Closed forms, reverse and forward mode.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

union bits { double d; uint64_t u; };
static const uint64_t SIGN = 0x8000000000000000ull;

double negate(double x) { union bits a; a.d = sin(x); a.u ^= SIGN; return a.d; }

double magnitude(double x) {
  uint64_t k; double y = x * x * x;
  memcpy(&k, &y, 8); k &= ~SIGN; memcpy(&y, &k, 8);
  return y;
}

double neg_magnitude(double x) {
  uint64_t k; double y = x * x * x;
  memcpy(&k, &y, 8); k |= SIGN; memcpy(&y, &k, 8);
  return y;
}

double sign_of(double x, double y) {
  uint64_t a, b; double r;
  memcpy(&a, &x, 8); memcpy(&b, &y, 8);
  a = (a & ~SIGN) | (b & SIGN);
  memcpy(&r, &a, 8);
  return r * x;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-12 * (1.0 + fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {1.3, -0.7};
  for (int k = 0; k < 2; k++) {
    double x = xs[k], cube = 3 * x * x, s = x > 0 ? 1 : -1;
    check("negate", __enzyme_autodiff((void *)negate, x), -cos(x));
    check("fwd negate", __enzyme_fwddiff((void *)negate, x, 1.0), -cos(x));
    check("magnitude", __enzyme_autodiff((void *)magnitude, x), s * cube);
    check("fwd magnitude", __enzyme_fwddiff((void *)magnitude, x, 1.0), s * cube);
    check("neg_magnitude", __enzyme_autodiff((void *)neg_magnitude, x), -s * cube);
    check("fwd neg_magnitude", __enzyme_fwddiff((void *)neg_magnitude, x, 1.0), -s * cube);
    // sign_of(x, y) = copysign(x, y) * x = sign(y) |x| x: d/dx = 2 sign(y) |x|
    double y = -2.0 * xs[1 - k];
    check("sign_of", __enzyme_autodiff((void *)sign_of, x, enzyme_const, y),
          2 * (y > 0 ? 1 : -1) * fabs(x));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
