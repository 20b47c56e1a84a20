/* User functions whose names begin like the C library's memcpy and memset
 * (memcpy_scaled, memset_ramp) are the user's code, differentiated as any
 * other: not copies or fills of memory. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup;

__attribute__((noinline)) void memcpy_scaled(double *dst, double *src) {
  dst[0] = 3.0 * src[0] * src[0];
  dst[1] = src[1] * src[0];
}
__attribute__((noinline)) void memset_ramp(double *dst, double v) {
  dst[0] = v;
  dst[1] = 2.0 * v * v;
}
__attribute__((noinline)) double f(double *x) {
  double t[2], u[2];
  memcpy_scaled(t, x);
  memset_ramp(u, x[1]);
  return t[0] + t[1] + u[0] * u[1];
}

int main(void) {
  int bad = 0;
  double x[2] = {1.5, -0.7}, dx[2] = {0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
  /* f = 3 x0^2 + x1 x0 + 2 x1^3 */
  bad += !check_close("d/dx0", 0, dx[0], 6 * x[0] + x[1]);
  bad += !check_close("d/dx1", 0, dx[1], x[0] + 6 * x[1] * x[1]);
  return bad != 0;
}
