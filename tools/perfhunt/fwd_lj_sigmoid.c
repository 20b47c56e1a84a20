// Forward mode: Lennard-Jones energy with pow(r2, -3) plus a sigmoid-weighted
// pair term, tangent along a direction of every position (dup arrays).
#define PH_REPS 5
#include "ph.h"
#define N 200
static double X[3 * N], TX[3 * N], G[1];
static int ph_nin(void) { return 1; }
static double T = 0.0;
static double *ph_input(int i) { return &T; }
static double ph_gradient_of(int i) { return G[0]; }
static int ph_ngrads(void) { return 1; }
static double ph_grad_entry(int i) { return G[0]; }
#define LJ_EXTRA(r2) 0.1 / (1 + exp((r2) - 4))
#include "lj.h"
// The primal along the direction: positions X + T TX.
static double moved(double t) {
  static double P[3 * N];
  for (int i = 0; i < 3 * N; i++) P[i] = X[i] + t * TX[i];
  return energy(P, N);
}
double __enzyme_fwddiff(void *, ...);
// Each result stored to a volatile: the reference's derivative has no side
// effect, and LLVM would delete all calls but the last from the timed loop.
static volatile double SINK;
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[3 * i] = 1.2 * (i % 6), X[3 * i + 1] = 1.2 * ((i / 6) % 6), X[3 * i + 2] = 1.2 * (i / 36) + 0.05 * sin(i);
  for (int i = 0; i < 3 * N; i++) TX[i] = cos(0.7 * i);
}
// TX[0] stored from a volatile each call: the reference marks its derivative
// read-only, and LLVM would hoist a call with the same memory out of the timed loop.
static volatile double TX0 = 1.0;
static void ph_grad(void) {
  TX[0] = TX0;
  G[0] = __enzyme_fwddiff((void *)energy, enzyme_dup, X, TX, enzyme_const, N);
  SINK = G[0];
}
static double ph_primal(void) { return moved(T); }
