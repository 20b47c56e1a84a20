/* A global union of a double and a pointer (clang -O0 types it `{ double }`)
 * that the differentiated function sets lazily to a global buffer on its
 * first call and writes through on every call.  Its shadow holds the
 * buffer's shadow from the first call on: clearing it before each call as
 * a float global (a memset) left the second call writing through a null
 * shadow (segfault at -O0, clang 14 and 19).  Reverse mode, several calls
 * in a row.  (A static union inside the function is split by globalopt at
 * -O1 into a pointer global, which has no shadow: refused there.) */
#include "../check.h"
double __enzyme_autodiff(void *, ...);

union U { double d; double *p; } u;
double buf[2];
__attribute__((noinline)) double lazy(double x) {
  if (!u.p) u.p = buf;
  u.p[0] = x * x;
  return buf[0] * x;            /* x^3 */
}
int main(void) {
  int bad = 0;
  for (int i = 0; i < 4; i++) {
    double x = 0.5 + i;
    bad += !check_close("lazy", i, __enzyme_autodiff((void *)lazy, x), 3 * x * x);
  }
  return bad != 0;
}
