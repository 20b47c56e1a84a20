// RK4 on the Van der Pol oscillator, the trajectory stored in an output array; loss = sum of x(t)^2 along it.
#define PH_REPS 10
#include "ph.h"
#define STEPS 5000
static double X[3], DX[3];   // x0, v0, mu
PH_ARRAY_INPUTS(X, DX, 3)
double f(const double *in, double *traj, double h, int steps) {
  double x = in[0], v = in[1], mu = in[2];
  for (int s = 0; s < steps; s++) {
    double k1x = v, k1v = mu * (1 - x * x) * v - x;
    double x2 = x + 0.5 * h * k1x, v2 = v + 0.5 * h * k1v;
    double k2x = v2, k2v = mu * (1 - x2 * x2) * v2 - x2;
    double x3 = x + 0.5 * h * k2x, v3 = v + 0.5 * h * k2v;
    double k3x = v3, k3v = mu * (1 - x3 * x3) * v3 - x3;
    double x4 = x + h * k3x, v4 = v + h * k3v;
    double k4x = v4, k4v = mu * (1 - x4 * x4) * v4 - x4;
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    traj[s] = x;
  }
  double e = 0;
  for (int s = 0; s < steps; s++) e += traj[s] * traj[s];
  return e * h;
}
static double TR[STEPS], DTR[STEPS];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { X[0] = 2; X[1] = 0; X[2] = 1.5; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DTR, 0, sizeof DTR);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, TR, DTR, enzyme_const, 0.002, enzyme_const, STEPS);
}
static double ph_primal(void) { return f(X, TR, 0.002, STEPS); }
