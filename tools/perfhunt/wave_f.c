// Single precision 2D wave equation, leapfrog (u_next = 2u - u_prev +
// c^2 lap u, three float buffers rotated by pointer) over time steps with
// a fixed boundary; loss = float sum of squares of the final field.  The
// initial displacement active.
#define PH_REPS 30
#define PH_FD_TOL 1e-3
#define PH_GRAD_TOL 1e-4
#include "ph.h"
#define NX 64
#define NY 64
#define STEPS 40
#define NG (NX * NY)
static float U0[NG], DU0[NG], B1[NG], D1[NG], B2[NG], D2[NG], B3[NG], D3[NG];
// One body for the float kernel and the double one the check evaluates (a
// float primal's rounding swamps a central difference over 40 steps).
#define WAVE(T, NAME)                                                          \
  T NAME(const T *u0, T *a, T *b, T *c, int steps, double c2d) {               \
    T c2 = (T)(float)c2d; /* a float through ... arrives as a double */        \
    for (int i = 0; i < NG; i++) a[i] = u0[i], b[i] = u0[i];                   \
    T *prev = a, *cur = b, *next = c;                                          \
    for (int s = 0; s < steps; s++) {                                          \
      for (int y = 0; y < NY; y++)                                             \
        for (int x = 0; x < NX; x++) {                                         \
          int i = y * NX + x;                                                  \
          if (x == 0 || y == 0 || x == NX - 1 || y == NY - 1) {                \
            next[i] = 0;                                                       \
            continue;                                                          \
          }                                                                    \
          T lap = cur[i - 1] + cur[i + 1] + cur[i - NX] + cur[i + NX] - 4 * cur[i]; \
          next[i] = 2 * cur[i] - prev[i] + c2 * lap;                           \
        }                                                                      \
      T *t = prev; prev = cur; cur = next; next = t;                           \
    }                                                                          \
    T e = 0;                                                                   \
    for (int i = 0; i < NG; i++) e += cur[i] * cur[i];                         \
    return e;                                                                  \
  }
WAVE(float, wave)
WAVE(double, wave_d)
float __enzyme_autodiff(void *, ...);
static int ph_nin(void) { return NG; }
static double ph_in;
static int ph_checked = -1;
static double *ph_input(int i) { ph_checked = i; ph_in = U0[i]; return &ph_in; }
static double ph_gradient_of(int i) { return DU0[i]; }
static int ph_ngrads(void) { return NG; }
static double ph_grad_entry(int i) { return DU0[i]; }
static void ph_setup(void) {
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      float dx = (x - 30.5f) / 8, dy = (y - 33.5f) / 8;
      U0[y * NX + x] = expf(-(dx * dx + dy * dy)) + 0.1f * sinf(0.3f * (x + 2 * y));
    }
}
static void ph_grad(void) {
  memset(DU0, 0, sizeof DU0);
  memset(D1, 0, sizeof D1); memset(D2, 0, sizeof D2); memset(D3, 0, sizeof D3);
  __enzyme_autodiff((void *)wave, enzyme_dup, U0, DU0, enzyme_dup, B1, D1, enzyme_dup, B2, D2, enzyme_dup, B3, D3,
                    enzyme_const, STEPS, enzyme_const, 0.2);
}
static double U0D[NG], DA_[NG], DB_[NG], DC_[NG];
static double ph_primal(void) {   // the checked input as ph_input last set it
  for (int i = 0; i < NG; i++) U0D[i] = i == ph_checked ? ph_in : U0[i];
  return wave_d(U0D, DA_, DB_, DC_, STEPS, 0.2);
}
