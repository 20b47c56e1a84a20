// Inner loops run many times by an outer loop, their bounds arguments of
// the function.  Where the exit test `i + 1 == n` says each run's last
// count, the reverse sets the counter from n where it enters the loop
// instead of keeping each run's last value: a triangle whose inner loop is
// skipped in the last row (its exit block is reached two ways), a bound
// computed from the arguments, a counter that wraps around.  Beside them,
// shapes that keep the values (a data-dependent break, a bound from the
// outer loop).  Central differences for all of them.
#include "../check.h"

double __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup;

enum { N = 6, M = 5 };

__attribute__((noinline)) double shapes(int n, int m, int wrap_end, const double *x,
                                        const double *y) {
  double s = 0.0;
  for (int j = 0; j < m; j++) {
    for (int i = 0; i < n; i++) s += sin(x[i] * y[j]);                 // up to n
    int idx = 0;
    for (int i = 0; i < n; i++)                                         // a triangle
      for (int k = i + 1; k < n; k++, idx++) s += x[k] * x[i] * y[(idx + j) % m];
    for (long i = 0; i < 2L * n - 3; i++) s += 1e-2 * x[i % n] * x[i % n] * y[j];
    for (unsigned char c = 250; c != (unsigned char)wrap_end; c++)    // wraps
      s += 1e-2 * x[c % n] * y[j];
    for (int i = 0; i < n; i++) {                                       // breaks on data
      if (x[i] * y[j] > 0.3) break;
      s += cos(x[i] + y[j]);
    }
    for (int i = 0; i <= j; i++) s += x[i] * y[j] * y[j];               // bound from j
  }
  return s;
}

int main(void) {
  double x[N], dx[N] = {0}, y[M], dy[M] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.3 * i - 0.6;
  for (int j = 0; j < M; j++) y[j] = 0.8 - 0.35 * j;
  __enzyme_autodiff((void *)shapes, enzyme_const, N, enzyme_const, M, enzyme_const, 3,
                    enzyme_dup, x, dx, enzyme_dup, y, dy);
  int failures = 0;
  for (int i = 0; i < N; i++)
    failures += !check_close("dx", i, dx[i],
                             CENTRAL_DIFFERENCE(x[i], 1e-6, shapes(N, M, 3, x, y)));
  for (int j = 0; j < M; j++)
    failures += !check_close("dy", j, dy[j],
                             CENTRAL_DIFFERENCE(y[j], 1e-6, shapes(N, M, 3, x, y)));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
