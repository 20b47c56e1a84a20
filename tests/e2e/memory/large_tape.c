// A tape of tens of megabytes: grown by realloc many times.  The in-place update makes
// every iteration save its loaded value.
//   f(x) = sum_i sin(x_i * c_i) after x_i <- x_i * c_i, with c_i read from
//   the array that is overwritten: df/dx_i = cos(x_i c_i) c_i.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void __enzyme_autodiff(void *, ...);
extern int enzyme_const;

__attribute__((noinline)) double scale_and_sum(double *x, const double *c, long n) {
  double s = 0.0;
  for (long i = 0; i < n; i++) {
    x[i] *= c[i];
    s += sin(x[i]);
  }
  return s;
}

int main(void) {
  const long n = 3L << 20;   // 3 M iterations, at least 24 MB of tape
  double *x = malloc(n * sizeof *x), *dx = calloc(n, sizeof *dx), *c = malloc(n * sizeof *c);
  double *x0 = malloc(n * sizeof *x0);
  if (!x || !dx || !c || !x0) return 2;
  for (long i = 0; i < n; i++) {
    x0[i] = x[i] = 0.5 + 1e-7 * (double)(i % 1000);
    c[i] = 1.0 + 1e-6 * (double)(i % 777);
  }
  __enzyme_autodiff((void *)scale_and_sum, x, dx, enzyme_const, c, n);
  int failures = 0;
  for (long i = 0; i < n; i += 99991) {
    double want = cos(x0[i] * c[i]) * c[i];
    if (!(fabs(dx[i] - want) <= 1e-12 * (1.0 + fabs(want)))) {
      printf("MISMATCH d/dx[%ld]: got %.17g, want %.17g\n", i, dx[i], want);
      failures++;
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
