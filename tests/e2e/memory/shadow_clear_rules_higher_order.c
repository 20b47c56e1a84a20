/* A global written under a custom gradient and by an inactive helper,
 * and forward over reverse (derivatives differentiated again: no clearing
 * is left out there). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double g = 0.5, counter;
/* a custom gradient for a function writing g: the rule itself cannot see
 * g's shadow, so the function's derivative neither takes nor leaves there */
__attribute__((noinline)) double set_g(double x) { g = x * x; return 2 * x; }
double set_g_grad(double x, double d, void *tape) { return 2 * d; }
void *set_g_aug(double x) { g = x * x; return 0; }
void *__enzyme_register_gradient_set_g[] = {(void *)set_g, (void *)set_g_aug, (void *)set_g_grad};
__attribute__((noinline)) double calls_set_g(double x) { return set_g(x) + g * x; }
__attribute__((noinline)) double reads(double x) { return g * x; }
__attribute__((noinline)) double writes(double x) { g = x * x; return sin(x); }
/* an inactive helper writing g: no adjoint for its store */
__attribute__((annotate("enzyme_inactive"), noinline)) void note(double x) { g = x; counter += x; }
__attribute__((noinline)) double writes_inactive(double x) { note(x); return g * x; }
/* forward over reverse: d/dx of d reads/dx = d/dx g = 0, of writes' gradient -sin x */
double d_reads(double x) { return __enzyme_autodiff((void *)reads, x); }
double d_writes(double x) { return __enzyme_autodiff((void *)writes, x); }
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    g = 0.5;
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), 0.5);
    /* the rule's 2 plus g * x's g (g' of the read is not the rule's) */
    bad += !check_close("custom", i, __enzyme_autodiff((void *)calls_set_g, x), 2 + x * x);
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), x * x);
    bad += !check_close("inactive writer", i, __enzyme_autodiff((void *)writes_inactive, x), x);
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes, x), cos(x));
    bad += !check_close("fwd over rev reads", i, __enzyme_fwddiff((void *)d_reads, x, 1.0), 0.0);
    bad += !check_close("fwd over rev writes", i, __enzyme_fwddiff((void *)d_writes, x, 1.0), -sin(x));
    bad += !check_close("fwd over rev reads", i, __enzyme_fwddiff((void *)d_reads, x, 1.0), 0.0);
  }
  return bad != 0;
}
