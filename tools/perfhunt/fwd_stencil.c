// Forward mode: the tangent of a 1D diffusion (T explicit steps, ping-pong
// arrays) along its diffusion coefficient c, one direction per call.
#define PH_REPS 10
#include "ph.h"
#define N 2000
#define T 50
static double C = 0.2, X0[N], A[N], B[N], DA[N], DB[N], G;
static int ph_nin(void) { return 1; }
static double *ph_input(int i) { return &C; }
static double ph_gradient_of(int i) { return G; }
static int ph_ngrads(void) { return N + 1; }
static double ph_grad_entry(int i) { return i < N ? DA[i] : G; }
double heat(const double *x0, double *a, double *b, double c, int n, int t) {
  for (int i = 0; i < n; i++) a[i] = x0[i];
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++) b[i] = a[i] + c * (a[i - 1] - 2 * a[i] + a[i + 1]);
    b[0] = b[n - 1] = 0;
    double *tmp = a; a = b; b = tmp;
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += a[i] * a[i] * (1 + 0.001 * i);
  return e;
}
double __enzyme_fwddiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X0[i] = sin(0.01 * i) + 0.3 * cos(0.2 * i); }
static void ph_grad(void) {
  G = __enzyme_fwddiff((void *)heat, enzyme_const, X0, enzyme_dup, A, DA, enzyme_dup, B, DB, C, 1.0, enzyme_const, N, enzyme_const, T);
}
static double ph_primal(void) { return heat(X0, A, B, C, N, T); }
