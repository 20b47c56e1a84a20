// Lennard-Jones pair energy 4 (r^-12 - r^-6) with pow(r2, -3) for r^-6; positions active.
#define PH_CONSUME
#define PH_REPS 5
#include "ph.h"
#define N 200
PH_VECTOR_INPUTS(3 * N)
#include "lj.h"
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[3 * i] = 1.2 * (i % 6), X[3 * i + 1] = 1.2 * ((i / 6) % 6), X[3 * i + 2] = 1.2 * (i / 36) + 0.05 * sin(i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)energy, enzyme_dup, X, DX, enzyme_const, N);
}
static double ph_primal(void) { return energy(X, N); }
