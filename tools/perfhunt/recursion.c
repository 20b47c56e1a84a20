// Recursion: a divide-and-conquer sum of products.
#define PH_REPS 20
#include "ph.h"
#define N 4096
PH_VECTOR_INPUTS(N)
double rec(const double *x, int n) {
  if (n == 1) return sin(x[0]);
  int h = n / 2;
  double a = rec(x, h), b = rec(x + h, n - h);
  return a * b + a + b;
}
double f(const double *x, int n) { return rec(x, n) * 1e-3; }
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 0.001 * sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
