// <numeric> and std::vector: std::inner_product and std::accumulate with a
// lambda over a std::vector<double> passed by const reference, and a second
// loss taking its vector by value (a pointer to the caller's copy in the IR).
#define PH_REPS 20
#include <numeric>
#include <vector>
#include "ph.h"
#define N 20000
static std::vector<double> V(N), DV(N), W(N);
static int ph_nin(void) { return N; }
static double *ph_input(int i) { return &V[i]; }
static double ph_gradient_of(int i) { return DV[i]; }
static int ph_ngrads(void) { return N; }
static double ph_grad_entry(int i) { return DV[i]; }
double loss_ref(const std::vector<double> &x, const std::vector<double> &w) {
  double dot = std::inner_product(x.begin(), x.end(), w.begin(), 0.0);
  double sq = std::accumulate(x.begin(), x.end(), 0.0, [](double s, double v) { return s + v * v * v; });
  return dot * dot + sq;
}
double loss_val(std::vector<double> x) {
  double s = 0;
  for (double v : x) s += std::sin(v) * v;
  return s;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) V[i] = sin(0.1 * i), W[i] = 1e-3 * cos(0.07 * i);
}
static void ph_grad(void) {
  for (double &d : DV) d = 0;
  __enzyme_autodiff((void *)loss_ref, enzyme_dup, &V, &DV, enzyme_const, &W);
  __enzyme_autodiff((void *)loss_val, enzyme_dup, &V, &DV);
}
static double ph_primal(void) { return loss_ref(V, W) + loss_val(V); }
