// The caller hangs a duplicated argument's memory on a constant argument
// (`c.data = x`, x also passed enzyme_dup, c enzyme_const) and the function
// reads floats through the pointer it finds there, or hands that memory
// to a helper (also where a helper the caller calls stores the pointer,
// `init(&p, x)`, INIT, one call deeper, DEEP): those reads find no shadow and carried no derivative (0 at
// every level, both modes).  An error at the API call, as for the same
// pointer hung on a global.  Right shapes go through: the function reading
// only the constant argument's other fields (NCOUNT), and a constant
// argument holding other memory (OTHER).
// RUN: %clang -O0 -DSTACK -S -emit-llvm %s -o %t.s0.ll
// RUN: not enzyme-opt %t.s0.ll -o %t.s0.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O2 -DSTACK -DFWD -S -emit-llvm %s -o %t.s14.ll
// RUN: not enzyme-opt %t.s14.ll -o %t.s14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O2 -DHEAP -S -emit-llvm %s -o %t.h2.ll
// RUN: not enzyme-opt %t.h2.ll -o %t.h2.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O0 -DHEAP -DFWD -S -emit-llvm %s -o %t.h14.ll
// RUN: not enzyme-opt %t.h14.ll -o %t.h14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O2 -DSTACK -DHELPER -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=HANDS %s
// RUN: %clang -O0 -DINIT -S -emit-llvm %s -o %t.i0.ll
// RUN: not enzyme-opt %t.i0.ll -o %t.i0.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O2 -DINIT -DDEEP -DFWD -S -emit-llvm %s -o %t.i14.ll
// RUN: not enzyme-opt %t.i14.ll -o %t.i14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O0 -DSTACK -DNCOUNT -S -emit-llvm %s -o %t.n0.ll
// RUN: enzyme-opt %t.n0.ll -o %t.n0.out.ll
// RUN: %lli %t.n0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DHEAP -DOTHER -DFWD -S -emit-llvm %s -o %t.o14.ll
// RUN: enzyme-opt %t.o14.ll -o %t.o14.out.ll
// RUN: %lli %t.o14.out.ll | FileCheck --check-prefix=OK %s
// READS: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'f' is passed duplicated, and its pointer is also stored into the memory of argument 2, passed constant, through which 'f' reads floats
// HANDS: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'f' is passed duplicated, and its pointer is also stored into the memory of argument 2, passed constant, through which 'f' hands that memory to a call
// OK: derivative 2 expected 2
#include <stdio.h>
#include <stdlib.h>

struct problem {
  int n;
  double *data;
};
__attribute__((noinline)) double first(struct problem *p) { return p->data[0]; }
__attribute__((noinline)) void init(struct problem *p, double *data, int n) {
  p->n = n;
  p->data = data;
}
__attribute__((noinline)) void init_twice(struct problem *p, double *data, int n) {
  init(p, data, n);
  init(p, data, n);
}

// d/dx[0] at x = {1.5, 2.0}: x[1] where data is x (READS, HANDS, NCOUNT).
__attribute__((noinline)) double f(double *x, struct problem *p) {
#if defined(NCOUNT)
  return x[0] * x[1] * p->n / 2;
#elif defined(HELPER)
  return first(p) * x[1];
#elif defined(OTHER)
  return x[0] * x[1] + p->data[0];
#else
  return p->data[0] * x[1];
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;
int main(void) {
  double scratch[1] = {4.0}, t_x[2] = {1, 0};
#ifdef HEAP
  double *x = malloc(2 * sizeof(double)), *d_x = calloc(2, sizeof(double));
  x[0] = 1.5;
  x[1] = 2.0;
  struct problem *p = malloc(sizeof *p);
  p->n = 2;
  p->data = x;
#elif defined(INIT)
  double x[2] = {1.5, 2.0}, d_x[2] = {0, 0};
  struct problem problem, *p = &problem;
#ifdef DEEP
  init_twice(p, x, 2);
#else
  init(p, x, 2);
#endif
#else
  double x[2] = {1.5, 2.0}, d_x[2] = {0, 0};
  struct problem problem = {2, x}, *p = &problem;
#endif
#ifdef OTHER
  p->data = scratch;
#endif
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, enzyme_dup, x, t_x, enzyme_const, p);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, x, d_x, enzyme_const, p);
  double d = d_x[0];
#endif
  printf("derivative %g expected %g\n", d, x[1]);
  return 0;
}
