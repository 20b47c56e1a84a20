// A path index alone in its tape entry, beside the loop's 8-byte entries,
// is taped as an i64 (instrument._taped_type): the entry takes 8 bytes
// anyway, and stores of one size let LLVM vectorize the pushing loop as one
// interleaved group (an i8 store among doubles kept tools/perfhunt
// logreg_branch's forward loop scalar: vec 5% more instructions).  Its
// three-way join gives an i8 index, widened on the push and narrowed on the
// pop.  The gradient is checked against the closed form, at -O2 with
// clang's vectorizer, both clangs.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.exe -lm && %t.exe
// RUN: %clang14 -O2 -ffast-math -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck %s < %t14.out.ll
// RUN: %clang14 -O2 %t14.out.ll -o %t14.exe -lm && %t14.exe
// CHECK-LABEL: define internal {{.*}}@diffe_f(
// CHECK: phi i8 [ 0, %{{[0-9]+}} ], [ 1, %{{[0-9]+}} ], [ 2, %{{[0-9]+}} ]
// CHECK: %[[PUSH:tape.push[.0-9]*]] = call {{.*}}@enzyme_opt.tape.push{{.*}}({{.*}}, i64 8)
// CHECK-NEXT: %[[SAVED:saved[.0-9]*]] = load i8,
// CHECK-NEXT: %[[WIDE:saved.wide[.0-9]*]] = zext i8 %[[SAVED]] to i64
// CHECK: store i64 %[[WIDE]], {{.*}}, align 1
// CHECK: %[[POP:tape.pop[.0-9]*]] = call {{.*}}@enzyme_opt.tape.pop({{.*}}, i64 8)
// CHECK: %[[RESTORED:restored[.0-9]*]] = load i64, {{.*}}, align 1
// CHECK-NEXT: trunc i64 %[[RESTORED]] to i8
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double f(const double *z, const double *t, int n) {
  double clip = 0, nll = 0;
  for (int i = 0; i < n; i++) {
    nll += log1p(exp(-z[i]));
    double r = z[i] - t[i];
    if (r > 1.0) clip += 2.0 * r - 1.0;
    else if (r < -1.0) clip -= 2.0 * r + 1.0;
    else clip += r * r;
  }
  return nll / n + 0.5 * clip;
}

enum { N = 40 };
int main(void) {
  double z[N], t[N], dz[N] = {0};
  for (int i = 0; i < N; i++) z[i] = 2 * sin(0.7 * i), t[i] = 1.5 * cos(0.3 * i);
  __enzyme_autodiff((void *)f, enzyme_dup, z, dz, enzyme_const, t, enzyme_const, N);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double r = z[i] - t[i];
    double want = -1.0 / (1.0 + exp(z[i])) / N + (r > 1.0 ? 1.0 : r < -1.0 ? -1.0 : r);
    if (fabs(dz[i] - want) > 1e-9 * (1 + fabs(want))) {
      printf("MISMATCH dz[%d]: got %.12g, want %.12g\n", i, dz[i], want);
      bad = 1;
    }
  }
  return bad;
}
