// Values that are not floats pushed where their iteration ends
// (instrument.IterationEnds) in loops left from the middle: an index
// loaded from memory the loop then overwrites (kept: nothing recomputes
// it), read by the reverse before and after a `break` (alone, and in every
// run of an outer loop), and an index read in its own block
// only, with a branch the iteration may skip between it and the exit.  The
// last iteration never reaches the latch, and the skipped branch's block is
// no place to push (`_one_end`, `_avoidable`: with either check removed,
// the split gradient of read_across_break and break_in_runs' are wrong at
// six of the eight configurations).  Combined and split
// (augmentfwd/reverse) derivatives, each three times in a row; central
// differences.
#include <stdlib.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const, enzyme_allocated, enzyme_tape;
double __enzyme_autodiff(void *, ...);
typedef struct { void *tape; double primal; } TD;
unsigned long __enzyme_augmentsize(void *, ...);
TD __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

enum { N = 10, M = 7 };
static double W[M] = {0.3, -0.7, 1.1, 0.45, -0.2, 0.9, 0.6};
int n_iter = N;   /* not a constant: the loops stay loops */

static int IDX[N];
static const int IDX0[N] = {3, 8, 1, 6, 0, 9, 4, 2, 7, 5};
static void reset(void) { for (int i = 0; i < N; i++) IDX[i] = IDX0[i]; }

// k, loaded from IDX[i] before IDX[i] is overwritten (kept: an integer
// nothing recomputes), is read on both sides of the exit.
__attribute__((noinline)) double read_across_break(double *x) {
  double s = 0.2;
  for (int i = 0; i < n_iter; i++) {
    int k = IDX[i];
    s += W[k % M] * x[k] * s;
    IDX[i] = (k + 3) % N;
    if (s * (k + 2) > 1.6) break;     /* left at i = 3 */
    s = s * x[(k + i) % N] + 0.3 * W[(k + 1) % M];
  }
  return s;
}

// The same inside an outer loop: the iteration a break leaves unpushed
// holds its values in their slots only until the next run of the loop.
__attribute__((noinline)) double break_in_runs(double *x) {
  double total = 0;
  for (int r = 0; r < 3; r++) {
    double s = 0.2 + 0.1 * r;
    for (int i = 0; i < n_iter; i++) {
      int k = IDX[i];
      s += W[(k + r) % M] * x[k] * s;
      IDX[i] = (k + 3 + r) % N;
      if (s * (k + 2) > 1.6) break;     /* left at i = 3, 0, 2 */
      s = s * x[(k + i) % N] + 0.3 * W[(k + 1) % M];
    }
    total += s * (r + 1);
  }
  return total;
}

// k is read in its own block only; between it and the exit, a branch the
// iteration may skip computes on s (not a select: a call on each way).
__attribute__((noinline)) double skipped_branch(double *x) {
  double s = 0.4;
  for (int i = 0; i < n_iter; i++) {
    int k = IDX[i];
    s += W[k % M] * x[i] * x[k];
    IDX[i] = (k + 7) % N;
    if (x[i] > 0.33 + 0.02 * i) s = sin(s) * cos(x[i]) + s * s * 0.1;
    if (s * (k + 2) > 2.0) break;     /* left at i = 5; the branch taken 4 times */
    s = 0.9 * s + 0.05 * exp(-s);
  }
  return s;
}

static double (*under_test)(double *);
static double X0[N];
static double call(double *x) {
  double y[N];
  for (int i = 0; i < N; i++) y[i] = x[i];
  reset();
  return under_test(y);
}

// A macro: at -O0 the differentiated function must be named in the calls.
#define CHECK_BOTH(f)                                                               \
  do {                                                                              \
    under_test = f;                                                                 \
    for (int rep = 0; rep < 3; rep++) {                                             \
      double x[N], dx[N] = {0};                                                     \
      for (int i = 0; i < N; i++) x[i] = X0[i];                                     \
      reset();                                                                      \
      __enzyme_autodiff((void *)f, enzyme_dup, x, dx);                              \
      for (int i = 0; i < N; i++) x[i] = X0[i];                                     \
      bad += check_gradient(#f, x, dx, N, call);                                    \
    }                                                                               \
    unsigned long size = __enzyme_augmentsize((void *)f, enzyme_dup);               \
    void *mem = malloc(size ? size : 1);                                            \
    double x[N], dx[N] = {0};                                                       \
    for (int i = 0; i < N; i++) x[i] = X0[i];                                       \
    reset();                                                                        \
    TD r = __enzyme_augmentfwd((void *)f, enzyme_allocated, size, enzyme_tape, mem, \
                               enzyme_dup, x, dx);                                  \
    __enzyme_reverse((void *)f, enzyme_allocated, size, enzyme_tape, mem,           \
                     enzyme_dup, x, dx, 1.0);                                       \
    free(mem);                                                                      \
    for (int i = 0; i < N; i++) x[i] = X0[i];                                       \
    bad += !check_close("split primal " #f, 0, r.primal, call(x));                  \
    bad += check_gradient("split " #f, x, dx, N, call);                             \
  } while (0)

int main(void) {
  int bad = 0;
  for (int i = 0; i < N; i++) X0[i] = 0.35 + 0.3 * sin(1.7 * i + 0.4);
  CHECK_BOTH(read_across_break);
  CHECK_BOTH(break_in_runs);
  CHECK_BOTH(skipped_branch);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
