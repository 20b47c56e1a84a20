// A copy of bytes nothing types (a `void *` buffer copied by memcpy at -O0)
// is differentiated as a byte move on the condition, checked when the
// gradient runs, that the source's shadow holds only zeros when the reverse
// pass reaches the copy: true when the source is freed right after (see
// tests/e2e/memory/untyped_growth_copy.c).  Here the old buffer is read
// again after the copy, so its shadow holds that read's adjoint there: the
// program must stop with the located message instead of returning a
// gradient that lost it.
// RUN: %clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: %clang -O0 %t.out.ll -o %t.exe -lm
// RUN: not --crash %t.exe > %t.stdout 2> %t.stderr
// RUN: FileCheck %s < %t.stderr
// RUN: FileCheck --allow-empty --check-prefix=NOGRADIENT %s < %t.stdout
// RUN: %clang14 -O0 -g -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: %clang14 -O0 %t14.out.ll -o %t14.exe -lm
// RUN: not --crash %t14.exe 2>&1 | FileCheck %s
// The safe shape in the same program still runs: with KEEP_OLD 0 the
// gradient is printed (and right: checked against central differences).
// RUN: %clang -O0 -DKEEP_OLD=0 -S -emit-llvm %s -o %t.safe.ll
// RUN: enzyme-opt %t.safe.ll -o %t.safe.out.ll
// RUN: %clang -O0 %t.safe.out.ll -o %t.safe.exe -lm
// RUN: %t.safe.exe | FileCheck --check-prefix=SAFE %s

// CHECK: enzyme-opt: {{.*}}untyped-copy-runtime-check.c:[[@LINE+19]]:{{[0-9]+}}: error: cannot differentiate the copy of bytes of unknown type by 'llvm.memcpy{{.*}}': it was differentiated on the condition that the source's shadow holds only zeros in the reverse pass (a block copied, then freed), which failed at run time
// NOGRADIENT-NOT: gradient
// SAFE: gradient ok
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef KEEP_OLD
#define KEEP_OLD 1
#endif

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

typedef struct { void *data; size_t bytes; } buffer;

__attribute__((noinline)) static void clone(buffer *to, const buffer *from) {
  to->data = malloc(from->bytes);
  memcpy(to->data, from->data, from->bytes);
  to->bytes = from->bytes;
}

double f(const double *x, int n) {
  buffer a = {malloc(n * sizeof(double)), n * sizeof(double)}, b;
  void *old = a.data;
  for (int i = 0; i < n; i++) ((double *)old)[i] = sin(x[i]);
  clone(&b, &a);
  void *copy = b.data;
  double s = 0;
  for (int i = 0; i < n; i++) s += ((double *)copy)[i] * ((double *)copy)[i];
  if (KEEP_OLD)
    s += ((double *)old)[0];
  free(old);
  free(copy);
  return s;
}

int main(void) {
  double x[4] = {0.5, 1.1, -0.3, 0.8}, dx[4] = {0}, h = 1e-6;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 4);
  int ok = 1;
  for (int k = 0; k < 4; k++) {
    double v = x[k];
    x[k] = v + h; double fp = f(x, 4);
    x[k] = v - h; double fm = f(x, 4);
    x[k] = v;
    double fd = (fp - fm) / (2 * h);
    if (fabs(fd - dx[k]) > 1e-6 * (1 + fabs(fd))) ok = 0;
  }
  printf("gradient %s\n", ok ? "ok" : "WRONG");
  return !ok;
}
