// Single precision n-body potential energy: sum over pairs of -m_i m_j / sqrt(r^2 + eps), positions active.
#define PH_REPS 5
#define PH_FD_TOL 2e-3
#define PH_FD_H 1e-3
#define PH_GRAD_TOL 1e-4
#include "ph.h"
#define NB 400
static float XF[3 * NB], DXF[3 * NB], MF[NB];
float f(const float *pos, const float *m, int n) {
  float e = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      float dx = pos[3 * i] - pos[3 * j], dy = pos[3 * i + 1] - pos[3 * j + 1], dz = pos[3 * i + 2] - pos[3 * j + 2];
      e -= m[i] * m[j] / sqrtf(dx * dx + dy * dy + dz * dz + 1.0f);
    }
  return e;
}
float __enzyme_autodiff(void *, ...);
static int ph_nin(void) { return 3 * NB; }
static double ph_in;
static int ph_checked = -1;
static double *ph_input(int i) { ph_checked = i; ph_in = XF[i]; return &ph_in; }
static double ph_gradient_of(int i) { return DXF[i]; }
static int ph_ngrads(void) { return 3 * NB; }
static double ph_grad_entry(int i) { return DXF[i]; }
static void ph_setup(void) {
  for (int i = 0; i < 3 * NB; i++) XF[i] = 5 * sinf(0.71f * i + 0.3f * (i % 3));
  for (int i = 0; i < NB; i++) MF[i] = 1 + 0.5f * cosf(0.2f * i);
}
static void ph_grad(void) { memset(DXF, 0, sizeof DXF); __enzyme_autodiff((void *)f, enzyme_dup, XF, DXF, enzyme_const, MF, enzyme_const, NB); }
static double ph_primal(void) {     // in double, the checked input as ph_input last set it
  double e = 0;
  for (int i = 0; i < NB; i++)
    for (int j = i + 1; j < NB; j++) {
      double d[3];
      for (int c = 0; c < 3; c++) {
        double a = 3 * i + c == ph_checked ? ph_in : XF[3 * i + c], b = 3 * j + c == ph_checked ? ph_in : XF[3 * j + c];
        d[c] = a - b;
      }
      e -= (double)MF[i] * MF[j] / sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 1.0);
    }
  return e;
}
