/* A global used through an alias (clang keeps `@ga = alias double, ptr @g`
 * in the module): code naming the alias reaches the global without naming
 * it, so its clearing may not be left out on the strength of the global not
 * being named (analysis/global_access.py named_by_initializers counts an
 * alias's aliasee as held).  Before, -O1..-O3 stopped with an internal
 * error (a GlobalAlias has no initializer). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double g = 0.5;
extern double ga __attribute__((alias("g")));
__attribute__((noinline)) double reads(double x) { return ga * x; }
__attribute__((noinline)) double writes(double x) { ga = x * x; return sin(x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], w = g;
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes, x), cos(x));
    bad += !check_close("fwd writes", i, __enzyme_fwddiff((void *)writes, x, 1.0), cos(x));
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), g);
  }
  return bad != 0;
}
