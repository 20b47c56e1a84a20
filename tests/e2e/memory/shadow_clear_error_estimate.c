/* __enzyme_error_estimate keeps the errors of globals in their tangent
 * globals, as forward mode keeps tangents.  An estimate reading a global
 * must not take as its error the tangent a forward derivative left there
 * ("error reads": 2|x| too much before the estimate cleared), and a
 * forward derivative reading it must not take the error an estimate left
 * ("fwd reads": the clearing was dropped, nothing recorded that estimates
 * leave errors: ad/context.py drop_needless_shadow_clears). */
#include <math.h>
#include "../check.h"
double __enzyme_error_estimate(void *, ...);
double __enzyme_fwddiff(void *, ...);
void enzymeLogError(double value, double err, const char *opcode, const char *callee,
                    const char *module, const char *function, const char *block) {}
double g = 0.5;
__attribute__((noinline)) double writes(double x) { g = x * x; return x; }
__attribute__((noinline)) double reads(double x) { return g * x; }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    bad += !check_close("fwd writes", i, __enzyme_fwddiff((void *)writes, x, 1.0), 1.0);
    bad += !check_close("error reads", i, __enzyme_error_estimate((void *)reads, x, 1e-3), 1e-3);
    __enzyme_error_estimate((void *)writes, x, 1e-3);
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), x * x);
  }
  return bad != 0;
}
