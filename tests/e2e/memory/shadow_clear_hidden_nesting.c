/* Forward over reverse where the nesting is hidden behind a function
 * pointer argument: lower_api_calls does not see it, removes clearings,
 * and the forward derivatives of d_reads / d_writes keep the clearings
 * differentiated with them. */
#include <math.h>
#include "../check.h"
extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double g = 0.5;
__attribute__((noinline)) double reads(double x) { return g * x * x; }
__attribute__((noinline)) double writes(double x) { g = x * x; return sin(x); }
double d_reads(double x) { return __enzyme_autodiff((void *)reads, x); }
double d_writes(double x) { return __enzyme_autodiff((void *)writes, x); }
typedef double (*F)(double);
__attribute__((noinline)) double apply(F f, double x) { return f(x); }
int main(void) {
  int bad = 0;
  double xs[] = {0.9, -1.3, 1.7};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    g = 0.5;
    bad += !check_close("fwd over rev reads", i, __enzyme_fwddiff((void *)apply, enzyme_const, (F)d_reads, x, 1.0), 2 * g);
    bad += !check_close("fwd over rev writes", i, __enzyme_fwddiff((void *)apply, enzyme_const, (F)d_writes, x, 1.0), -sin(x));
    bad += !check_close("fwd over rev reads", i, __enzyme_fwddiff((void *)apply, enzyme_const, (F)d_reads, x, 1.0), 2 * g);
  }
  return bad != 0;
}
