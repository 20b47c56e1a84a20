// A global passed to __enzyme_autodiff / __enzyme_fwddiff as a duplicated
// argument with the caller's shadow, that the function also names directly
// (`p[0] * G[1]` with p = G): the derivatives of the direct uses went to
// the global's own shadow global, the caller's dG missed them (reverse
// 2 0 0 for 2 1 0, the tangent likewise; exit 0; Enzyme too).  Refused at
// the call, at clang 14 and 19, -O0 and -O2, both modes (the direct use in
// a callee too).  A global passed to a function that reaches it only
// through its argument stays accepted.
// RUN: %clang -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: not enzyme-opt %t19-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t19-2.ll
// RUN: not enzyme-opt %t19-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: not enzyme-opt %t14-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14-2.ll
// RUN: not enzyme-opt %t14-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -DFORWARD -S -emit-llvm %s -o %t19-fwd.ll
// RUN: not enzyme-opt %t19-fwd.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O0 -DIN_CALLEE -S -emit-llvm %s -o %t19-callee.ll
// RUN: not enzyme-opt %t19-callee.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -DACCEPTED -S -emit-llvm %s -o %t19-ok.ll
// RUN: enzyme-opt %t19-ok.ll -o %t.ok.ll
// RUN: %clang14 -O0 -DACCEPTED -S -emit-llvm %s -o %t14-ok.ll
// RUN: enzyme-opt %t14-ok.ll -o %t.ok14.ll
// CHECK: error: argument 1 of 'f' is global '@G', duplicated with the shadow passed, and 'f' also uses '@G' directly
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double G[3] = {1, 2, 3};

#ifdef IN_CALLEE
__attribute__((noinline)) double second(void) { return G[1]; }
__attribute__((noinline)) double f(double *p) { return p[0] * second(); }
#elif defined(ACCEPTED)
__attribute__((noinline)) double f(double *p) { return p[0] * p[1]; }
#else
__attribute__((noinline)) double f(double *p) { return p[0] * G[1]; }
#endif

int main(void) {
  double dG[3] = {0};
  G[2] = 3;
#ifdef FORWARD
  return __enzyme_fwddiff((void *)f, enzyme_dup, G, dG) > 0;
#else
  __enzyme_autodiff((void *)f, enzyme_dup, G, dG);
  return dG[0] > 0;
#endif
}
