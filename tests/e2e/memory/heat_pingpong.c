// A nonlinear heat equation stepped between two malloc'd buffers that swap
// every step.  The function writes only its own heap memory (which buffer a
// store reaches depends on the step), so the conductivities c[] are read
// again in the reverse pass instead of taped; the fluxes' sums and squares
// are recomputed from a few taped values (x*x beside x, fma, negations).
// Checked against central differences, for the initial state and c[].
//   u = u0; repeat: al = (u[i-1]+u[i])/2, ar = (u[i]+u[i+1])/2,
//     v[i] = u[i] + r (c[i+1](1+ar^2)(u[i+1]-u[i]) - c[i](1+al^2)(u[i]-u[i-1]));
//     swap(u, v)
//   returns sum_i w_i u_i^2, with u = 0 outside [0, n)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

enum { N = 9, STEPS = 5 };

double heat(const double *u0, const double *c, double r, int n, int steps) {
  double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
  for (int i = 0; i < n; i++) u[i] = u0[i];
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++) {
      double ul = i > 0 ? u[i - 1] : 0.0, ur = i < n - 1 ? u[i + 1] : 0.0;
      double al = 0.5 * (ul + u[i]), ar = 0.5 * (u[i] + ur);
      double fl = c[i] * (1.0 + al * al) * (u[i] - ul);
      double fr = c[i + 1] * (1.0 + ar * ar) * (ur - u[i]);
      v[i] = u[i] + r * (fr - fl);
    }
    double *swap = u;
    u = v;
    v = swap;
  }
  double e = 0.0;
  for (int i = 0; i < n; i++) e += (1.0 + 0.1 * i) * u[i] * u[i];
  free(u);
  free(v);
  return e;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

// d heat / d *p by central differences, p pointing into u0 or c.
static double central(double *p, const double *u0, const double *c) {
  double v = *p, h = 1e-6;
  *p = v + h;
  double fp = heat(u0, c, 0.2, N, STEPS);
  *p = v - h;
  double fm = heat(u0, c, 0.2, N, STEPS);
  *p = v;
  return (fp - fm) / (2 * h);
}

int main(void) {
  double u0[N], c[N + 1], du0[N] = {0}, dc[N + 1] = {0};
  for (int i = 0; i < N; i++) u0[i] = sin(0.7 * i + 0.3);
  for (int i = 0; i <= N; i++) c[i] = 0.8 + 0.3 * cos(1.1 * i);
  double dr = __enzyme_autodiff((void *)heat, enzyme_dup, u0, du0, enzyme_dup, c, dc, 0.2,
                                enzyme_const, N, enzyme_const, STEPS);
  for (int i = 0; i < N; i++) check("du0", i, du0[i], central(&u0[i], u0, c), 1e-6);
  for (int i = 0; i <= N; i++) check("dc", i, dc[i], central(&c[i], u0, c), 1e-6);
  double h = 1e-6;
  double dr_fd = (heat(u0, c, 0.2 + h, N, STEPS) - heat(u0, c, 0.2 - h, N, STEPS)) / (2 * h);
  check("dr", 0, dr, dr_fd, 1e-6);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
