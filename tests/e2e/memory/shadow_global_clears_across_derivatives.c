/* Which shadow globals a derivative call clears depends on every derivative
 * reaching them, not only its own: what one derivative leaves in a shadow
 * global another takes as a derivative.  In reverse mode a derivative that
 * only reads a global leaves the adjoint of what it read there; one that
 * writes the global takes the shadow as the adjoint of what it stored.  In
 * forward mode one that writes leaves the tangent it stored, one that reads
 * takes it.  A global only read by every derivative (a table) and one only
 * written (scratch) need no clearing: ad/context.py
 * drop_needless_shadow_clears; tests/lit/shadow-global-clears-left-out.c. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double table[4];
__attribute__((noinline)) double reads_table(double x) { return table[1] * x * x; }
__attribute__((noinline)) double writes_table(double x) {
  table[1] = x * x;
  return sin(x) * 3.0;
}
/* written, then read through a pointer clang cannot forward at -O0 */
__attribute__((noinline)) double writes_then_reads(double x) {
  table[2] = x * x;
  volatile int k = 2;
  return sin(table[k]);
}
/* state of its own, and a scratch array only written */
double scratch[8];
__attribute__((noinline)) double only_writes(double x) {
  for (int i = 0; i < 8; i++) scratch[i] = x * i;
  return x * x * x;
}

int main(void) {
  int bad = 0;
  table[1] = 0.5;
  table[2] = 0.25;
  double xs[] = {1.5, -0.7, 2.0, 0.3};
  for (int i = 0; i < 4; i++) {
    double x = xs[i];
    /* reverse: reads leaves table[1]'s adjoint x*x in its shadow ... */
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads_table, x), table[1] * 2 * x);
    /* ... which writes_table's store must not take as its own */
    bad += !check_close("writes", i, __enzyme_autodiff((void *)writes_table, x), 3 * cos(x));
    bad += !check_close("writes then reads", i, __enzyme_autodiff((void *)writes_then_reads, x),
                        cos(x * x) * 2 * x);
    /* forward: writes_table leaves the tangent 2x in table[1]'s ... */
    bad += !check_close("fwd writes", i, __enzyme_fwddiff((void *)writes_table, x, 1.0), 3 * cos(x));
    table[1] = 0.5;
    /* ... which reads_table must not take as table[1]'s tangent */
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads_table, x, 1.0), table[1] * 2 * x);
    bad += !check_close("only writes", i, __enzyme_autodiff((void *)only_writes, x), 3 * x * x);
    bad += !check_close("fwd only writes", i, __enzyme_fwddiff((void *)only_writes, x, 1.0), 3 * x * x);
    table[1] = 0.5;
    table[2] = 0.25;
  }
  return bad != 0;
}
