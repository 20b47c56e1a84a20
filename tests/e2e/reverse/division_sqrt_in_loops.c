// Divisions and square roots inside loops, which the reverse pass computes
// again instead of taping when their operands are at hand (the pairwise
// energy), and the nearby shapes where an operand is not: a loop-carried
// quotient, a divisor the loop overwrites after dividing by it, a division
// by a value read through memory another iteration writes.  Every gradient
// against central differences.
#include <math.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 12 };

double pairwise(double *p) {          // p: N points (x, y), then N charges
  double e = 0;
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++) {
      double dx = p[2 * i] - p[2 * j], dy = p[2 * i + 1] - p[2 * j + 1];
      double r2 = dx * dx + dy * dy + 0.5;
      e += p[2 * N + i] * p[2 * N + j] / sqrt(r2) + 1.0 / (r2 * r2);
    }
  return e;
}

double carried(double *x) {           // a quotient of the last iteration's quotient
  double q = 1, s = 0;
  for (int i = 0; i < N; i++) {
    q = q / (1.5 + x[i] * x[i]) + sqrt(1 + q);
    s += q * x[i];
  }
  return s;
}

double overwritten(double *x) {       // x[i] changes after the division reads it
  double s = 0;
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < N; i++) {
      double y = 2.0 / (1 + x[i] * x[i]);
      x[i] = sqrt(x[i] * x[i] + y);
      s += y * x[(i + 1) % N];
    }
  return s;
}

double neighbours(double *x) {        // x[i - 1] was written one iteration before
  double s = 0;
  for (int i = 1; i < N; i++) {
    x[i] = x[i] / (1 + x[i - 1] * x[i - 1]);
    s += x[i] / sqrt(2 + x[i - 1]);
  }
  return s;
}

// The functions write their input: each evaluation gets a fresh copy.
static double (*current)(double *);
static double via_copy(double *x) {
  double tmp[3 * N];
  for (int i = 0; i < 3 * N; i++) tmp[i] = x[i];
  return current(tmp);
}

#define CHECK(f, n)                                                        \
  ({                                                                       \
    double x[3 * N], dx[3 * N] = {0}, work[3 * N];                         \
    for (int i = 0; i < 3 * N; i++) work[i] = x[i] = 0.3 + 0.7 * sin(1.7 * i + 0.4); \
    __enzyme_autodiff((void *)f, enzyme_dup, work, dx);                    \
    current = f;                                                           \
    check_gradient(#f, x, dx, n, via_copy);                                \
  })

int main(void) {
  int bad = CHECK(pairwise, 3 * N) + CHECK(carried, N) + CHECK(overwritten, N) +
            CHECK(neighbours, N);
  if (!bad) printf("ok\n");
  return bad != 0;
}
