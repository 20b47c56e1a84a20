// A recursive helper (so it is never inlined) that fills a local array with a
// runtime number of elements and reads it back at runtime indices, so the
// array stays in memory at every optimisation level:
//   window(x, d) = t_2 * t_4 + window(x, d - 1) / 2,  window(x, 0) = 0,
//   t_k = x * (k + 1) + k*k:  d/dx (t_2 t_4) = 3 t_4 + 5 t_2
// Between the forward and the reverse pass, scribble() overwrites the stack.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, double);

int n_ = 6, i_ = 2, j_ = 4;
__attribute__((noinline)) double window(double x, int d) {
  if (d == 0) return 0.0;
  double t[16];
  for (int k = 0; k < n_; k++) t[k] = x * (k + 1) + k * k;
  return t[i_] * t[j_] + 0.5 * window(x, d - 1);
}

__attribute__((noinline)) void scribble(int n) {
  volatile double junk[512];
  for (int k = 0; k < n; k++) junk[k] = 1e6 + k;
}

double f(double x) {
  double a = window(x, 3);
  scribble(512);
  return a;
}

int main(void) {
  int failures = 0;
  const double xs[] = {0.5, -1.25, 2.0};
  for (int k = 0; k < 3; k++) {
    double x = xs[k];
    double t2 = 3 * x + 4, t4 = 5 * x + 16;
    double want = (3 * t4 + 5 * t2) * (1.0 + 0.5 + 0.25);
    double got = __enzyme_autodiff((void *)f, x);
    if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
      printf("MISMATCH f'(%g): got %.17g, want %.17g\n", x, got, want);
      failures++;
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
