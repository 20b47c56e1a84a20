// Tape entries as narrow as their values (instrument._layout, reverse.py
// index_type): loops whose iterations join three ways twice, so that each
// iteration tapes two i8 path indices in one entry (pushed where the
// iteration ends: instrument._narrow), and entries of doubles after them
// that sit at any byte of the tape.  The shapes: a counted loop, a
// loop whose exit depends on the data (checked pushes growing the tape past
// its first 4 KB), a counted loop inside an outer loop (runs repeating), a
// loop left between its two joins (its last iteration never reaches the
// latch: those values keep the save at their definition), alone and inside
// an outer loop, and a buffer grown by doubling (push_back's shape: begin
// and end carried by the loop, pushed where the iteration ends or the
// growth rejoins: instrument.IterationEnds; at clang 19 -O2 an i64 and two
// i8 indices share an entry).  Every gradient is computed three times in
// a row (the tape memory of the call before reused).  Central differences.
#include <stdlib.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { N = 9, LONG = 700 };
static int K[LONG];
int n_iter = N;   /* not a constant: the loops stay loops */

static inline double first_way(double s, double x, int k) {
  switch (k % 3) {
    case 0: return sin(x) * s;
    case 1: return x * x + s;
    default: return s * s * x;
  }
}

static inline double second_way(double s, double t, int k) {
  double u;
  switch ((k / 3) % 3) {
    case 0: u = exp(0.3 * t); break;
    case 1: u = cos(t); break;
    default: u = t / (1 + s * s); break;
  }
  return 0.5 * s + 0.3 * u;
}

static inline double step(double s, double x, int k) {
  return second_way(s, first_way(s, x, k), k);
}

__attribute__((noinline)) double counted(const double *x) {
  double s = 1.0;
  for (int i = 0; i < n_iter; i++) s = step(s, x[i], K[i]);
  return s;
}

// Stops when the running value first exceeds a threshold, or after LONG
// steps: no bound is known before the loop, so its pushes stay checked.
__attribute__((noinline)) double until(const double *x) {
  double s = 0.25;
  int i = 0;
  do {
    s = step(s, x[i % N], K[i]);
    i++;
  } while (i < LONG && s < 40.0);
  return s * i;
}

__attribute__((noinline)) double nested(const double *x) {
  double total = 0;
  for (int r = 0; r < 3; r++) {
    double s = 0.5 + 0.1 * r;
    for (int i = 0; i < n_iter; i++) s = step(s, x[i], K[i + r]);
    total += s * (r + 1);
  }
  return total;
}

// Left between the two joins: the last iteration never reaches the latch.
__attribute__((noinline)) double with_break(const double *x) {
  double s = 1.0;
  for (int i = 0; i < n_iter; i++) {
    double t = first_way(s, x[i], K[i]);
    if (t > 0.9 + 0.05 * i) break;
    s = second_way(s, t, K[i]);
  }
  return s;
}

// The same in every run of an outer loop.
__attribute__((noinline)) double nested_break(const double *x) {
  double total = 0;
  for (int r = 0; r < 3; r++) {
    double s = 0.8 + 0.2 * r;
    int k = r;
    for (int i = 0; i < n_iter; i++) {
      k = (5 * k + K[i + 2 * r]) % N;   /* carried: an index read on both sides of the exit */
      double t = first_way(s, x[k], K[i + 2 * r]);
      if (t > 0.9 + 0.05 * i) break;
      s = second_way(s, t, K[i + 2 * r]) * (0.5 + x[k]);
    }
    total += s * s * (r + 1);
  }
  return total;
}

// A buffer grown by doubling (the branch taken rarely), its begin and end
// carried by the loop, values read back after it.
__attribute__((noinline)) double grown(const double *x) {
  double *begin = malloc(sizeof(double)), *end = begin, *cap = begin + 1;
  for (int i = 0; i < n_iter; i++) {
    double v = x[i] * x[i > 0 ? i - 1 : i] + 0.5 * x[i];
    if (end == cap) {
      long used = end - begin;
      double *bigger = malloc(2 * used * sizeof(double));
      for (long j = 0; j < used; j++) bigger[j] = begin[j];
      free(begin);
      begin = bigger;
      end = bigger + used;
      cap = bigger + 2 * used;
    }
    *end++ = v;
  }
  double s = 0;
  for (double *p = begin; p + 1 < end; p++) s += p[0] * p[1];
  free(begin);
  return s;
}

static double (*under_test)(const double *);
static double call(double *x) { return under_test(x); }

// A macro: at -O0 the differentiated function must be named in the call.
#define CHECK(f)                                              \
  for (int rep = 0; rep < 3; rep++) {                         \
    double dx[N] = {0};                                       \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx);          \
    under_test = f;                                           \
    bad += check_gradient(#f, x, dx, N, call);                \
  }

int main(void) {
  int bad = 0;
  double x[N];
  for (int i = 0; i < LONG; i++) K[i] = (i * 7 + i / 5) % 9;
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.4 * sin(1.3 * i + 0.2);
  CHECK(counted)
  CHECK(until)
  CHECK(nested)
  CHECK(with_break)
  CHECK(nested_break)
  CHECK(grown)
  return bad != 0;
}
