/* A global updated by a BLAS call (cblas_daxpy into it) and by atomic adds
 * (atomicrmw fadd): both take its shadow in reverse mode and leave tangents
 * in forward mode; global_access counts a global given to a declared
 * callee, or to an instruction it does not know, as read and written.
 * Fails when either case is counted as neither. */
// LDFLAGS: -lopenblas
#include <math.h>
#include "../check.h"
void cblas_daxpy(int n, double a, const double *x, int incx, double *y, int incy);
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double y2[2] = {0.5, 0.25};
__attribute__((noinline)) double reads(double x) { return (y2[0] + y2[1]) * x; }
/* y2 += (x, x^2): its reverse takes y2's shadow as the adjoint of the
 * sum, handing it to x */
__attribute__((noinline)) double axpy_into(double x) {
  double v[2] = {x, x * x};
  cblas_daxpy(2, 1.0, v, 1, y2, 1);
  return sin(x);
}
/* y2 += (x, x^2) in one atomic add each: the same for an atomicrmw */
__attribute__((noinline)) double atomic_into(double x) {
  __atomic_fetch_add(&y2[0], x, __ATOMIC_RELAXED);
  __atomic_fetch_add(&y2[1], x * x, __ATOMIC_RELAXED);
  return sin(x);
}
int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], w = y2[0] + y2[1];
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("axpy", i, __enzyme_autodiff((void *)axpy_into, x), cos(x));
    w = y2[0] + y2[1];
    bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
    bad += !check_close("atomic", i, __enzyme_autodiff((void *)atomic_into, x), cos(x));
    bad += !check_close("fwd axpy", i, __enzyme_fwddiff((void *)axpy_into, x, 1.0), cos(x));
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), y2[0] + y2[1]);
    bad += !check_close("fwd atomic", i, __enzyme_fwddiff((void *)atomic_into, x, 1.0), cos(x));
    bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), y2[0] + y2[1]);
  }
  return bad != 0;
}
