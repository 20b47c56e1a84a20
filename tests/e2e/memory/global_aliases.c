/* Globals used through their aliases.  clang -O0 names the alias where the
 * source does (`ga = x * x` stores to @ga, not @g); the optimizer names the
 * aliasee.  Before, the alias got no shadow: f's gradient was 2.25 where
 * 6.75 is right, exit status 0.  The shapes: a scalar written through its
 * alias and read through an index into it, an array written through one
 * name and read through the other, an alias of an alias, a static alias,
 * and a callee with no arguments that touches the global only through its
 * alias (it must still be differentiated).  Both modes. */
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double g, arr[4];
extern double ga __attribute__((alias("g")));
extern double gaa __attribute__((alias("ga")));
extern double arra[4] __attribute__((alias("arr")));
static double s;
static double sa __attribute__((alias("s")));
int k = 0;

double f(double x) { ga = x * x; return (&ga)[k] * x; }            /* x^3 */
double h(double x) {                                               /* 30 x^2 */
  for (int i = 0; i < 4; i++) arra[i] = x * (i + 1);
  double t = 0;
  for (int i = 0; i < 4; i++) t += arr[i] * arra[i];
  return t;
}
__attribute__((noinline)) void square_through_alias(void) { gaa = gaa * gaa; }
double chain(double x) { g = x; square_through_alias(); return g * x; }   /* x^3 */
double local(double x) { sa = x * x; s = s * x; return sa; }       /* x^3 */

int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    bad += !check_close("f", i, __enzyme_autodiff((void *)f, x), 3 * x * x);
    bad += !check_close("f fwd", i, __enzyme_fwddiff((void *)f, x, 1.0), 3 * x * x);
    bad += !check_close("h", i, __enzyme_autodiff((void *)h, x), 60 * x);
    bad += !check_close("h fwd", i, __enzyme_fwddiff((void *)h, x, 1.0), 60 * x);
    bad += !check_close("chain", i, __enzyme_autodiff((void *)chain, x), 3 * x * x);
    bad += !check_close("chain fwd", i, __enzyme_fwddiff((void *)chain, x, 1.0), 3 * x * x);
    bad += !check_close("local", i, __enzyme_autodiff((void *)local, x), 3 * x * x);
    bad += !check_close("local fwd", i, __enzyme_fwddiff((void *)local, x, 1.0), 3 * x * x);
  }
  return bad != 0;
}
