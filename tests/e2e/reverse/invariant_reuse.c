// A value from outside a loop used several times in the loop body: its
// adjoint is a sum over the iterations and the uses, which the reverse may
// split into several accumulators.  Closed forms and central differences;
// b comes from the outer loop and is used three times in the inner one.
#include "../check.h"

double __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup, enzyme_out;

enum { N = 7, M = 3 };

__attribute__((noinline)) double uses(const double *x, double a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += a * x[i] + sin(a * x[i] * x[i]) + a * a;
  return s;
}

__attribute__((noinline)) double nested(const double *x, const double *y, double a, int n,
                                        int m) {
  double s = 0.0;
  for (int j = 0; j < m; j++) {
    double b = a * y[j];
    for (int i = 0; i < n; i++) s += b * x[i] + b * b * x[i] - cos(b + x[i]);
    s += b * b;
  }
  return s;
}

int main(void) {
  double x[N], dx[N] = {0}, y[M] = {0.3, -0.7, 1.1}, dy[M] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.2 * i - 0.5;
  double a = 0.8, failures = 0;

  double da = __enzyme_autodiff((void *)uses, enzyme_dup, x, dx, enzyme_out, a, N);
  double want = 0.0;
  for (int i = 0; i < N; i++) want += x[i] + cos(a * x[i] * x[i]) * x[i] * x[i] + 2 * a;
  failures += !check_close("uses da", 0, da, want);
  for (int i = 0; i < N; i++)
    failures += !check_close("uses dx", i, dx[i], a + cos(a * x[i] * x[i]) * 2 * a * x[i]);

  for (int i = 0; i < N; i++) dx[i] = 0;
  da = __enzyme_autodiff((void *)nested, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_out, a, N,
                         M);
  failures += !check_close("nested da", 0, da, CENTRAL_DIFFERENCE(a, 1e-6, nested(x, y, a, N, M)));
  for (int j = 0; j < M; j++)
    failures += !check_close("nested dy", j, dy[j],
                             CENTRAL_DIFFERENCE(y[j], 1e-6, nested(x, y, a, N, M)));
  for (int i = 0; i < N; i++)
    failures += !check_close("nested dx", i, dx[i],
                             CENTRAL_DIFFERENCE(x[i], 1e-6, nested(x, y, a, N, M)));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
