// The tape's out-of-line growth (enzyme_opt.tape.grow) preserves every
// register for its callers (preserve_allcc), so it must save them as wide as
// its callers use them.  Compiled for plain x86-64 beside AVX2 callers, and
// even for AVX2 (LLVM ends such a function with a `vzeroupper`, clearing the
// upper lanes it just restored), it lost lanes 2 and 3 of the YMM registers
// a vectorized reverse loop kept across it: dx[2], dx[7], ... came out 0 at
// clang-19 -O2 -mavx2, exit status 0.  Now it takes its callers' target
// attributes with `-vzeroupper`; where callers differ (-DMIXED: one function
// with `target("avx2")`, one without) it takes the C convention instead.
// RUN: %clang -O2 -mavx2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck --check-prefix=SAME %s < %t.out.ll
// Typed pointers (clang 14) take the same path:
// RUN: %clang14 -O2 -mavx2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck --check-prefix=SAME14 %s < %t14.out.ll
// RUN: %if avx2 %{ %clang14 -O2 -mavx2 %t14.out.ll -o %t14.exe -lm %}
// RUN: %if avx2 %{ %t14.exe %}
// RUN: %clang -O2 -mavx2 -S -emit-llvm -DMIXED %s -o %t.mixed.ll
// RUN: enzyme-opt %t.mixed.ll -o %t.mixed.out.ll
// RUN: FileCheck --check-prefix=MIXED %s < %t.mixed.out.ll
// Without "target-features" (rustc's and flang's output), the command line's
// -mavx2 would apply to the callers: the C convention too.
// RUN: sed -e 's/"target-features"="[^"]*"//' %t.ll > %t.nofeatures.ll
// RUN: enzyme-opt %t.nofeatures.ll -o %t.nofeatures.out.ll
// RUN: FileCheck --check-prefix=MIXED %s < %t.nofeatures.out.ll
// RUN: %if avx2 %{ %clang -O2 -mavx2 %t.nofeatures.out.ll -o %t.nofeatures.exe -lm %}
// RUN: %if avx2 %{ %t.nofeatures.exe %}
// RUN: %if avx2 %{ %clang -O2 -mavx2 %t.out.ll -o %t.exe -lm %}
// RUN: %if avx2 %{ %t.exe %}
// RUN: %if avx2 %{ %clang -O2 -mavx2 %t.mixed.out.ll -o %t.mixed.exe -lm %}
// RUN: %if avx2 %{ %t.mixed.exe %}
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
enum { N = 29 };
double G[N];
int C[N];

// Each kept x[i]^2 scaled by i + 1, through a global: clang vectorizes the
// conditional store into masked stores, the reverse loop keeps a YMM value
// across the tape's first growth.
#ifdef MIXED
__attribute__((noinline, target("avx2"))) double kept(const double *x) {
#else
__attribute__((noinline)) double kept(const double *x) {
#endif
  for (int i = 0; i < N; i++)
    if (C[i]) G[i] = x[i] * x[i];
  double s = 0;
  for (int i = 0; i < N; i++) s += G[i] * (i + 1);
  return s;
}

#ifdef MIXED
__attribute__((noinline, target("no-avx"))) double plain(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) { s += x[i] * x[i] * x[i]; x[i] = 0; }
  return s;
}
#endif

int main(void) {
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++) { x[i] = sin(i + 1.0); C[i] = i % 3 != 0; }
  __enzyme_autodiff((void *)kept, x, dx);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += fabs(dx[i] - (C[i] ? 2 * x[i] * (i + 1) : 0)) > 1e-12;
#ifdef MIXED
  double y[N], dy[N] = {0};
  for (int i = 0; i < N; i++) y[i] = 0.5 + i;
  __enzyme_autodiff((void *)plain, y, dy, N);
  for (int i = 0; i < N; i++)
    bad += fabs(dy[i] - 3 * (0.5 + i) * (0.5 + i)) > 1e-9;
#endif
  if (bad) printf("%d wrong entries\n", bad);
  return bad != 0;
}

// From clang 19 on, the growth returns the new base (tape.py `_grow_returns`);
// from clang 14, whose preserve_allcc restores RAX, it stores it at its
// third argument.
// SAME: call preserve_allcc ptr @enzyme_opt.tape.grow(
// SAME: define internal preserve_allcc noalias ptr @enzyme_opt.tape.grow({{.*}}) noinline nounwind cold {{.*}}"target-features"="+avx,+avx2,{{[^"]*}},-vzeroupper"
// MIXED-NOT: preserve_allcc
// MIXED: define internal noalias ptr @enzyme_opt.tape.grow({{.*}}) noinline nounwind cold {
// SAME14: call preserve_allcc void @enzyme_opt.tape.grow(
// SAME14: define internal preserve_allcc void @enzyme_opt.tape.grow({{.*}}) noinline nounwind cold {{.*}}"target-features"="+avx,+avx2,{{[^"]*}},-vzeroupper"
