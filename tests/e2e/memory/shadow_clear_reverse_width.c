/* Reverse mode at width 2: each lane has a shadow global of its own; the
 * writer of g must not take what the reader left in either. */
#include <math.h>
#include "../check.h"
extern int enzyme_width;
typedef struct { double d[2]; } V2;
V2 __enzyme_autodiff(void *, ...);
double g = 0.5;
__attribute__((noinline)) double reads(double x) { return g * x; }
__attribute__((noinline)) double writes(double x) { g = x * x; return sin(x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.2, -0.4, 2.2};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], w = g;
    V2 r = __enzyme_autodiff((void *)reads, enzyme_width, 2, x);
    bad += !check_close("reads 0", i, r.d[0], w);
    bad += !check_close("reads 1", i, r.d[1], w);
    r = __enzyme_autodiff((void *)writes, enzyme_width, 2, x);
    bad += !check_close("writes 0", i, r.d[0], cos(x));
    bad += !check_close("writes 1", i, r.d[1], cos(x));
  }
  return bad != 0;
}
