// The fused rule of pow(x, y) / y (ad/rule_fusion.py) in the modes the
// reverse/pow_over_exponent.c program does not reach: batched forward mode
// (width 2, each lane its own tangent), split mode (__enzyme_augmentfwd /
// __enzyme_reverse, the bases read back after the primal overwrote them in
// place), and batched reverse mode.  d/dx sum_{i=1}^{n} x^i / i = sum x^(i-1).
#include "../check.h"
#include "../pow_quotients.h"

extern int enzyme_width, enzyme_const, enzyme_dup;
typedef struct { double d[2]; } T2;
typedef struct { float d[2]; } F2;
T2 __enzyme_fwddiff2(void *, ...);
F2 __enzyme_fwddifff2(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
void __enzyme_autodiff(void *, ...);

// Not fused: an unsigned counter may wrap to 0 as far as the tool can tell.
__attribute__((noinline)) static float seriesf_unsigned(float x, int n) {
  float s = 0.0f;
  for (unsigned i = 1; i <= (unsigned)n; i++) s += powf(x, i) / i;
  return s;
}

// Each x[k] replaced by sum_{i=1}^{n} x[k]^i / i, in place, through powi.
__attribute__((noinline)) static void in_place(double *x, int m, int n) {
  for (int k = 0; k < m; k++) {
    double s = 0.0;
    for (int i = 1; i <= n; i++) s += __builtin_powi(x[k], i) / i;
    x[k] = s;
  }
}

int main(void) {
  int bad = 0;
  const double xs[] = {0.3, -1.7, 1.05};
  for (int k = 0; k < 3; k++) {
    double x = xs[k], want = series_derivative(x, 9);
    T2 t = __enzyme_fwddiff2((void *)series, enzyme_width, 2, x, 1.0, -2.0, 9);
    bad += !check_close("fwd lane 0", k, t.d[0], want) + !check_close("fwd lane 1", k, t.d[1], -2 * want);
    F2 f = __enzyme_fwddifff2((void *)seriesf_unsigned, enzyme_width, 2, (float)x, 1.0f, 0.5f, 9);
    bad += !check_close("fwdf lane 0", k, f.d[0] / (1 + 1e-4 * fabs(want)), want / (1 + 1e-4 * fabs(want)));
    bad += !check_close("fwdf lane 1", k, 2 * f.d[1] / (1 + 1e-4 * fabs(want)), want / (1 + 1e-4 * fabs(want)));
  }
  double x[3] = {0.3, -1.7, 1.05}, dx[3] = {1.0, 2.0, -1.0};
  void *tape = __enzyme_augmentfwd((void *)in_place, x, dx, 3, 9);
  for (int k = 0; k < 3; k++) bad += !check_close("split primal", k, x[k], series(xs[k], 9));
  __enzyme_reverse((void *)in_place, x, dx, 3, 9, tape);
  const double seeds[] = {1.0, 2.0, -1.0};
  for (int k = 0; k < 3; k++) bad += !check_close("split", k, dx[k], seeds[k] * series_derivative(xs[k], 9));
  double y[3] = {0.3, -1.7, 1.05}, dy1[3] = {1, 1, 1}, dy2[3] = {0.5, 0, 3};
  __enzyme_autodiff((void *)in_place, enzyme_width, 2, y, dy1, dy2, 3, 9);
  for (int k = 0; k < 3; k++) {
    bad += !check_close("batched lane 0", k, dy1[k], series_derivative(xs[k], 9));
    bad += !check_close("batched lane 1", k, dy2[k], (k == 0 ? 0.5 : k == 1 ? 0 : 3) * series_derivative(xs[k], 9));
  }
  return bad != 0;
}
