// The begin pointer of a vector-like struct, loaded once before the loop:
// the reverse loop reads it from the slot stored then (a register once
// LLVM promotes the slot), not loaded again in every iteration, where LLVM
// cannot hoist the load over the shadow stores (tools/perfhunt cxx_vector:
// 1.03x the reference's instructions before, 1.00x after).  Loaded inside
// an outer loop, it stays recomputed: a kept slot there would be taped
// once per row.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
struct vec { double *begin, *end; };

double cubes(const struct vec *v) {
  double s = 0;
  for (const double *p = v->begin; p != v->end; p++) s += *p * *p * *p;
  return s;
}

double cubes_rows(const struct vec *rows, int n) {
  double s = 0;
  for (int r = 0; r < n; r++)
    for (const double *p = rows[r].begin; p != rows[r].end; p++) s += *p * *p * *p;
  return s;
}

void grads(struct vec *v, struct vec *dv, int n) {
  __enzyme_autodiff((void *)cubes, enzyme_dup, v, dv);
  __enzyme_autodiff((void *)cubes_rows, enzyme_dup, v, dv, enzyme_const, n);
}

// CHECK-LABEL: define internal {{.*}}@diffe_cubes(
// CHECK: load ptr, ptr %arg,
// CHECK-NOT: load ptr, ptr %arg,
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_cubes_rows(
// CHECK-NOT: {{^}}}
// CHECK: %v.re{{[.0-9]*}} = load ptr, ptr %v.re
// CHECK: {{^}}}
