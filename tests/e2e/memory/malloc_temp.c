// A temporary buffer malloc'd (and freed) inside the differentiated function.
//   f = sum_{i<n-1} t_i t_{i+1} + t_0 / 2,   t_i = exp(x_i / 2)
//   df/dx_k = t_k / 2 (t_{k-1} + t_{k+1} + [k == 0] / 2)  (missing neighbours: 0)
// mean_sq copies x into a malloc'd buffer of structs, then reads it back:
//   g = sum_i (x_i - m)^2 / n with m = mean(x):  dg/dx_i = 2 (x_i - m) / n
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int i; double v; } Item;
void __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  double *t = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) t[i] = exp(0.5 * x[i]);
  double s = 0.5 * t[0];
  for (int i = 0; i + 1 < n; i++) s += t[i] * t[i + 1];
  free(t);
  return s;
}

double mean_sq(const double *x, int n) {
  Item *items = malloc(n * sizeof(Item));
  double m = 0.0;
  for (int i = 0; i < n; i++) {
    items[i].i = i;
    items[i].v = x[i];
    m += x[i];
  }
  m /= n;
  double s = 0.0;
  for (int k = 0; k < n; k++) s += (items[k].v - m) * (items[k].v - m);
  free(items);
  return s / n;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 12 };
  double x[N], dx[N] = {0}, dx2[N] = {0}, m = 0.0;
  for (int i = 0; i < N; i++) x[i] = cos(2.1 * i), m += x[i] / N;
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int k = 0; k < N; k++) {
    double t = exp(0.5 * x[k]);
    double left = k > 0 ? exp(0.5 * x[k - 1]) : 0.5, right = k + 1 < N ? exp(0.5 * x[k + 1]) : 0.0;
    check("df/dx", k, dx[k], 0.5 * t * (left + right), 1e-14);
  }
  __enzyme_autodiff((void *)mean_sq, x, dx2, N);
  for (int k = 0; k < N; k++) check("d mean_sq/dx", k, dx2[k], 2.0 * (x[k] - m) / N, 1e-13);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
