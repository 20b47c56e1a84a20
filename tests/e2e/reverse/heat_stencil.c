// 1D heat equation with a logistic reaction term, updated in place (each new
// u[i] uses the already-updated left neighbour, kept in `left`).  The caller
// seeds du = w, so afterwards du = d(w.u_final)/du_initial, and the return
// value is d(w.u_final)/dr.  Checked against central differences.
#include <math.h>
#include <stdio.h>
#include <string.h>

extern int enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { N = 12, STEPS = 40 };

void heat(double *u, int n, int steps, double r, double k) {
  for (int s = 0; s < steps; s++) {
    double left = u[0];
    for (int i = 1; i < n - 1; i++) {
      double cur = u[i];
      u[i] = cur + r * (left - 2.0 * cur + u[i + 1]) + k * cur * (1.0 - cur);
      left = cur;
    }
  }
}

static double objective(const double *u0, const double *w, double r, double k) {
  double u[N], s = 0.0;
  memcpy(u, u0, sizeof u);
  heat(u, N, STEPS, r, k);
  for (int i = 0; i < N; i++) s += w[i] * u[i];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double r = 0.2, k = 0.5, h = 1e-6;
  double u0[N], w[N], u[N], du[N];
  for (int i = 0; i < N; i++) {
    u0[i] = 0.5 + 0.4 * sin(0.7 * i);
    w[i] = 1.0 + 0.1 * i;
    u[i] = u0[i];
    du[i] = w[i];
  }
  double dr = __enzyme_autodiff((void *)heat, u, du, N, STEPS, r, enzyme_const, k);
  for (int j = 0; j < N; j++) {
    double up[N], um[N];
    memcpy(up, u0, sizeof up);
    memcpy(um, u0, sizeof um);
    up[j] += h;
    um[j] -= h;
    check("d/du0", j, du[j], (objective(up, w, r, k) - objective(um, w, r, k)) / (2 * h), 1e-6);
  }
  check("d/dr", 0, dr, (objective(u0, w, r + h, k) - objective(u0, w, r - h, k)) / (2 * h), 1e-6);
  double ufinal[N];
  memcpy(ufinal, u0, sizeof ufinal);
  heat(ufinal, N, STEPS, r, k);
  for (int i = 0; i < N; i++) check("primal u", i, u[i], ufinal[i], 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
