// Batched reverse mode, width 3, over loops with a run-time trip count: the
// three output shadows are seeded with e0, e1, e2, so one call gives all
// three rows of the Jacobian.
//   sines:  y_j = sum_i w[j n + i] sin(x_i)        J_ji = w[j n + i] cos(x_i)
//   chain:  a recurrence kept in malloc'd scratch memory (its values go on
//           the tape), checked against central differences
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_width, enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

void sines(double *y, const double *x, const double *w, int n) {
  for (int j = 0; j < 3; j++) {
    double acc = 0.0;
    for (int i = 0; i < n; i++) acc += w[j * n + i] * sin(x[i]);
    y[j] = acc;
  }
}

void chain(double *y, const double *x, int n) {
  double *t = malloc(n * sizeof(double)), s = 1.0;
  for (int i = 0; i < n; i++) s = t[i] = s * cos(x[i]) + 0.5 * exp(-x[i] * s);
  for (int j = 0; j < 3; j++) y[j] = 0.0;
  for (int i = 0; i < n; i++) y[i % 3] += t[i] * t[i] * (1.0 + i);
  free(t);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

enum { MAXN = 8 };

int main(void) {
  volatile int vn = 7;
  const int n = vn;
  double x[MAXN], w[3 * MAXN], y[3], dx[3][MAXN] = {{0}}, dy[3][3];
  for (int i = 0; i < n; i++) x[i] = 0.3 * i - 0.8;
  for (int k = 0; k < 3 * n; k++) w[k] = cos(1.7 * k);
  for (int j = 0; j < 3; j++)
    for (int k = 0; k < 3; k++) dy[j][k] = j == k;
  __enzyme_autodiff((void *)sines, enzyme_width, 3, enzyme_dup, y, dy[0], dy[1], dy[2],
                    enzyme_dup, x, dx[0], dx[1], dx[2], enzyme_const, w, enzyme_const, n);
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < n; i++)
      check("sines J", j * n + i, dx[j][i], w[j * n + i] * cos(x[i]), 1e-14);
  for (int j = 0; j < 3; j++)
    for (int k = 0; k < 3; k++) check("sines dy consumed", 3 * j + k, dy[j][k], 0.0, 0.0);

  double cx[3][MAXN] = {{0}}, cy[3][3], yp[3], ym[3];
  for (int j = 0; j < 3; j++)
    for (int k = 0; k < 3; k++) cy[j][k] = j == k;
  __enzyme_autodiff((void *)chain, enzyme_width, 3, y, cy[0], cy[1], cy[2], x, cx[0], cx[1],
                    cx[2], n);
  for (int i = 0; i < n; i++) {
    const double h = 1e-6, xi = x[i];
    x[i] = xi + h, chain(yp, x, n);
    x[i] = xi - h, chain(ym, x, n);
    x[i] = xi;
    for (int j = 0; j < 3; j++)
      check("chain J", j * n + i, cx[j][i], (yp[j] - ym[j]) / (2 * h), 1e-6);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
