/* Globals written by library calls (modf, memset, memcpy) and by libm
 * results stored into them, between calls of a reader: a declared callee
 * given a global counts as reading and writing it. */
#define _GNU_SOURCE
#include <math.h>
#include <string.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double ip = 0.5, s = 0.1, c = 0.2, m[4] = {1, 2, 3, 4};
__attribute__((noinline)) double reads(double x) { return (ip + s + c + m[0] + m[3]) * x; }
__attribute__((noinline)) double by_modf(double x) { double f = modf(x, &ip); return sin(x) + 0 * f; }
__attribute__((noinline)) double by_sincos(double x) { s = sin(x); c = cos(x); return x * x; }
__attribute__((noinline)) double by_memset(double x) { memset(m, 0, sizeof m); return x * x; }
__attribute__((noinline)) double by_memcpy(double x) {
  double loc[4] = {x, x, x, x};
  memcpy(m, loc, sizeof m);
  return x * x;
}
static double sum(void) { return ip + s + c + m[0] + m[3]; }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.3};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    double w = sum();
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("modf", i, __enzyme_autodiff((void *)by_modf, x), cos(x));
    w = sum();
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("sincos", i, __enzyme_autodiff((void *)by_sincos, x), 2 * x);
    w = sum();
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("memset", i, __enzyme_autodiff((void *)by_memset, x), 2 * x);
    w = sum();
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("memcpy", i, __enzyme_autodiff((void *)by_memcpy, x), 2 * x);
    bad += !check_close("fwd sincos", i, __enzyme_fwddiff((void *)by_sincos, x, 1.0), 2 * x);
    bad += !check_close("fwd modf", i, __enzyme_fwddiff((void *)by_modf, x, 1.0), cos(x));
    bad += !check_close("fwd memcpy", i, __enzyme_fwddiff((void *)by_memcpy, x, 1.0), 2 * x);
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), sum());
    bad += !check_close("fwd memset", i, __enzyme_fwddiff((void *)by_memset, x, 1.0), 2 * x);
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), sum());
  }
  return bad != 0;
}
