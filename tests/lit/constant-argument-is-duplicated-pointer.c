// The same pointer passed duplicated and constant: f(x, c) = x[0] c[0]
// with c = x is x[0]^2, whose derivative is 2 x[0]; reads through the
// constant argument carried none, so 3 came out where 6 is right, both
// modes, every level, exit status 0.  Now an error at the API call (also
// where f hands the constant memory to a helper, HELPER).  The constant
// argument pointing below x in the same array goes through (OTHER).  Above
// x (ABOVE, c = x + 1) it is refused too: c[0] is x[1], whose adjoint the
// caller holds in dx[1], and it got none (fuzz49).
// RUN: %clang -O0 -S -emit-llvm %s -o %t.o0.ll
// RUN: not enzyme-opt %t.o0.ll -o %t.o0.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O2 -DFWD -S -emit-llvm %s -o %t.f14.ll
// RUN: not enzyme-opt %t.f14.ll -o %t.f14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O2 -DHELPER -S -emit-llvm %s -o %t.h2.ll
// RUN: not enzyme-opt %t.h2.ll -o %t.h2.out.ll 2>&1 | FileCheck --check-prefix=HANDS %s
// RUN: %clang -O0 -DOTHER -S -emit-llvm %s -o %t.x0.ll
// RUN: enzyme-opt %t.x0.ll -o %t.x0.out.ll
// RUN: %lli %t.x0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DOTHER -DFWD -S -emit-llvm %s -o %t.x14.ll
// RUN: enzyme-opt %t.x14.ll -o %t.x14.out.ll
// RUN: %lli %t.x14.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O2 -DOTHER -DABOVE -S -emit-llvm %s -o %t.a2.ll
// RUN: not enzyme-opt %t.a2.ll -o %t.a2.out.ll 2>&1 | FileCheck --check-prefix=ABOVE %s
// READS: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 2 of 'f' is passed constant, but it is the pointer passed duplicated as argument 1, and 'f' reads floats through it
// HANDS: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 2 of 'f' is passed constant, but it is the pointer passed duplicated as argument 1, and 'f' hands that memory to a call
// ABOVE: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 2 of 'f' is passed constant, but it points into the object argument 1 (passed duplicated) points into, and 'f' reads floats through it
// OK: derivative 4 expected 4
#include <stdio.h>

__attribute__((noinline)) double first(const double *c) { return c[0]; }
__attribute__((noinline)) double f(double *x, const double *c) {
#ifdef HELPER
  return x[0] * first(c);
#else
  return x[0] * c[0];
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;
int main(void) {
  double arr[3] = {4.0, 3.0, 4.0};
  double *x = arr + 1, dx[2] = {0, 0}, tx[2] = {1, 0};
#if defined(ABOVE)
  const double *c = x + 1;
#elif defined(OTHER)
  const double *c = arr;  /* below x: no byte x's shadow covers */
#else
  const double *c = x;
#endif
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, enzyme_dup, x, tx, enzyme_const, c);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, c);
  double d = dx[0];
#endif
  printf("derivative %g expected %g\n", d, c == x ? 2 * x[0] : c[0]);
  return 0;
}
