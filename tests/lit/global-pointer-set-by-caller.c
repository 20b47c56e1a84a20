// A global pointer only the caller sets, read by the differentiated code:
// the memory it points to has no shadow, and the reads carry no derivative.
// Right for constant input data (the common `data = read_file()`), so
// accepted with a located warning naming the global and where it is
// defined, what is assumed and how to silence it; refused where the caller
// provably hangs a duplicated argument's memory on it (`gbuf = x;
// __enzyme_autodiff(dot, enzyme_dup, x, dx)`, f = x . x: the gradient was x
// where 2x is right, exit 0, no diagnostic).  Marking the global inactive
// silences the warning.  A global the function writes hung on it
// (`data = state`) is refused too: the read would miss its derivative
// (x[0]^2 read as a constant).  Clang 14 and 19, -O0 and -O2.
// RUN: %clang -O2 -g -S -emit-llvm %s -o %t19.ll
// RUN: enzyme-opt %t19.ll -o %t19.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O2 %t19.out.ll -o %t19.exe -lm
// RUN: %t19.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang -O0 -g -S -emit-llvm %s -o %t19-0.ll
// RUN: enzyme-opt %t19-0.ll -o %t19-0.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang14 -O2 -g -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: enzyme-opt %t14-0.ll -o %t14-0.out.ll 2>&1 | FileCheck --check-prefix=WARN-IR %s
// RUN: %clang -O2 -DSILENCED -S -emit-llvm %s -o %t19-quiet.ll
// RUN: enzyme-opt %t19-quiet.ll -o %t19-quiet.out.ll 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %clang -O2 -g -DDUPLICATED -S -emit-llvm %s -o %t19-dup.ll
// RUN: not enzyme-opt %t19-dup.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DDUPLICATED -S -emit-llvm %s -o %t19-dup0.ll
// RUN: not enzyme-opt %t19-dup0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O2 -DDUPLICATED -S -emit-llvm %s -o %t14-dup.ll
// RUN: not enzyme-opt %t14-dup.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DDUPLICATED -S -emit-llvm %s -o %t14-dup0.ll
// RUN: not enzyme-opt %t14-dup0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DDUPLICATED -DHEAP -S -emit-llvm %s -o %t19-duph0.ll
// RUN: not enzyme-opt %t19-duph0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DDUPLICATED -DHEAP -S -emit-llvm %s -o %t14-duph0.ll
// RUN: not enzyme-opt %t14-duph0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O2 -DDUPLICATED -DHEAP -S -emit-llvm %s -o %t19-duph.ll
// RUN: not enzyme-opt %t19-duph.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DDUPLICATED -DALIAS -S -emit-llvm %s -o %t19-dupa0.ll
// RUN: not enzyme-opt %t19-dupa0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O2 -DDUPLICATED -DALIAS -S -emit-llvm %s -o %t19-dupa.ll
// RUN: not enzyme-opt %t19-dupa.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O2 -DACTIVE_GLOBAL -S -emit-llvm %s -o %t19-act.ll
// RUN: not enzyme-opt %t19-act.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACT %s
// RUN: %clang14 -O0 -DACTIVE_GLOBAL -S -emit-llvm %s -o %t14-act.ll
// RUN: not enzyme-opt %t14-act.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACT %s
// WARN: global-pointer-set-by-caller.c:[[@LINE+26]]:{{[0-9]+}}: warning: reading floats through the pointer held by global '@data' (defined at {{.*}}global-pointer-set-by-caller.c:[[@LINE+13]]), which no differentiated code sets: assuming the memory it points to is constant (no derivative flows through this read) in function 'dot'
// WARN: note: if the caller points it at memory that carries derivatives, pass that memory to the function as an argument instead; to silence this warning, mark the global constant: void *__enzyme_inactive_global = (void *)&data;
// WARN-IR: .ll:{{[0-9]+}}:{{[0-9]+}}: warning: reading floats through the pointer held by global '@data', which no differentiated code sets
// QUIET-NOT: warning
// DUP: :{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'dot' is passed duplicated, and its pointer is also stored into global '@data'{{.*}}, through which 'dot' reads floats{{.*}}: those reads would carry no derivative (that memory has no shadow there); pass the memory only as the argument

// ACT: error: cannot differentiate a read through the pointer held by global '@data': the code outside stores the address of global '@state' there{{.*}}, whose derivative the read would not see (use the global directly, or pass it as an argument with its shadow) in function 'dot'
// GRAD: 10 20 30
#include <stdio.h>
#include <stdlib.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);

double *data;
#ifdef ALIAS
extern double *data_alias __attribute__((alias("data")));
#endif
double state[3];      /* with ACTIVE_GLOBAL, data = state, which dot writes */
#ifdef SILENCED
void *__enzyme_inactive_global = (void *)&data;
#endif
__attribute__((noinline)) double dot(double *x) {
  double s = 0;
#ifdef ACTIVE_GLOBAL
  state[0] = x[0];
#endif
  for (int i = 0; i < 3; i++) s += x[i] * data[i];
  return s;
}

int main(void) {
#ifdef HEAP      /* -O0 keeps the pointer in a local variable, loaded twice */
  double *x = malloc(3 * sizeof(double)), *dx = calloc(3, sizeof(double));
  for (int i = 0; i < 3; i++) x[i] = i + 1;
#else
  double x[3] = {1, 2, 3}, dx[3] = {0};
#endif
  double input[3] = {10, 20, 30};
  data = input;
#if defined(DUPLICATED) && defined(ALIAS)
  data_alias = x;       /* an alias of the global (any C++ module has some) */
#elif defined(DUPLICATED)
  data = x;
#endif
#ifdef ACTIVE_GLOBAL
  data = state;
#endif
  __enzyme_autodiff((void *)dot, enzyme_dup, x, dx);
  printf("%g %g %g\n", dx[0], dx[1], dx[2]);
  return 0;
}
