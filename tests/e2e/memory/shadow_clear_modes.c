/* One global in interleaved split pairs (aug aug rev rev), in a derivative
 * called from two sites, in forward mode at width 2, in forward and
 * reverse derivatives of one program, and beside an enzyme_dupnoneed
 * pointer at it. */
#include <math.h>
#include "../check.h"
extern int enzyme_width, enzyme_dup, enzyme_dupnoneed, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } V2;
V2 __enzyme_fwddiff2(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
double g = 0.5;
__attribute__((noinline)) double reads(double x) { return g * x; }
__attribute__((noinline)) double writes(double x) { g = x * x; return sin(x); }
__attribute__((noinline)) void store_to(double *p, double x) { *p = x * x; }
/* called from two sites */
__attribute__((noinline)) double grad_reads(double x) { return __enzyme_autodiff((void *)reads, x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], y = x + 0.25;
    g = 0.5;
    /* interleaved split pairs: aug(writes) aug(reads) rev(reads) rev(writes) */
    void *tw = __enzyme_augmentfwd((void *)writes, x);
    double gr = g;
    void *tr = __enzyme_augmentfwd((void *)reads, y);
    bad += !check_close("rev reads", i, __enzyme_reverse((void *)reads, y, 1.0, tr), gr);
    double dw = __enzyme_reverse((void *)writes, x, 1.0, tw);
    /* the reverse of writes then takes what reads' reverse left in g's shadow:
     * the derivative of reads(writes(x)) through g, y * 2x, besides cos(x) */
    bad += !check_close("rev writes", i, dw, cos(x) + y * 2 * x);
    g = 0.5;
    bad += !check_close("reads site 1", i, grad_reads(x), 0.5);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes, x), cos(x));
    bad += !check_close("reads site 2", i, grad_reads(x), x * x);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes, y), cos(y));
    /* width 2 forward: writes leaves tangents 2x*dx in both lanes */
    V2 t = __enzyme_fwddiff2((void *)writes, enzyme_width, 2, x, 1.0, 2.0);
    bad += !check_close("fwd2 writes 0", i, t.d[0], cos(x));
    bad += !check_close("fwd2 writes 1", i, t.d[1], 2 * cos(x));
    t = __enzyme_fwddiff2((void *)reads, enzyme_width, 2, y, 1.0, 3.0);
    bad += !check_close("fwd2 reads 0", i, t.d[0], x * x);
    bad += !check_close("fwd2 reads 1", i, t.d[1], 3 * x * x);
    /* the same global in forward and reverse derivatives */
    bad += !check_close("fwd writes", i, __enzyme_fwddiff((void *)writes, x, 1.0), cos(x));
    bad += !check_close("rev reads", i, __enzyme_autodiff((void *)reads, y), x * x);
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, y, 1.0), x * x);
    bad += !check_close("rev writes", i, __enzyme_autodiff((void *)writes, x), cos(x));
    /* dupnoneed pointer at the global: the user's shadow, not g's */
    double dg = 1.0;
    bad += !check_close("dupnoneed", i, __enzyme_autodiff((void *)store_to, enzyme_dupnoneed, &g, &dg, x), 2 * x);
    bad += !check_close("dupnoneed shadow", i, dg, 0.0);
    bad += !check_close("rev writes", i, __enzyme_autodiff((void *)writes, x), cos(x));
  }
  return bad != 0;
}
