/* A derivative table (__enzyme_virtualreverse) whose reverse leaves an
 * adjoint in a shadow global, called directly and through a function
 * pointer, before a writer whose reverse takes that shadow. */
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void *__enzyme_virtualreverse(void *);
double __enzyme_autodiff(void *, ...);
typedef struct { double value; void *tape; } ValueAndTape;
typedef ValueAndTape (*Aug)(double);
typedef double (*Rev)(double, double, void *);
double g = 0.5;
/* its derivative table's reverse leaves x * d in g's shadow */
__attribute__((noinline)) double reads(double x) { return g * x; }
/* its reverse takes g's shadow as the adjoint of the value it stores */
__attribute__((noinline)) double writes(double x) { g = x * x; return sin(x); }
__attribute__((noinline)) double apply(double (*f)(double), double x) { return f(x); }
int main(void) {
  int bad = 0;
  void **table = __enzyme_virtualreverse((void *)reads);
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    g = 0.5;
    ValueAndTape at = ((Aug)table[0])(x);
    bad += !check_close("table value", i, at.value, 0.5 * x);
    bad += !check_close("table reverse", i, ((Rev)table[1])(x, 1.0, at.tape), 0.5);
    bad += !check_close("writes after table", i, __enzyme_autodiff((void *)writes, x), cos(x));
    g = 0.5;
    bad += !check_close("apply", i, __enzyme_autodiff((void *)apply, enzyme_dup, (void *)reads,
                                                      (void *)table, x), 0.5);
    bad += !check_close("writes after apply", i, __enzyme_autodiff((void *)writes, x), cos(x));
  }
  return bad != 0;
}
