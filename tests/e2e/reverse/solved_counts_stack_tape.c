// Constant trip counts solved from the exit test (last_before_leaving),
// whose product with the bytes an iteration tapes decides whether the
// tape fits in the derivative's frame (1 KB): an 8-bit counter stepping
// by 3 from 1 until it wraps to 0 (86 iterations), by 5 until it equals
// 10 (2), a signed 8-bit counter leaving once it wraps negative, a 16-bit
// one testing its increment, and the same loops nested.  A trip count
// solved short would write past the frame's buffer where the tape is kept
// there (signed_wrap at clang-19 -O2: 16 bytes; the 86 iterations of
// wrap_to_zero tape more than 1 KB and keep the heap tape).
// CFLAGS: -fno-unroll-loops
#include "../check.h"

double __enzyme_autodiff(void *, ...);

#define STEP(acc, x) acc = acc * (x) + sin(acc) * 0.5

static double wrap_to_zero(double x) {
  double acc = 0.1;
  for (unsigned char i = 1; i != 0; i += 3) STEP(acc, x);
  return acc;
}

static double equal_ten(double x) {
  double acc = 0.2;
  for (unsigned char i = 0; i != 10; i += 5) STEP(acc, x);
  return acc;
}

static double signed_wrap(double x) {
  double acc = 0.3;
  for (signed char i = 100; i > 0; i += 20) STEP(acc, x);
  return acc;
}

static double short_increment(double x) {
  double acc = 0.4;
  unsigned short i = 65500;
  do { STEP(acc, x); } while ((unsigned short)(i += 9) > 100);
  return acc;
}

static double nested(double x) {
  double acc = 0.5;
  for (unsigned char j = 250; j != 2; j += 4)
    for (unsigned char i = 7; i != 1; i += 6) STEP(acc, x);
  return acc;
}

typedef double (*unary)(double);
static unary current;
static double at(double *x) { return current(x[0]); }

#define CHECK(f) do { double x[1] = {0.93}, dx[1]; current = f; \
    dx[0] = __enzyme_autodiff((void *)f, x[0]); bad += check_gradient(#f, x, dx, 1, at); } while (0)

int main(void) {
  int bad = 0;
  CHECK(wrap_to_zero);
  CHECK(equal_ten);
  CHECK(signed_wrap);
  CHECK(short_increment);
  CHECK(nested);
  return bad != 0;
}
