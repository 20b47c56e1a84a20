/* Atomic loads and stores of a global: counted read and written. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double g = 0.5;
__attribute__((noinline)) double reads(double x) { return g * x; }
/* an atomic store: counted read and written, so the clearing stays */
__attribute__((noinline)) double writes_atomic(double x) {
  double v = x * x;
  __atomic_store(&g, &v, __ATOMIC_RELAXED);
  return sin(x);
}
__attribute__((noinline)) double reads_atomic(double x) {
  double v;
  __atomic_load(&g, &v, __ATOMIC_RELAXED);
  return v * x;
}
int main(void) {
  int bad = 0;
  double xs[] = {1.25, -0.5, 1.75};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    g = 0.5;
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), 0.5);
    bad += !check_close("writes atomic", i, __enzyme_autodiff((void *)writes_atomic, x), cos(x));
    bad += !check_close("reads atomic", i, __enzyme_autodiff((void *)reads_atomic, x), x * x);
    bad += !check_close("writes atomic", i, __enzyme_autodiff((void *)writes_atomic, x), cos(x));
    bad += !check_close("fwd writes atomic", i, __enzyme_fwddiff((void *)writes_atomic, x, 1.0), cos(x));
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), x * x);
    bad += !check_close("fwd reads atomic", i, __enzyme_fwddiff((void *)reads_atomic, x, 1.0), x * x);
  }
  return bad != 0;
}
