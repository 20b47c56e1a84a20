// A loop whose tape room is reserved before it (its iterations bounded by
// n on entry), behind a guard clang -O2 merges into the loop's preheader:
// `if (n < 50)` enters the loop on the branch's true arm, `if (n > 40)
// return` on its false arm.  Called with n = 2^31 - 1 the loop does not
// run, but a reserve made before the branch asked for room for 2^31
// iterations (128 GB): a failed realloc and a crash at -O2/-O3.  Beside
// them, a loop whose bound is read from memory in each outer iteration
// and one whose 8-bit unsigned counter stops at a bound it may wrap past.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define ROTATE(c, s, a) do { double c_ = c; c = c_ * cos(a) - s * sin(a); \
                             s = s * cos(a) + c_ * sin(a); } while (0)

static double entered_on_true(double *x, int n) {
  double c = 1, s = 0, acc = 0;
  if (n < 50)
    for (int i = 0; i < n; i++) { ROTATE(c, s, x[0]); acc += c * s * x[1]; }
  return acc + x[1] * x[0];
}

static double entered_on_false(double *x, int n) {
  double c = 1, s = 0, acc = x[0] * x[1];
  if (n > 40) return acc;
  for (int i = 0; i < n; i++) { ROTATE(c, s, x[1]); acc += c * x[0]; }
  return acc;
}

static double bounds_from_memory(double *x, int n) {
  int bound[3] = {n, n / 2, 0};
  double c = 1, s = 0, acc = 0;
  for (int k = 0; k < 3; k++) {
    if (bound[k] > 60) continue;
    for (int i = 0; i < bound[k]; i++) { ROTATE(c, s, x[k % 2]); acc += s; }
  }
  return acc;
}

static double narrow_counter(double *x, int n) {
  double c = 1, s = 0, acc = 0;
  if (n > 255) return x[0];
  for (unsigned char i = 250; i != (unsigned char)n; i++) { ROTATE(c, s, x[0]); acc += c * x[1]; }
  return acc;
}

static int which, current_n;
static double at_n(double *x) {
  switch (which) {
  case 0: return entered_on_true(x, current_n);
  case 1: return entered_on_false(x, current_n);
  case 2: return bounds_from_memory(x, current_n);
  default: return narrow_counter(x, current_n);
  }
}

#define CHECK(k, f, n) do { double x[2] = {0.3, 0.7}, dx[2] = {0}; which = k; current_n = n; \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, n); \
    bad += check_gradient(#f, x, dx, 2, at_n); } while (0)

int main(void) {
  const int ns[] = {10, 0x7fffffff, 40, 2000000000, 0, 3};
  int bad = 0;
  for (int k = 0; k < 6; k++) {
    CHECK(0, entered_on_true, ns[k]);
    CHECK(1, entered_on_false, ns[k]);
    CHECK(2, bounds_from_memory, ns[k]);
    CHECK(3, narrow_counter, ns[k]);
  }
  return bad != 0;
}
