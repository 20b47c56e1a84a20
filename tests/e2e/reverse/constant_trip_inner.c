// Inner loops run many times by an outer loop.  When every run of the inner
// loop ends at the same count (a constant trip count), the reverse resets
// its counter instead of keeping each run's last value; the shapes around
// it (a data-dependent break, a bound from the outer loop, a start from the
// outer loop) keep the values.  Central differences for all of them.
#include "../check.h"

double __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup;

enum { M = 5, K = 6 };

__attribute__((noinline)) double shapes(const double *x, const double *y) {
  double s = 0.0;
  for (int j = 0; j < M; j++) {
    for (int i = 0; i < K; i++) s += sin(x[i] * y[j]);              // up, < K
    for (int i = K - 1; i >= 1; i -= 2) s += x[i] * x[i] * y[j];    // down by 2
    for (unsigned char c = 250; c != 3; c++) s += 1e-2 * x[c % K] * y[j];  // wraps
    for (int i = 0; i < K; i++) {                                   // breaks on data
      if (x[i] * y[j] > 0.3) break;
      s += cos(x[i] + y[j]);
    }
    for (int i = 0; i <= j; i++) s += x[i] * y[j] * y[j];           // bound from j
    for (int i = j; i < K; i++) s += exp(0.1 * x[i] * y[j]);        // start from j
  }
  return s;
}

int main(void) {
  double x[K], dx[K] = {0}, y[M], dy[M] = {0};
  for (int i = 0; i < K; i++) x[i] = 0.3 * i - 0.6;
  for (int j = 0; j < M; j++) y[j] = 0.8 - 0.35 * j;
  __enzyme_autodiff((void *)shapes, enzyme_dup, x, dx, enzyme_dup, y, dy);
  int failures = 0;
  for (int i = 0; i < K; i++)
    failures += !check_close("dx", i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, shapes(x, y)));
  for (int j = 0; j < M; j++)
    failures += !check_close("dy", j, dy[j], CENTRAL_DIFFERENCE(y[j], 1e-6, shapes(x, y)));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
