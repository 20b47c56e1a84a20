// A noinline function returning a pointer into active memory; the caller
// reads and writes through it.
//   cyc(a) = sum_i a_i * (*pick(a, (i+1) % n)):  d/da_k = a_{k+1} + a_{k-1} (cyclic)
//   put(y, x): *pick(y, i) = x_i^3 for each i:   seeds s_i give dx_i = 3 x_i^2 s_i,
//              and dy is consumed.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double *pick(double *a, int i) { return a + i; }

double cyc(double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += a[i] * *pick(a, (i + 1) % n);
  return s;
}

void put(double *y, const double *x, int n) {
  for (int i = 0; i < n; i++) *pick(y, i) = x[i] * x[i] * x[i];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 7 };
  double a[N], da[N] = {0};
  for (int i = 0; i < N; i++) a[i] = 1.0 / (1.0 + i) - 0.3;
  __enzyme_autodiff((void *)cyc, a, da, N);
  for (int k = 0; k < N; k++)
    check("d cyc/da", k, da[k], a[(k + 1) % N] + a[(k + N - 1) % N], 1e-15);
  double y[N], dy[N], dx[N] = {0};
  for (int i = 0; i < N; i++) dy[i] = 0.5 + i;
  __enzyme_autodiff((void *)put, y, dy, a, dx, N);
  for (int i = 0; i < N; i++) {
    check("primal y", i, y[i], a[i] * a[i] * a[i], 1e-15);
    check("d put/dx", i, dx[i], 3.0 * a[i] * a[i] * (0.5 + i), 1e-14);
    check("dy consumed", i, dy[i], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
