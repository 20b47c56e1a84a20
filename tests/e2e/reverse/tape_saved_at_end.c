// Tape entries of a block that repeats: a value only its own block's
// reverse reads is pushed at the end of the block and popped at the start
// of its reverse (instrument.py: nothing carried across the back edge);
// one that the reverse of a later block of the same iteration reads too
// keeps the save of the previous value at the block's start.  Here exp(x)
// is read by its own block's product and by the branch arms, sin(x) only in
// its own arm; the arms choose by data, in one loop and in nested loops.
// Central differences.
#include "../check.h"

extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);

enum { N = 6 };
int n = N;     /* not a constant: the loops stay loops */

__attribute__((noinline)) double arms(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double e = exp(0.5 * x[i]), t = e * x[i];
    if (x[i] > 0.1) s += t * e * sin(x[i]);
    else s += e * t + cos(t);
    s += t * t;
  }
  return s;
}
__attribute__((noinline)) double nested(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double e = exp(0.3 * x[i]);
    for (int j = 0; j < n; j++) {
      double p = e * x[j];
      s += x[j] > x[i] ? p * sin(p) : p * e;
    }
  }
  return s;
}

int main(void) {
  double x[N] = {0.3, -0.8, 1.2, 0.05, -1.4, 0.9};
  int bad = CHECK_REVERSE(arms, x, N) + CHECK_REVERSE(nested, x, N);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
