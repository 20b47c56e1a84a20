// Total variation of a 2D image, sqrt(dx^2 + dy^2 + eps) with forward
// differences, plus a data term; the image is active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define H 100
#define W 100
PH_VECTOR_INPUTS(H * W)
static double F[H * W];
double tv(const double *u, const double *f, int h, int w) {
  double s = 0;
  for (int i = 0; i + 1 < h; i++)
    for (int j = 0; j + 1 < w; j++) {
      double dx = u[i * w + j + 1] - u[i * w + j], dy = u[(i + 1) * w + j] - u[i * w + j];
      double r = u[i * w + j] - f[i * w + j];
      s += sqrt(dx * dx + dy * dy + 1e-6) + 0.5 * r * r;
    }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < H * W; i++) X[i] = sin(0.1 * i) * cos(0.013 * i), F[i] = 0.5 * X[i]; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)tv, enzyme_dup, X, DX, enzyme_const, F, enzyme_const, H, enzyme_const, W);
}
static double ph_primal(void) { return tv(X, F, H, W); }
