// lgamma's value only the dropped result needs: its call is dropped from the
// gradient like any math call whose errno nobody reads (a Poisson
// likelihood's constant lgamma(k + 1); tools/perfhunt/poisson_reg.c, 1.44x
// the reference's instructions before).  Where the module names signgam,
// which lgamma sets, it stays (SIGNGAM).  Gradients: e2e
// reverse/lgamma_signgam.c.
// RUN: %clang -O2 -ffast-math -fno-vectorize -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o - | FileCheck %s
// RUN: %clang -O2 -ffast-math -fno-vectorize -DSIGNGAM -S -emit-llvm %s -o %ts.ll
// RUN: enzyme-opt %ts.ll -o - | FileCheck --check-prefix=SIGNGAM %s
// CHECK-LABEL: define internal {{.*}}@diffe_nll(
// CHECK-NOT: lgamma
// CHECK: ret
// SIGNGAM-LABEL: define internal {{.*}}@diffe_nll(
// SIGNGAM: call {{.*}}@lgamma(
// SIGNGAM: ret
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double nll(const double *w, const double *k, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(w[i]) - k[i] * w[i] + lgamma(k[i] + 1);
  return s;
}
void grad(const double *w, double *dw, const double *k, int n) {
  __enzyme_autodiff((void *)nll, enzyme_dup, w, dw, enzyme_const, k, enzyme_const, n);
}
#ifdef SIGNGAM
extern int signgam;
int sign(void) { return signgam; }
#endif
