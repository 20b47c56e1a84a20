/* Writers reaching globals through a function argument, a phi, a select,
 * a struct field and memcpy into a global; a reader leaves adjoints
 * (reverse) and the writers leave tangents (forward) that the next call
 * must not take: global_access follows pointers through all of these or
 * counts them read and written. */
#include <math.h>
#include <string.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double a = 0.5, b[3] = {0.25, 0.75, 1.5};
typedef struct { double *p; int k; } Ref;
__attribute__((noinline)) void put(double *p, double v) { *p = v; }
__attribute__((noinline)) double reads(double x) { return (a + b[0] + b[1] + b[2]) * x; }
/* writers through an argument, a phi, a select, a struct field, memcpy */
__attribute__((noinline)) double via_arg(double x) { put(&a, x * x); put(&b[1], x); return sin(x); }
__attribute__((noinline)) double via_phi(double x, int c) {
  double *p;
  if (c) p = &a; else p = &b[2];
  *p = x * x;
  return sin(x);
}
__attribute__((noinline)) double via_select(double x, int c) {
  double *p = c ? &b[0] : &a;
  *p = x * x;
  return sin(x);
}
__attribute__((noinline)) double via_field(double x, int c) {
  Ref r = {c ? &a : &b[2], c};
  volatile int sink = r.k; (void)sink;
  *r.p = 3 * x;
  return sin(x);
}
__attribute__((noinline)) double via_memcpy(double x) {
  double loc[3] = {x, x * x, 2 * x};
  memcpy(b, loc, sizeof b);
  return sin(x);
}
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    for (int c = 0; c < 2; c++) {
      double want = a + b[0] + b[1] + b[2];
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), want);
      bad += !check_close("arg", i, __enzyme_autodiff((void *)via_arg, x), cos(x));
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), a + b[0] + b[1] + b[2]);
      bad += !check_close("phi", i, __enzyme_autodiff((void *)via_phi, x, c), cos(x));
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), a + b[0] + b[1] + b[2]);
      bad += !check_close("select", i, __enzyme_autodiff((void *)via_select, x, c), cos(x));
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), a + b[0] + b[1] + b[2]);
      bad += !check_close("field", i, __enzyme_autodiff((void *)via_field, x, c), cos(x));
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), a + b[0] + b[1] + b[2]);
      bad += !check_close("memcpy", i, __enzyme_autodiff((void *)via_memcpy, x), cos(x));
      /* forward: the writers leave tangents the reader must not take */
      bad += !check_close("fwd arg", i, __enzyme_fwddiff((void *)via_arg, x, 1.0), cos(x));
      bad += !check_close("fwd memcpy", i, __enzyme_fwddiff((void *)via_memcpy, x, 1.0), cos(x));
      bad += !check_close("fwd phi", i, __enzyme_fwddiff((void *)via_phi, x, 1.0, c), cos(x));
      bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), a + b[0] + b[1] + b[2]);
    }
  }
  return bad != 0;
}
