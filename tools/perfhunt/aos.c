// Array of structs: pairwise Lennard-Jones-like energy of particles; with
// AOS_POINTERS (aos_ptr.c) the same loops walk pointers instead of indices.
#define PH_REPS 5
#include "ph.h"
#define N 300
typedef struct { double x, y, z, q; } particle;
static particle P[N], DP[N];
PH_ARRAY_INPUTS(((double *)P), ((double *)DP), 4 * N)
double energy(const particle *p, int n) {
  double e = 0;
#ifdef AOS_POINTERS
  for (const particle *a = p; a < p + n; a++)
    for (const particle *b = a + 1; b < p + n; b++) {
#else
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      const particle *a = p + i, *b = p + j;
#endif
      double dx = a->x - b->x, dy = a->y - b->y, dz = a->z - b->z;
      double r2 = dx * dx + dy * dy + dz * dz + 0.1, r6 = r2 * r2 * r2;
      e += a->q * b->q / sqrt(r2) + 1.0 / (r6 * r6) - 1.0 / r6;
    }
  return e;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) { P[i].x = sin(i); P[i].y = cos(1.3 * i); P[i].z = sin(0.7 * i + 1); P[i].q = 0.5 + 0.1 * (i % 7); }
}
static void ph_grad(void) { memset(DP, 0, sizeof DP); __enzyme_autodiff((void *)energy, enzyme_dup, P, DP, enzyme_const, N); }
static double ph_primal(void) { return energy(P, N); }
