// The tapes of a parallel region's threads: each thread's header is 128
// bytes from the next (two 24-byte headers in one cache line would bounce
// it between the cores at every push), the derivative pushes on a copy of
// the header in the thread's own frame (so the loop keeps the tape's size in
// a register), the forward sweep starts in the thread's pooled memory and
// the reverse sweep hands it back (no page faulted in and zeroed again on
// the next call).
// RUN: %clang -O2 -fopenmp -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
double sin(double);

void step(double *u, double *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) v[i] = sin(u[i]) * u[i];
}

void grad(double *u, double *du, double *v, double *dv, int n) {
  __enzyme_autodiff((void *)step, enzyme_dup, u, du, enzyme_dup, v, dv, enzyme_const, n);
}

// CHECK-LABEL: define internal void @omp.augmented_task.
// CHECK:       %omp.own.tape = alloca { ptr, i64, i64 }
// CHECK:       %omp.tape.offset = mul i64 %omp.tape.index, 128
// CHECK:       call void @enzyme_opt.tape.pool.take(ptr %omp.own.tape)
// CHECK-NEXT:  call void @augmented_step.omp_outlined(ptr %omp.own.tape,
// CHECK:       store { ptr, i64, i64 } {{.*}}, ptr %omp.tape.bytes
// CHECK-LABEL: define internal void @omp.augmented_fork.
// CHECK:       call ptr @calloc(i64 %omp.tapes.count, i64 128)
// CHECK-LABEL: define internal void @omp.reverse_task.
// CHECK:       %omp.own.tape = alloca { ptr, i64, i64 }
// CHECK:       store { ptr, i64, i64 } %omp.shared.tape, ptr %omp.own.tape
// CHECK-NEXT:  call void @diffe_step.omp_outlined(ptr %omp.own.tape,
// CHECK-NEXT:  call void @enzyme_opt.tape.pool.give(ptr %omp.own.tape)
// CHECK-LABEL: define internal void @enzyme_opt.tape.pool.give(
