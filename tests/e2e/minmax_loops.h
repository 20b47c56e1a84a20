/* Running maxima and minima in loops, for reverse/minmax_loop_*.c (the same
 * code under -ffast-math, -fno-signed-zeros and neither):
 * `#include "../minmax_loops.h"`.
 *
 * Where its call has `nsz` (both flagged builds), `A = max(A, x[i])` is
 * recomputed in the reverse pass from the taped A and the reloaded x[i],
 * not taped (ad/cache_policy.py): one tape entry per element, not two.  A
 * recomputed max must pick the operand the forward one picked: of tied
 * maxima exactly one element takes the derivative, NaN elements (not under
 * -ffast-math) none.  Beside them the shapes that look alike: a max of a
 * product of reloadable loads (recomputed too), of a value computed in the
 * loop and of a load the loop overwrites (both taped). */
#ifndef MINMAX_LOOPS_H
#define MINMAX_LOOPS_H

#include <stddef.h>
#include "check.h"

double __enzyme_autodiff(void *, ...);

#define LEN 41

__attribute__((noinline)) static double logsumexp(const double *x, size_t n) {
  double a = x[0];
  for (size_t i = 0; i < n; i++) a = a > x[i] ? a : x[i];
  double s = 0;
  for (size_t i = 0; i < n; i++) s += exp(x[i] - a);
  return log(s) + a;
}
__attribute__((noinline)) static double span(const double *x, size_t n) {
  double hi = x[0], lo = x[0];
  for (size_t i = 0; i < n; i++) { hi = fmax(hi, x[i]); lo = fmin(lo, x[i]); }
  return 3 * hi - lo;
}
__attribute__((noinline)) static double max_product(const double *x, size_t n) {
  double a = -1e300;
  for (size_t i = 0; i + 1 < n; i++) a = fmax(a, x[i] * x[i + 1]);
  return a;
}
__attribute__((noinline)) static double max_computed(const double *x, size_t n) {
  double a = -1e300;
  for (size_t i = 0; i < n; i++) a = fmax(a, sin(x[i]) + 0.1 * x[i]);
  return a;
}
__attribute__((noinline)) static double max_overwritten(double *x, size_t n) {
  double a = -1e300;
  for (size_t i = 0; i < n; i++) { a = fmax(a, x[i]); x[i] = 0.5 * x[i] * x[i]; }
  return a + x[n / 2];
}

static double scratch[LEN];
static double overwritten_copy(const double *x, size_t n) {
  for (size_t i = 0; i < n; i++) scratch[i] = x[i];
  return max_overwritten(scratch, n);
}

typedef double (*shape_fn)(const double *, size_t);

/* Gradient `dx` of `f` at `x` against central differences (distinct values). */
static int smooth(const char *what, shape_fn f, const double *x, const double *dx) {
  double y[LEN];
  for (int i = 0; i < LEN; i++) y[i] = x[i];
  int bad = 0;
  for (int i = 0; i < LEN; i++)
    bad += !check_close(what, i, dx[i], CENTRAL_DIFFERENCE(y[i], 1e-6, f(y, LEN)));
  return bad;
}
/* (max_overwritten writes its argument: it gets a copy of x.) */
#define SMOOTH(f, diffed, x)                                    \
  do {                                                          \
    double dx_[LEN] = {0}, x_[LEN];                             \
    for (int i_ = 0; i_ < LEN; i_++) x_[i_] = (x)[i_];          \
    __enzyme_autodiff((void *)diffed, x_, dx_, (size_t)LEN);    \
    bad += smooth(#diffed, f, x, dx_);                          \
  } while (0)

/* span's derivative: 3 to exactly one of the elements equal to its maximum
 * `hi`, -1 to exactly one equal to its minimum `lo`, 0 to all others. */
static int takers(const char *what, double *x, double hi, double lo) {
  double dx[LEN] = {0}, up = 0, down = 0;
  int ups = 0, downs = 0, bad = 0;
  __enzyme_autodiff((void *)span, x, dx, (size_t)LEN);
  for (int i = 0; i < LEN; i++) {
    if (x[i] == hi && dx[i] != 0) { up += dx[i]; ups++; }
    else if (x[i] == lo && dx[i] != 0) { down += dx[i]; downs++; }
    else bad += !check_close(what, i, dx[i], 0);
  }
  return bad + !check_close(what, 100, up, 3) + !check_close(what, 101, ups, 1) +
         !check_close(what, 200, down, -1) + !check_close(what, 201, downs, 1);
}

static int minmax_checks(void) {
  double x[LEN];
  int bad = 0;
  for (int i = 0; i < LEN; i++) x[i] = sin(1.3 * i) + 0.01 * i;
  SMOOTH(logsumexp, logsumexp, x);
  SMOOTH(span, span, x);
  SMOOTH(max_product, max_product, x);
  SMOOTH(max_computed, max_computed, x);
  SMOOTH(overwritten_copy, max_overwritten, x);
  for (int i = 0; i < LEN; i++) x[i] = (i * 7) % 5;      /* 4 and 0 eight times each */
  SMOOTH(logsumexp, logsumexp, x);
  bad += takers("span ties", x, 4, 0);
  for (int i = 0; i < LEN; i++) x[i] = i % 3 == 0 ? 0.0 : i % 3 == 1 ? -0.0 : -1.0 - i;
  bad += takers("span zeros", x, 0, -1.0 - 38);
#ifndef __FAST_MATH__
  for (int i = 0; i < LEN; i++) x[i] = i % 4 == 0 ? NAN : (i * 7) % 5;
  bad += takers("span NaN", x, 4, 0);
#endif
  return bad;
}

#endif
