// Nested loops with runtime bounds, including a triangular inner loop.
//   quad(x) = sum_i sum_{j<=i} c_ij x_i x_j,   c_ij = 1/(1+i+j)
//     d/dx_k = sum_{j<=k} c_kj x_j + sum_{i>=k} c_ik x_i
//   spread(x) = sum_{i<j} (x_i - x_j)^2,  d/dx_k = 2 (n x_k - sum_j x_j)
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

double quad(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) s += x[i] * x[j] / (1.0 + i + j);
  return s;
}

double spread(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) s += (x[i] - x[j]) * (x[i] - x[j]);
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
  volatile int vn = 7;
  int n = vn;
  double x[7], dq[7] = {0}, ds[7] = {0}, sum = 0.0;
  for (int i = 0; i < n; i++) {
    x[i] = cos(1.3 * i) + 0.1 * i;
    sum += x[i];
  }
  __enzyme_autodiff((void *)quad, x, dq, n);
  __enzyme_autodiff((void *)spread, x, ds, n);
  for (int k = 0; k < n; k++) {
    double want = 0.0;
    for (int j = 0; j <= k; j++) want += x[j] / (1.0 + k + j);
    for (int i = k; i < n; i++) want += x[i] / (1.0 + i + k);
    check("d quad/dx", k, dq[k], want, 1e-13);
    check("d spread/dx", k, ds[k], 2.0 * (n * x[k] - sum), 1e-13);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
