// 2D convolution (valid, 5x5 kernel) of an image, a tanh activation, then a second 1D convolution along rows.
#define PH_REPS 10
#include "ph.h"
#define H 80
#define W 80
#define KS 5
static double X[H * W + KS * KS], DX[H * W + KS * KS];   // image, then kernel
PH_ARRAY_INPUTS(X, DX, H * W + KS * KS)
double f(const double *img, const double *ker, double *out, int h, int w) {
  int oh = h - KS + 1, ow = w - KS + 1;
  for (int i = 0; i < oh; i++)
    for (int j = 0; j < ow; j++) {
      double s = 0;
      for (int p = 0; p < KS; p++)
        for (int q = 0; q < KS; q++) s += img[(i + p) * w + j + q] * ker[p * KS + q];
      out[i * ow + j] = tanh(s);
    }
  double e = 0;
  for (int i = 0; i < oh; i++)
    for (int j = 1; j + 1 < ow; j++) {
      double g = 0.25 * out[i * ow + j - 1] + 0.5 * out[i * ow + j] + 0.25 * out[i * ow + j + 1];
      e += g * g;
    }
  return e;
}
static double O[H * W], DO[H * W];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < H * W; i++) X[i] = sin(0.05 * i) * cos(0.011 * i);
  for (int i = 0; i < KS * KS; i++) X[H * W + i] = 0.1 * cos(0.9 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DO, 0, sizeof DO);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, X + H * W, DX + H * W, enzyme_dup, O, DO, enzyme_const, H, enzyme_const, W);
}
static double ph_primal(void) { return f(X, X + H * W, O, H, W); }
