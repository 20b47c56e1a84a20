// (C++, compiled with -x c++: the lit suffixes are .ll and .c)
// A static std::vector used as a workspace by the differentiated function:
// its elements are the memory a global (with no shadow: three pointers)
// points to.  At -O2 the stores are through a pointer loaded from the
// global (refused already); at -O0 they go through `operator[](&work, i)`,
// whose result had no shadow and was not traced to the global: the
// derivative was dropped, gradient 0 for 2 x sum (i+1)^2, exit 0 (clang 14
// and 19).  Refused now at -O0 too.  A global vector that main fills and
// the function only reads stays accepted.  With -DSLOT, a helper returning a
// pointer into a buffer a static pointer holds (`*slot(2) = x * x; return
// *slot(2) * x`): 2.25 for 6.75 at -O0 and -O2; refused likewise.
// RUN: %clang -x c++ -std=c++17 -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: not enzyme-opt %t19-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -x c++ -std=c++17 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: not enzyme-opt %t14-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -x c++ -std=c++17 -O2 -S -emit-llvm %s -o %t19-2.ll
// RUN: not enzyme-opt %t19-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -x c++ -std=c++17 -O0 -DACCEPTED -S -emit-llvm %s -o %t19-ok.ll
// RUN: enzyme-opt %t19-ok.ll -o %t.ok.ll
// RUN: %clang14 -x c++ -std=c++17 -O0 -DACCEPTED -S -emit-llvm %s -o %t14-ok.ll
// RUN: enzyme-opt %t14-ok.ll -o %t.ok14.ll
// RUN: %clang -x c++ -std=c++17 -O0 -DSLOT -S -emit-llvm %s -o %t19-slot.ll
// RUN: not enzyme-opt %t19-slot.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=SLOT
// RUN: %clang14 -x c++ -std=c++17 -O2 -DSLOT -S -emit-llvm %s -o %t14-slot.ll
// RUN: not enzyme-opt %t14-slot.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=SLOT
// SLOT: error: cannot differentiate a store of an active value through the pointer held by global '@_ZL6store_'
// CHECK: error: cannot differentiate a store of an active value through the pointer held by global '@_ZZ9workspacediE4work'
#include <vector>
#include <cmath>
extern "C" double __enzyme_autodiff(void *, ...);
std::vector<double> table;
__attribute__((noinline)) double use_table(double x) {
  double s = 0;
  for (size_t i = 0; i < table.size(); i++) s += table[i] * std::sin(x * i);
  return s;
}
#if defined(SLOT)
#include <cstdlib>
static double *store_;
__attribute__((noinline)) double *slot(int i) {
  if (!store_) store_ = (double *)calloc(8, sizeof(double));
  return &store_[i];
}
__attribute__((noinline)) double workspace(double x, int n) {
  *slot(n) = x * x;
  return *slot(n) * x;
}
#elif !defined(ACCEPTED)
__attribute__((noinline)) double workspace(double x, int n) {
  static std::vector<double> work;
  work.resize(n);
  for (int i = 0; i < n; i++) work[i] = x * (i + 1);
  double s = 0;
  for (int i = 0; i < n; i++) s += work[i] * work[i];
  return s;
}
#endif
int main() {
  for (int i = 0; i < 5; i++) table.push_back(0.5 * i);
  double g = __enzyme_autodiff((void *)use_table, 0.7);
#ifndef ACCEPTED
  g += __enzyme_autodiff((void *)workspace, 0.7, 4);
#endif
  return g > 0;
}
