// Forward mode where the function reads errno and its tangent calls a math
// function that may set it (erf's tangent calls exp, which underflows at
// x = 30 and sets ERANGE before the function's own test): refused, from C
// at clang 14 and 19, -O0..-O3 (forward-reads-errno.ll has the IR shapes).
// The forward cases errno accepts stay accepted
// (tests/e2e/reverse/errno_chooses_path.c, errno_via_printf.c); the same
// function in reverse mode is accepted (its derivative runs after the test).
// RUN: %clang -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: not enzyme-opt %t19-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O1 -S -emit-llvm %s -o %t19-1.ll
// RUN: not enzyme-opt %t19-1.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t19-2.ll
// RUN: not enzyme-opt %t19-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O3 -S -emit-llvm %s -o %t19-3.ll
// RUN: not enzyme-opt %t19-3.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: not enzyme-opt %t14-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O1 -S -emit-llvm %s -o %t14-1.ll
// RUN: not enzyme-opt %t14-1.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14-2.ll
// RUN: not enzyme-opt %t14-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O3 -S -emit-llvm %s -o %t14-3.ll
// RUN: not enzyme-opt %t14-3.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -DREVERSE -S -emit-llvm %s -o %t19-rev.ll
// RUN: enzyme-opt %t19-rev.ll -o %t.rev.out.ll
// RUN: %clang14 -O0 -DREVERSE -S -emit-llvm %s -o %t14-rev.ll
// RUN: enzyme-opt %t14-rev.ll -o %t.rev14.out.ll
// CHECK: error: cannot differentiate in forward mode a function that reads errno (through '__errno_location'): the tangent's own math calls
#include <errno.h>
#include <math.h>
#include <stdio.h>

double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);

static double f(double x) {
  errno = 0;
  double r = erf(x);
  if (errno != 0) return 5.0 * x;
  return r + x;
}

int main(void) {
#ifdef REVERSE
  printf("%g\n", __enzyme_autodiff((void *)f, 30.0));
#else
  printf("%g\n", __enzyme_fwddiff((void *)f, 30.0, 1.0));
#endif
  return 0;
}
