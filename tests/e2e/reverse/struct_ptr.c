// A struct-of-doubles argument passed by pointer (with an int member that has
// no derivative).  Gravitational energy of n particles:
//   E = - sum_{i<j} m_i m_j / r_ij
//   dE/dm_i = - sum_{j!=i} m_j / r_ij
//   dE/dpos_i = sum_{j!=i} m_i m_j (pos_i - pos_j) / r_ij^3
#include <math.h>
#include <stdio.h>

typedef struct { double x, y, z; } Vec3;
typedef struct { Vec3 pos; double mass; int id; } Particle;
void __enzyme_autodiff(void *, ...);

double energy(const Particle *p, int n) {
  double e = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = p[i].pos.x - p[j].pos.x, dy = p[i].pos.y - p[j].pos.y,
             dz = p[i].pos.z - p[j].pos.z;
      e -= p[i].mass * p[j].mass / sqrt(dx * dx + dy * dy + dz * dz);
    }
  return e;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  Particle p[N], dp[N] = {0};
  for (int i = 0; i < N; i++) {
    p[i].pos = (Vec3){cos(1.1 * i), sin(1.7 * i) + 0.2 * i, 0.3 * i * i};
    p[i].mass = 1.0 + 0.5 * i;
    p[i].id = i;
  }
  __enzyme_autodiff((void *)energy, p, dp, N);
  for (int i = 0; i < N; i++) {
    double gm = 0.0, g[3] = {0.0, 0.0, 0.0};
    for (int j = 0; j < N; j++) {
      if (j == i) continue;
      double d[3] = {p[i].pos.x - p[j].pos.x, p[i].pos.y - p[j].pos.y, p[i].pos.z - p[j].pos.z};
      double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      gm -= p[j].mass / r;
      for (int c = 0; c < 3; c++) g[c] += p[i].mass * p[j].mass * d[c] / (r * r * r);
    }
    check("dE/dmass", i, dp[i].mass, gm, 1e-13);
    check("dE/dpos.x", i, dp[i].pos.x, g[0], 1e-13);
    check("dE/dpos.y", i, dp[i].pos.y, g[1], 1e-13);
    check("dE/dpos.z", i, dp[i].pos.z, g[2], 1e-13);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
