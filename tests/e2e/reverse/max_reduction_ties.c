// CFLAGS: -ffast-math
/* A running maximum (and minimum) over an array holding its extreme value
 * several times: -ffast-math vectorizes it into one maximum per lane and an
 * llvm.vector.reduce.fmax after the loop, where lanes tie.  One element
 * takes the whole derivative, as in the scalar loop: the gradient sums to 1
 * (it summed to the number of tied lanes).  Reverse and forward mode. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double running_max(const double *x, int n) {
  double m = -INFINITY;
  for (int i = 0; i < n; i++) m = fmax(m, x[i]);
  return m;
}
__attribute__((noinline)) double spread(const double *x, int n) {
  double lo = x[0], hi = x[0];
  for (int i = 1; i < n; i++) { lo = fmin(lo, x[i]); hi = fmax(hi, 2 * x[i]); }
  return hi - lo;
}

int main(void) {
  int bad = 0;
  enum { N = 37 };
  double x[N], dx[N], ones[N];
  for (int i = 0; i < N; i++) { x[i] = (i * 7) % 5; ones[i] = 1; }   /* 4 and 0 eight times each */
  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)running_max, x, dx, N);
  double s = 0;
  int nonzero = 0;
  for (int i = 0; i < N; i++) { s += dx[i]; nonzero += dx[i] != 0; }
  bad += !check_close("max rev sum", 0, s, 1.0);
  bad += !check_close("max rev count", 0, nonzero, 1.0);
  bad += !check_close("max fwd", 0, __enzyme_fwddiff((void *)running_max, x, ones, N), 1.0);
  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)spread, x, dx, N);
  double up = 0, down = 0;
  for (int i = 0; i < N; i++) { if (x[i] == 4) up += dx[i]; if (x[i] == 0) down += dx[i]; }
  bad += !check_close("spread rev max", 0, up, 2.0);
  bad += !check_close("spread rev min", 0, down, -1.0);
  bad += !check_close("spread fwd", 0, __enzyme_fwddiff((void *)spread, x, ones, N), 1.0);
  return bad != 0;
}
