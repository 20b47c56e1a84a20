/* An inner loop whose run is bounded before it starts reserves its room
 * once per iteration of the loop around it; that reserve also covers the
 * outer iteration's own pushes after it (ad/instrument.py
 * `_iteration_pushes`), and where a guard decides whether the inner loop
 * runs at all (clang's `n > 1` test before a rotated loop) the reserve
 * moves up to the guard and covers the pushes of both ways
 * (`_guard_before`).  The inner counters move by one to a bound their exit
 * test fixes, `k > lo` or `++i < hi` (analysis/loops.py
 * `clamped_final_count`): the reverse sets a counter's last value,
 * min(start, lo) or max(start, hi) shifted by the tested step, where it
 * enters the loop instead of taping it per run, and the tape's size after
 * each run is its size before plus the pushes of |last - start| + 1
 * iterations.  Starts above and below the bound (a do-while entered with
 * nothing left to count runs once), signed and unsigned, from arguments,
 * from memory and from the outer counter; enough points that the tape
 * grows many times past its first 4 KiB.  Reverse against central
 * differences. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

int points_g = 300, terms_g = 40, low_g = 2, start_g = 9, high_g = 11;
unsigned ustart_g = 30;
int starts_g[7] = {1, 5, 2, 12, 3, 0, 8};

/* Clenshaw per point: the guard `nc > 1` in the outer header, the counter
 * tested itself (`k > 2` after clang's shift), t kept before the inner
 * loop, v's parts at the latch. */
__attribute__((noinline)) double clenshaw_n(double *x, int np, int nc) {
  double s = 0;
  for (int p = 0; p < np; p++) {
    double t = cos(0.01 * p + x[5]), b1 = 0, b2 = 0;
    for (int k = nc - 1; k >= 1; k--) {
      double b0 = x[k % 5] / (1 + k) + 2 * t * b1 - b2;
      b2 = b1;
      b1 = b0;
    }
    double v = x[0] + t * b1 - b2;
    s += (1 + 0.1 * t) * v * v;
  }
  return s;
}

double clenshaw(double *x) { return clenshaw_n(x, points_g, terms_g); }

/* Both sides of the bound: starts below `lo` run once (the do-while). */
__attribute__((noinline)) double around_low(double *x, int np, int s, int lo) {
  double acc = 0;
  for (int p = 0; p < np; p++) {
    double b = 0.3 + 0.001 * p * x[4];
    int k = s + p % 7 - 3;
    do b = sin(b * x[(k + 12) % 6]) + 0.2 * x[(k + 13) % 6]; while (--k > lo);
    acc += b * b * x[1];
  }
  return acc;
}

double low_side(double *x) { return around_low(x, points_g, start_g, low_g); }

/* The counter itself tested, start from memory (below, at and above). */
__attribute__((noinline)) double from_memory(double *x, int np, int lo) {
  double acc = 0;
  for (int p = 0; p < np; p++) {
    double b = x[p % 6];
    int k = starts_g[p % 7] + lo;
    do {
      b = b * 0.8 + 0.3 * sin(x[k % 6] * b);
      k--;
    } while (k >= lo);
    acc += exp(-b * b);
  }
  return acc;
}

double memory_starts(double *x) { return from_memory(x, points_g, low_g); }

/* Unsigned, counting down by one. */
__attribute__((noinline)) double unsigned_down(double *x, int np, unsigned u, unsigned lo) {
  double acc = 0;
  for (int p = 0; p < np; p++) {
    double b = 0.1 * x[3];
    for (unsigned k = u + (unsigned)(p % 5); k > lo; k--) b = tanh(b * 1.3 + x[k % 6]);
    acc += b * x[2];
  }
  return acc;
}

double unsigned_side(double *x) { return unsigned_down(x, points_g, ustart_g, (unsigned)low_g); }

/* Counting up to `hi` from starts on both sides of it. */
__attribute__((noinline)) double up_to_high(double *x, int np, int s, int hi) {
  double acc = 0;
  for (int p = 0; p < np; p++) {
    double b = 0.2;
    int i = s + p % 6 - 2;
    do b = cos(b + x[(i + 60) % 6]) * x[(i + 61) % 6]; while (++i < hi);
    acc += b;
  }
  return acc;
}

double high_side(double *x) { return up_to_high(x, points_g, start_g, high_g); }

/* A triangular nest: the inner start is the outer counter's. */
__attribute__((noinline)) double triangle(double *x, int np) {
  double acc = 0;
  for (int p = 0; p < np; p++) {
    double b = x[p % 6] * 0.5;
    for (int k = p % 50 + 3; k > 2; k--) b = sin(b) * x[k % 6] + 0.1;
    acc += b * b;
  }
  return acc;
}

double triangular(double *x) { return triangle(x, points_g); }

int main(void) {
  double x[6] = {0.9, 1.1, 0.7, 1.3, 0.8, 0.2};
  int bad = CHECK_REVERSE(clenshaw, x, 6) + CHECK_REVERSE(low_side, x, 6) +
            CHECK_REVERSE(memory_starts, x, 6) + CHECK_REVERSE(unsigned_side, x, 6);
  bad += CHECK_REVERSE(high_side, x, 6) + CHECK_REVERSE(triangular, x, 6);
  return bad != 0;
}
