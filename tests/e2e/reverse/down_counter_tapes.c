/* Loops counting down whose iterations push to the tape, long enough to
 * outgrow the tape's first allocation: the room reserved before each loop
 * is bounded from its counter (analysis/loops.py `_down_counter_bound`),
 * its pushes then unchecked.  Signed counters by -1 and -3 to a bound from
 * memory, the test on the counter and on its next value, an unsigned
 * counter by -1, a loop entered with nothing to do (start below the
 * bound), and Clenshaw's recurrence per point inside a loop.  Reverse
 * against central differences. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

static int n_long = 3000, low = 2, none_start = 1;

__attribute__((noinline)) double down_by_one(double *x) {
  double b = 0.5;
  for (int k = n_long - 1; k >= low; k--) b = sin(b * x[k % 6]) + 0.1 * x[(k + 1) % 6];
  return b * b;
}

__attribute__((noinline)) double down_by_three(double *x) {
  double b = 0.5;
  for (int k = n_long; k > low; k -= 3) b = cos(b * x[k % 6]) * 0.9 + 0.05 * x[(k + 2) % 6];
  return b;
}

__attribute__((noinline)) double next_tested(double *x) {
  double b = 0.3;
  int k = n_long;
  do b = sin(b + x[k % 6]) * 0.7; while (--k > low);
  return b * x[0];
}

__attribute__((noinline)) double unsigned_down(double *x) {
  double b = 0.2;
  for (unsigned k = (unsigned)n_long; k > (unsigned)low; k--) b = tanh(b * 1.5 + x[k % 6]);
  return b;
}

__attribute__((noinline)) double empty_then_long(double *x) {
  double b = 0.4;
  for (int k = none_start; k > low; k--) b = exp(b * x[k % 6]);
  for (int k = n_long; k > 0; k--) b = sin(b) * x[k % 6] + 0.3;
  return b;
}

__attribute__((noinline)) double clenshaw_points(double *x) {
  double s = 0;
  for (int p = 0; p < 40; p++) {
    double t = cos(0.1 * p + x[5]), b1 = 0, b2 = 0;
    for (int k = 200 + p; k >= 1; k--) {
      double b0 = x[k % 5] / (1 + k) + 2 * t * b1 - b2;
      b2 = b1;
      b1 = b0;
    }
    double v = x[0] + t * b1 - b2;
    s += v * v;
  }
  return s;
}

int main(void) {
  double x[6] = {0.9, 1.1, 0.7, 1.3, 0.8, 0.2};
  int bad = CHECK_REVERSE(down_by_one, x, 6);
  bad += CHECK_REVERSE(down_by_three, x, 6);
  bad += CHECK_REVERSE(next_tested, x, 6);
  bad += CHECK_REVERSE(unsigned_down, x, 6);
  bad += CHECK_REVERSE(empty_then_long, x, 6);
  bad += CHECK_REVERSE(clenshaw_points, x, 6);
  return bad != 0;
}
