// Black-Scholes call prices of a book of options (exp, log, sqrt, erf), summed with weights.
#define PH_REPS 20
#include "ph.h"
#define N 4000
static double X[2 * N], DX[2 * N];   // spot prices, then volatilities
static double K[N], T[N];
PH_ARRAY_INPUTS(X, DX, 2 * N)
static double cnd(double d) { return 0.5 * (1 + erf(d * M_SQRT1_2)); }
double f(const double *spot, const double *vol, const double *strike, const double *tau, double r, int n) {
  double book = 0;
  for (int i = 0; i < n; i++) {
    double s = spot[i], v = vol[i], k = strike[i], t = tau[i];
    double vs = v * sqrt(t);
    double d1 = (log(s / k) + (r + 0.5 * v * v) * t) / vs, d2 = d1 - vs;
    double call = s * cnd(d1) - k * exp(-r * t) * cnd(d2);
    book += (1 + 0.01 * i) * call;
  }
  return book;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) {
    X[i] = 100 + 20 * sin(0.1 * i); X[N + i] = 0.2 + 0.1 * cos(0.07 * i);
    K[i] = 90 + 25 * cos(0.13 * i); T[i] = 0.25 + (i % 8) * 0.25;
  }
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, X + N, DX + N, enzyme_const, K, enzyme_const, T, enzyme_const, 0.03, enzyme_const, N);
}
static double ph_primal(void) { return f(X, X + N, K, T, 0.03, N); }
