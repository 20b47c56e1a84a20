// Single precision: a softplus/tanh feature sum over float data.
#define PH_REPS 20
#define PH_FD_TOL 1e-4
#define PH_GRAD_TOL 1e-5
#include "ph.h"
#define N 20000
static float XF[N], DXF[N];
float f(const float *x, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) {
    float a = x[i];
    s += logf(1 + expf(a)) * tanhf(0.5f * a) + a * a / (1 + a * a);
  }
  return s;
}
float __enzyme_autodiff(void *, ...);
static int ph_nin(void) { return N; }
static double ph_in;
static double *ph_input(int i) { ph_in = XF[i]; return &ph_in; }
static int ph_checked = -1;
static double ph_gradient_of(int i) { ph_checked = i; return DXF[i]; }
static int ph_ngrads(void) { return N; }
static double ph_grad_entry(int i) { return DXF[i]; }
static void ph_setup(void) { for (int i = 0; i < N; i++) XF[i] = sinf(0.1f * i); }
static void ph_grad(void) { memset(DXF, 0, sizeof DXF); __enzyme_autodiff((void *)f, enzyme_dup, XF, DXF, enzyme_const, N); }
static double ph_primal(void) {     // in double, the checked input as ph_input last set it
  double s = 0;
  for (int i = 0; i < N; i++) {
    double a = i == ph_checked ? ph_in : XF[i];
    s += log(1 + exp(a)) * tanh(0.5 * a) + a * a / (1 + a * a);
  }
  return s;
}
