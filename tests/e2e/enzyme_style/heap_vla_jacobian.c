// malloc + memcpy into a scratch buffer, a variable-length array, free, and a
// Jacobian built row by row with repeated reverse calls (seeding dy = e_k).
//   blur(y, x, n): copy x to heap tmp, VLA w[n] = tmp^2, y_i = w_i + w_{i+1} x_i
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

void blur(double *y, const double *x, int n) {
  double *tmp = malloc(n * sizeof(double));
  memcpy(tmp, x, n * sizeof(double));
  double w[n];
  for (int i = 0; i < n; i++) w[i] = tmp[i] * tmp[i];
  for (int i = 0; i + 1 < n; i++) y[i] = w[i] + w[i + 1] * x[i];
  free(tmp);
}

static int failures;
static void check(const char *what, int k, int j, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d][%d]: got %.17g, want %.17g\n", what, k, j, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  double x[N] = {0.3, -1.2, 0.8, 2.0, -0.4}, y[N];
  for (int k = 0; k + 1 < N; k++) {
    double dx[N] = {0}, dy[N] = {0};
    dy[k] = 1.0;
    __enzyme_autodiff((void *)blur, enzyme_dup, y, dy, enzyme_dup, x, dx, enzyme_const, N);
    for (int j = 0; j < N; j++) {
      double want = 0.0;  // dy_k/dx_j
      if (j == k) want += 2 * x[k] + x[k + 1] * x[k + 1];
      if (j == k + 1) want += 2 * x[k + 1] * x[k];
      check("J", k, j, dx[j], want);
    }
    check("y", k, 0, y[k], x[k] * x[k] + x[k + 1] * x[k + 1] * x[k]);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
