// The integer a call through a function pointer returns, made of a pointer
// with a shadow (an address as uintptr_t), kept in a global without a shadow
// and made a pointer again: in the same function (clang -O0 keeps the global
// between the two; at -O2 `first` still reads it), in
// a struct field of the global, or set by one function and read by another
// (at every level).  The pointer made would have no shadow: an error at the
// store, not a zero gradient (it was 0 at every level in both modes).
// The same in an enzyme_const context's memory, written by one helper and
// made a pointer by another (CONTEXT, refused at the call to the writer).
// An index such a call returns, kept in a global or the context and read as
// an integer, loses nothing and goes through (OK, CONTEXT_INDEX).
// RUN: %clang -O0 -DSAME -S -emit-llvm %s -o %t.s0.ll
// RUN: not enzyme-opt %t.s0.ll -o %t.s0.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang14 -O0 -DSAME -DFWD -S -emit-llvm %s -o %t.s14.ll
// RUN: not enzyme-opt %t.s14.ll -o %t.s14.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang -O2 -DSAME -S -emit-llvm %s -o %t.s2.ll
// RUN: not enzyme-opt %t.s2.ll -o %t.s2.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang -O0 -DFIELD -DFWD -S -emit-llvm %s -o %t.f0.ll
// RUN: not enzyme-opt %t.f0.ll -o %t.f0.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang14 -O0 -DFIELD -S -emit-llvm %s -o %t.f14.ll
// RUN: not enzyme-opt %t.f14.ll -o %t.f14.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang -O2 -DAPART -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang14 -O1 -DAPART -DFWD -S -emit-llvm %s -o %t.p14.ll
// RUN: not enzyme-opt %t.p14.ll -o %t.p14.out.ll 2>&1 | FileCheck --check-prefix=KEPT %s
// RUN: %clang -O2 -DCONTEXT -S -emit-llvm %s -o %t.c2.ll
// RUN: not enzyme-opt %t.c2.ll -o %t.c2.out.ll 2>&1 | FileCheck --check-prefix=CONTEXT %s
// RUN: %clang14 -O0 -DCONTEXT -DFWD -S -emit-llvm %s -o %t.c14.ll
// RUN: not enzyme-opt %t.c14.ll -o %t.c14.out.ll 2>&1 | FileCheck --check-prefix=CONTEXT %s
// RUN: %clang -O0 -DCONTEXT_INDEX -S -emit-llvm %s -o %t.ci0.ll
// RUN: enzyme-opt %t.ci0.ll -o %t.ci0.out.ll
// RUN: %lli %t.ci0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O0 -S -emit-llvm %s -o %t.ok0.ll
// RUN: enzyme-opt %t.ok0.ll -o %t.ok0.out.ll
// RUN: %lli %t.ok0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DFWD -S -emit-llvm %s -o %t.ok14.ll
// RUN: enzyme-opt %t.ok14.ll -o %t.ok14.out.ll
// RUN: %lli %t.ok14.out.ll | FileCheck --check-prefix=OK %s
// KEPT: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a store of the integer returned by a call through a function pointer, computed from a pointer with a shadow, into global '@{{saved|holder}}', which has none and is read back as a pointer
// CONTEXT: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep_in': it writes the address of memory with a shadow, as an integer, into the memory of its argument 1, which has no shadow
// OK: derivative 2 expected 2
#include <stdint.h>
#include <stdio.h>

typedef uintptr_t (*address_fn)(double *);
typedef long (*index_fn)(double *, int);
__attribute__((noinline)) static uintptr_t address_of(double *p) { return (uintptr_t)p; }
__attribute__((noinline)) static uintptr_t address_of_second(double *p) {
  return (uintptr_t)(p + 1);
}
__attribute__((noinline)) static long argmax(double *p, int n) {
  long best = 0;
  for (int i = 1; i < n; i++)
    if (p[i] > p[best]) best = i;
  return best;
}
address_fn address_table[2] = {address_of, address_of_second};
index_fn index_table[1] = {argmax};
volatile int which = 0;
uintptr_t saved;
long best;
struct {
  long pad;
  uintptr_t address;
} holder;
struct context {
  long index;
  uintptr_t address;
};
__attribute__((noinline)) void keep_in(struct context *c, double *v) {
  c->address = address_table[which](v);
}
__attribute__((noinline)) double first_in(struct context *c) { return *(double *)c->address; }
__attribute__((noinline)) void keep(double *v) { saved = address_table[which](v); }
__attribute__((noinline)) double first(void) { return *(double *)saved; }

// d/dv[0] of the value returned, at v = {1.5, 2.0}: v[1] (2), the pointer
// made reading v[0]; for OK, v[best] = v[1] squared plus v[0] v[1].
double f(double *v, struct context *c) {
#if defined(CONTEXT)
  keep_in(c, v);
  return v[1] * first_in(c);
#elif defined(CONTEXT_INDEX)
  c->index = index_table[0](v, 2);
  return v[c->index] * v[c->index] + v[0] * v[1];
#elif defined(SAME)
  saved = address_table[which](v);
  return v[1] * *(double *)saved;
#elif defined(FIELD)
  holder.address = address_table[which](v);
  return v[1] * *(double *)holder.address;
#elif defined(APART)
  keep(v);
  return v[1] * first();
#else
  best = index_table[0](v, 2);
  return v[best] * v[best] + v[0] * v[1];
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;
int main(void) {
  double v[2] = {1.5, 2.0}, d_v[2] = {0, 0}, t_v[2] = {1, 0};
  struct context c = {0, 0};
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, enzyme_dup, v, t_v, enzyme_const, &c);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, v, d_v, enzyme_const, &c);
  double d = d_v[0];
#endif
  printf("derivative %g expected %g\n", d, v[1]);
  return 0;
}
