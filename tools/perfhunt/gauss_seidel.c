// Nonlinear Gauss-Seidel sweeps updating a 2D grid in place (each point
// from its already-updated neighbours and its own old value, which the
// reverse needs); the source term active; loss = sum u^2.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define G 48
#define SWEEPS 8
PH_VECTOR_INPUTS(G * G)
double gs(const double *f, int g, int sweeps) {
  double *u = calloc((size_t)(g + 2) * (g + 2), sizeof(double));
  int w = g + 2;
  double h2 = 1.0 / ((g + 1) * (g + 1));
  for (int s = 0; s < sweeps; s++)
    for (int i = 1; i <= g; i++)
      for (int j = 1; j <= g; j++) {
        double old = u[i * w + j];
        u[i * w + j] = (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1] + u[i * w + j + 1] +
                        h2 * f[(i - 1) * g + j - 1]) / (4 + 50 * h2 * old * old);
      }
  double e = 0;
  for (int i = 1; i <= g; i++)
    for (int j = 1; j <= g; j++) e += u[i * w + j] * u[i * w + j];
  free(u);
  return e;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < G * G; i++) X[i] = 20 * sin(0.13 * i) + 10;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)gs, enzyme_dup, X, DX, enzyme_const, G, enzyme_const, SWEEPS);
}
static double ph_primal(void) { return gs(X, G, SWEEPS); }
