// A loop that may leave for blocks that never return (push_back's length
// error throws once reserve() has checked n; operator new may unwind) is still
// bounded by its counter's test: no run that returns has more iterations
// than the test allows, so its tape room is reserved once and its pushes
// go unchecked (tools/perfhunt cxx_temp_vector: 1.49x the reference's
// instructions before, 1.43x after).  A loop that may leave by a `return`
// from inside has runs the reverse pass follows: it stays checked.
// RUN: %clang -x c++ -std=c++17 -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <cmath>
#include <vector>
extern int enzyme_dup, enzyme_const;
extern "C" double __enzyme_autodiff(void *, ...);

double smoothed(const double *x, int n) {
  std::vector<double> s;
  s.reserve(n);
  for (int i = 0; i < n; i++) s.push_back(std::sin(x[i]) * x[i]);
  double t = 0;
  for (double v : s) t += v * v;
  return t;
}

double smoothed_until(const double *x, int n) {
  std::vector<double> s;
  double t = 0;
  for (int i = 0; i < n; i++) {
    if (x[i] > 1e300)
      return t;
    s.push_back(std::sin(x[i]) * x[i]);
    t += s.back() * s.back();
  }
  return t;
}

void grads(double *x, double *dx, int n) {
  __enzyme_autodiff((void *)smoothed, enzyme_dup, x, dx, enzyme_const, n);
  __enzyme_autodiff((void *)smoothed_until, enzyme_dup, x, dx, enzyme_const, n);
}

// CHECK-LABEL: define internal {{.*}}@diffe__Z8smoothedPKdi(
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: call ptr @enzyme_opt.tape.push.reserved(
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe__Z14smoothed_untilPKdi(
// CHECK-NOT: call void @enzyme_opt.tape.reserve(
// CHECK: call ptr @enzyme_opt.tape.push(
// CHECK: {{^}}}
