// A copy from an array of doubles moved by a byte offset known only at run
// time (memmove from `(char *)from + skip`) is differentiated as the array's
// 8-byte units only if the offset is a whole number of them: the reverse
// pass checks that.  With skip = 4 the copied "doubles" straddle two of x's,
// and the gradient came out as garbage with exit status 0 (-1 0 5.3e-315 1);
// now the program stops with the located message.  With skip = 8 the
// gradient is right; with a size that is not a whole number of doubles the
// copy's adjoint stops (tests/e2e/cxx/vector_assign_shared.cpp: the shape
// this check lets through, libstdc++'s vector::assign).
// f = y0^2 + 3 y1 + x0 x3 with y = x[1..2] (skip 8): df/dx = (x3, 2 x1, 3, x0).
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.exe -lm
// RUN: not --crash %t.exe > %t.stdout 2> %t.stderr
// RUN: FileCheck %s < %t.stderr
// RUN: FileCheck --allow-empty --check-prefix=NOGRADIENT %s < %t.stdout
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -o %t0.out.ll
// RUN: %clang -O0 %t0.out.ll -o %t0.exe -lm
// RUN: not --crash %t0.exe 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: %clang14 -O2 %t14.out.ll -o %t14.exe -lm
// RUN: not --crash %t14.exe 2>&1 | FileCheck %s
// RUN: %clang -O2 -DSKIP=8 -S -emit-llvm %s -o %t.whole.ll
// RUN: enzyme-opt %t.whole.ll -o %t.whole.out.ll
// RUN: %clang -O2 %t.whole.out.ll -o %t.whole.exe -lm
// RUN: %t.whole.exe | FileCheck --check-prefix=WHOLE %s
// RUN: %clang -O2 -DSKIP=8 -DBYTES=12 -S -emit-llvm %s -o %t.tail.ll
// RUN: enzyme-opt %t.tail.ll -o %t.tail.out.ll
// RUN: %clang -O2 %t.tail.out.ll -o %t.tail.exe -lm
// RUN: not --crash %t.tail.exe 2>&1 | FileCheck --check-prefix=TAIL %s

// CHECK: enzyme-opt: {{.*}}:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the copy by 'llvm.memmove{{.*}}': an end of it is an array of floats moved by a number of bytes known only at run time, which is not a multiple of its 8-byte units in function 'take_tail'
// NOGRADIENT-NOT: gradient
// WHOLE: gradient 4 4 3 1
// TAIL: enzyme-opt: a copy's derivative ({{.*}}) walks whole 8-byte units
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef SKIP
#define SKIP 4
#endif
#ifndef BYTES
#define BYTES 16
#endif

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static void take_tail(double *to, const double *from, long skip,
                                                 long bytes) {
  memmove(to, (const char *)from + skip, bytes);
}

__attribute__((noinline)) double f(const double *x, long skip, long bytes) {
  double y[4] = {0, 0, 0, 0};
  take_tail(y, x, skip, bytes);
  return y[0] * y[0] + 3 * y[1] + x[0] * x[3];
}

int main(void) {
  double x[4] = {1, 2, 3, 4}, dx[4] = {0, 0, 0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (long)SKIP, enzyme_const,
                    (long)BYTES);
  printf("gradient %g %g %g %g\n", dx[0], dx[1], dx[2], dx[3]);
  return 0;
}
