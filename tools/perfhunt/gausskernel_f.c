// Single precision: Gaussian kernel matrix exp(-|xi - xj|^2 / 2l^2) of points, weighted quadratic form a^T K a.
#define PH_REPS 5
#define PH_FD_TOL 2e-3
#define PH_FD_H 1e-3
#define PH_GRAD_TOL 1e-4
#include "ph.h"
#define NP 300
#define D 3
static float XF[NP * D], DXF[NP * D], AW[NP];
float f(const float *x, const float *a, int np) {
  const float inv2l2 = 0.5f;
  float s = 0;
  for (int i = 0; i < np; i++)
    for (int j = 0; j < np; j++) {
      float d2 = 0;
      for (int c = 0; c < D; c++) { float t = x[i * D + c] - x[j * D + c]; d2 += t * t; }
      s += a[i] * a[j] * expf(-d2 * inv2l2);
    }
  return s;
}
float __enzyme_autodiff(void *, ...);
static int ph_nin(void) { return NP * D; }
static double ph_in;
static int ph_checked = -1;
static double *ph_input(int i) { ph_checked = i; ph_in = XF[i]; return &ph_in; }
static double ph_gradient_of(int i) { return DXF[i]; }
static int ph_ngrads(void) { return NP * D; }
static double ph_grad_entry(int i) { return DXF[i]; }
static void ph_setup(void) {
  for (int i = 0; i < NP * D; i++) XF[i] = 2 * sinf(0.37f * i);
  for (int i = 0; i < NP; i++) AW[i] = 1 + 0.5f * cosf(0.1f * i);
}
static void ph_grad(void) { memset(DXF, 0, sizeof DXF); __enzyme_autodiff((void *)f, enzyme_dup, XF, DXF, enzyme_const, AW, enzyme_const, NP); }
static double ph_primal(void) {     // in double, the checked input as ph_input last set it
  double s = 0;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++) {
      double d2 = 0;
      for (int c = 0; c < D; c++) {
        double xi = i * D + c == ph_checked ? ph_in : XF[i * D + c], xj = j * D + c == ph_checked ? ph_in : XF[j * D + c];
        d2 += (xi - xj) * (xi - xj);
      }
      s += (double)AW[i] * AW[j] * exp(-d2 * 0.5);
    }
  return s;
}
