// XFAIL: a pointer the caller hangs on a global before the derivative call is followed with no shadow: read as a constant (gbuf = x: gradient x where 2x is right) or, in a global that has a shadow (a struct with a float beside it), through a null shadow (segfault); likewise a pointer a reverse derivative set lazily, used by a forward one (the tangent global's copy is null)
/*  The caller sets the pointer a global holds, outside the differentiated
 * code; the function reads through it.  (1) A plain pointer global set to
 * the duplicated argument's own memory: the reads through it carry no
 * derivative (the global is not active: it holds no floats).  (2) A
 * struct global whose float field makes it active: its shadow's pointer
 * field stays null (only derivative code sets it), and the reverse pass adds
 * into it.  (3) A pointer field a derivative call sets lazily (`if (!L.p)
 * L.p = lbuf`): the shadow global of that mode gets lbuf's shadow, the other
 * mode's (the tangent global) stays null, and so would both if a plain
 * call of the function came first. */
#include <stdlib.h>
#include "../check.h"
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double *gbuf;
__attribute__((noinline)) double dot_with_global(double *x) {
  double s = 0;
  for (int i = 0; i < 3; i++) s += x[i] * gbuf[i];
  return s;
}
struct lazy { double *p; double d; } L;
double lbuf[2];
__attribute__((noinline)) double lazy(double x) {
  if (!L.p) L.p = lbuf;           /* set by whichever call comes first */
  L.p[0] = x * x;
  return lbuf[0] * x;
}
struct acc { double *buf; double total; int n; } A;
__attribute__((noinline)) double through_field(double x) {
  A.total = 0;
  for (int i = 0; i < A.n; i++) A.total += A.buf[i] * x;
  return A.total * x;
}

int main(void) {
  int bad = 0;
  double x[3] = {1, 2, 3}, dx[3] = {0};
  gbuf = x;                           /* f = x . x */
  __enzyme_autodiff((void *)dot_with_global, enzyme_dup, x, dx);
  for (int i = 0; i < 3; i++) bad += !check_close("dot_with_global", i, dx[i], 2 * x[i]);
  /* (3) set by the reverse derivative's call; its forward one finds it set */
  bad += !check_close("lazy rev", 0, __enzyme_autodiff((void *)lazy, 1.5), 6.75);
  bad += !check_close("lazy fwd", 0, __enzyme_fwddiff((void *)lazy, 1.5, 1.0), 6.75);
  A.n = 4;
  A.buf = malloc(4 * sizeof(double));  /* constant data: f = 10 x^2 */
  for (int i = 0; i < 4; i++) A.buf[i] = i + 1;
  bad += !check_close("through_field rev", 0, __enzyme_autodiff((void *)through_field, 1.5), 30);
  bad += !check_close("through_field fwd", 0, __enzyme_fwddiff((void *)through_field, 1.5, 1.0), 30);
  free(A.buf);
  return bad != 0;
}
