// Split mode on a function with a data-dependent loop exit and branches: the
// tape must record which branch was taken and how many iterations ran.
// __enzyme_augmentsize gives the tape size; the tape lives in caller memory
// (enzyme_allocated + enzyme_tape), and the primal is run in between with
// other data to check that the reverse pass uses the tape, not a recompute.
//   walk(x, n): y = 1; for i: if (x_i > 0) y *= x_i else y += x_i*x_i; stop when y > 10
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_allocated, enzyme_tape, enzyme_dup, enzyme_const;
typedef struct { void *tape; double primal; } TD;
unsigned long __enzyme_augmentsize(void *, ...);
TD __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

double walk(double *x, int n) {
  double y = 1.0;
  for (int i = 0; i < n; i++) {
    if (x[i] > 0) y *= x[i];
    else y += x[i] * x[i];
    if (y > 10.0) break;
  }
  return y;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 7 };
  double x[N] = {1.5, -0.5, 2.0, -1.0, 1.8, 3.0, 0.5}, dx[N] = {0};
  unsigned long sz = __enzyme_augmentsize((void *)walk, enzyme_dup, enzyme_const);
  void *mem = malloc(sz ? sz : 1);
  TD r = __enzyme_augmentfwd((void *)walk, enzyme_allocated, sz, enzyme_tape, mem,
                             enzyme_dup, x, dx, enzyme_const, N);
  check("primal", 0, r.primal, walk(x, N));
  double other[N] = {-3, -3, -3, -3, -3, -3, -3};
  (void)walk(other, N);
  __enzyme_reverse((void *)walk, enzyme_allocated, sz, enzyme_tape, mem,
                   enzyme_dup, x, dx, enzyme_const, N, 1.0);
  for (int i = 0; i < N; i++) {
    double xp[N], xm[N], h = 1e-6;
    for (int k = 0; k < N; k++) xp[k] = xm[k] = x[k];
    xp[i] += h; xm[i] -= h;
    check("dx", i, dx[i], (walk(xp, N) - walk(xm, N)) / (2 * h));
  }
  free(mem);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
