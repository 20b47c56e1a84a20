// Loops counted by an int against a size_t bound (logsumexp's `for (int i
// = 0; i < n; i++)`, an i64 counter and bound after clang -O2) get their
// tape room before they start, the second of two loops in a row on an
// edge of its own out of the first one's latch.  Beside them, the shapes
// that must take neither shortcut or must still be right with it: the
// same two loops inside an outer loop (the second's preheader is a latch
// of the outer loop's body), a long counter stepping by 3 from a negative
// start, and a size_t count of 0.  The loops push several KB, so the tape
// grows many times: a reserve too small writes past its end.
// CFLAGS: -fno-unroll-loops
#include <stddef.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 5

static size_t count = 3000;   // main adds 1 (not a constant to clang)

static double logsumexp(const double *x, size_t n) {
  double a = x[0];
  for (int i = 0; i < n; i++) a = a > x[i] ? a : x[i];
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(x[i] - a);
  return log(s) + a;
}

static double spread(const double *x, size_t n) {
  double acc = 0;
  for (size_t k = 0; k < 3; k++) {
    double p = 1;
    for (size_t i = 0; i < n; i++) p = p * x[i % N] * 0.5 + 0.3;
    for (size_t i = 0; i < n; i++) acc += sin(p * x[(i + k) % N]) * 0.01;
  }
  return acc;
}

static double stepped(const double *x, long n) {
  double c = 1, acc = 0;
  for (long i = -7; i < n; i += 3) { c = cos(c * x[3]); acc += c * c; }
  return acc;
}

static double sum_sq(const double *x, size_t n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i % N] * x[i % N];
  return s;
}

static double buf[3001];

static double objective(double *x) {
  for (int i = 0; i < 3001; i++) buf[i] = x[i % N] * (1 + 0.001 * i);
  return logsumexp(buf, count) + logsumexp(x, N) + spread(x, count % 700)
         + stepped(x, (long)count) * 0.001 + sum_sq(x, count - 3001);
}

int main(int argc, char **argv) {
  (void)argv;
  count += argc < 99;
  double x[N] = {0.3, -0.2, 0.7, 1.3, 0.1}, dx[N] = {0};
  __enzyme_autodiff((void *)objective, enzyme_dup, x, dx);
  return check_gradient("dx", x, dx, N, objective) != 0;
}
