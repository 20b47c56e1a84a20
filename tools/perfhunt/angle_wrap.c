// Angle errors wrapped to [-pi, pi) by fmod, a robust hypot-based cost
// with copysign, and remainder() for a second wrapping; angles active.
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
static double TARGET[N];
double wrap_loss(const double *th, const double *target, int n) {
  const double period = 2 * M_PI;
  double s = 0;
  for (int i = 0; i < n; i++) {
    double d = fmod(th[i] - target[i] + 1.5 * period, period) - M_PI;
    double h = hypot(d, 0.1 * th[i]);
    double e = remainder(2 * th[i], period);
    s += copysign(h, d) * d + 0.01 * e * e;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = 4.0 * sin(0.013 * i), TARGET[i] = 3.0 * cos(0.007 * i) + 0.5;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)wrap_loss, enzyme_dup, X, DX, enzyme_const, TARGET, enzyme_const, N);
}
static double ph_primal(void) { return wrap_loss(X, TARGET, N); }
