// A global pointer the caller sets through a helper (`set_data(p)`, whose
// body is `data = p`), read by the differentiated code.  Its reads carry no
// derivative, so hanging a duplicated argument's memory there (`set_data(x)`
// with x passed enzyme_dup: the gradient of x . data was x where 2x is
// right) or a global the function writes (`set_data(state)`) is refused,
// as it is where the caller stores the pointer itself
// (global-pointer-set-by-caller.c); both got a warning and exit 0 before.
// Constant input hung there (`set_data(input)`) keeps the warning and gets
// its gradient.  At -O0 the helper reads its parameter back from a stack
// slot; two helpers deep too.  So is a local copy of x stored there
// (`px = x; data = px;`), which at -O0 also got only the warning.  Clang
// 14 and 19.
// RUN: %clang -O2 -DDUPLICATED -S -emit-llvm %s -o %t19-dup.ll
// RUN: not enzyme-opt %t19-dup.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DDUPLICATED -S -emit-llvm %s -o %t19-dup0.ll
// RUN: not enzyme-opt %t19-dup0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O1 -DDUPLICATED -DTWO_DEEP -S -emit-llvm %s -o %t14-dup.ll
// RUN: not enzyme-opt %t14-dup.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DDUPLICATED -DTWO_DEEP -S -emit-llvm %s -o %t14-dup0.ll
// RUN: not enzyme-opt %t14-dup0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DDUPLICATED -DLOCAL_COPY -S -emit-llvm %s -o %t19-copy0.ll
// RUN: not enzyme-opt %t19-copy0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DDUPLICATED -DLOCAL_COPY -S -emit-llvm %s -o %t14-copy0.ll
// RUN: not enzyme-opt %t14-copy0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O2 -DACTIVE_GLOBAL -S -emit-llvm %s -o %t19-act.ll
// RUN: not enzyme-opt %t19-act.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACT %s
// RUN: %clang14 -O0 -DACTIVE_GLOBAL -DTWO_DEEP -S -emit-llvm %s -o %t14-act0.ll
// RUN: not enzyme-opt %t14-act0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACT %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t19.ll
// RUN: enzyme-opt %t19.ll -o %t19.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O2 %t19.out.ll -o %t19.exe -lm
// RUN: %t19.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: enzyme-opt %t14-0.ll -o %t14-0.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang14 -O0 %t14-0.out.ll -o %t14-0.exe -lm
// RUN: %t14-0.exe | FileCheck --check-prefix=GRAD %s
// DUP: error: argument 1 of 'dot' is passed duplicated, and its pointer is also stored into global '@data'{{.*}}, through which 'dot' reads floats{{.*}}: those reads would carry no derivative
// ACT: error: cannot differentiate a read through the pointer held by global '@data': the code outside stores the address of global '@state' there{{.*}}, whose derivative the read would not see
// WARN: warning: reading floats through the pointer held by global '@data'{{.*}}, which no differentiated code sets: assuming the memory it points to is constant
// GRAD: 10 20 30
#include <stdio.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);

double *data;
double state[3];      /* with ACTIVE_GLOBAL, hung on data; dot writes it */

__attribute__((noinline)) void set_data(double *p) { data = p; }
__attribute__((noinline)) void set_data_twice_removed(double *p) { set_data(p); }

/* x . data, as a walk over both */
__attribute__((noinline)) double dot(double *x) {
#ifdef ACTIVE_GLOBAL
  state[1] = 2 * x[1];
#endif
  double s = 0;
  for (const double *p = x, *q = data; p != x + 3; ++p, ++q) s += *p * *q;
  return s;
}

#ifdef TWO_DEEP
#define SET set_data_twice_removed
#else
#define SET set_data
#endif

int main(void) {
  double x[3] = {1, 2, 3}, dx[3] = {0};
  double input[3] = {10, 20, 30};
#if defined(DUPLICATED) && defined(LOCAL_COPY)
  double *px = x;
  data = px;            /* at -O0 stored from px's stack slot */
#elif defined(DUPLICATED)
  SET(x);
#elif defined(ACTIVE_GLOBAL)
  SET(state);
#else
  SET(input);
#endif
  __enzyme_autodiff((void *)dot, enzyme_dup, x, dx);
  printf("%g %g %g\n", dx[0], dx[1], dx[2]);
  return 0;
}
