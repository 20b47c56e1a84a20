// Pointers that pass through uintptr_t: (double *)((uintptr_t)x + 8 k).
// The shadow takes the same way from the shadow pointer; reverse and
// forward mode.  Closed form: f = x[n-1] * x[0] + x[1] * x[2].
#include <math.h>
#include <stdint.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

double f(double *x, int n) {
  uintptr_t u = (uintptr_t)x;
  double *last = (double *)(u + 8 * (uintptr_t)(n - 1));
  double *second = (double *)((uintptr_t)(x + 3) - 16);
  return *last * x[0] + *second * x[2];
}

static int failures;
static void check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-13 * (1.0 + fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x[5] = {1.5, 2.0, 3.0, 4.0, 5.0}, dx[5] = {0};
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, 5);
  double want[5] = {x[4], x[2], x[1], 0.0, x[0]};
  for (int i = 0; i < 5; i++) check("dx", dx[i], want[i]);
  double v[5] = {0.1, 0.2, 0.3, 0.4, 0.5}, tangent = 0.0;
  for (int i = 0; i < 5; i++) tangent += want[i] * v[i];
  check("fwd", __enzyme_fwddiff((void *)f, x, v, enzyme_const, 5), tangent);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
