// clang -O1 and above sink the loads of `enzyme_dup` and `enzyme_dupnoneed`
// out of an if's two arms into one load from a phi of the two globals'
// addresses (clang 19 -O2, clang 14 -O2: `%m = phi ptr [@enzyme_dupnoneed,
// ..], [@enzyme_dup, ..]` then `load i32, ptr %m`).  The call was refused
// ("argument 3 of 'k1' is a double, but an i32 (3) was passed"): the marker
// was not seen through the load.  Such a call is now split back into one
// call per global, each arm loading its own marker.  Both arms run here
// (argument 0: dupnoneed, 1: dup), the gradient checked in closed form.
// MODE 4 picks the marker by a ternary.  A phi of a marker's address and
// another int's (mode 6) is still refused, with a location, and says so
// (at -O0 too, where the chosen address sits in a local).
// RUN: %clang -O2 -DMODE=1 -S -emit-llvm %s -o %t.o2.ll
// RUN: enzyme-opt %t.o2.ll -o %t.o2.out.ll
// RUN: %lli %t.o2.out.ll 0 | FileCheck %s
// RUN: %lli %t.o2.out.ll 1 | FileCheck %s
// RUN: %clang14 -O2 -DMODE=1 -S -emit-llvm %s -o %t.c14.ll
// RUN: enzyme-opt %t.c14.ll -o %t.c14.out.ll
// RUN: %lli %t.c14.out.ll 0 | FileCheck %s
// RUN: %lli %t.c14.out.ll 1 | FileCheck %s
// RUN: %clang14 -O2 -DMODE=4 -S -emit-llvm %s -o %t.m14.ll
// RUN: enzyme-opt %t.m14.ll -o %t.m14.out.ll
// RUN: %lli %t.m14.out.ll 0 | FileCheck %s
// RUN: %lli %t.m14.out.ll 1 | FileCheck %s
// RUN: %clang -O2 -DMODE=6 -S -emit-llvm %s -o %t.other.ll
// RUN: not enzyme-opt %t.other.ll -o %t.other.out.ll 2>&1 | FileCheck --check-prefix=OTHER %s
// RUN: %clang -O0 -DMODE=6 -S -emit-llvm %s -o %t.other0.ll
// RUN: not enzyme-opt %t.other0.ll -o %t.other0.out.ll 2>&1 | FileCheck --check-prefix=OTHER %s
// CHECK: ok
// OTHER: .ll:{{[0-9]+}}:3: error: the marker before argument 1 of 'k1' is chosen at run time (read through a pointer chosen at run time, among enzyme_dup)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int other_flag;
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
__attribute__((noinline)) double k1(double *x, int n, double a) {
  double s = 0; for (int i = 0; i < n; i++) { s += x[i] * x[i] * a; x[i] = x[i] * a; } return s + x[0];
}
int main(int argc, char **argv) {
  int which = argc > 1 ? atoi(argv[1]) : 0;
  double x0[3] = {0.5, 1.5, -0.7};
  double x[3] = {0.5, 1.5, -0.7}, dx[3] = {0, 0, 0};
  int n = 3; double a = 1.3; double ga = 0;
#if MODE == 0
  /* out vs const on the scalar */
  if (which) ga = __enzyme_autodiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, enzyme_out, a);
  else ga = __enzyme_autodiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, enzyme_const, a);
#elif MODE == 1
  /* dup vs dupnoneed on x */
  if (which) ga = __enzyme_autodiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, a);
  else ga = __enzyme_autodiff((void *)k1, enzyme_dupnoneed, x, dx, enzyme_const, n, a);
#elif MODE == 2
  /* dup vs const on x with scalar out */
  if (which) ga = __enzyme_autodiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, a);
  else ga = __enzyme_autodiff((void *)k1, enzyme_const, x, enzyme_const, n, a);
#elif MODE == 3
  /* marker chosen via ternary */
  int m = which ? enzyme_out : enzyme_const;
  ga = __enzyme_autodiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, m, a);
#elif MODE == 4
  int m = which ? enzyme_dup : enzyme_dupnoneed;
  ga = __enzyme_autodiff((void *)k1, m, x, dx, enzyme_const, n, a);
#elif MODE == 6
  int *m = which ? &enzyme_dup : &other_flag;
  ga = __enzyme_autodiff((void *)k1, *m, x, dx, enzyme_const, n, a);
#elif MODE == 5
  /* forward: dup vs dupnoneed on x */
  double t;
  if (which) t = __enzyme_fwddiff((void *)k1, enzyme_dup, x, dx, enzyme_const, n, enzyme_dup, a, 1.0);
  else t = __enzyme_fwddiff((void *)k1, enzyme_dupnoneed, x, dx, enzyme_const, n, enzyme_const, a);
  ga = t;
#endif
  /* f = sum x^2 a + x0 a */
  double ex[3], ea = 0;
  for (int i = 0; i < 3; i++) { ex[i] = 2 * x0[i] * a + (i == 0 ? a : 0); ea += x0[i]*x0[i]; }
  ea += x0[0];
  int bad = 0;
#if MODE == 5
  { double want = which ? ea : 0; /* dx zero so tangent only from a (which) */
    if (fabs(ga - want) > 1e-9) { printf("t %g want %g\n", ga, want); bad = 1; }
    if (which) for (int i = 0; i < 3; i++) if (fabs(dx[i] - x0[i]) > 1e-9) { printf("dx[%d] %g want %g\n", i, dx[i], x0[i]); bad = 1; } }
#else
  int xact = !(MODE == 2 && !which);
  int aact = (MODE == 0 || MODE == 3) ? which : !(MODE == 2 && !which) && 0;
  if (MODE == 1 || MODE == 4 || MODE == 2) aact = 0;
  for (int i = 0; i < 3; i++) if (xact && fabs(dx[i] - ex[i]) > 1e-9) { printf("dx[%d] %g want %g\n", i, dx[i], ex[i]); bad = 1; }
  if (aact && fabs(ga - ea) > 1e-9) { printf("ga %g want %g\n", ga, ea); bad = 1; }
  if (!aact && ga != 0 && (MODE == 0 || MODE == 3)) { printf("ga %g want 0\n", ga); bad = 1; }
  /* primal x must be updated unless dupnoneed */
  int noneed = (MODE == 1 || MODE == 4) && !which;
  if (!noneed) for (int i = 0; i < 3; i++) if (fabs(x[i] - x0[i] * a) > 1e-12) { printf("x[%d] %g want %g\n", i, x[i], x0[i]*a); bad = 1; }
#endif
  printf("%s\n", bad ? "WRONG" : "ok");
  return bad;
}
