// A Kalman filter with small fixed matrices: a 4-state constant-velocity
// model observed in 2 coordinates, predict (F P F^T + Q) and update (2x2
// innovation covariance inverted in closed form, gain, Joseph-free P
// update) over a sequence; loss = the innovations' negative
// log-likelihood.  Measurements and the process noise q active.
#define PH_REPS 60
#include "ph.h"
#define T 1000
#define NS 4
PH_VECTOR_INPUTS(2 * T + 1)
double kalman_nll(const double *z, const double *qn, int steps, double dt, double rvar) {
  double x[NS] = {0, 0, 0, 0}, P[NS][NS] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  double F[NS][NS] = {{1, 0, dt, 0}, {0, 1, 0, dt}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  double q = qn[0], nll = 0;
  for (int t = 0; t < steps; t++) {
    double xp[NS], FP[NS][NS], Pp[NS][NS];
    for (int i = 0; i < NS; i++) {
      xp[i] = 0;
      for (int k = 0; k < NS; k++) xp[i] += F[i][k] * x[k];
    }
    for (int i = 0; i < NS; i++)
      for (int j = 0; j < NS; j++) {
        FP[i][j] = 0;
        for (int k = 0; k < NS; k++) FP[i][j] += F[i][k] * P[k][j];
      }
    for (int i = 0; i < NS; i++)
      for (int j = 0; j < NS; j++) {
        Pp[i][j] = i == j ? q : 0;
        for (int k = 0; k < NS; k++) Pp[i][j] += FP[i][k] * F[j][k];
      }
    // H selects the first two states: S = Pp[0:2][0:2] + R.
    double v0 = z[2 * t] - xp[0], v1 = z[2 * t + 1] - xp[1];
    double s00 = Pp[0][0] + rvar, s01 = Pp[0][1], s10 = Pp[1][0], s11 = Pp[1][1] + rvar;
    double det = s00 * s11 - s01 * s10;
    double i00 = s11 / det, i01 = -s01 / det, i10 = -s10 / det, i11 = s00 / det;
    nll += 0.5 * (log(det) + v0 * (i00 * v0 + i01 * v1) + v1 * (i10 * v0 + i11 * v1));
    double K[NS][2];
    for (int i = 0; i < NS; i++) {
      K[i][0] = Pp[i][0] * i00 + Pp[i][1] * i10;
      K[i][1] = Pp[i][0] * i01 + Pp[i][1] * i11;
    }
    for (int i = 0; i < NS; i++) x[i] = xp[i] + K[i][0] * v0 + K[i][1] * v1;
    for (int i = 0; i < NS; i++)
      for (int j = 0; j < NS; j++) P[i][j] = Pp[i][j] - K[i][0] * Pp[0][j] - K[i][1] * Pp[1][j];
  }
  return nll;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int t = 0; t < T; t++) X[2 * t] = 0.1 * t + 0.3 * sin(0.05 * t), X[2 * t + 1] = 2 * sin(0.01 * t) + 0.1 * cos(t);
  X[2 * T] = 0.05;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)kalman_nll, enzyme_dup, X, DX, enzyme_dup, X + 2 * T, DX + 2 * T, enzyme_const, T,
                    enzyme_const, 0.1, enzyme_const, 0.2);
}
static double ph_primal(void) { return kalman_nll(X, X + 2 * T, T, 0.1, 0.2); }
