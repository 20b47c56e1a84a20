// Loops with a constant trip count in functions that differentiated code
// calls (split derivatives): the reverse function starts such a loop's
// counter at its known last value instead of reading it from the tape.
// Beside them: a loop on one arm of a branch only, a constant inner loop
// in a loop of variable length, a counter read after its loop, and a loop
// whose count varies.
// (-fno-unroll-loops keeps the loops at -O2)
// CFLAGS: -fno-unroll-loops
#include "../check.h"

void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static double arms(const double *x, double t) {
  double s = 0;
  if (t > 0) {
    for (int i = 0; i < 3; i++) s += x[i] * x[i] * t;
  } else {
    for (int i = 0; i < 5; i++) s += sin(x[i % 4] * t);
  }
  return s;
}

__attribute__((noinline)) static double nested(const double *x, int n) {
  double s = 1;
  int i;
  for (int k = 0; k < n; k++)
    for (i = 0; i < 4; i++) s = s * 0.5 + x[i] * x[(i + k) % 4];
  return s * (double)i;
}

__attribute__((noinline)) static double counted(const double *x, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; i++) s += x[i % 4] * (i + 1);
  return s * s + i;
}

static double objective(double *x) {
  return arms(x, x[3]) + arms(x, -x[3]) + nested(x, 3) + counted(x, (int)(x[0] * 10 + 8.5));
}

int main(void) {
  double x[4] = {0.3, -0.7, 0.5, 0.9}, dx[4] = {0};
  __enzyme_autodiff((void *)objective, x, dx);
  return check_gradient("dx", x, dx, 4, objective) != 0;
}
