// A weak alias may be replaced at link time by another module's definition,
// so the memory it names is not known when differentiating: no shadow can
// stand for it.  Storing a derivative-carrying value through one is refused
// (before, -O0 gave 2.25 for 6.75 with exit status 0), in both modes, and
// no output file is written.  A non-weak alias is the global it names
// (tests/e2e/memory/global_aliases.c).  Nor can a weak alias of a function
// name the function an API call differentiates.
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: rm -f %t.out.ll
// RUN: not enzyme-opt %t0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.out.ll
// RUN: %clang -O0 -DFORWARD -S -emit-llvm %s -o %t.fwd.ll
// RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14.ll
// RUN: not enzyme-opt %t14.ll -o %t14.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -DAPI -S -emit-llvm %s -o %t.api.ll
// RUN: not enzyme-opt %t.api.ll -o %t.api.out.ll 2>&1 | FileCheck %s --check-prefix=API
// API: error: the first argument of an Enzyme call must be a function known at compile time: '@fw' is a weak alias, which the linker may replace with another definition in function 'df'
// CHECK: error: cannot differentiate through '@ga': it is a weak alias, which the linker may replace with another definition, so which memory it names is not known here in function 'f'
// CHECK-NEXT: store double {{.*}} @ga
double g;
extern double ga __attribute__((weak, alias("g")));
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double f(double x) { ga = x * x; return ga * x; }
#if defined(API)
extern double fw(double) __attribute__((weak, alias("f")));
double df(double x) { return __enzyme_autodiff((void *)fw, x); }
#elif defined(FORWARD)
double df(double x) { return __enzyme_fwddiff((void *)f, x, 1.0); }
#else
double df(double x) { return __enzyme_autodiff((void *)f, x); }
#endif
