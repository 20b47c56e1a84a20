// N-body: pairwise gravitational forces (1/r^3 with sqrt), loss = sum of |F_i|^2 over bodies.
#define PH_REPS 5
#include "ph.h"
#define N 300
static double X[3 * N], DX[3 * N], M[N], DM[N];
PH_ARRAY_INPUTS(X, DX, 3 * N)
double f(const double *pos, const double *mass, double *force, int n) {
  for (int i = 0; i < n; i++) {
    double fx = 0, fy = 0, fz = 0;
    for (int j = 0; j < n; j++) {
      if (j == i) continue;
      double dx = pos[3 * j] - pos[3 * i], dy = pos[3 * j + 1] - pos[3 * i + 1], dz = pos[3 * j + 2] - pos[3 * i + 2];
      double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
      double inv = 1 / (r2 * sqrt(r2));
      double s = mass[j] * inv;
      fx += s * dx; fy += s * dy; fz += s * dz;
    }
    force[3 * i] = mass[i] * fx; force[3 * i + 1] = mass[i] * fy; force[3 * i + 2] = mass[i] * fz;
  }
  double e = 0;
  for (int i = 0; i < 3 * n; i++) e += force[i] * force[i];
  return e;
}
static double F[3 * N], DF[3 * N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < 3 * N; i++) X[i] = 10 * sin(0.71 * i + 0.3 * (i % 3));
  for (int i = 0; i < N; i++) M[i] = 1 + 0.5 * cos(0.2 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DM, 0, sizeof DM); memset(DF, 0, sizeof DF);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, M, DM, enzyme_dup, F, DF, enzyme_const, N);
}
static double ph_primal(void) { return f(X, M, F, N); }
