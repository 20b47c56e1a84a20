// Forward mode: a transcendental map y_i = exp(a sin x_i) log(1 + b x_i^2)
// + tanh(a x_i) / (1 + b), summed with weights; tangents along a and b.
#define PH_REPS 10
#include "ph.h"
#define N 20000
static double AB[2] = {0.7, 1.3}, Xs[N], G[2];
static int ph_nin(void) { return 2; }
static double *ph_input(int i) { return &AB[i]; }
static double ph_gradient_of(int i) { return G[i]; }
static int ph_ngrads(void) { return 2; }
static double ph_grad_entry(int i) { return G[i]; }
double tmap(const double *x, double a, double b, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double xi = x[i];
    s += (exp(a * sin(xi)) * log(1 + b * xi * xi) + tanh(a * xi) / (1 + b)) * (1 + 1e-4 * i);
  }
  return s;
}
double __enzyme_fwddiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) Xs[i] = 2 * sin(0.01 * i); }
static void ph_grad(void) {
  G[0] = __enzyme_fwddiff((void *)tmap, enzyme_const, Xs, AB[0], 1.0, AB[1], 0.0, enzyme_const, N);
  G[1] = __enzyme_fwddiff((void *)tmap, enzyme_const, Xs, AB[0], 0.0, AB[1], 1.0, enzyme_const, N);
}
static double ph_primal(void) { return tmap(Xs, AB[0], AB[1], N); }
