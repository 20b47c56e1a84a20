/* A reader and a writer of g called through a global table of function
 * pointers: the derivative reaches both through the table's shadow. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double g = 0.5;
__attribute__((noinline)) double reads(double x) { return g * x; }
__attribute__((noinline)) double writes(double x) { g = x * x; return sin(x); }
double (*ops[2])(double) = {reads, writes};
__attribute__((noinline)) double apply(double x, int k) { return ops[k](x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], w = g;
    bad += !check_close("reads", i, __enzyme_autodiff((void *)apply, x, 0), w);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)apply, x, 1), cos(x));
  }
  return bad != 0;
}
