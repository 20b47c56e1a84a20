/* Beside reverse/loop_after_outer_latch.c: a loop entered straight from an
 * outer loop's latch runs at most once per call only while nothing brings
 * control back to that latch.  Here something does, or the "call" repeats:
 * a goto back over the nest (not a for loop), the nest in a callee called
 * from a loop with other weights each time, the nest in a recursive
 * function (each level its own weights), and a sum loop entered from the
 * latch of either of two row loops.  The counts are constant (40), so
 * only a restore per run gives each run's reverse its last index back.
 * 7976452 fires here (counter saves dropped at -O1..-O3).  Central differences. */
#include "../check.h"

#define N 48
#define R 40

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

static double goto_back(double *x) {
  double y[R], t = 0;
  int r = 0;
again:
  for (int i = 0; i < R; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += x[j] * (i + j + r);
  }
  for (int i = 0; i < R; i++) t += (r + 1) * y[i] * y[i] * x[i];
  if (++r < 3) goto again;
  return t;
}

__attribute__((noinline)) static double nest(const double *x, int r) {
  double y[R], t = 0;
  for (int i = 0; i < R; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += x[j] * (i - j + r);
  }
  for (int i = 0; i < R; i++) t += y[i] * y[i] * x[(i + r) % N];
  return t;
}

static double callee_in_loop(double *x) {
  double t = 0;
  for (int r = 0; r < 3; r++) t += (r + 1) * nest(x, r);
  return t;
}

__attribute__((noinline)) static double recursive(const double *x, int r) {
  double y[R], t = 0;
  for (int i = 0; i < R; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += x[j] * (i * j - r);
  }
  for (int i = 0; i < R; i++) t += y[i] * x[i] * (r + 1);
  return r == 0 ? t : t + x[r] * recursive(x, r - 1);
}

static double recursive_top(double *x) { return recursive(x, 3); }

static double two_row_loops(double *x) {
  double y[R], t = 0;
  int n = x[0] > 0 ? R : R - 3;
  if (x[1] > 0)
    for (int i = 0; i < R; i++) y[i] = x[i] * x[i + 1];
  else
    for (int i = 0; i < R; i++) y[i] = x[i] + x[i + 5];
  for (int i = 0; i < n; i++) t += y[i] * x[i + 1];
  return t;
}

static double x[N], dx[N];

/* The gradient of f through x, from zeroed shadows, against central differences. */
#define RUN(f)                                                         \
  ({                                                                   \
    for (int k = 0; k < N; k++) dx[k] = 0;                             \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx);                   \
    check_gradient(#f, x, dx, N, f);                                   \
  })

int main(void) {
  int bad = 0;
  for (int s = 0; s < 2; s++) {
    for (int k = 0; k < N; k++) x[k] = (s ? -1 : 1) * (0.3 + 0.1 * k) * (k % 3 ? 1 : -1);
    bad += RUN(goto_back);
    bad += RUN(callee_in_loop);
    bad += RUN(recursive_top);
    bad += RUN(two_row_loops);
  }
  return bad != 0;
}
