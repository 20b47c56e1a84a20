// Loops whose tape room may be reserved before them, behind guards of
// shapes beside reserve_guarded_loop.c's: a switch (case 1 runs the loop,
// the others return), `n < 50 && flag` (with flag clear and n = 2^31 - 1 the
// loop does not run), an inverted guard `if (!(n < 50)) return`, and a
// guard on the step (`step > 0`, the count n / step).  A reserve made for
// n = 2^31 - 1 iterations where the loop does not run asks for tens of
// gigabytes: a failed realloc, a crash.  Central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define STEP(c, s, a) do { double c_ = c; c = c_ * cos(a) - s * sin(a); \
                           s = s * cos(a) + c_ * sin(a); } while (0)

static double by_switch(double *x, int n, int mode) {
  double c = 1, s = 0, acc = x[0] * x[1];
  switch (mode) {
  case 0: return acc;
  case 1: for (int i = 0; i < n; i++) { STEP(c, s, x[0]); acc += c * s; } return acc;
  case 2: return acc * x[0];
  default: return -acc;
  }
}

static double and_flag(double *x, int n, int flag) {
  double c = 1, s = 0, acc = x[1];
  if (n < 50 && flag)
    for (int i = 0; i < n; i++) { STEP(c, s, x[1]); acc += c * x[0]; }
  return acc;
}

static double inverted(double *x, int n, int flag) {
  double c = 1, s = 0, acc = x[0];
  if (!(n < 50) || flag) return acc * x[1];
  for (int i = 0; i < n; i++) { STEP(c, s, x[0]); acc += s * x[1]; }
  return acc;
}

static double by_step(double *x, int n, int step) {
  double c = 1, s = 0, acc = x[0];
  if (step <= 0 || n > 50) return acc;
  for (int i = 0; i < n; i += step) { STEP(c, s, x[1]); acc += s * x[0]; }
  return acc;
}

static int which, cur_n, cur_k;
static double at(double *x) {
  switch (which) {
  case 0: return by_switch(x, cur_n, cur_k);
  case 1: return and_flag(x, cur_n, cur_k);
  case 2: return inverted(x, cur_n, cur_k);
  default: return by_step(x, cur_n, cur_k);
  }
}

#define CHECK(w, f, n, k) do { double x[2] = {0.3, 0.7}, dx[2] = {0}; which = w; cur_n = n; \
    cur_k = k; __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, n, enzyme_const, k); \
    bad += check_gradient(#f, x, dx, 2, at); } while (0)

int main(void) {
  const int ns[] = {10, 0x7fffffff, 0, 3};
  int bad = 0;
  for (int j = 0; j < 4; j++)
    for (int k = 0; k < 3; k++) {
      if (!(ns[j] == 0x7fffffff && k == 1)) CHECK(0, by_switch, ns[j], k);
      CHECK(1, and_flag, ns[j], k == 1);
      CHECK(2, inverted, ns[j], k == 2);
      CHECK(3, by_step, ns[j], k - 1);
    }
  return bad != 0;
}
