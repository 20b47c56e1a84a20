// CFLAGS: -fno-unroll-loops
// Inner loops whose bound is loaded from memory the function never writes
// (CSR rows: k != rowptr[i + 1]): the reverse pass may load the bound again
// where it enters the loop instead of taping the counter's last value per
// row.  Varied one condition at a time:
//  c1: CSR rows (k < rowptr[i + 1]), some empty (the exit block's reverse runs for them too);
//  c2: the row's bounds loaded only under a condition on the row;
//  c3: the bounds array written after each row (it must stay taped);
//  c4: three deep, the bound indexed by the outermost counter;
//  c5: the bound read through a pointer loaded from a table of rows.
// Each also differentiated as a callee of an __enzyme_autodiff (split
// derivatives: augmented forward and reverse).  Central differences.
#include "../check.h"

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);

enum { N = 10, R = 5 };
static const int ROWS[R + 1] = {0, 3, 3, 6, 6, 10};
static const int ENDS[4] = {2, 5, 1, 4};

__attribute__((noinline)) double c1(const double *x, const int *rowptr, int nr) {
  double s = 0;
  for (int i = 0; i < nr; i++)
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) s += x[k] * x[k] * x[i] + x[k];
  return s;
}
__attribute__((noinline)) double c2(const double *x, const int *rowptr, int nr) {
  double s = 0;
  for (int i = 0; i < nr; i++)
    if (x[i] > -0.1)
      for (int k = rowptr[i]; k != rowptr[i + 1]; k++) s += x[k] * x[k] * x[i];
  return s;
}
__attribute__((noinline)) double c3(const double *x, int *ends, int m) {
  double s = 0;
  for (int i = 0; i < m; i++) {
    for (int k = 0; k != ends[i]; k++) s += x[k] * x[i] * x[k + 1];
    ends[i] = N - 1 - ends[i];
  }
  for (int i = 0; i < m; i++) ends[i] = N - 1 - ends[i];
  return s;
}
__attribute__((noinline)) double c4(const double *x, const int *ends, int m, int nr) {
  double s = 0;
  for (int i = 0; i < m; i++)
    for (int r = 0; r < nr; r++)
      for (int k = r; k != ends[i] + r; k++) s += x[k] * x[i + r] * x[k + 1];
  return s;
}
__attribute__((noinline)) double c5(const double *x, const int *const *bounds, int m) {
  double s = 0;
  for (int i = 0; i < m; i++)
    for (int k = 0; k != bounds[i][0]; k++) s += x[k] * x[k] * x[i];
  return s;
}
static int ends3[4] = {2, 5, 1, 4};
static const int *const TABLE[4] = {&ENDS[0], &ENDS[1], &ENDS[2], &ENDS[3]};
__attribute__((noinline)) double caller(const double *x) {
  return c1(x, ROWS, R) + c2(x, ROWS, R) + c3(x, ends3, 4) + c4(x, ENDS, 4, 2) + c5(x, TABLE, 4);
}

static double f1(double *x) { return c1(x, ROWS, R); }
static double f2(double *x) { return c2(x, ROWS, R); }
static double f3(double *x) { return c3(x, ends3, 4); }
static double f4(double *x) { return c4(x, ENDS, 4, 2); }
static double f5(double *x) { return c5(x, TABLE, 4); }
static double fc(double *x) { return caller(x); }

int main(void) {
  double x[N], d[6][N] = {{0}};
  for (int i = 0; i < N; i++) x[i] = 0.4 * cos(1.3 * i + 0.2);
  __enzyme_autodiff((void *)c1, enzyme_dup, x, d[0], enzyme_const, ROWS, enzyme_const, R);
  __enzyme_autodiff((void *)c2, enzyme_dup, x, d[1], enzyme_const, ROWS, enzyme_const, R);
  __enzyme_autodiff((void *)c3, enzyme_dup, x, d[2], enzyme_const, ends3, enzyme_const, 4);
  __enzyme_autodiff((void *)c4, enzyme_dup, x, d[3], enzyme_const, ENDS, enzyme_const, 4, enzyme_const, 2);
  __enzyme_autodiff((void *)c5, enzyme_dup, x, d[4], enzyme_const, TABLE, enzyme_const, 4);
  __enzyme_autodiff((void *)caller, enzyme_dup, x, d[5]);
  int bad = check_gradient("c1", x, d[0], N, f1) + check_gradient("c2", x, d[1], N, f2) +
            check_gradient("c3", x, d[2], N, f3) + check_gradient("c4", x, d[3], N, f4) +
            check_gradient("c5", x, d[4], N, f5) + check_gradient("caller", x, d[5], N, fc);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
