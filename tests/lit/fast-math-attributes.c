// A -ffast-math program keeps its floating-point relaxations after code
// is inlined into it: LLVM's inliner keeps "unsafe-fp-math" and its kin
// on a caller only if the inlined callee has them too, so the derivative
// functions take the primal's, and the tape helpers (no floating point of
// their own) claim them.  The derivative's math calls carry the primal's
// fast-math flags.
// RUN: %clang -O2 -ffast-math -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck --check-prefix=AD %s < %t.out.ll
// RUN: %opt -O2 -S %t.out.ll -o %t.opt.ll
// RUN: FileCheck --check-prefix=INLINED %s < %t.opt.ll
// RUN: %clang -O2 %t.opt.ll -o %t.exe -lm
// RUN: %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %clang14 -O2 -ffast-math -fno-unroll-loops -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck --check-prefix=AD %s < %t14.out.ll
// RUN: %clang14 -O2 %t14.out.ll -o %t14.exe -lm
// RUN: %t14.exe | FileCheck --check-prefix=OUT %s

// AD: define internal {{.*}}@diffe_f({{.*}}) {{.*}}"unsafe-fp-math"="true"
// AD: call fast {{.*}}cos
// AD: define internal {{.*}}@enzyme_opt.tape{{.*}} alwaysinline nounwind {{.*}}"unsafe-fp-math"="true"
// The tape helpers are inlined into the derivative, and it keeps its own.
// INLINED: define internal {{.*}}@diffe_f({{.*}} #[[DIFFE:[0-9]+]]
// INLINED-NOT: call {{.*}}@enzyme_opt.tape.push
// INLINED: attributes #[[DIFFE]] = { {{.*}}"no-signed-zeros-fp-math"="true"{{.*}}"unsafe-fp-math"="true"
// OUT: gradient ok
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

// x is overwritten in place, so the reverse pass keeps the old values.
double f(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    x[i] = sin(x[i]) * x[i];
    s += x[i] * x[i];
  }
  return s;
}

int main(int argc, char **argv) {
  int n = 8 + argc;
  double x[16], dx[16] = {0}, x0[16];
  for (int i = 0; i < n; i++) x0[i] = x[i] = 0.1 * i + 0.3;
  __enzyme_autodiff((void *)f, x, dx, n);
  int ok = 1;
  for (int i = 0; i < n; i++) {
    double y = sin(x0[i]) * x0[i];
    double want = 2 * y * (cos(x0[i]) * x0[i] + sin(x0[i]));
    if (fabs(dx[i] - want) > 1e-12 * (1 + fabs(want))) {
      printf("dx[%d] = %.17g, want %.17g\n", i, dx[i], want);
      ok = 0;
    }
  }
  printf("gradient %s\n", ok ? "ok" : "WRONG");
  return !ok;
}
