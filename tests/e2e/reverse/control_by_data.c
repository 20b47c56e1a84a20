/* Control flow chosen by active data: a fixed-point loop until converged,
 * a break and a return in the middle of (nested) loops, goto back and
 * forward, a switch on (int)floor(2x), loops that run zero times (n <= 0,
 * a bound (int)x - 5).  Reverse and forward against central differences. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* fixed-point iteration y = cos(a y) until converged: trip count from data */
__attribute__((noinline)) double fixed_point(double a) {
  double y = 1, err = 1;
  while (err > 1e-13) { double n = cos(a * y); err = fabs(n - y); y = n; }
  return y;
}
/* break in the middle: stop once the partial sum passes a bound */
__attribute__((noinline)) double partial_until(const double *x, int n, double bound) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    s += x[i] * x[i];
    if (s > bound) break;
    s *= 1.0 + 0.1 * x[i];
  }
  return s;
}
/* return from the middle of a nested loop */
__attribute__((noinline)) double nested_return(const double *x, int n) {
  double p = 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      p *= 1 + x[i] * x[j] * 0.1;
      if (p > 2.5) return p * x[0];
    }
  return p;
}
/* goto: a retry loop written with labels */
__attribute__((noinline)) double with_goto(double x) {
  double y = x;
  int tries = 0;
again:
  y = sin(y) + x * 0.5;
  if (++tries < 3 || y > 1.2) { if (tries < 8) goto again; }
  if (y < 0) goto negative;
  return y * y;
negative:
  return -y * x;
}
/* switch on an integer computed from a float */
__attribute__((noinline)) double switched(double x) {
  switch ((int)floor(x * 2)) {
  case 0: return x * x;
  case 1: return sin(x);
  case 2: case 3: return exp(x) * x;
  case -1: return x * x * x;
  default: return 2 * x;
  }
}
/* a loop that runs zero times (n <= 0) or whose bound comes from data */
__attribute__((noinline)) double maybe_zero(double x, int n) {
  double s = x;
  for (int i = 0; i < n; i++) s = s * x + 1;
  for (int i = 0; i < (int)x - 5; i++) s += x;     /* zero times for x < 6 */
  return s;
}

#define CHECK1(name, fn, x0, ...) do { double x_ = (x0); \
    double g_ = __enzyme_autodiff((void *)fn, x_, ##__VA_ARGS__); \
    double t_ = __enzyme_fwddiff((void *)fn, x_, 1.0, ##__VA_ARGS__); \
    double c_ = CENTRAL_DIFFERENCE(x_, 1e-6, fn(x_, ##__VA_ARGS__)); \
    bad += !check_close(name " rev", k, g_, c_); bad += !check_close(name " fwd", k, t_, c_); } while (0)
extern int enzyme_dup;
int main(void) {
  int bad = 0;
  double pts[] = {-0.8, -0.3, 0.2, 0.7, 1.3, 1.8, 2.6, 6.6, 7.9};
  for (int k = 0; k < 9; k++) {
    double p = pts[k];
    if (p > 0 && p < 1) CHECK1("fixed_point", fixed_point, p);
    CHECK1("with_goto", with_goto, p);
    CHECK1("switched", switched, p);
    CHECK1("maybe_zero n=0", maybe_zero, p, 0);
    CHECK1("maybe_zero n=-3", maybe_zero, p, -3);
    CHECK1("maybe_zero n=3", maybe_zero, p, 3);
  }
  for (int k = 0; k < 6; k++) {
    double x[5] = {0.9, -1.1, 1.3, 0.4, 1.7}, dx[5] = {0};
    int n = k;                        /* n = 0: zero trips */
    double bound = 1.0 + k;
    __enzyme_autodiff((void *)partial_until, enzyme_dup, x, dx, n, bound);
    for (int i = 0; i < 5; i++)
      bad += !check_close("partial_until", 10 * k + i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, partial_until(x, n, bound)));
    double dy[5] = {0};
    __enzyme_autodiff((void *)nested_return, enzyme_dup, x, dy, n);
    for (int i = 0; i < 5; i++)
      bad += !check_close("nested_return", 10 * k + i, dy[i], CENTRAL_DIFFERENCE(x[i], 1e-6, nested_return(x, n)));
  }
  return bad != 0;
}
