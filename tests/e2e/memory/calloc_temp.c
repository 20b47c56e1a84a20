// calloc'd buffers inside the differentiated function: the zero fill matters.
//   prefix: c = calloc(n+1); c_{k+1} = c_k + x_k (so c_k = sum_{i<k} x_i);
//     f = sum_{k=1..n} c_k^2 / k,  df/dx_i = sum_{k>i} 2 c_k / k
//   scatter: acc = calloc(m); acc[(3i) % m] += sin(x_i) (some bins stay 0);
//     g = sum_j (acc_j + 1)^3,  dg/dx_i = 3 (acc_j + 1)^2 cos(x_i), j = (3i) % m
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void __enzyme_autodiff(void *, ...);

double prefix(const double *x, int n) {
  double *c = calloc(n + 1, sizeof(double));
  for (int k = 0; k < n; k++) c[k + 1] = c[k] + x[k];
  double s = 0.0;
  for (int k = 1; k <= n; k++) s += c[k] * c[k] / k;
  free(c);
  return s;
}

double scatter(const double *x, int n, int m) {
  double *acc = calloc(m, sizeof(double));
  for (int i = 0; i < n; i++) acc[(3 * i) % m] += sin(x[i]);
  double s = 0.0;
  for (int j = 0; j < m; j++) s += (acc[j] + 1.0) * (acc[j] + 1.0) * (acc[j] + 1.0);
  free(acc);
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 10, M = 9 };
  double x[N], dx[N] = {0}, dx2[N] = {0}, c[N + 1] = {0}, acc[M] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.3 * i - 1.2;
  for (int k = 0; k < N; k++) c[k + 1] = c[k] + x[k];
  __enzyme_autodiff((void *)prefix, x, dx, N);
  for (int i = 0; i < N; i++) {
    double want = 0.0;
    for (int k = i + 1; k <= N; k++) want += 2.0 * c[k] / k;
    check("d prefix/dx", i, dx[i], want, 1e-14);
  }
  for (int i = 0; i < N; i++) acc[(3 * i) % M] += sin(x[i]);
  __enzyme_autodiff((void *)scatter, x, dx2, N, M);
  for (int i = 0; i < N; i++) {
    double a = acc[(3 * i) % M] + 1.0;
    check("d scatter/dx", i, dx2[i], 3.0 * a * a * cos(x[i]), 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
