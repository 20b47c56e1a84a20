// A call of an ifunc calls whatever function its resolver returns when the
// program is loaded: nothing here says which, so a call that can pass
// derivatives is refused, in both modes.  Before, reverse mode compiled and
// the program stopped at run time (the callee was none of the module's
// functions).  clang -O2 resolves this ifunc itself and differentiates.
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: not enzyme-opt %t0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O0 -DFORWARD -S -emit-llvm %s -o %t.fwd.ll
// RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14.ll
// RUN: not enzyme-opt %t14.ll -o %t14.out.ll 2>&1 | FileCheck %s
// CHECK: error: cannot differentiate a call of ifunc '@cube': its resolver picks the function called when the program is loaded in function 'f'
// CHECK-NEXT: call double @cube(
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
static double cube_impl(double x) { return x * x * x; }
static double (*resolve_cube(void))(double) { return cube_impl; }
double cube(double) __attribute__((ifunc("resolve_cube")));
double f(double x) { return cube(x) * 2; }
#ifdef FORWARD
double df(double x) { return __enzyme_fwddiff((void *)f, x, 1.0); }
#else
double df(double x) { return __enzyme_autodiff((void *)f, x); }
#endif
