// A table of pointers to globals (`double *slots[2] = {&ga, &gb}`,
// constant or not) read or written through at a run-time index, where ga
// is a global the code writes (it has a shadow) and the table has none:
// the load through it read no derivative (reverse and forward 2.25 for
// 6.75, exit 0), a store through the constant table dropped it (0 for 6);
// the non-constant table's store was refused already.  Both refused now,
// with the table named, at clang 14 and 19, -O0 and -O2.  A table of
// pointers to constant arrays, read the same way, stays accepted.
// RUN: %clang -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: not enzyme-opt %t19-0.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang -O2 -S -emit-llvm %s -o %t19-2.ll
// RUN: not enzyme-opt %t19-2.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: not enzyme-opt %t14-0.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14-2.ll
// RUN: not enzyme-opt %t14-2.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang -O2 -DNONCONST -S -emit-llvm %s -o %t19-nc.ll
// RUN: not enzyme-opt %t19-nc.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang14 -O0 -DNONCONST -S -emit-llvm %s -o %t14-nc.ll
// RUN: not enzyme-opt %t14-nc.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang -O2 -DSTORE -S -emit-llvm %s -o %t19-st.ll
// RUN: not enzyme-opt %t19-st.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: %clang14 -O0 -DSTORE -S -emit-llvm %s -o %t14-st.ll
// RUN: not enzyme-opt %t14-st.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: %clang -O2 -DACCEPTED -S -emit-llvm %s -o %t19-ok.ll
// RUN: enzyme-opt %t19-ok.ll -o %t.ok.ll
// RUN: %clang14 -O0 -DACCEPTED -S -emit-llvm %s -o %t14-ok.ll
// RUN: enzyme-opt %t14-ok.ll -o %t.ok14.ll
// READ: error: cannot differentiate a load through the pointer held by global '@slots', which has no shadow: it may point to global '@ga'
// STORE: error: cannot differentiate a store of an active value through the pointer held by global '@slots'
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

#ifdef ACCEPTED
static const double ga[2] = {1, 2}, gb[2] = {3, 4};
static const double *const slots[2] = {ga, gb};
__attribute__((noinline)) double f(double x, int k) { return slots[k][1] * x * x; }
#else
double ga = 1, gb = 2;
#ifdef NONCONST
double *slots[2] = {&ga, &gb};
#else
static double *const slots[2] = {&ga, &gb};
#endif
#ifdef STORE
__attribute__((noinline)) double f(double x, int k) { *slots[k] = x * x; return ga * gb; }
#else
__attribute__((noinline)) double f(double x, int k) { ga = x * x; return *slots[k] * x; }
#endif
#endif

int main(void) {
  return __enzyme_autodiff((void *)f, 1.5, 0) + __enzyme_fwddiff((void *)f, 1.5, 1.0, 1) > 0;
}
