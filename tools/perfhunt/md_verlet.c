// Molecular dynamics: velocity Verlet over time steps of 2D particles with
// a soft pair potential (Gaussian repulsion), positions and velocities
// updated in place each step; loss = final kinetic plus potential-free
// position spread.  Initial positions active.
#define PH_REPS 40
#include "ph.h"
#define NPART 48
#define STEPS 20
PH_VECTOR_INPUTS(2 * NPART)
static void forces(const double *x, double *f, int n) {
  for (int i = 0; i < 2 * n; i++) f[i] = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = x[2 * i] - x[2 * j], dy = x[2 * i + 1] - x[2 * j + 1];
      double g = 2 * exp(-(dx * dx + dy * dy));
      f[2 * i] += g * dx, f[2 * i + 1] += g * dy;
      f[2 * j] -= g * dx, f[2 * j + 1] -= g * dy;
    }
}
double md_loss(const double *x0, double *x, double *v, double *f, int n, int steps, double dt) {
  for (int i = 0; i < 2 * n; i++) x[i] = x0[i], v[i] = 0;
  forces(x, f, n);
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < 2 * n; i++) {
      v[i] += 0.5 * dt * f[i];
      x[i] += dt * v[i];
    }
    forces(x, f, n);
    for (int i = 0; i < 2 * n; i++) v[i] += 0.5 * dt * f[i];
  }
  double e = 0;
  for (int i = 0; i < 2 * n; i++) e += 0.5 * v[i] * v[i] + 0.01 * x[i] * x[i];
  return e;
}
static double XW[2 * NPART], DXW[2 * NPART], V[2 * NPART], DV[2 * NPART], F[2 * NPART], DF[2 * NPART];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NPART; i++) X[2 * i] = (i % 8) * 0.9 + 0.1 * sin(i), X[2 * i + 1] = (i / 8) * 0.9 + 0.1 * cos(3 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DXW, 0, sizeof DXW); memset(DV, 0, sizeof DV); memset(DF, 0, sizeof DF);
  __enzyme_autodiff((void *)md_loss, enzyme_dup, X, DX, enzyme_dup, XW, DXW, enzyme_dup, V, DV, enzyme_dup, F, DF,
                    enzyme_const, NPART, enzyme_const, STEPS, enzyme_const, 0.05);
}
static double ph_primal(void) { return md_loss(X, XW, V, F, NPART, STEPS, 0.05); }
