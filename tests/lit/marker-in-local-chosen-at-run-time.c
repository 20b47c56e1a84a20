// clang -O0 keeps `int m = which ? enzyme_dup : enzyme_dupnoneed;` in a stack
// slot: the phi of the two markers' loads is stored once and loaded for the
// call.  main refused it with "argument 3 of 'k1' is a double, but an i32
// was passed" (the unseen marker was read as the next argument).  The slot
// is now seen through and the call split into one call per marker, as clang
// -O2's merged calls are (transforms/call_per_choice.py).  A local set in
// both arms of an if (mode TWO, two stores) is promoted to a phi and split
// the same way.  Both arms run (argument 0 and 1), in reverse (DUP, TWO),
// forward (FWD), with out/const on a scalar (OUT), and with the function
// itself chosen by a ternary into a local (FN); closed forms.  A local set
// in one arm only (mode UNSET), a ternary of a marker and a plain int (mode
// PLAIN) and a marker handed to a function as its parameter (mode PARAM,
// -O0 and -O2) stay refused, now saying so.
// RUN: %clang -O0 -DMODE=DUP -S -emit-llvm %s -o %t.dup.ll
// RUN: enzyme-opt %t.dup.ll -o %t.dup.out.ll
// RUN: %lli %t.dup.out.ll 0 | FileCheck %s
// RUN: %lli %t.dup.out.ll 1 | FileCheck %s
// RUN: %clang14 -O0 -DMODE=DUP -S -emit-llvm %s -o %t.dup14.ll
// RUN: enzyme-opt %t.dup14.ll -o %t.dup14.out.ll
// RUN: %lli %t.dup14.out.ll 0 | FileCheck %s
// RUN: %lli %t.dup14.out.ll 1 | FileCheck %s
// RUN: %clang -O2 -DMODE=DUP -S -emit-llvm %s -o %t.dupo2.ll
// RUN: enzyme-opt %t.dupo2.ll -o %t.dupo2.out.ll
// RUN: %lli %t.dupo2.out.ll 0 | FileCheck %s
// RUN: %lli %t.dupo2.out.ll 1 | FileCheck %s
// RUN: %clang -O0 -DMODE=FWD -S -emit-llvm %s -o %t.fwd.ll
// RUN: enzyme-opt %t.fwd.ll -o %t.fwd.out.ll
// RUN: %lli %t.fwd.out.ll 0 | FileCheck %s
// RUN: %lli %t.fwd.out.ll 1 | FileCheck %s
// RUN: %clang14 -O0 -DMODE=OUT -S -emit-llvm %s -o %t.out.ll
// RUN: enzyme-opt %t.out.ll -o %t.out.out.ll
// RUN: %lli %t.out.out.ll 0 | FileCheck %s
// RUN: %lli %t.out.out.ll 1 | FileCheck %s
// RUN: %clang -O0 -DMODE=FN -S -emit-llvm %s -o %t.fn.ll
// RUN: enzyme-opt %t.fn.ll -o %t.fn.out.ll
// RUN: %lli %t.fn.out.ll 0 | FileCheck %s
// RUN: %lli %t.fn.out.ll 1 | FileCheck %s
// RUN: %clang -O0 -DMODE=TWO -S -emit-llvm %s -o %t.two.ll
// RUN: enzyme-opt %t.two.ll -o %t.two.out.ll
// RUN: %lli %t.two.out.ll 0 | FileCheck %s
// RUN: %lli %t.two.out.ll 1 | FileCheck %s
// RUN: %clang14 -O0 -DMODE=TWO -S -emit-llvm %s -o %t.two14.ll
// RUN: enzyme-opt %t.two14.ll -o %t.two14.out.ll
// RUN: %lli %t.two14.out.ll 0 | FileCheck %s
// RUN: %lli %t.two14.out.ll 1 | FileCheck %s
// A first value overwritten in both arms (mode INIT, `int m = 0;`) is no
// choice: it was refused, with advice to do what the program does (lead50).
// RUN: %clang -O0 -DMODE=INIT -S -emit-llvm %s -o %t.init.ll
// RUN: enzyme-opt %t.init.ll -o %t.init.out.ll
// RUN: %lli %t.init.out.ll 0 | FileCheck %s
// RUN: %lli %t.init.out.ll 1 | FileCheck %s
// RUN: %clang14 -O0 -DMODE=INIT -S -emit-llvm %s -o %t.init14.ll
// RUN: enzyme-opt %t.init14.ll -o %t.init14.out.ll
// RUN: %lli %t.init14.out.ll 0 | FileCheck %s
// RUN: %lli %t.init14.out.ll 1 | FileCheck %s
// RUN: %clang -O0 -DMODE=UNSET -S -emit-llvm %s -o %t.unset.ll
// RUN: not enzyme-opt %t.unset.ll -o %t.unset.out.ll 2>&1 | FileCheck --check-prefix=UNSET %s
// RUN: %clang -O0 -DMODE=PLAIN -S -emit-llvm %s -o %t.plain.ll
// RUN: not enzyme-opt %t.plain.ll -o %t.plain.out.ll 2>&1 | FileCheck --check-prefix=PLAIN %s
// RUN: %clang -O0 -DMODE=PARAM -S -emit-llvm %s -o %t.param.ll
// RUN: not enzyme-opt %t.param.ll -o %t.param.out.ll 2>&1 | FileCheck --check-prefix=PARAM %s
// RUN: %clang -O2 -DMODE=PARAM -S -emit-llvm %s -o %t.param2.ll
// RUN: not enzyme-opt %t.param2.ll -o %t.param2.out.ll 2>&1 | FileCheck --check-prefix=PARAM %s
// CHECK: ok
// PARAM: .ll:{{[0-9]+}}:3: error: the marker before argument 1 of 'k1' is chosen at run time (passed in as parameter 1 of 'run', among enzyme_dup, enzyme_dupnoneed)
// UNSET: .ll:{{[0-9]+}}:3: error: the marker before argument 1 of 'k1' is chosen at run time (held in a local variable set at run time, among enzyme_dup)
// PLAIN: .ll:{{[0-9]+}}:3: error: the marker before argument 1 of 'k1' is chosen at run time (held in a local variable set at run time, among enzyme_dup)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define DUP 1
#define FWD 2
#define OUT 3
#define FN 4
#define TWO 5
#define PLAIN 6
#define UNSET 7
#define PARAM 8
#define INIT 9
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
/* f = sum x[i]^2 a + x[0] a (x[0] read after the update), x scaled by a */
double k1(double *x, int n, double a) {
  double s = 0;
  for (int i = 0; i < n; i++) { s += x[i] * x[i] * a; x[i] = x[i] * a; }
  return s + x[0];
}
/* g = 3 f */
double k3(double *x, int n, double a) { return 3 * k1(x, n, a); }

#if MODE == PARAM
__attribute__((noinline)) void run(int m, double *x, double *dx, double a) {
  __enzyme_autodiff((void *)k1, m, x, dx, enzyme_const, 3, enzyme_const, a);
}
#endif

int main(int argc, char **argv) {
  int which = argc > 1 ? atoi(argv[1]) : 0;
  double x0[3] = {0.5, 1.5, -0.7}, x[3] = {0.5, 1.5, -0.7}, dx[3] = {0, 0, 0};
  double a = 1.3, got_a = 0, want_a = 0, want_dx[3], scale = 1;
  int n = 3, noneed = 0, bad = 0;
  for (int i = 0; i < 3; i++) want_a += x0[i] * x0[i];
  want_a += x0[0];
#if MODE == DUP || MODE == TWO || MODE == PLAIN || MODE == UNSET || MODE == INIT
#if MODE == DUP
  int m = which ? enzyme_dup : enzyme_dupnoneed;
#elif MODE == TWO
  int m;
  if (which) m = enzyme_dup; else m = enzyme_dupnoneed;
#elif MODE == UNSET
  int m = 0;
  if (which) m = enzyme_dup;
#elif MODE == INIT
  int m = 0;
  if (which) m = enzyme_dup; else m = enzyme_dupnoneed;
#else
  int m = which ? enzyme_dup : 3;
#endif
  __enzyme_autodiff((void *)k1, m, x, dx, enzyme_const, n, enzyme_const, a);
  noneed = !which;
#elif MODE == PARAM
  run(which ? enzyme_dup : enzyme_dupnoneed, x, dx, a);
  noneed = !which;
#elif MODE == FWD
  /* tangent along a only: d f / d a */
  int m = which ? enzyme_dup : enzyme_dupnoneed;
  double t = __enzyme_fwddiff((void *)k1, m, x, dx, enzyme_const, n, enzyme_dup, a, 1.0);
  if (fabs(t - want_a) > 1e-12) { printf("tangent %g want %g\n", t, want_a); bad = 1; }
  for (int i = 0; i < 3; i++)   /* x[i] = x[i] a: its tangent is x0[i] */
    if (fabs(dx[i] - x0[i]) > 1e-12) { printf("tx[%d] %g want %g\n", i, dx[i], x0[i]); bad = 1; }
  noneed = !which;
#elif MODE == OUT
  int m = which ? enzyme_out : enzyme_const;
  got_a = __enzyme_autodiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, m, a);
  if (fabs(got_a - (which ? want_a : 0)) > 1e-12) {
    printf("da %g want %g\n", got_a, which ? want_a : 0); bad = 1; }
#elif MODE == FN
  void *f = which ? (void *)k3 : (void *)k1;
  __enzyme_autodiff(f, enzyme_dup, x, dx, enzyme_const, n, enzyme_const, a);
  scale = which ? 3 : 1;
#endif
#if MODE != FWD
  for (int i = 0; i < 3; i++) {
    want_dx[i] = scale * (2 * x0[i] * a + (i == 0 ? a : 0));
    if (fabs(dx[i] - want_dx[i]) > 1e-12) { printf("dx[%d] %g want %g\n", i, dx[i], want_dx[i]); bad = 1; }
  }
#endif
  if (!noneed)
    for (int i = 0; i < 3; i++)
      if (fabs(x[i] - x0[i] * a) > 1e-12) { printf("x[%d] %g want %g\n", i, x[i], x0[i] * a); bad = 1; }
  printf("%s\n", bad ? "WRONG" : "ok");
  return bad;
}
