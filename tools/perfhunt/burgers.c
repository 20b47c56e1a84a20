// Viscous Burgers' equation, first-order upwind for the convection (the
// upwind side picked by the sign of u: a data-dependent branch per point)
// plus central diffusion, explicit steps between two buffers swapped by
// pointer, periodic ends; loss = energy of the final state.  The initial
// state is active.
#define PH_REPS 40
#include "ph.h"
#define N 1000
#define STEPS 100
PH_VECTOR_INPUTS(N)
double burgers(const double *u0, double *a, double *b, int n, int steps, double dt, double dx, double nu) {
  for (int i = 0; i < n; i++) a[i] = u0[i];
  double *u = a, *v = b;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++) {
      double ul = u[i == 0 ? n - 1 : i - 1], uc = u[i], ur = u[i == n - 1 ? 0 : i + 1];
      double conv;
      if (uc > 0) conv = uc * (uc - ul) / dx;
      else conv = uc * (ur - uc) / dx;
      v[i] = uc - dt * conv + nu * dt * (ur - 2 * uc + ul) / (dx * dx);
    }
    double *t = u; u = v; v = t;
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += u[i] * u[i];
  return 0.5 * e * dx;
}
static double A[N], DA[N], B[N], DB[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(2 * M_PI * i / N) + 0.3 * sin(6 * M_PI * i / N + 0.4) + 0.05; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DA, 0, sizeof DA);
  memset(DB, 0, sizeof DB);
  __enzyme_autodiff((void *)burgers, enzyme_dup, X, DX, enzyme_dup, A, DA, enzyme_dup, B, DB, enzyme_const, N,
                    enzyme_const, STEPS, enzyme_const, 2e-4, enzyme_const, 1.0 / N, enzyme_const, 1e-3);
}
static double ph_primal(void) { return burgers(X, A, B, N, STEPS, 2e-4, 1.0 / N, 1e-3); }
