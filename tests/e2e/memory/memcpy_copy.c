// memcpy inside the differentiated function.
//   f: copy x into a local buffer, run b_i += b_{i-1}/2 on the copy, return
//      sum b_i^2, so b_i = sum_{j<=i} x_j / 2^(i-j) and
//      df/dx_j = sum_{i>=j} 2 b_i / 2^(i-j).
//   copy_sq: memcpy(y, x), then y_i *= x_i (y_i = x_i^2): dx_i += 2 x_i s_i,
//      and dy (seeded s_i) is consumed.
//   pair_energy: a struct copied by assignment (a memcpy at -O0):
//      q = *p; q.a *= q.b; return q.a * q.b  = a b^2.
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct { double a, b; int tag; } Pair;
void __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  double b[16];
  memcpy(b, x, n * sizeof(double));
  for (int i = 1; i < n; i++) b[i] += 0.5 * b[i - 1];
  double s = 0.0;
  for (int i = 0; i < n; i++) s += b[i] * b[i];
  return s;
}

void copy_sq(double *y, const double *x, int n) {
  memcpy(y, x, n * sizeof(double));
  for (int i = 0; i < n; i++) y[i] *= x[i];
}

double pair_energy(const Pair *p) {
  Pair q = *p;
  q.a *= q.b;
  return q.a * q.b;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 10 };
  double x[N], dx[N] = {0}, b[N];
  for (int i = 0; i < N; i++) x[i] = sin(1.3 * i) + 0.1;
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int i = 0; i < N; i++) b[i] = x[i] + (i ? 0.5 * b[i - 1] : 0.0);
  for (int j = 0; j < N; j++) {
    double want = 0.0;
    for (int i = j; i < N; i++) want += 2.0 * b[i] * pow(0.5, i - j);
    check("df/dx", j, dx[j], want, 1e-13);
  }
  double y[N], dy[N], dx2[N];
  for (int i = 0; i < N; i++) dy[i] = 1.0 + i, dx2[i] = 0.25;
  __enzyme_autodiff((void *)copy_sq, y, dy, x, dx2, N);
  for (int i = 0; i < N; i++) {
    check("primal y", i, y[i], x[i] * x[i], 1e-15);
    check("copy_sq dx", i, dx2[i], 0.25 + 2.0 * x[i] * (1.0 + i), 1e-14);
    check("copy_sq dy consumed", i, dy[i], 0.0, 0.0);
  }
  Pair p = {1.25, -0.75, 3}, dp = {0.0, 0.0, 0};
  __enzyme_autodiff((void *)pair_energy, &p, &dp);
  check("d pair/da", 0, dp.a, p.b * p.b, 1e-15);
  check("d pair/db", 0, dp.b, 2.0 * p.a * p.b, 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
