// Gauss-Legendre quadrature (5 nodes, weights and nodes in static const
// tables) of a parametrised integrand over many subintervals, each
// integral compared with a target; the integrand's parameters and the
// interval endpoints active.
#define PH_REPS 20
#include "ph.h"
static const double gl_node[5] = {0.0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640};
static const double gl_weight[5] = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891};
#define NI 4000
#define NP 3
PH_VECTOR_INPUTS(NP + NI + 1)
static double target[NI];
double quad_loss(const double *p, const double *ends, const double *y, int n) {
  double loss = 0;
  for (int i = 0; i < n; i++) {
    double a = ends[i], b = ends[i + 1], half = 0.5 * (b - a), mid = 0.5 * (a + b), s = 0;
    for (int k = 0; k < 5; k++) {
      double t = mid + half * gl_node[k];
      s += gl_weight[k] * p[0] * exp(-p[1] * t) * cos(p[2] * t);
    }
    double r = half * s - y[i];
    loss += r * r;
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  X[0] = 1.3, X[1] = 0.2, X[2] = 2.1;
  for (int i = 0; i <= NI; i++) X[NP + i] = 0.002 * i + 0.0005 * sin(i);
  for (int i = 0; i < NI; i++) target[i] = 0.002 * cos(0.01 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)quad_loss, enzyme_dup, X, DX, enzyme_dup, X + NP, DX + NP, enzyme_const, target, enzyme_const, NI);
}
static double ph_primal(void) { return quad_loss(X, X + NP, target, NI); }
