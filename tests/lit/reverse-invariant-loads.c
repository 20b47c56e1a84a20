// A parallel loop's body loads its captured pointers and its bound again in
// every iteration (clang cannot move the loads past sin and exp, which may
// write errno).  The loop writes only doubles, which TBAA says are not the
// pointers or the int loaded: the loads hold one value for the whole loop,
// so their slots, and those of their shadows, are saved once per run of the
// loop (cache_policy.py, invariant_in), and the clamped index
// `i < n - 1 ? i + 1 : i` is recomputed from the counter and the bound.
// What each iteration pushes is only four doubles: u[i], r, exp(-r) and
// cos(u[i] * r), computed beside the sin the store needs (cache_policy
// `partner_in_forward`) (it was 56 bytes: three shadow pointers, the index
// and u[i] * r besides; the product comes back from u[i] and r, which its
// adjoint reads anyway).
// RUN: %clang -O2 -fopenmp -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
double sin(double), exp(double);

void stencil(double *u, double *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double r = u[i < n - 1 ? i + 1 : i];
    v[i] = sin(u[i] * r) + exp(-r);
  }
}

void grad(double *u, double *du, double *v, double *dv, int n) {
  __enzyme_autodiff((void *)stencil, enzyme_dup, u, du, enzyme_dup, v, dv, enzyme_const, n);
}

// CHECK-LABEL: define internal void @augmented_stencil.omp_outlined(
// CHECK:       %tape.push = call ptr @enzyme_opt.tape.push(ptr %tape, i64 32)
// CHECK-NEXT:  %saved = load double
// CHECK-NOT:   %saved.{{[0-9]+}} = load {{ptr|i64|i32}}
// CHECK:       %saved.3 = load double
// CHECK-NOT:   %saved.{{[0-9]+}} = load
// CHECK:       %tape.push.1 = call ptr @enzyme_opt.tape.push(ptr %tape, i64
