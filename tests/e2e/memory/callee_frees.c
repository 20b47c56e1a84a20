// A callee frees an active buffer the caller allocated, after reading it.
#include <stdlib.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) static double consume(double *buf, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += buf[i] * buf[(i + 1) % n];
  free(buf);
  return s;
}
__attribute__((noinline)) double produce(const double *x, int n) {
  double *buf = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) buf[i] = exp(x[i]) - x[i];
  double r = consume(buf, n);
  double *again = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) again[i] = x[i] * r;
  r += again[n - 1] * again[0];
  free(again);
  return r;
}
int main(void) {
  double x[4] = {0.2, -0.5, 0.9, 0.1}, dx[4] = {0};
  __enzyme_autodiff((void *)produce, x, dx, 4);
  int bad = 0;
  for (int i = 0; i < 4; i++) bad += !check_close("dx", i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, produce(x, 4)));
  return bad != 0;
}
