// A helper stores an active value (VAL), or a pointer with a shadow (PTR),
// into the memory of an enzyme_const argument -- a context struct -- and
// another helper reads it back: the read carries no derivative (the
// gradient was 0 at every level, both modes).  The store is in one
// function and the read in another, so the check is at the call: the
// callee reports what it stored into unshadowed memory it did not read
// back, and the caller refuses when it reads that memory again; through a
// function in between (CHAIN, which passes the question to its caller) and
// through a function pointer (FNPTR).  The same for a store through the
// pointer a helper returns into the context (SLOT), or the buffer pointer
// a helper reads from it (BUF), and for active bytes
// copied into it by a helper (COPY) or here (COPYHERE), and for a struct
// written whole and read back by field (PAIR).  Right shapes go
// through: the
// memory never read again (UNREAD), and a local struct (LOCAL), which gets
// a shadow.
// RUN: %clang -O0 -DVAL -S -emit-llvm %s -o %t.v0.ll
// RUN: not enzyme-opt %t.v0.ll -o %t.v0.out.ll 2>&1 | FileCheck --check-prefix=VAL %s
// RUN: %clang14 -O2 -DVAL -DFWD -S -emit-llvm %s -o %t.v14.ll
// RUN: not enzyme-opt %t.v14.ll -o %t.v14.out.ll 2>&1 | FileCheck --check-prefix=VAL %s
// RUN: %clang -O2 -DPTR -DFWD -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=PTR %s
// RUN: %clang14 -O0 -DPTR -S -emit-llvm %s -o %t.p14.ll
// RUN: not enzyme-opt %t.p14.ll -o %t.p14.out.ll 2>&1 | FileCheck --check-prefix=PTR %s
// RUN: %clang -O2 -DCHAIN -S -emit-llvm %s -o %t.c2.ll
// RUN: not enzyme-opt %t.c2.ll -o %t.c2.out.ll 2>&1 | FileCheck --check-prefix=CHAIN %s
// RUN: %clang14 -O0 -DCHAIN -DFWD -S -emit-llvm %s -o %t.c14.ll
// RUN: not enzyme-opt %t.c14.ll -o %t.c14.out.ll 2>&1 | FileCheck --check-prefix=CHAIN %s
// RUN: %clang -O2 -DFNPTR -S -emit-llvm %s -o %t.f2.ll
// RUN: not enzyme-opt %t.f2.ll -o %t.f2.out.ll 2>&1 | FileCheck --check-prefix=FNPTR %s
// RUN: %clang -O0 -DFNPTR -DFWD -S -emit-llvm %s -o %t.f0.ll
// RUN: not enzyme-opt %t.f0.ll -o %t.f0.out.ll 2>&1 | FileCheck --check-prefix=FNPTR %s
// RUN: %clang -O0 -DSLOT -S -emit-llvm %s -o %t.s0.ll
// RUN: not enzyme-opt %t.s0.ll -o %t.s0.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang14 -O2 -DSLOT -DFWD -S -emit-llvm %s -o %t.s14.ll
// RUN: not enzyme-opt %t.s14.ll -o %t.s14.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang -O2 -DCOPY -S -emit-llvm %s -o %t.y2.ll
// RUN: not enzyme-opt %t.y2.ll -o %t.y2.out.ll 2>&1 | FileCheck --check-prefix=COPY %s
// RUN: %clang14 -O0 -DCOPY -DFWD -S -emit-llvm %s -o %t.y14.ll
// RUN: not enzyme-opt %t.y14.ll -o %t.y14.out.ll 2>&1 | FileCheck --check-prefix=COPY %s
// RUN: %clang -O0 -DCOPYHERE -DFWD -S -emit-llvm %s -o %t.h0.ll
// RUN: not enzyme-opt %t.h0.ll -o %t.h0.out.ll 2>&1 | FileCheck --check-prefix=COPYHERE %s
// RUN: %clang14 -O2 -DCOPYHERE -S -emit-llvm %s -o %t.h14.ll
// RUN: not enzyme-opt %t.h14.ll -o %t.h14.out.ll 2>&1 | FileCheck --check-prefix=COPYHERE %s
// RUN: %clang -O2 -DBUF -S -emit-llvm %s -o %t.b2.ll
// RUN: not enzyme-opt %t.b2.ll -o %t.b2.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang14 -O0 -DBUF -DFWD -S -emit-llvm %s -o %t.b14.ll
// RUN: not enzyme-opt %t.b14.ll -o %t.b14.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang -O3 -DPAIR -S -emit-llvm %s -o %t.w3.ll
// RUN: not enzyme-opt %t.w3.ll -o %t.w3.out.ll 2>&1 | FileCheck --check-prefix=PAIR %s
// RUN: %clang14 -O1 -DPAIR -DFWD -S -emit-llvm %s -o %t.w14.ll
// RUN: not enzyme-opt %t.w14.ll -o %t.w14.out.ll 2>&1 | FileCheck --check-prefix=PAIR %s
// RUN: %clang -O0 -DUNREAD -S -emit-llvm %s -o %t.u0.ll
// RUN: enzyme-opt %t.u0.ll -o %t.u0.out.ll
// RUN: %lli %t.u0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DUNREAD -DFWD -S -emit-llvm %s -o %t.u14.ll
// RUN: enzyme-opt %t.u14.ll -o %t.u14.out.ll
// RUN: %lli %t.u14.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O2 -DLOCAL -S -emit-llvm %s -o %t.l2.ll
// RUN: enzyme-opt %t.l2.ll -o %t.l2.out.ll
// RUN: %lli %t.l2.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O0 -DLOCAL -DFWD -S -emit-llvm %s -o %t.l14.ll
// RUN: enzyme-opt %t.l14.ll -o %t.l14.out.ll
// RUN: %lli %t.l14.out.ll | FileCheck --check-prefix=OK %s
// VAL: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep_value': it writes an active value into the memory of its argument 1, which has no shadow
// PTR: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep_pointer': it writes
// CHAIN: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep_square': it writes
// FNPTR: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a call through a function pointer (it may be 'keep_value'): it writes
// SLOT: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a store of an active value into memory without a shadow
// COPY: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep_copy': it writes
// COPYHERE: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a copy of memory that carries derivatives into memory without a shadow
// PAIR: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep_pair': it writes
// OK: derivative 6 expected 6
#include <stdio.h>
#include <string.h>

struct pair {
  double first, second;
};
struct context {
  long calls;
  double value;
  double *data;
  double copy[2];
  struct pair pair;
};
__attribute__((noinline)) void keep_value(struct context *c, double y) { c->value = y; }
__attribute__((noinline)) double read_value(struct context *c) { return c->value; }
__attribute__((noinline)) void keep_pointer(struct context *c, double *v) { c->data = v; }
__attribute__((noinline)) double read_pointer(struct context *c) { return c->data[0] * c->data[0]; }
__attribute__((noinline)) void keep_square(struct context *c, double *v) {
  keep_value(c, v[0] * v[0]);
}
__attribute__((noinline)) double *value_slot(struct context *c) { return &c->value; }
__attribute__((noinline)) double *data_of(struct context *c) { return c->data; }
__attribute__((noinline)) void keep_copy(struct context *c, double *v) {
  memcpy(c->copy, v, sizeof c->copy);
}
__attribute__((noinline)) double read_copy(struct context *c) { return c->copy[0]; }
__attribute__((noinline)) void keep_pair(struct context *c, double y) {
  struct pair p = {1.0, y};
  c->pair = p;
}
__attribute__((noinline)) double read_second(struct context *c) { return c->pair.second; }
typedef void (*keep_fn)(struct context *, double);
keep_fn keepers[1] = {keep_value};
volatile int which = 0;

// d/dv[0] at v = {1.5, 2.0}: 2 v[0] v[1] = 6 in every shape.
double f(double *v, struct context *c) {
#if defined(VAL)
  keep_value(c, v[0] * v[0]);
  return v[1] * read_value(c);
#elif defined(PTR)
  keep_pointer(c, v);
  return v[1] * read_pointer(c);
#elif defined(CHAIN)
  keep_square(c, v);
  return v[1] * read_value(c);
#elif defined(FNPTR)
  keepers[which](c, v[0] * v[0]);
  return v[1] * read_value(c);
#elif defined(SLOT)
  *value_slot(c) = v[0] * v[0];
  return v[1] * read_value(c);
#elif defined(BUF)
  data_of(c)[0] = v[0] * v[0];
  return v[1] * read_pointer(c) / (v[0] * v[0]);
#elif defined(COPY)
  keep_copy(c, v);
  return v[1] * read_copy(c) * v[0];
#elif defined(COPYHERE)
  memcpy(c->copy, v, sizeof c->copy);
  return v[1] * read_copy(c) * v[0];
#elif defined(PAIR)
  keep_pair(c, v[0] * v[0]);
  return v[1] * read_second(c);
#elif defined(UNREAD)
  keep_value(c, v[0] * v[0]);
  return v[1] * v[0] * v[0];
#else
  struct context local;
  keep_value(&local, v[0] * v[0]);
  return v[1] * read_value(&local);
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;
int main(void) {
  double v[2] = {1.5, 2.0}, d_v[2] = {0, 0}, t_v[2] = {1, 0};
  double scratch[1] = {0};
  struct context c = {0, 0, scratch, {0, 0}, {0, 0}};
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, enzyme_dup, v, t_v, enzyme_const, &c);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, v, d_v, enzyme_const, &c);
  double d = d_v[0];
#endif
  printf("derivative %g expected %g\n", d, 2 * v[0] * v[1]);
  return 0;
}
