// Split mode: in-place nonlinear steps v <- a sin(v) + v/10 (the reverse
// needs the overwritten values: taped), __enzyme_augmentfwd then, with
// the seeds set, __enzyme_reverse with the tape passed last.
#define PH_REPS 10
#include "ph.h"
#define N 5000
#define K 8
static double V0[N], V[N], DV[N], A = 1.3, G[N + 1];
static int ph_nin(void) { return N + 1; }
static double *ph_input(int i) { return i < N ? &V0[i] : &A; }
static double ph_gradient_of(int i) { return G[i]; }
static int ph_ngrads(void) { return N + 1; }
static double ph_grad_entry(int i) { return G[i]; }
void steps(double *v, double a, int n, int k) {
  for (int it = 0; it < k; it++)
    for (int i = 0; i < n; i++) v[i] = a * sin(v[i]) + 0.1 * v[i];
}
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) V0[i] = sin(0.01 * i); }
static void ph_grad(void) {
  memcpy(V, V0, sizeof V);
  memset(DV, 0, sizeof DV);
  void *tape = __enzyme_augmentfwd((void *)steps, enzyme_dup, V, DV, A, enzyme_const, N, enzyme_const, K);
  for (int i = 0; i < N; i++) DV[i] = 1 + 1e-3 * i;  // primal: sum_i (1 + i/1000) v_i
  G[N] = __enzyme_reverse((void *)steps, enzyme_dup, V, DV, A, enzyme_const, N, enzyme_const, K, tape);
  memcpy(G, DV, sizeof DV);
}
static double ph_primal(void) {
  memcpy(V, V0, sizeof V);
  steps(V, A, N, K);
  double s = 0;
  for (int i = 0; i < N; i++) s += (1 + 1e-3 * i) * V[i];
  return s;
}
