// Nested loops with data-dependent trip counts (row lengths read from memory).
#define PH_REPS 20
#include "ph.h"
#define N 2000
static double X[N], DX[N];
static int len[N];
PH_ARRAY_INPUTS(X, DX, N)
double f(const double *x, const int *len, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double acc = 0;
    for (int j = 0; j < len[i]; j++) acc += x[j] * x[(i + j) % n];
    s += acc * acc / (1 + x[i] * x[i]);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) { X[i] = sin(0.1 * i); len[i] = (i * 37) % 50; } }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, len, enzyme_const, N); }
static double ph_primal(void) { return f(X, len, N); }
