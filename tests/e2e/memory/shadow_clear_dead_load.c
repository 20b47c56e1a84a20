/* The gradient needs no primal value of g or h, so their loads could go;
 * the derivatives still add into their shadows, and the clearing before
 * the writer must stay (global_access reads the primal code). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double g = 0.5, h[2] = {0.25, 0.75};
/* the primal value of g is not needed by the gradient: its load may go */
__attribute__((noinline)) double adds(double x) { return x + g; }
__attribute__((noinline)) double adds_h(double x) { return 3 * x + h[0] + 2 * h[1]; }
__attribute__((noinline)) double writes(double x) { g = x * x; h[1] = x; return sin(x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    bad += !check_close("adds", i, __enzyme_autodiff((void *)adds, x), 1.0);
    bad += !check_close("adds_h", i, __enzyme_autodiff((void *)adds_h, x), 3.0);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes, x), cos(x));
  }
  return bad != 0;
}
