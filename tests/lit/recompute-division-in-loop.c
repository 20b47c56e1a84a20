// Inside a loop, a division or square root of values the reverse pass has at
// hand (loads of memory the function never writes) is computed again rather
// than taped: one instruction instead of a tape entry written and read back,
// and the pairwise loop of @energy, whose result nobody needs, then feeds no
// tape at all (its forward run goes: 1.35x the reference's time before, 0.96
// after; bench/results/2026-11-27-perfhunt.md).  Outside any loop (@once) the
// values stay in stack slots, which cost less than dividing again.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

typedef struct { double x, y, z, q; } particle;

double energy(const particle *p, int n) {
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y, dz = p[i].z - p[j].z;
      double r2 = dx * dx + dy * dy + dz * dz + 0.1;
      e += p[i].q * p[j].q / sqrt(r2) + 1.0 / (r2 * r2 * r2);
    }
  return e;
}

double once(const double *p) {
  double r = sqrt(p[0] * p[0] + p[1] * p[1]);
  return p[2] / r + sin(p[3] / r);
}

void grads(particle *p, particle *dp, int n, double *v, double *dv) {
  __enzyme_autodiff((void *)energy, enzyme_dup, p, dp, enzyme_const, n);
  __enzyme_autodiff((void *)once, enzyme_dup, v, dv);
}

// CHECK-LABEL: define internal {{.*}}@diffe_energy(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{%.*\.re.*}} = {{.*}}call {{.*}}@llvm.sqrt.f64(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_once(
// CHECK-NOT: {{%.*\.re.*}} = {{fdiv|.*call .*@llvm.sqrt}}
// CHECK: {{^}}}
