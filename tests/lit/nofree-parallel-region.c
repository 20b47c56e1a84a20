// `enzyme_nofree` keeps a tape for a second __enzyme_reverse.  Where the
// reverse pass runs a parallel region, it pops each thread's tape empty
// and hands its memory back to the thread's pool: the second reverse pass
// read a tape without memory (a crash at every thread count, also for a
// linear body, whose loop bounds are taped).  Refused at the API call,
// also where the parallel region is in a helper (HELPER), or in one the
// reverse pass reaches through a function pointer (INDIRECT: it crashed
// with an illegal instruction).  Without
// enzyme_nofree the same program runs (PLAIN).
// RUN: %clang -O2 -fopenmp -S -emit-llvm %s -o %t.o2.ll
// RUN: not enzyme-opt %t.o2.ll -o %t.o2.out.ll 2>&1 | FileCheck --check-prefix=NOFREE %s
// RUN: %clang14 -O0 -fopenmp -DHELPER -S -emit-llvm %s -o %t.h14.ll
// RUN: not enzyme-opt %t.h14.ll -o %t.h14.out.ll 2>&1 | FileCheck --check-prefix=NOFREE %s
// RUN: %clang -O2 -fopenmp -DHELPER -DINDIRECT -S -emit-llvm %s -o %t.i2.ll
// RUN: not enzyme-opt %t.i2.ll -o %t.i2.out.ll 2>&1 | FileCheck --check-prefix=NOFREE %s
// RUN: %clang -O2 -fopenmp -DPLAIN -S -emit-llvm %s -o %t.p2.ll
// RUN: enzyme-opt %t.p2.ll -o %t.p2.out.ll
// RUN: FileCheck --check-prefix=FORK %s < %t.p2.out.ll
// NOFREE: {{.*}}:{{[0-9]+}}:{{[0-9]+}}: error: 'enzyme_nofree' (a tape kept for another __enzyme_reverse) is not supported where the reverse pass of 'f' runs a parallel region
// FORK: call {{.*}}@__kmpc_fork_call
#include <math.h>

extern int enzyme_dup, enzyme_tape, enzyme_nofree;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

#ifdef HELPER
__attribute__((noinline)) static void g(double *y, const double *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = sin(x[i]) * x[i];
}
#ifdef INDIRECT
void (*volatile hook)(double *, const double *, int) = g;
void f(double *y, const double *x, int n) { hook(y, x, n); }
#else
void f(double *y, const double *x, int n) { g(y, x, n); }
#endif
#else
void f(double *y, const double *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = sin(x[i]) * x[i];
}
#endif

void twice(double *y, double *dy, double *x, double *dx, int n) {
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, y, dy, enzyme_dup, x, dx, n);
#ifndef PLAIN
  __enzyme_reverse((void *)f, enzyme_nofree, enzyme_tape, tape, enzyme_dup, y, dy, enzyme_dup,
                   x, dx, n);
#endif
  __enzyme_reverse((void *)f, enzyme_tape, tape, enzyme_dup, y, dy, enzyme_dup, x, dx, n);
}
