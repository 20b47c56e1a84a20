// A 3x3 convolution with ReLU, then 2x2 max pooling (compares picking one of
// four per window), then a weighted sum; kernel weights and image active.
#define PH_REPS 300
#include "ph.h"
#define W 64
#define NK 9
PH_VECTOR_INPUTS(NK + W * W)
double pool_loss(const double *k, const double *img, double *act, int w) {
  int m = w - 2;
  for (int y = 0; y < m; y++)
    for (int x = 0; x < m; x++) {
      double s = 0;
      for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++) s += k[3 * dy + dx] * img[(y + dy) * w + x + dx];
      act[y * m + x] = s > 0 ? s : 0.01 * s;
    }
  double loss = 0;
  for (int y = 0; y + 1 < m; y += 2)
    for (int x = 0; x + 1 < m; x += 2) {
      double a = act[y * m + x], b = act[y * m + x + 1], c = act[(y + 1) * m + x], d = act[(y + 1) * m + x + 1];
      double mx = a > b ? a : b, my = c > d ? c : d;
      loss += (1 + 0.01 * x) * (mx > my ? mx : my);
    }
  return loss;
}
static double ACT[W * W], DACT[W * W];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NK; i++) X[i] = 0.2 * cos(1.3 * i) + 0.05;
  for (int i = 0; i < W * W; i++) X[NK + i] = sin(0.37 * i) + 0.3 * cos(0.11 * (i * i % 17));
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DACT, 0, sizeof DACT);
  __enzyme_autodiff((void *)pool_loss, enzyme_dup, X, DX, enzyme_dup, X + NK, DX + NK, enzyme_dup, ACT, DACT, enzyme_const, W);
}
static double ph_primal(void) { return pool_loss(X, X + NK, ACT, W); }
