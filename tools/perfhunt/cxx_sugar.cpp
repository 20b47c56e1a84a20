// The C++ interface of <enzyme/enzyme>: enzyme::autodiff<Reverse> of a
// lambda capturing its data by reference (constant), with the weights
// Duplicated<const double *> and a scale Active<double> whose gradient
// comes back in the result tuple.
#define PH_REPS 20
#include <enzyme/enzyme>
#include "ph.h"
#define N 20000
static double X[N + 1], DX[N + 1], T[N];  // X[N]: the scale, DX[N] its gradient
PH_ARRAY_INPUTS(X, DX, N + 1)
static const double *data = T;
static auto loss = [](const double *w, double scale) {
  double l = 0;
  for (int i = 0; i < N; i++) {
    double r = scale * w[i] * w[i] - data[i];
    l += r * r / (1 + w[i] * w[i]);
  }
  return l;
};
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = sin(0.1 * i), T[i] = 0.5 * cos(0.05 * i);
  X[N] = 0.8;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  auto g = enzyme::autodiff<enzyme::Reverse>(loss, enzyme::Duplicated<const double *>(X, DX),
                                             enzyme::Active<double>(X[N]));
  DX[N] = enzyme::get<0>(enzyme::get<0>(g));
}
static double ph_primal(void) { return loss(X, X[N]); }
