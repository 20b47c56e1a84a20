// A duplicated argument's pointer reaches memory without a shadow on
// paths the caller-side checks did not follow: through a function pointer
// they cannot resolve (SETTER), a struct filled on the stack and copied
// whole (MEMCPY, COPY: `init(&tmp, x); *p = tmp`), a struct returned by
// value (ASSIGN: `*p = make(x)`), or kept as an integer address
// (ADDRESS: `p->address = (uintptr_t)x`, read as `(double *)p->address`;
// TAGGED: moved by integer arithmetic on the way, which clang -O0 keeps).  f reads floats through the pointer it
// finds in its constant argument p (or in global G, GLOBAL) and those
// reads found no shadow: 0 where x[1] is right, at every level, both
// modes, exit status 0.  Now an error at the API call.  A helper that
// fills two structs, x into one and other memory into the one passed
// constant, goes through (TWO: each call's own arguments are followed).
// RUN: %clang -O2 -DSETTER -S -emit-llvm %s -o %t.s2.ll
// RUN: not enzyme-opt %t.s2.ll -o %t.s2.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN %s
// RUN: %clang14 -O0 -DSETTER -DFWD -S -emit-llvm %s -o %t.s14.ll
// RUN: not enzyme-opt %t.s14.ll -o %t.s14.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN %s
// RUN: %clang -O0 -DMEMCPY -S -emit-llvm %s -o %t.m0.ll
// RUN: not enzyme-opt %t.m0.ll -o %t.m0.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang -O2 -DCOPY -S -emit-llvm %s -o %t.c2.ll
// RUN: not enzyme-opt %t.c2.ll -o %t.c2.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang14 -O0 -DCOPY -DFWD -S -emit-llvm %s -o %t.c14.ll
// RUN: not enzyme-opt %t.c14.ll -o %t.c14.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang -O0 -DASSIGN -S -emit-llvm %s -o %t.a0.ll
// RUN: not enzyme-opt %t.a0.ll -o %t.a0.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang14 -O2 -DASSIGN -S -emit-llvm %s -o %t.a14.ll
// RUN: not enzyme-opt %t.a14.ll -o %t.a14.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang -O2 -DADDRESS -S -emit-llvm %s -o %t.i2.ll
// RUN: not enzyme-opt %t.i2.ll -o %t.i2.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang14 -O0 -DADDRESS -DFWD -S -emit-llvm %s -o %t.i14.ll
// RUN: not enzyme-opt %t.i14.ll -o %t.i14.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang -O0 -DADDRESS -DTAGGED -S -emit-llvm %s -o %t.tag0.ll
// RUN: not enzyme-opt %t.tag0.ll -o %t.tag0.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang14 -O0 -DADDRESS -DTAGGED -DFWD -S -emit-llvm %s -o %t.tag14.ll
// RUN: not enzyme-opt %t.tag14.ll -o %t.tag14.out.ll 2>&1 | FileCheck --check-prefix=STORED %s
// RUN: %clang -O2 -DASSIGN -DGLOBAL -S -emit-llvm %s -o %t.g2.ll
// RUN: not enzyme-opt %t.g2.ll -o %t.g2.out.ll 2>&1 | FileCheck --check-prefix=GLOBAL %s
// RUN: %clang14 -O0 -DCOPY -DGLOBAL -S -emit-llvm %s -o %t.g14.ll
// RUN: not enzyme-opt %t.g14.ll -o %t.g14.out.ll 2>&1 | FileCheck --check-prefix=GLOBAL %s
// RUN: %clang -O0 -DTWO -S -emit-llvm %s -o %t.t0.ll
// RUN: enzyme-opt %t.t0.ll -o %t.t0.out.ll
// RUN: %lli %t.t0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DTWO -DFWD -S -emit-llvm %s -o %t.t14.ll
// RUN: enzyme-opt %t.t14.ll -o %t.t14.out.ll
// RUN: %lli %t.t14.out.ll | FileCheck --check-prefix=OK %s
// UNSEEN: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'f' is passed duplicated, and its pointer is also handed, with argument 2 (passed constant), to an indirect call at {{.*}}, which this tool cannot follow: it may store the pointer into that memory, through which 'f' reads floats
// STORED: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'f' is passed duplicated, and its pointer is also stored into the memory of argument 2, passed constant, through which 'f' reads floats
// GLOBAL: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'f' is passed duplicated, and its pointer is also stored into global '@G' at {{.*}}, through which 'f' reads floats
// OK: derivative 1 expected 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct problem {
  int n;
  double *data;
  uintptr_t address;
};
struct problem G;
__attribute__((noinline)) void init(struct problem *p, double *data, int n) {
  p->n = n;
  p->data = data;
}
__attribute__((noinline)) struct problem make(double *data, int n) {
  struct problem r = {n, data};
  return r;
}
void (*volatile setter)(struct problem *, double *, int) = init;

// d/dx[0] = x[1] where the data read is x, 1 where it is the constant 1.0.
__attribute__((noinline)) double f(double *x, struct problem *p) {
#if defined(GLOBAL)
  return G.data[0] * x[1];
#elif defined(ADDRESS)
  return ((double *)p->address)[0] * x[1];
#else
  return p->data[0] * x[1] + x[0] * (p->data == x ? 0.0 : 1.0) * p->data[0];
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;
int main(void) {
  double x[2] = {1.5, 2.0}, d_x[2] = {0, 0}, t_x[2] = {1, 0}, one[1] = {1.0};
  struct problem *p = malloc(sizeof *p), *q = p, tmp;
#if defined(GLOBAL)
  q = &G;
#endif
#if defined(SETTER)
  setter(q, x, 2);
#elif defined(MEMCPY)
  struct problem filled = {2, x};
  memcpy(q, &filled, sizeof filled);
#elif defined(COPY)
  init(&tmp, x, 2);
  *q = tmp;
#elif defined(ASSIGN)
  *q = make(x, 2);
#elif defined(ADDRESS) && defined(TAGGED)
  q->address = ((((uintptr_t)x | 1) + 8) - 8) & ~(uintptr_t)1;
#elif defined(ADDRESS)
  q->address = (uintptr_t)x;
#elif defined(TWO)
  init(&tmp, x, 2);
  init(q, one, 1);
#endif
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, enzyme_dup, x, t_x, enzyme_const, p);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, x, d_x, enzyme_const, p);
  double d = d_x[0];
#endif
  printf("derivative %g expected %g\n", d, p->data == x ? x[1] : 1.0);
  return tmp.n == 7;
}
