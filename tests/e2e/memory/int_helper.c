// Integer-only noinline helpers (hashing, counting, argmax) called from the
// differentiated function: their results are inactive and only select or
// scale the active computation.
//   w_i = 1 + hash(i) % 5,  c = #{x_i > 0},  m = argmax x
//   f = sum_i w_i x_i^2 + c x_0 + x_m^3
//   df/dx_i = 2 w_i x_i + c [i == 0] + 3 x_m^2 [i == m]
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) unsigned hash(unsigned k) {
  k ^= k >> 16;
  k *= 0x45d9f3bu;
  k ^= k >> 16;
  return k;
}

__attribute__((noinline)) int count_positive(const double *x, int n) {
  int c = 0;
  for (int i = 0; i < n; i++) c += x[i] > 0.0;
  return c;
}

__attribute__((noinline)) int argmax(const double *x, int n) {
  int m = 0;
  for (int i = 1; i < n; i++)
    if (x[i] > x[m]) m = i;
  return m;
}

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += (1 + hash(i) % 5) * x[i] * x[i];
  int m = argmax(x, n);
  return s + count_positive(x, n) * x[0] + x[m] * x[m] * x[m];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 9 };
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++) x[i] = sin(1.7 * i + 0.4);
  int c = 0, m = 0;
  for (int i = 0; i < N; i++) {
    c += x[i] > 0.0;
    if (x[i] > x[m]) m = i;
  }
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int i = 0; i < N; i++) {
    double want = 2.0 * (1 + hash(i) % 5) * x[i] + (i == 0 ? c : 0) + (i == m ? 3.0 * x[m] * x[m] : 0.0);
    check("df/dx", i, dx[i], want, 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
