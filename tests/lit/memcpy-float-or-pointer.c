// A memcpy at -O0 out of a union that a helper fills with a double on one
// path and a pointer on the other, into a double array: the source reads
// as a pointer, the destination as a double.  Which the copied bytes are,
// neither end tells; taking them for a pointer drops the double's adjoint
// (std::function's buffer, holding a captured double, read so: gradient 0,
// exit status 0), taking them for a double would add to a shadow pointer.
// So the copy is refused at its line.
// RUN: %clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: not enzyme-opt %t.ll -o %t.out.ll 2>&1 | FileCheck %s
// CHECK: error: cannot differentiate a copy by 'llvm.memcpy.p0.p0.i64' whose bytes at offset 0 are a float at one end and a pointer at the other
#include <string.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
union U { double d; double *p; };

__attribute__((noinline)) void stash(union U *u, double *where, int as_ptr) {
  if (as_ptr) u->p = where; else u->d = *where * 2;
}

double f(double *x, int flag) {
  union U u;
  stash(&u, x, flag);
  double out[1];
  memcpy(out, &u, sizeof out);
  return out[0] * out[0] + (flag ? *u.p : 0);
}

double grad(double *x, double *dx) {
  return __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 0);
}
