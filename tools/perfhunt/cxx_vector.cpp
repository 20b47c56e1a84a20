// C++ containers: a loss over std::vector<double> walked by range-based for
// loops (pointer walks in the IR), passed by reference with a shadow vector.
#define PH_REPS 20
#include <vector>
#include "ph.h"
#define N 20000
static std::vector<double> V(N), DV(N);
static int ph_nin(void) { return N; }
static double *ph_input(int i) { return &V[i]; }
static double ph_gradient_of(int i) { return DV[i]; }
static int ph_ngrads(void) { return N; }
static double ph_grad_entry(int i) { return DV[i]; }
double loss(const std::vector<double> &x) {
  double s = 0, prev = 0;
  for (double v : x) {
    s += (v - prev) * (v - prev) / (1 + v * v);
    prev = v;
  }
  return s;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) V[i] = sin(0.1 * i); }
static void ph_grad(void) {
  for (double &d : DV) d = 0;
  __enzyme_autodiff((void *)loss, enzyme_dup, &V, &DV);
}
static double ph_primal(void) { return loss(V); }
