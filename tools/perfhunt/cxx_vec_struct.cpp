// std::vector of a struct mixing int and double members (observations with
// a class index, a feature and a weight), reduced by std::accumulate with
// a lambda indexing per-class parameters, and std::inner_product of two
// vectors built inside the loss; the per-class parameters are active.
#define PH_REPS 60
#include <numeric>
#include <vector>
#include "ph.h"
struct Obs {
  int cls;
  double x, w;
};
#define NCLS 16
#define NOBS 20000
static std::vector<Obs> obs(NOBS);
static double PAR[2 * NCLS], DPAR[2 * NCLS];
PH_ARRAY_INPUTS(PAR, DPAR, 2 * NCLS)
double fit_loss(const std::vector<Obs> &o, const double *par) {
  double data = std::accumulate(o.begin(), o.end(), 0.0, [par](double s, const Obs &b) {
    double pred = par[2 * b.cls] + par[2 * b.cls + 1] * b.x;
    double r = pred - sin(b.x);
    return s + b.w * r * r;
  });
  std::vector<double> slope(par, par + 2 * NCLS);
  double reg = std::inner_product(slope.begin(), slope.end(), slope.begin(), 0.0);
  return data + 1e-2 * reg;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NOBS; i++) obs[i] = {(i * 7) % NCLS, 2 * sin(0.011 * i), 1 + 0.5 * cos(0.3 * i)};
  for (int i = 0; i < 2 * NCLS; i++) PAR[i] = 0.1 * sin(i);
}
static void ph_grad(void) {
  memset(DPAR, 0, sizeof DPAR);
  __enzyme_autodiff((void *)fit_loss, enzyme_const, &obs, enzyme_dup, PAR, DPAR);
}
static double ph_primal(void) { return fit_loss(obs, PAR); }
