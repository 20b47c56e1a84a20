// A memcpy at -O0 whose ends nothing types: its source is a struct field
// that is never read here as anything else, its destination a buffer read
// only in another function.  Nothing tells floats from integers or
// pointers, so the copy is refused.  (Once the same field is also read as
// a double, the copy moves doubles: tests/e2e/memory/memcpy_field_reloaded.c.)
// RUN: %clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: not enzyme-opt %t.ll -o %t.out.ll 2>&1 | FileCheck %s
// CHECK: error: cannot deduce the type of the bytes 'llvm.memcpy.p0.p0.i64' copies from '{{[^']*}}' into active memory
#include <stdlib.h>
#include <string.h>

extern double __enzyme_autodiff(void *, ...);

struct Ev { double *data; long n; double *local; };

__attribute__((noinline)) double use(const struct Ev *e) {
  double s = 0;
  for (long i = 0; i < e->n; i++) s += e->local[i] * e->local[i];
  return s;
}

double f(struct Ev *e) {
  double *buf = malloc(e->n * sizeof(double));
  memcpy(buf, e->data, e->n * sizeof(double));
  e->local = buf;
  double r = use(e);
  free(buf);
  return r;
}

double grad(struct Ev *e, struct Ev *de) {
  return __enzyme_autodiff((void *)f, e, de);
}
