// Forward and reverse mode must agree with each other and with central
// differences: for F: R^4 -> R^3 (a void function writing y), and directions
// v (input) and w (output),
//   w . (J v)   [forward: tangent of y along v]
//   = (J^T w) . v   [reverse: seed dy = w, read dx]
//   ~ w . (F(x + h v) - F(x - h v)) / 2h
#include <math.h>
#include <stdio.h>

void __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);

void F(double *y, const double *x) {
  double r = 0.0;
  for (int i = 0; i < 4; i++) r += x[i] * x[i];
  y[0] = sqrt(r) * sin(x[0] - x[3]);
  y[1] = exp(0.3 * x[1]) * x[2] / (1.0 + x[0] * x[0]);
  y[2] = atan(x[1] * x[3]) + log(r);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double x0[4] = {0.7, -1.1, 0.4, 1.9};
  for (int k = 0; k < 3; k++) {
    double x[4], v[4], w[3], y[3], dy[3], dx[4] = {0}, xp[4], xm[4], yp[3], ym[3];
    for (int i = 0; i < 4; i++) {
      x[i] = x0[i] + 0.2 * k;
      v[i] = cos(1.0 + i + k);
      xp[i] = x[i] + 1e-6 * v[i];
      xm[i] = x[i] - 1e-6 * v[i];
    }
    for (int j = 0; j < 3; j++) w[j] = 1.0 - 0.6 * j + 0.1 * k;
    __enzyme_fwddiff((void *)F, y, dy, x, v);
    double fwd = 0.0, rev = 0.0, fd = 0.0;
    for (int j = 0; j < 3; j++) fwd += w[j] * dy[j];
    double seed[3];
    for (int j = 0; j < 3; j++) seed[j] = w[j];
    __enzyme_autodiff((void *)F, y, seed, x, dx);
    for (int i = 0; i < 4; i++) rev += dx[i] * v[i];
    F(yp, xp);
    F(ym, xm);
    for (int j = 0; j < 3; j++) fd += w[j] * (yp[j] - ym[j]) / 2e-6;
    check("forward vs reverse", k, fwd, rev, 1e-13);
    check("forward vs central differences", k, fwd, fd, 1e-6);
    for (int j = 0; j < 3; j++) check("seed consumed", 3 * k + j, seed[j], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
