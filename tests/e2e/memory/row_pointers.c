// Pointers stored in memory.
//   frob(rows): rows is an array of row pointers; its shadow is an array of
//     shadow row pointers.  f = sum_ij (i+1) r_ij^2:  d/dr_ij = 2 (i+1) r_ij
//   trace_sq(a): builds a local array of row pointers into a (n x n) and
//     returns sum_ij a_ij a_ji = tr(A^2):  d/da_ij = 2 a_ji
//   swap_eval(rows): swaps rows[0] and rows[1] (pointers) in place, then
//     returns 2 rows[0][0] + rows[1][0]^2 over the swapped rows:
//     d/dold_row1[0] = 2, d/dold_row0[0] = 2 old_row0[0]; the shadow pointer
//     array is swapped like the primal one.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

double frob(double **rows, int n, int m) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) s += (i + 1) * rows[i][j] * rows[i][j];
  return s;
}

double trace_sq(const double *a, int n) {
  const double *r[8];
  for (int i = 0; i < n; i++) r[i] = a + i * n;
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += r[i][j] * r[j][i];
  return s;
}

double swap_eval(double **rows) {
  double *t = rows[0];
  rows[0] = rows[1];
  rows[1] = t;
  return 2.0 * rows[0][0] + rows[1][0] * rows[1][0];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { R = 3, C = 4 };
  double mat[R * C], dmat[R * C] = {0}, *rows[R], *drows[R];
  for (int k = 0; k < R * C; k++) mat[k] = sin(0.5 * k) + 0.2;
  for (int i = 0; i < R; i++) rows[i] = mat + i * C, drows[i] = dmat + i * C;
  __enzyme_autodiff((void *)frob, rows, drows, R, C);
  for (int k = 0; k < R * C; k++) check("d frob", k, dmat[k], 2.0 * (k / C + 1) * mat[k], 1e-15);

  enum { N = 4 };
  double a[N * N], da[N * N] = {0};
  for (int k = 0; k < N * N; k++) a[k] = cos(0.7 * k) - 0.1 * k;
  __enzyme_autodiff((void *)trace_sq, a, da, N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) check("d trace_sq", i * N + j, da[i * N + j], 2.0 * a[j * N + i], 1e-14);

  for (int k = 0; k < R * C; k++) dmat[k] = 0.0;
  double *r0 = rows[0], *r1 = rows[1], *d0 = drows[0], *d1 = drows[1];
  __enzyme_autodiff((void *)swap_eval, rows, drows);
  check("primal rows swapped", 0, rows[0] == r1 && rows[1] == r0, 1, 0);
  check("shadow rows swapped", 0, drows[0] == d1 && drows[1] == d0, 1, 0);
  check("d/d old row1[0]", 0, d1[0], 2.0, 0.0);
  check("d/d old row0[0]", 0, d0[0], 2.0 * r0[0], 1e-15);
  for (int k = 0; k < R * C; k++)
    if (k != 0 && k != C) check("other entries 0", k, dmat[k], 0.0, 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
