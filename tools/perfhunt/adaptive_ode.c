// An adaptive-step ODE integrator: Heun-Euler embedded pair on a damped
// pendulum, steps accepted or rejected by the error estimate and resized
// with fmin/fmax/sqrt; a while loop whose trip count depends on the data.
// Active: the two parameters and the initial state.
#define PH_REPS 200
#include "ph.h"
PH_VECTOR_INPUTS(4)
static void rhs(const double *p, double y0, double y1, double *f0, double *f1) {
  *f0 = y1;
  *f1 = -p[0] * sin(y0) - p[1] * y1;
}
double integrate(const double *p, const double *y, double tend, double tol) {
  double y0 = y[0], y1 = y[1], t = 0, h = 0.01;
  while (t < tend) {
    if (t + h > tend) h = tend - t;
    double a0, a1, b0, b1;
    rhs(p, y0, y1, &a0, &a1);
    double e0 = y0 + h * a0, e1 = y1 + h * a1;
    rhs(p, e0, e1, &b0, &b1);
    double h0 = y0 + 0.5 * h * (a0 + b0), h1 = y1 + 0.5 * h * (a1 + b1);
    double err = sqrt((h0 - e0) * (h0 - e0) + (h1 - e1) * (h1 - e1)) + 1e-30;
    if (err <= tol) {
      t += h;
      y0 = h0, y1 = h1;
    }
    h = h * fmin(2.0, fmax(0.2, 0.9 * sqrt(tol / err)));
  }
  return y0 * y0 + 0.5 * y1;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { X[0] = 4.0, X[1] = 0.3, X[2] = 1.2, X[3] = 0.1; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)integrate, enzyme_dup, X, DX, enzyme_dup, X + 2, DX + 2, enzyme_const, 10.0,
                    enzyme_const, 1e-6);
}
static double ph_primal(void) { return integrate(X, X + 2, 10.0, 1e-6); }
