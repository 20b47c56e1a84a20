// A pointer made of an address changed beyond adding offsets: a tag masked
// off a uintptr_t field (TAG), a pointer's address rounded up by integer
// arithmetic (ALIGN).  Memory with a shadow may hold the address of memory
// with one, and the shadow cannot follow the integer: an error at the
// inttoptr, not a zero gradient.  A pure function without a body returning
// a pointer from a pointer with a shadow (PURE) may return one into that
// memory: an error at the call.  (e2e memory/address_in_integer_field.c
// has the shapes that are right: offsets, alignment checks, ptrmask.)
// RUN: %clang -O2 -DTAG -S -emit-llvm %s -o %t.t2.ll
// RUN: not enzyme-opt %t.t2.ll -o %t.t2.out.ll 2>&1 | FileCheck --check-prefix=TAG %s
// RUN: %clang -O0 -DTAG -S -emit-llvm %s -o %t.t0.ll
// RUN: not enzyme-opt %t.t0.ll -o %t.t0.out.ll 2>&1 | FileCheck --check-prefix=TAG %s
// RUN: %clang14 -O2 -DTAG -S -emit-llvm %s -o %t.t14.ll
// RUN: not enzyme-opt %t.t14.ll -o %t.t14.out.ll 2>&1 | FileCheck --check-prefix=TAG %s
// RUN: %clang -O2 -DALIGN -S -emit-llvm %s -o %t.a2.ll
// RUN: not enzyme-opt %t.a2.ll -o %t.a2.out.ll 2>&1 | FileCheck --check-prefix=ALIGN %s
// RUN: %clang14 -O0 -DALIGN -S -emit-llvm %s -o %t.a14.ll
// RUN: not enzyme-opt %t.a14.ll -o %t.a14.out.ll 2>&1 | FileCheck --check-prefix=ALIGN %s
// RUN: %clang -O2 -DPURE -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=PURE %s
// RUN: %clang14 -O0 -DPURE -S -emit-llvm %s -o %t.p14.ll
// RUN: not enzyme-opt %t.p14.ll -o %t.p14.out.ll 2>&1 | FileCheck --check-prefix=PURE %s
// TAG: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a pointer made of the integer {{.*}} read from memory with a shadow
// ALIGN: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a pointer made of the address of {{.*}}, which has a shadow, changed beyond adding offsets
// PURE: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate call to 'element_of' (no derivative rule and no body), which returns a pointer that may point into the memory of its argument 1
#include <stdint.h>
typedef struct { uintptr_t tagged; long n; } View;
__attribute__((pure)) double *element_of(double *a, long k);

double f(View *v, double *x) {
#if defined(TAG)
  const double *p = (const double *)(v->tagged & ~(uintptr_t)7);
  return p[0] * p[1];
#elif defined(ALIGN)
  const double *p = (const double *)(((uintptr_t)x + 7) & ~(uintptr_t)7);
  return p[0] * p[1];
#else
  return x[0] * *element_of(x, 1);
#endif
}

double __enzyme_autodiff(void *, ...);
extern int enzyme_dup;
void df(View *v, View *dv, double *x, double *dx) {
  __enzyme_autodiff((void *)f, enzyme_dup, v, dv, enzyme_dup, x, dx);
}
