// C++ virtual dispatch: a loss summing terms through an array of pointers
// to an abstract Term (three subclasses with their own parameters, each
// with a virtual eval(x)), called in a loop over the terms and over the
// points; the points active, the terms constant.
#define PH_REPS 30
#include "ph.h"
struct Term {
  virtual double eval(double x) const = 0;
  virtual ~Term() {}
};
struct Gauss : Term {
  double mu, w;
  Gauss(double m, double s) : mu(m), w(s) {}
  double eval(double x) const override { return exp(-w * (x - mu) * (x - mu)); }
};
struct Poly : Term {
  double a, b, c;
  Poly(double a_, double b_, double c_) : a(a_), b(b_), c(c_) {}
  double eval(double x) const override { return a + x * (b + x * c); }
};
struct Wave : Term {
  double k;
  Wave(double k_) : k(k_) {}
  double eval(double x) const override { return sin(k * x) * x; }
};
#define NT 12
#define NX 4000
static double XS[NX], DXS[NX];
PH_ARRAY_INPUTS(XS, DXS, NX)
static Term *terms[NT];
__attribute__((noinline)) double model_loss(Term *const *ts, int nt, const double *x, int nx) {
  double loss = 0;
  for (int i = 0; i < nx; i++) {
    double v = 0;
    for (int t = 0; t < nt; t++) v += ts[t]->eval(x[i]);
    loss += v * v;
  }
  return loss;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int t = 0; t < NT; t++) {
    if (t % 3 == 0) terms[t] = new Gauss(0.2 * t, 1 + 0.1 * t);
    else if (t % 3 == 1) terms[t] = new Poly(0.1, -0.02 * t, 0.01);
    else terms[t] = new Wave(0.5 + 0.1 * t);
  }
  for (int i = 0; i < NX; i++) XS[i] = 2 * sin(0.013 * i);
}
static void ph_grad(void) {
  memset(DXS, 0, sizeof DXS);
  __enzyme_autodiff((void *)model_loss, enzyme_const, terms, enzyme_const, NT, enzyme_dup, XS, DXS, enzyme_const, NX);
}
static double ph_primal(void) { return model_loss(terms, NT, XS, NX); }
