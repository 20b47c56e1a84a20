// Conjugate gradient on a tridiagonal SPD system whose diagonal is active, until the residual is small (while loop).
#define PH_REPS 5
#define PH_FD_TOL 1e-4
#include "ph.h"
#define N 500
PH_VECTOR_INPUTS(N)   // the diagonal
static double Bv[N];
static void matvec(const double *diag, const double *v, double *out, int n) {
  for (int i = 0; i < n; i++) {
    double s = diag[i] * v[i];
    if (i > 0) s -= v[i - 1];
    if (i + 1 < n) s -= v[i + 1];
    out[i] = s;
  }
}
double f(const double *diag, const double *b, double *x, double *r, double *p, double *ap, int n) {
  double rr = 0;
  for (int i = 0; i < n; i++) { x[i] = 0; r[i] = b[i]; p[i] = b[i]; rr += r[i] * r[i]; }
  int it = 0;
  while (rr > 1e-20 && it < 200) {
    matvec(diag, p, ap, n);
    double pap = 0;
    for (int i = 0; i < n; i++) pap += p[i] * ap[i];
    double alpha = rr / pap, rr2 = 0;
    for (int i = 0; i < n; i++) { x[i] += alpha * p[i]; r[i] -= alpha * ap[i]; rr2 += r[i] * r[i]; }
    double beta = rr2 / rr;
    for (int i = 0; i < n; i++) p[i] = r[i] + beta * p[i];
    rr = rr2; it++;
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += x[i] * (1 + 0.01 * i);
  return e;
}
static double Xs[N], R[N], Pv[N], AP[N], DXs[N], DR[N], DP[N], DAP[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) { X[i] = 3 + sin(0.3 * i); Bv[i] = cos(0.05 * i); }
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DXs, 0, sizeof DXs); memset(DR, 0, sizeof DR); memset(DP, 0, sizeof DP); memset(DAP, 0, sizeof DAP);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, Bv, enzyme_dup, Xs, DXs, enzyme_dup, R, DR, enzyme_dup, Pv, DP,
                    enzyme_dup, AP, DAP, enzyme_const, N);
}
static double ph_primal(void) { return f(X, Bv, Xs, R, Pv, AP, N); }
