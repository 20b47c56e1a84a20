// Forward mode through heap scratch memory: a malloc'd buffer filled from x
// and a calloc'd accumulator, both freed before returning.
//   b_i = x_i^2 (malloc), c_{i%2} += b_i x_i (calloc),  g = c_0 + 3 c_1
//   directional derivative along v: sum_i 3 x_i^2 v_i (1 or 3)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_fwddiff(void *, ...);

double g(const double *x, int n) {
  double *b = malloc(n * sizeof(double));
  double *c = calloc(2, sizeof(double));
  for (int i = 0; i < n; i++) b[i] = x[i] * x[i];
  for (int i = 0; i < n; i++) c[i % 2] += b[i] * x[i];
  double r = c[0] + 3.0 * c[1];
  free(c);
  free(b);
  return r;
}

int main(void) {
  enum { N = 5 };
  double x[N] = {0.5, -1.25, 2.0, 0.75, -0.3}, v[N] = {1.0, -0.5, 0.25, 2.0, 1.5};
  double want = 0.0;
  for (int i = 0; i < N; i++) want += 3 * x[i] * x[i] * v[i] * (i % 2 ? 3.0 : 1.0);
  double got = __enzyme_fwddiff((void *)g, enzyme_dup, x, v, enzyme_const, N);
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH dg: got %.17g, want %.17g\n", got, want);
    return 1;
  }
  printf("ok\n");
  return 0;
}
