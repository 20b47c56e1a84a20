// A loop bounded by a huge count that a data-dependent break ends early:
// for (i = 0; i < maxiter; i++) { ...; if (converged) break; }, the
// iteration of a fixed point with maxiter = 2^31 - 1.  A tape reserve for
// maxiter iterations before the loop (instrument.py: reserve_loop_tapes)
// would ask for tens of gigabytes and fail, though the loop runs 20-odd
// times.  Beside it: the break tested first in the body, and a bound of
// 2^40 in a 64-bit counter.  Central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

// The fixed point of t = cos(a t) + b by iteration, with its iterates summed.
static double fixed_point(double *x, int maxiter) {
  double t = 0.5, acc = 0;
  for (int i = 0; i < maxiter; i++) {
    double next = cos(x[0] * t) + x[1];
    acc += next * x[1];
    if (fabs(next - t) < 1e-3) break;
    t = next;
  }
  return acc + t;
}

static double break_first(double *x, int maxiter) {
  double t = 0.5, acc = 0;
  for (int i = 0; i < maxiter; i++) {
    if (acc > 3) break;
    t = sin(x[0] * t) + x[1];
    acc += t * t;
  }
  return acc;
}

static double wide_count(double *x, long long maxiter) {
  double t = 0.5;
  for (long long i = 0; i < maxiter; i++) {
    double next = 0.5 * cos(x[1] * t) + x[0];
    if (fabs(next - t) < 1e-4) break;
    t = next;
  }
  return t * x[1];
}

static int which;
static double at(double *x) {
  return which == 0 ? fixed_point(x, 0x7fffffff) : which == 1 ? break_first(x, 0x7fffffff)
                                                         : wide_count(x, 1LL << 40);
}

int main(void) {
  double x[2] = {0.9, 0.2}, dx[2] = {0, 0};
  int bad = 0;
  which = 0;
  __enzyme_autodiff((void *)fixed_point, enzyme_dup, x, dx, enzyme_const, 0x7fffffff);
  bad += check_gradient("fixed_point", x, dx, 2, at);
  which = 1, dx[0] = dx[1] = 0;
  __enzyme_autodiff((void *)break_first, enzyme_dup, x, dx, enzyme_const, 0x7fffffff);
  bad += check_gradient("break_first", x, dx, 2, at);
  which = 2, dx[0] = dx[1] = 0;
  __enzyme_autodiff((void *)wide_count, enzyme_dup, x, dx, enzyme_const, 1LL << 40);
  bad += check_gradient("wide_count", x, dx, 2, at);
  return bad != 0;
}
