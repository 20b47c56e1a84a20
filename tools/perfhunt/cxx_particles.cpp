// C++ operator overloading: a small Vec3 class (value semantics, inline
// operators) in a particle system's potential energy, springs between
// neighbours plus a soft repulsion and gravity, positions as Vec3[].
#define PH_REPS 10
#include "ph.h"
struct Vec3 {
  double x, y, z;
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  double norm() const { return sqrt(dot(*this)); }
};
#define NP 2000
static Vec3 P[NP], DP[NP];
static int ph_nin(void) { return 3 * NP; }
static double *ph_input(int i) { return &((double *)P)[i]; }
static double ph_gradient_of(int i) { return ((double *)DP)[i]; }
static int ph_ngrads(void) { return 3 * NP; }
static double ph_grad_entry(int i) { return ((double *)DP)[i]; }
double energy(const Vec3 *p, int n, double k, double rest) {
  const Vec3 g{0, 0, -9.81};
  double e = 0;
  for (int i = 0; i + 1 < n; i++) {
    Vec3 d = p[i + 1] - p[i];
    double l = d.norm() - rest;
    e += 0.5 * k * l * l;
    Vec3 mid = (p[i] + p[i + 1]) * 0.5;
    e -= g.dot(mid) * 0.01;
    if (i + 2 < n) {
      Vec3 d2 = p[i + 2] - p[i];
      e += 0.1 / (1e-2 + d2.dot(d2));
    }
  }
  return e;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NP; i++) P[i] = {0.1 * i + 0.01 * sin(i), cos(0.3 * i), 0.05 * sin(0.7 * i)};
}
static void ph_grad(void) {
  memset(DP, 0, sizeof DP);
  __enzyme_autodiff((void *)energy, enzyme_dup, P, DP, enzyme_const, NP, enzyme_const, 3.0, enzyme_const, 0.12);
}
static double ph_primal(void) { return energy(P, NP, 3.0, 0.12); }
