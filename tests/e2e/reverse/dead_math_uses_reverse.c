// Reverse mode drops the primal's math calls whose results nothing live
// uses (dead_primal).  Results used only as an index, only by a branch,
// only by a select's condition, only through an output passed
// enzyme_dupnoneed, and only by a split callee's reverse (the call in the
// callee's augmented forward).  Central differences of each.
#include "../check.h"

extern int enzyme_const, enzyme_dup, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);

enum { N = 4 };

__attribute__((noinline)) double d1(const double *x, double a) {
  int k = (int)floor(fabs(sin(a)) * 3.9);                // index only
  double s = x[k] * a;
  if (exp(a) > 1.5) s += x[0] * x[1];                    // branch only
  double t = log(a * a + 1.0);
  s += t > 0.2 ? a * x[2] : x[3];                        // select condition only
  return s;
}
__attribute__((noinline)) double d2(double *y, const double *x, double a) {
  y[0] = sqrt(a * a + 1.0) * x[0];                       // dupnoneed output
  y[1] = pow(a, 3.0);
  return x[1] * a * cos(a);
}
__attribute__((noinline)) static double inner(const double *x, double a) {
  double c = cosh(a), u = tanh(x[0] * a);
  return c * u + x[1];
}
__attribute__((noinline)) double d3(const double *x, double a) {
  double s = 0;
  for (int i = 0; i < 3; i++) s += inner(x, a + 0.1 * i) * x[i];
  return s;
}

int main(void) {
  double x[N] = {0.4, -0.7, 1.1, 0.3}, y[2], dy[2] = {0, 0};
  double a = 0.6, dx1[N] = {0}, dx2[N] = {0}, dx3[N] = {0};
  double da1 = __enzyme_autodiff((void *)d1, enzyme_dup, x, dx1, a);
  double da2 = __enzyme_autodiff((void *)d2, enzyme_dupnoneed, y, dy, enzyme_dup, x, dx2, a);
  double da3 = __enzyme_autodiff((void *)d3, enzyme_dup, x, dx3, a);
  double scratch[2];
  int bad = 0;
  bad += !check_close("d1 a", 0, da1, CENTRAL_DIFFERENCE(a, 1e-6, d1(x, a)));
  bad += !check_close("d2 a", 0, da2, CENTRAL_DIFFERENCE(a, 1e-6, d2(scratch, x, a)));
  bad += !check_close("d3 a", 0, da3, CENTRAL_DIFFERENCE(a, 1e-6, d3(x, a)));
  for (int i = 0; i < N; i++) {
    bad += !check_close("d1 x", i, dx1[i], CENTRAL_DIFFERENCE(x[i], 1e-6, d1(x, a)));
    bad += !check_close("d2 x", i, dx2[i], CENTRAL_DIFFERENCE(x[i], 1e-6, d2(scratch, x, a)));
    bad += !check_close("d3 x", i, dx3[i], CENTRAL_DIFFERENCE(x[i], 1e-6, d3(x, a)));
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
