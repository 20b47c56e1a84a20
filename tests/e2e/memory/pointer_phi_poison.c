// A helper returns a pointer into its input (the largest element).  clang
// -O2 unrolls its loop and starts a pointer phi from poison; the shadow of
// poison is poison.  Closed form: f = max(x)^2, df/dx = 2 max(x) at argmax.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

__attribute__((noinline)) double *argmax_ptr(double *x, int n) {
  double *p = x;
  for (int i = 1; i < n; i++)
    if (x[i] > *p) p = &x[i];
  return p;
}

double f(double *x, int n) {
  double *p = argmax_ptr(x, n);
  return *p * *p;
}

int main(void) {
  int failures = 0;
  double x[7] = {0.3, 1.7, 2.4, -1.0, 0.5, 2.1, -3.0}, dx[7] = {0};
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, 7);
  for (int i = 0; i < 7; i++) {
    double want = i == 2 ? 2 * x[2] : 0.0;
    if (fabs(dx[i] - want) > 1e-13) {
      printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      failures++;
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
