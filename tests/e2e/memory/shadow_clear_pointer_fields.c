/* A shadow global reached only through a pointer another shadow global
 * holds: the shadow of cells is {&u's shadow, 0}, and the derivatives
 * below load u's shadow from it without naming it.  Before each call it
 * must be cleared all the same: 'writes' took the adjoint 'reads' left in
 * u's shadow (2x * x too much), 'fwd reads' the tangent 'fwd writes' left
 * (ad/context.py _shadow_globals_reached follows shadow initializers). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double *p; double v; } Cell;
double u = 0.5;
Cell cells[2] = {{&u, 1.0}, {&u, 3.0}};
__attribute__((noinline)) double reads(double x) { return *cells[0].p * x; }
__attribute__((noinline)) double writes(double x, int k) { *cells[k].p = x * x; return sin(x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7};
  for (int i = 0; i < 2; i++) {
    double x = xs[i], w = u;
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes, x, 1), cos(x));
    bad += !check_close("fwd writes", i, __enzyme_fwddiff((void *)writes, x, 1.0, 0), cos(x));
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), u);
  }
  return bad != 0;
}
