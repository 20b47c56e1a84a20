// Divide-and-conquer recursion over an array (noinline, two recursive calls
// per level, so it cannot become a loop): f = sum_i (a_i^2 + sin a_i),
// df/da_i = 2 a_i + cos a_i.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double rsum(const double *a, int n) {
  if (n == 1) return a[0] * a[0] + sin(a[0]);
  int h = n / 2;
  return rsum(a, h) + rsum(a + h, n - h);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 37 };
  double a[N], da[N] = {0};
  for (int i = 0; i < N; i++) a[i] = sin(0.3 * i) * 2.0;
  __enzyme_autodiff((void *)rsum, a, da, N);
  for (int i = 0; i < N; i++) check("d rsum/da", i, da[i], 2.0 * a[i] + cos(a[i]), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
