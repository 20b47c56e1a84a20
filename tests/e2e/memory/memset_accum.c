// memset inside the differentiated function.
//   bins: acc[4] is memset to zero, then acc[i%4] += x_i^2;
//     f = sum_j (j+1) acc_j^2,  df/dx_i = 4 (j+1) acc_j x_i  with j = i % 4.
//   clear_add: memset(y, 0, n) then y_i += 3 x_i sin(x_i): the old y values
//     are dead, so dy (seeded s_i) is consumed and dx_i = 3 s_i (sin x_i + x_i cos x_i).
#include <math.h>
#include <stdio.h>
#include <string.h>

void __enzyme_autodiff(void *, ...);

double bins(const double *x, int n) {
  double acc[4];
  memset(acc, 0, sizeof acc);
  for (int i = 0; i < n; i++) acc[i % 4] += x[i] * x[i];
  double s = 0.0;
  for (int j = 0; j < 4; j++) s += (j + 1) * acc[j] * acc[j];
  return s;
}

void clear_add(double *y, const double *x, int n) {
  memset(y, 0, n * sizeof(double));
  for (int i = 0; i < n; i++) y[i] += 3.0 * x[i] * sin(x[i]);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 11 };
  double x[N], dx[N] = {0}, acc[4] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.25 * i - 1.0;
  for (int i = 0; i < N; i++) acc[i % 4] += x[i] * x[i];
  __enzyme_autodiff((void *)bins, x, dx, N);
  for (int i = 0; i < N; i++) check("d bins/dx", i, dx[i], 4.0 * (i % 4 + 1) * acc[i % 4] * x[i], 1e-14);
  double y[N], dy[N], dx2[N] = {0};
  for (int i = 0; i < N; i++) y[i] = 100.0 + i, dy[i] = 2.0 - 0.5 * i;
  __enzyme_autodiff((void *)clear_add, y, dy, x, dx2, N);
  for (int i = 0; i < N; i++) {
    check("primal y", i, y[i], 3.0 * x[i] * sin(x[i]), 1e-15);
    check("d clear_add/dx", i, dx2[i], 3.0 * (2.0 - 0.5 * i) * (sin(x[i]) + x[i] * cos(x[i])), 1e-14);
    check("dy consumed", i, dy[i], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
