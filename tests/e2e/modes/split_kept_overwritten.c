// Memory a callee's split derivative may read again in its reverse pass
// (the caller keeps it until then), against callers that do not keep it:
// a user's __enzyme_augmentfwd / __enzyme_reverse pair with the caller
// overwriting x in between (the gradient must be the one at the x of the
// forward call), and a combined caller that writes a local array after
// passing it down (memcpy, a helper, in place) or writes a restrict argument.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <string.h>
extern int enzyme_dup, enzyme_tape, enzyme_const;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
double __enzyme_autodiff(void *, ...);
#define N 4
__attribute__((noinline)) static double inner(const double *restrict a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(a[i]) * a[(i + 1) % n];
  return s;
}
__attribute__((noinline)) static void fill(double *restrict d, const double *restrict s) { memcpy(d, s, 2 * sizeof(double)); }
// split at the top: the user overwrites x between the two calls
static double f(double *restrict x) {
  double loc[3] = {x[0] * x[1], x[2], x[1] + x[2]};
  return inner(x, N) + inner(loc, 3) * x[3];
}
// combined: kept memory written after the call through memcpy, a helper, in place
static double g(double *restrict x, double *restrict y) {
  double loc[3] = {x[0] * x[1], x[2], x[1] + x[2]};
  double s = inner(loc, 3);
  memcpy(loc, x + 1, 2 * sizeof(double));      // overwrites loc[0..1]
  s += inner(loc, 3) * x[0];
  double t[2] = {x[3], x[0]};
  s += inner(t, 2);
  fill(t, x + 2);                               // a helper writes t
  s += inner(t, 2) * x[1];
  s += inner(y, 2);
  y[0] = y[0] * x[1];                           // a restrict argument written after
  s += inner(y, 2);
  return s;
}
static double gy[2] = {0.4, -0.2};
static double gx(double *x) { double y[2] = {gy[0], gy[1]}; return g(x, y); }
int main(void) {
  double x[N] = {0.3, -0.7, 0.5, 0.9}, dx[N] = {0}, want[N] = {0}, x0[N];
  memcpy(x0, x, sizeof x);
  __enzyme_autodiff((void *)f, x, want);
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx);
  for (int i = 0; i < N; i++) x[i] = 5.0 + i;   // the caller writes x
  __enzyme_reverse((void *)f, enzyme_dup, x, dx, 1.0, tape);
  int bad = 0;
  for (int i = 0; i < N; i++) bad += !check_close("split", i, dx[i], want[i]);
  memcpy(x, x0, sizeof x);
  bad += check_gradient("f", x, want, N, f);
  double dg[N] = {0}, y[2] = {gy[0], gy[1]}, dy[2] = {0};
  __enzyme_autodiff((void *)g, x, dg, y, dy);
  bad += check_gradient("g", x, dg, N, gx);
  for (int i = 0; i < 2; i++) {
    double want_y = CENTRAL_DIFFERENCE(gy[i], 1e-6, gx(x));
    bad += !check_close("gy", i, dy[i], want_y);
  }
  return bad != 0;
}
