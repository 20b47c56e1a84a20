// A variable-length array declared inside a loop: at -O0 each iteration
// allocates it dynamically between stacksave and stackrestore.  Its shadow
// must outlive the loop (the reverse pass runs after it), so it lives on
// the heap until the alloca's reverse.  Closed form:
//   f = sum_{k=1..n} sum_{i<k} x_i x_{k-1-i} w_k / 2
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

enum { N = 5 };

double f(const double *x, int n) {
  double s = 0.0;
  for (int k = 1; k <= n; k++) {
    double t[k];
    for (int i = 0; i < k; i++) t[i] = x[i] * x[k - 1 - i];
    for (int i = 0; i < k; i++) s += t[i] * 0.5 * (1.0 + 0.1 * k);
  }
  return s;
}

int main(void) {
  int failures = 0;
  double x[N], dx[N] = {0}, want[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.2 * i;
  for (int k = 1; k <= N; k++)          // d/dx_j of sum_i x_i x_{k-1-i} is 2 x_{k-1-j}
    for (int j = 0; j < k; j++) want[j] += x[k - 1 - j] * (1.0 + 0.1 * k);
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++)
    if (fabs(dx[i] - want[i]) > 1e-13 * (1.0 + fabs(want[i]))) {
      printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want[i]);
      failures++;
    }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
