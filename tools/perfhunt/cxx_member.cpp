// A class whose member function is the loss, differentiated through a
// static trampoline taking the object (and its shadow object) by pointer;
// the object holds its parameters inline and a pointer to constant data.
#define PH_REPS 20
#include "ph.h"
#define NPAR 64
#define ND 4000
struct Model {
  double coef[NPAR];
  const double *data;
  int n;
  double eval(double t) const {  // Horner-like rational in t
    double p = 0, q = 0;
    for (int k = NPAR / 2 - 1; k >= 0; k--) p = p * t + coef[k];
    for (int k = NPAR - 1; k >= NPAR / 2; k--) q = q * t * 0.1 + coef[k] * coef[k];
    return p / (1 + q * q);
  }
  double loss() const {
    double l = 0;
    for (int i = 0; i < n; i++) {
      double r = eval(data[2 * i]) - data[2 * i + 1];
      l += r * r;
    }
    return l;
  }
  static double trampoline(const Model *m) { return m->loss(); }
};
static double data[2 * ND], ddata[2 * ND];  // ddata: the data's shadow (sinks the adjoints)
static Model M, DM;
static int ph_nin(void) { return NPAR; }
static double *ph_input(int i) { return &M.coef[i]; }
static double ph_gradient_of(int i) { return DM.coef[i]; }
static int ph_ngrads(void) { return NPAR; }
static double ph_grad_entry(int i) { return DM.coef[i]; }
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int k = 0; k < NPAR; k++) M.coef[k] = 0.2 * sin(0.9 * k + 0.3);
  for (int i = 0; i < ND; i++) data[2 * i] = -0.9 + 1.8 * i / ND, data[2 * i + 1] = cos(3.0 * i / ND);
  M.data = data;
  DM.data = ddata;
  M.n = DM.n = ND;
}
static void ph_grad(void) {
  memset(DM.coef, 0, sizeof DM.coef);
  __enzyme_autodiff((void *)Model::trampoline, enzyme_dup, &M, &DM);
}
static double ph_primal(void) { return M.loss(); }
