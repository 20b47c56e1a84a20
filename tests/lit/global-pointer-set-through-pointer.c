// A global pointer set by a function called through a function pointer, or
// by code this tool cannot see into, read by the differentiated code
// (global-pointer-set-by-helper.c has the direct calls).  `setter(x)` where
// `setter` holds `set_data` (a local variable at -O0), then `enzyme_dup x`:
// the gradient of x . data was x where 2x is right, with exit 0 and only the
// warning for constant memory.  Traced now where the function pointer's
// value is known (a local variable at -O0, a parameter, a static global the
// module alone sets); refused at the call where it is not (a table indexed
// at run time, a struct of function pointers at -O0, an external function
// given x), naming the global and what to do.  Nearby shapes the direct
// tracing missed too (x for 2x, exit 0, at -O0 and -O2), refused now: x
// kept in a struct the setter is given (`struct holder h = {x, 3};
// set_from(&h);`, body `data = h->p`), a setter given the global's address
// (`set_where(&data, x)`, body `*where = p`), x as a variadic argument
// (`set_va(1, x)`).  Still run and right: constant input hung there through
// a function pointer or set_where, and x handed through a function pointer
// to a helper that keeps it nowhere.  Clang 14 and 19.
// RUN: %clang -O0 -DFNPTR -S -emit-llvm %s -o %t19-fp0.ll
// RUN: not enzyme-opt %t19-fp0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DFNPTR -S -emit-llvm %s -o %t14-fp0.ll
// RUN: not enzyme-opt %t14-fp0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O2 -DFNPTR -S -emit-llvm %s -o %t19-fp2.ll
// RUN: not enzyme-opt %t19-fp2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DFNPTR -DPARAM -S -emit-llvm %s -o %t14-param0.ll
// RUN: not enzyme-opt %t14-param0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DSTATIC_GLOBAL -S -emit-llvm %s -o %t14-static0.ll
// RUN: not enzyme-opt %t14-static0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DSTATIC_GLOBAL -S -emit-llvm %s -o %t19-static0.ll
// RUN: not enzyme-opt %t19-static0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O2 -DHOLDER -S -emit-llvm %s -o %t19-hold2.ll
// RUN: not enzyme-opt %t19-hold2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DHOLDER -S -emit-llvm %s -o %t14-hold0.ll
// RUN: not enzyme-opt %t14-hold0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang -O0 -DOPS -S -emit-llvm %s -o %t19-ops0.ll
// RUN: not enzyme-opt %t19-ops0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-INDIRECT %s
// RUN: %clang -O0 -DTABLE -S -emit-llvm %s -o %t19-tab0.ll
// RUN: not enzyme-opt %t19-tab0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-INDIRECT %s
// RUN: %clang -O2 -DTABLE -S -emit-llvm %s -o %t19-tab2.ll
// RUN: not enzyme-opt %t19-tab2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-INDIRECT %s
// RUN: %clang14 -O2 -DTABLE -S -emit-llvm %s -o %t14-tab2.ll
// RUN: not enzyme-opt %t14-tab2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-INDIRECT %s
// RUN: %clang -O2 -DEXTERN -S -emit-llvm %s -o %t19-ext2.ll
// RUN: not enzyme-opt %t19-ext2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-EXTERN %s
// RUN: %clang14 -O0 -DEXTERN -S -emit-llvm %s -o %t14-ext0.ll
// RUN: not enzyme-opt %t14-ext0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-EXTERN %s
// RUN: %clang -O0 -DWHERE -S -emit-llvm %s -o %t19-where0.ll
// RUN: not enzyme-opt %t19-where0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O2 -DWHERE -S -emit-llvm %s -o %t14-where2.ll
// RUN: not enzyme-opt %t14-where2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=DUP %s
// RUN: %clang14 -O0 -DVARIADIC -S -emit-llvm %s -o %t14-va0.ll
// RUN: not enzyme-opt %t14-va0.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-VARIADIC %s
// RUN: %clang -O2 -DVARIADIC -S -emit-llvm %s -o %t19-va2.ll
// RUN: not enzyme-opt %t19-va2.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=UNSEEN-VARIADIC %s
// RUN: %clang -O2 -DINPUT_WHERE -S -emit-llvm %s -o %t19-iw2.ll
// RUN: enzyme-opt %t19-iw2.ll -o %t19-iw2.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O2 %t19-iw2.out.ll -o %t19-iw2.exe -lm
// RUN: %t19-iw2.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: enzyme-opt %t19-0.ll -o %t19-0.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O0 %t19-0.out.ll -o %t19-0.exe -lm
// RUN: %t19-0.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14-2.ll
// RUN: enzyme-opt %t14-2.ll -o %t14-2.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang14 -O2 %t14-2.out.ll -o %t14-2.exe -lm
// RUN: %t14-2.exe | FileCheck --check-prefix=GRAD %s
// DUP: error: argument 1 of 'dot' is passed duplicated, and its pointer is also stored into global '@data'{{.*}}, through which 'dot' reads floats{{.*}}: those reads would carry no derivative
// UNSEEN-INDIRECT: error: argument 1 of 'dot' is passed duplicated, and its pointer is also handed to an indirect call{{.*}}, which this tool cannot follow: it may store the pointer into global '@data'{{.*}}, through which 'dot' reads floats{{.*}} mark the global constant: void *__enzyme_inactive_global = (void *)&data;
// UNSEEN-EXTERN: error: argument 1 of 'dot' is passed duplicated, and its pointer is also handed to 'hang_data'{{.*}}, which this tool cannot follow: it may store the pointer into global '@data'
// UNSEEN-VARIADIC: error: argument 1 of 'dot' is passed duplicated, and its pointer is also handed to 'set_va'{{.*}}, which this tool cannot follow: it may store the pointer into global '@data'
// WARN: warning: reading floats through the pointer held by global '@data'{{.*}}, which no differentiated code sets: assuming the memory it points to is constant
// GRAD: 10 20 30
#include <stdarg.h>
#include <stdio.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);

double *data;

__attribute__((noinline)) void set_data(double *p) { data = p; }
__attribute__((noinline)) void set_nothing(double *p) { (void)p; }
__attribute__((noinline)) void halve(double *p) { for (int i = 0; i < 3; i++) p[i] *= 0.5; }
__attribute__((noinline)) void set_where(double **where, double *p) { *where = p; }
__attribute__((noinline)) void set_va(int n, ...) {
  va_list ap;
  va_start(ap, n);
  data = va_arg(ap, double *);
  va_end(ap);
}
struct holder { double *p; int n; };
__attribute__((noinline)) void set_from(struct holder *h) { data = h->p; }
struct ops { void (*set)(double *); };
void hang_data(double *p);      /* defined elsewhere: may do anything with p */
typedef void (*setter_fn)(double *);
static setter_fn const setters[2] = {set_data, set_nothing};
static setter_fn current;       /* set only here: its values are known */

/* x . data */
__attribute__((noinline)) double dot(double *x) {
  double s = 0;
  for (int i = 0; i < 3; i++) s += x[i] * data[i];
  return s;
}

__attribute__((noinline)) void call_with(setter_fn f, double *p) { f(p); }

int main(int argc, char **argv) {
  (void)argv;
  double x[3] = {1, 2, 3}, dx[3] = {0};
  double input[3] = {10, 20, 30};
  setter_fn setter = set_data;
#if defined(FNPTR) && defined(PARAM)
  call_with(setter, x);
#elif defined(FNPTR)
  setter(x);
#elif defined(WHERE)
  set_where(&data, x);
#elif defined(VARIADIC)
  set_va(1, x);
#elif defined(INPUT_WHERE)
  set_where(&data, input);
#elif defined(STATIC_GLOBAL)
  current = set_data;
  current(x);
#elif defined(HOLDER)
  struct holder h = {x, 3};
  set_from(&h);
#elif defined(OPS)
  struct ops o = {set_data};
  o.set(x);
#elif defined(TABLE)
  setters[argc > 5](x);
#elif defined(EXTERN)
  set_data(input);
  hang_data(x);
#else
  setter(input);
  setter_fn prepare = halve;
  prepare(x);
#endif
  __enzyme_autodiff((void *)dot, enzyme_dup, x, dx);
  printf("%g %g %g\n", dx[0], dx[1], dx[2]);
  return 0;
}
