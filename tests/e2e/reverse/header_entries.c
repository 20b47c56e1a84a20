// Values a loop's header defines, pushed at the header's end and read by
// the latch's reverse below the entries the iteration pushed after them
// (instrument._push_latch_entry): the ways through the iteration padded to
// push the same bytes (_iteration_pads), at an arm's end or on an edge of
// its own from a conditional branch.  The shapes: pointers carried by the
// loop and stored through on three ways that keep different values, a way that opens straight from the header's
// branch (a triangle), a condition the iteration changes in memory after
// branching on it, a buffer grown by doubling (push_back's shape, its
// growth itself branching), and one of them called from a loop of another
// differentiated function.  Every gradient three times in a row (the tape
// memory of the call before reused).  Central differences.
#include <stdlib.h>
#include <string.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { N = 11 };
static int MODE[64];
static int SAVED[64];
int n_iter = N;   /* not a constant: the loops stay loops */

// Appends to a buffer through its end pointer (a header phi) on three
// ways: grown by doubling (memcpy), or one of two stores, one of which
// keeps a math call's result.  The growth skips its allocation on an empty
// buffer (a conditional edge padded on its own block).
__attribute__((noinline)) double appended(const double *x) {
  double *begin = 0, *end = 0, *cap = 0;
  for (int i = 0; i < n_iter; i++) {
    double v = x[i] * (1 + 0.1 * i);
    if (end == cap) {
      long used = end - begin;
      long want = used ? 2 * used : 0;
      double *bigger = want ? malloc(want * sizeof(double)) : 0;
      if (!bigger) {
        bigger = malloc(2 * sizeof(double));
        want = 2;
      }
      if (used) memcpy(bigger, begin, used * sizeof(double));
      free(begin);
      begin = bigger;
      end = bigger + used;
      cap = bigger + want;
      *end = v;
    } else if (MODE[i] % 3 == 0) {
      *end = sin(v) * v;
    } else {
      *end = v * v;
    }
    end++;
  }
  double s = 0;
  for (double *p = begin; p + 1 < end; p++) s += p[0] * p[1];
  free(begin);
  return s;
}

// A triangle: the heavier way opens straight from the header's branch, the
// other is the branch's edge to the join.
__attribute__((noinline)) double triangle(const double *x) {
  const double *p = x;
  double s = 1.0;
  for (int i = 0; i < n_iter; i++) {
    double v = *p;
    double t = v * s;
    if (MODE[i] & 2) t = sin(t) * exp(v) + t / (1 + v * v);
    s = 0.7 * s + 0.3 * t;
    p += (i & 1) ? 1 : 0;
  }
  return s;
}

// The header reads the mode from memory, branches on it, and the iteration
// then changes it: the reverse must see the value branched on.
__attribute__((noinline)) double rewritten(const double *x) {
  const double *p = x;
  double s = 0.25;
  for (int i = 0; i < n_iter; i++) {
    int m = SAVED[i];
    double v = *p;
    if (m > 3) {
      s = s * cos(v) + sin(s);
      SAVED[i] = m - 4;
    } else {
      s = s + v * v * s;
      SAVED[i] = m + 5;
    }
    p += m & 1;
  }
  return s;
}

// push_back's shape: a buffer grown by doubling, its growth branching
// again (an allocation skipped when empty: a conditional edge padded, and
// the old buffer freed only if there was one), begin and end carried by
// the loop.
__attribute__((noinline)) double grown(const double *x) {
  double *begin = 0, *end = 0, *cap = 0;
  for (int i = 0; i < n_iter; i++) {
    double v = 0.5 * x[i] + 0.25 * (x[i > 0 ? i - 1 : i] + x[i + 1 < n_iter ? i + 1 : i]);
    if (end == cap) {
      long used = end - begin;
      long want = used > 1 ? used + used / 2 : used + 1;
      double *bigger = want ? malloc(want * sizeof(double)) : 0;
      *(bigger + used) = v;
      if (used > 0) memmove(bigger, begin, used * sizeof(double));
      if (begin) free(begin);
      begin = bigger;
      end = bigger + used;
      cap = bigger + want;
    } else {
      *end = v;
    }
    end++;
  }
  double s = 0;
  for (double *p = begin; p + 1 < end; p++) s += (p[1] - p[0]) * (p[1] - p[0]) * (1 + p[0] * p[0]);
  free(begin);
  return s;
}

// A differentiated call inside the appending loop (the tape handed to it:
// the header's values stay at the latch), and a switch whose cases share
// their targets (two edges from one block into a join: not padded).
__attribute__((noinline)) double scaled(double v, double w) { return v * sin(w) + w; }

__attribute__((noinline)) double with_call(const double *x) {
  double *begin = malloc(sizeof(double)), *end = begin, *cap = begin + 1;
  for (int i = 0; i < n_iter; i++) {
    double v = x[i];
    if (end == cap) {
      long used = end - begin;
      begin = realloc(begin, 2 * used * sizeof(double));
      end = begin + used;
      cap = begin + 2 * used;
    }
    switch (MODE[i] % 5) {
      case 0: case 3: *end = scaled(v, 0.5 * v); break;
      case 1: case 4: *end = exp(0.2 * v) * v; break;
      default: *end = v * v; break;
    }
    end++;
  }
  double s = 0;
  for (double *p = begin; p + 1 < end; p++) s += p[0] * p[1] + p[0];
  free(begin);
  return s;
}

// appended and grown called from a loop: their tapes kept across the calls.
__attribute__((noinline)) double calls(const double *x) {
  double s = 0;
  for (int r = 0; r < 3; r++) s += (r + 1) * appended(x) + grown(x) * (0.5 + r);
  return s;
}
static void reset_modes(void) {
  for (int i = 0; i < 64; i++) SAVED[i] = MODE[(i + 3) % 64] % 9;
}

static double (*tested)(const double *);
static double primal(double *x) {    /* rewritten changes SAVED: each run from the start */
  reset_modes();
  return tested(x);
}

// Three gradients in a row; at -O0 the differentiated function must be
// named in the call, hence a macro.
#define GRADIENTS_OF(f)                                            \
  for (int again = 0; again < 3; again++) {                        \
    double dx[N] = {0};                                            \
    reset_modes();                                                 \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx);               \
    tested = f;                                                    \
    bad += check_gradient(#f, x, dx, N, primal);                   \
  }

int main(void) {
  int bad = 0;
  double x[N];
  for (int i = 0; i < 64; i++) MODE[i] = (i * 7 + i / 5) % 11;
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.4 * sin(1.3 * i + 0.2);
  GRADIENTS_OF(appended)
  GRADIENTS_OF(triangle)
  GRADIENTS_OF(rewritten)
  GRADIENTS_OF(grown)
  GRADIENTS_OF(with_call)
  GRADIENTS_OF(calls)
  return bad != 0;
}
