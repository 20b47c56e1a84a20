// One template instantiated for float and double: a smoothed-L1 regression
// loss (delta fixed: a float passed through ... arrives as a double); both instantiations differentiated in each gradient call.
#define PH_REPS 20
#define PH_GRAD_TOL 1e-5
#include "ph.h"
#define N 10000
template <typename T>
T huber(const T *w, const T *x, int n) {
  const T delta = T(0.3);
  T l = 0;
  for (int i = 1; i < n; i++) {
    T r = w[i] * x[i] - w[i - 1];
    T a = r < 0 ? -r : r;
    l += a < delta ? T(0.5) * r * r : delta * (a - T(0.5) * delta);
  }
  return l;
}
static double WD[N], DWD[N], XD[N];
static float WF[N], DWF[N], XF[N];
static int ph_nin(void) { return N; }
static double *ph_input(int i) { return &WD[i]; }
static double ph_gradient_of(int i) { return DWD[i]; }
static int ph_ngrads(void) { return 2 * N; }
static double ph_grad_entry(int i) { return i < N ? DWD[i] : DWF[i - N]; }
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" float __enzyme_autodiff_f(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) WD[i] = WF[i] = (float)sin(0.1 * i), XD[i] = XF[i] = (float)(1.5 * cos(0.03 * i));
}
static void ph_grad(void) {
  memset(DWD, 0, sizeof DWD);
  memset(DWF, 0, sizeof DWF);
  __enzyme_autodiff((void *)huber<double>, enzyme_dup, WD, DWD, enzyme_const, XD, enzyme_const, N);
  __enzyme_autodiff_f((void *)huber<float>, enzyme_dup, WF, DWF, enzyme_const, XF, enzyme_const, N);
}
static double ph_primal(void) { return huber<double>(WD, XD, N); }
