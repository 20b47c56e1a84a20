// std::array fixed-size linear algebra: Mat3 = std::array<std::array<double,
// 3>, 3> built from Euler angles per body, applied to its points; the loss
// is the squared distance to targets (a rigid-body fit).
#define PH_REPS 10
#include <array>
#include "ph.h"
using V3 = std::array<double, 3>;
using M3 = std::array<V3, 3>;
#define NB 500
#define NPTS 8
static double X[6 * NB], DX[6 * NB];
PH_ARRAY_INPUTS(X, DX, 6 * NB)
static V3 pts[NPTS], tgt[NB][NPTS];
static M3 rot(double a, double b, double c) {
  double ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b), cc = cos(c), sc = sin(c);
  M3 rz{{{ca, -sa, 0}, {sa, ca, 0}, {0, 0, 1}}}, ry{{{cb, 0, sb}, {0, 1, 0}, {-sb, 0, cb}}},
      rx{{{1, 0, 0}, {0, cc, -sc}, {0, sc, cc}}};
  auto mul = [](const M3 &p, const M3 &q) {
    M3 r{};
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        for (int k = 0; k < 3; k++) r[i][j] += p[i][k] * q[k][j];
    return r;
  };
  return mul(mul(rz, ry), rx);
}
double fit(const double *x, const V3 *pts, const V3 (*tgt)[NPTS], int nb) {
  double l = 0;
  for (int b = 0; b < nb; b++) {
    M3 r = rot(x[6 * b], x[6 * b + 1], x[6 * b + 2]);
    for (int p = 0; p < NPTS; p++)
      for (int i = 0; i < 3; i++) {
        double y = x[6 * b + 3 + i];
        for (int k = 0; k < 3; k++) y += r[i][k] * pts[p][k];
        double d = y - tgt[b][p][i];
        l += d * d;
      }
  }
  return l;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < 6 * NB; i++) X[i] = 0.5 * sin(0.37 * i);
  for (int p = 0; p < NPTS; p++) pts[p] = {cos(p), sin(2.0 * p), 0.3 * p - 1};
  for (int b = 0; b < NB; b++)
    for (int p = 0; p < NPTS; p++) tgt[b][p] = {sin(b + p), cos(0.5 * b), 0.1 * p};
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)fit, enzyme_dup, X, DX, enzyme_const, pts, enzyme_const, tgt, enzyme_const, NB);
}
static double ph_primal(void) { return fit(X, pts, tgt, NB); }
