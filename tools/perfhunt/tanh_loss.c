// A sum of tanh activations, reverse mode: tanh(w x_i + b) weighted by
// y_i, whose value nothing but its own derivative needs.  Its derivative
// 1 - tanh^2 would call tanh again in the reverse (the value is not taped:
// cache_policy `_called_again`); 1 / cosh^2 from the argument calls cosh,
// about a third of tanh's cost in glibc.
#define PH_REPS 20
#include "ph.h"
#define N 20000
static double WB[2] = {0.8, -0.1}, Xs[N], Ys[N], G[2];
static int ph_nin(void) { return 2; }
static double *ph_input(int i) { return &WB[i]; }
static double ph_gradient_of(int i) { return G[i]; }
static int ph_ngrads(void) { return 2; }
static double ph_grad_entry(int i) { return G[i]; }
double loss(const double *wb, const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += y[i] * tanh(wb[0] * x[i] + wb[1]);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) Xs[i] = 3 * sin(0.01 * i), Ys[i] = cos(0.03 * i); }
static void ph_grad(void) {
  G[0] = G[1] = 0;
  __enzyme_autodiff((void *)loss, enzyme_dup, WB, G, enzyme_const, Xs, enzyme_const, Ys, enzyme_const, N);
}
static double ph_primal(void) { return loss(WB, Xs, Ys, N); }
