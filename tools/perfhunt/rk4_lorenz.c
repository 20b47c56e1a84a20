// RK4 integration of the Lorenz system over many steps; gradient of the final state w.r.t. the start and parameters.
#define PH_REPS 5
#define PH_FD_TOL 1e-4
#include "ph.h"
#define STEPS 2000
static double X[6], DX[6];   // x0, y0, z0, sigma, rho, beta
PH_ARRAY_INPUTS(X, DX, 6)
static void lorenz(const double *p, const double *u, double *du) {
  du[0] = p[0] * (u[1] - u[0]);
  du[1] = u[0] * (p[1] - u[2]) - u[1];
  du[2] = u[0] * u[1] - p[2] * u[2];
}
double f(const double *u0, const double *p, double h, int steps) {
  double u[3] = {u0[0], u0[1], u0[2]}, k1[3], k2[3], k3[3], k4[3], t[3];
  for (int s = 0; s < steps; s++) {
    lorenz(p, u, k1);
    for (int i = 0; i < 3; i++) t[i] = u[i] + 0.5 * h * k1[i];
    lorenz(p, t, k2);
    for (int i = 0; i < 3; i++) t[i] = u[i] + 0.5 * h * k2[i];
    lorenz(p, t, k3);
    for (int i = 0; i < 3; i++) t[i] = u[i] + h * k3[i];
    lorenz(p, t, k4);
    for (int i = 0; i < 3; i++) u[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return u[0] + 2 * u[1] + 3 * u[2];
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { X[0] = 1; X[1] = 1; X[2] = 1; X[3] = 10; X[4] = 28; X[5] = 8.0 / 3; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, X + 3, DX + 3, enzyme_const, 0.0005, enzyme_const, STEPS);
}
static double ph_primal(void) { return f(X, X + 3, 0.0005, STEPS); }
