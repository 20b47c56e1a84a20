// 1D finite elements: P1 elements over a mesh whose node coordinates are
// active, a nonlinear coefficient k(u) = 1 + u^2 per element from the
// element's mean, the residual assembled by scatter-adds through the
// element's connectivity (int arrays), energy = residual . residual.
#define PH_REPS 2000
#include "ph.h"
#define NE 500
PH_VECTOR_INPUTS(NE + 1)
static int conn[2 * NE];
static double U[NE + 1];
double fem_loss(const double *xn, const double *u, const int *cn, double *res, int ne) {
  for (int i = 0; i <= ne; i++) res[i] = 0;
  for (int e = 0; e < ne; e++) {
    int a = cn[2 * e], b = cn[2 * e + 1];
    double h = xn[b] - xn[a], um = 0.5 * (u[a] + u[b]);
    double k = 1 + um * um, flux = k * (u[b] - u[a]) / h;
    double load = 0.5 * h * sin(um);
    res[a] += -flux - load;
    res[b] += flux - load;
  }
  double s = 0;
  for (int i = 1; i < ne; i++) s += res[i] * res[i];
  return s;
}
static double R[NE + 1], DR[NE + 1];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i <= NE; i++) X[i] = (double)i / NE + 0.1 / NE * sin(7.0 * i), U[i] = sin(3.0 * i / NE);
  for (int e = 0; e < NE; e++) conn[2 * e] = e, conn[2 * e + 1] = e + 1;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DR, 0, sizeof DR);
  __enzyme_autodiff((void *)fem_loss, enzyme_dup, X, DX, enzyme_const, U, enzyme_const, conn, enzyme_dup, R, DR, enzyme_const, NE);
}
static double ph_primal(void) { return fem_loss(X, U, conn, R, NE); }
