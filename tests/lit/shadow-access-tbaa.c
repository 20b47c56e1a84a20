// The reverse pass's loads and stores of a shadow carry the TBAA tag of the
// primal access they mirror (adjoints.py `_typed_like`): the shadow holds
// the same type there.  With it LLVM tells the tape (tagged as its own
// types) from the shadows, and keeps a reverse loop's adjoint sums in
// registers across its tape reads (tools/perfhunt/pinball.c vectorized:
// 1.12 -> 1.00 of the reference's instructions).
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck %s < %t14.out.ll
// Without TBAA (-fno-strict-aliasing) the shadow accesses get none either.
// RUN: %clang -O2 -fno-strict-aliasing -S -emit-llvm %s -o %tn.ll
// RUN: enzyme-opt %tn.ll -o %tn.out.ll
// RUN: FileCheck --check-prefix=NONE %s < %tn.out.ll
// CHECK-LABEL: define internal {{.*}}@diffe_wsum(
// CHECK: [[OLD:%[0-9]+]] = load float, {{ptr|float\*}} %"ptr'{{[^"]*}}", align 4, !tbaa [[FLT:![0-9]+]]
// CHECK: store float {{%[0-9]+}}, {{ptr|float\*}} %"ptr'{{[^"]*}}", align 4, !tbaa [[FLT]]
// CHECK: load double, {{ptr|double\*}} %"ptr'{{[^"]*}}", align 8, !tbaa [[DBL:![0-9]+]]
// CHECK: store double {{%[0-9]+}}, {{ptr|double\*}} %"ptr'{{[^"]*}}", align 8, !tbaa [[DBL]]
// CHECK-DAG: [[DBL]] = !{[[DBLT:![0-9]+]], [[DBLT]], i64 0}
// CHECK-DAG: [[DBLT]] = !{!"double",
// CHECK-DAG: [[FLT]] = !{[[FLTT:![0-9]+]], [[FLTT]], i64 0}
// CHECK-DAG: [[FLTT]] = !{!"float",
// NONE-LABEL: define internal {{.*}}@diffe_wsum(
// NONE: load double, ptr %"ptr'{{[^"]*}}", align 8{{$}}
// NONE: store double {{%[0-9]+}}, ptr %"ptr'{{[^"]*}}", align 8{{$}}
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double wsum(const double *w, const float *x, const int *idx, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += w[idx[i]] * x[i] * x[i];
  return s;
}
void grad(const double *w, double *dw, const float *x, float *dx, const int *idx, int n) {
  __enzyme_autodiff((void *)wsum, enzyme_dup, w, dw, enzyme_dup, x, dx, enzyme_const, idx, n);
}
