// Monte Carlo option price: an LCG (64-bit integer state carried through
// the loop) draws uniforms, Box-Muller turns pairs into normals, each path
// takes a few Euler steps of geometric Brownian motion and pays a smoothed
// call payoff softplus(S - K); discounted mean.  Spot, volatility and rate
// active (three scalars through one array).
#define PH_REPS 10
#include "ph.h"
#define NPATH 20000
#define NSTEP 4
PH_VECTOR_INPUTS(3)
static double uniform(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return ((*s >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}
double mc_price(const double *p, double strike, double horizon, int npath) {
  double s0 = p[0], sigma = p[1], rate = p[2], dt = horizon / NSTEP;
  unsigned long long state = 42;
  double sum = 0;
  for (int k = 0; k < npath; k++) {
    double s = s0;
    for (int j = 0; j < NSTEP; j += 2) {
      double u1 = uniform(&state), u2 = uniform(&state);
      double rad = sqrt(-2.0 * log(u1)), ang = 2.0 * M_PI * u2;
      double z1 = rad * cos(ang), z2 = rad * sin(ang);
      s *= exp((rate - 0.5 * sigma * sigma) * dt + sigma * sqrt(dt) * z1);
      s *= exp((rate - 0.5 * sigma * sigma) * dt + sigma * sqrt(dt) * z2);
    }
    double m = s - strike;
    sum += m > 20 ? m : log1p(exp(m));
  }
  return exp(-rate * horizon) * sum / npath;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { X[0] = 100, X[1] = 0.25, X[2] = 0.03; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)mc_price, enzyme_dup, X, DX, enzyme_const, 105.0, enzyme_const, 1.0, enzyme_const, NPATH);
}
static double ph_primal(void) { return mc_price(X, 105.0, 1.0, NPATH); }
