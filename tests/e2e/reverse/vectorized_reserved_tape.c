// Vectorized loops that tape per iteration, their trip count known only at
// run time: the vectorizer's counter steps by 2 or 4 until it equals n
// rounded down, so the tape room for a run is reserved before the loop and
// its pushes go unchecked; the remainder loop after it, and loops that
// step past their bound (`j += 3` while j != n is not bounded by n), keep
// theirs.  Every gradient against central differences.
// CFLAGS: -ffast-math
#include <math.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { M = 52 };
int runtime_n = 25;                   // not a constant to clang: the count is n & -4

double sweeps(double *p) {            // a = p[0..25], b = p[26..51]
  int n = runtime_n;
  double *restrict a = p, *restrict b = p + 26, e = 0;
  for (int r = 0; r < 3; r++) {
    for (int j = 0; j < n; j++) b[j] = a[j] * a[j] * 0.3 + a[j + 1];
    for (int j = 0; j < n; j++) a[j] = b[j] * b[j] * 0.1 + 0.5 * a[j];
  }
  for (int j = 0; j < n; j++) e += a[j] * b[j];
  return e;
}

double strided(double *p) {           // j += 3 up to a bound it may step over
  int n = runtime_n - runtime_n % 3;
  double e = 0;
  for (int j = 0; j != n; j += 3) {
    p[j] = p[j] * p[j + 1] * 0.5 + 0.1;
    e += p[j] * p[j];
  }
  return e;
}

static void inputs(double *x, double *work) {
  for (int i = 0; i < M; i++) work[i] = x[i] = 0.3 + 0.5 * sin(1.3 * i + 0.2);
}

// The functions write their input: check_gradient_copied copies it.
#define CHECK(f)                                                           \
  ({ double x[M], dx[M] = {0}, work[M];                                  \
     inputs(x, work), __enzyme_autodiff((void *)f, enzyme_dup, work, dx); \
     check_gradient_copied(#f, x, dx, M, f); })

int main(void) {
  int bad = 0;
  for (int n = 25; n >= 0; n -= 7) {  // 25, 18, 11, 4: remainders 1, 2, 3, 0
    runtime_n = n;
    bad += CHECK(sweeps) + CHECK(strided);
  }
  if (!bad) printf("ok\n");
  return bad != 0;
}
