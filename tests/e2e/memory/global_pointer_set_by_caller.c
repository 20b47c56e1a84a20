/*  The caller sets the pointer a global holds, outside the differentiated
 * code, to constant input data; the function reads through it.  (1) A
 * struct global whose float field makes it active: its shadow's pointer
 * field would stay null (only derivative code sets shadows), and the
 * derivatives read and added through it (segfault, both modes); now such a
 * pointer, which no derivative sets and no initializer holds, has no
 * shadow: its memory is constant, as main's data is.  (2) A plain pointer
 * global to constant data (enzyme-opt warns that it assumes so).  (3) A
 * pointer field the derivative code sets itself, lazily (`if (!L.p) L.p =
 * lbuf`), in one mode: its shadow is set with it.  Where the caller's
 * memory does carry derivatives, or the other mode's shadow stays null,
 * see tests/lit/global-pointer-set-by-caller.c and
 * global-pointer-null-shadow.c. */
#include <stdlib.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct acc { double *buf; double total; int n; } A;
__attribute__((noinline)) double through_field(double x) {
  A.total = 0;
  for (int i = 0; i < A.n; i++) A.total += A.buf[i] * x;
  return A.total * x;
}
double *coef;
__attribute__((noinline)) double poly(double x) {
  double s = 0;
  for (int i = 0; i < 3; i++) s += coef[i] * x * x;
  return s;
}
struct lazy { double *p; double d; } L;
double lbuf[2];
__attribute__((noinline)) double lazy(double x) {
  if (!L.p) L.p = lbuf;           /* set by the first (reverse) derivative call */
  L.p[0] = x * x;
  return lbuf[0] * x;
}

int main(void) {
  int bad = 0;
  A.n = 4;
  A.buf = malloc(4 * sizeof(double));  /* constant data: f = 10 x^2 */
  for (int i = 0; i < 4; i++) A.buf[i] = i + 1;
  bad += !check_close("through_field rev", 0, __enzyme_autodiff((void *)through_field, 1.5), 30);
  bad += !check_close("through_field fwd", 0, __enzyme_fwddiff((void *)through_field, 1.5, 1.0), 30);
  free(A.buf);
  double c[3] = {1, 2, 4};            /* f = 7 x^2 */
  coef = c;
  bad += !check_close("poly rev", 0, __enzyme_autodiff((void *)poly, 2.0), 28);
  bad += !check_close("poly fwd", 0, __enzyme_fwddiff((void *)poly, 2.0, 1.0), 28);
  for (int k = 0; k < 2; k++)         /* f = x^3, twice: the shadow stays set */
    bad += !check_close("lazy rev", k, __enzyme_autodiff((void *)lazy, 1.5), 6.75);
  return bad != 0;
}
