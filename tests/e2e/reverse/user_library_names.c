// User functions whose names begin like library functions (memcpy_*, memset_*)
// have bodies: they are differentiated as written, not taken for the library
// function the name suggests (forward mode once copied the shadow bytes of
// `memcpy_scaled` as if it were memcpy, dropping the factor s).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) void memcpy_scaled(double *dst, const double *src, double s, int n) {
  for (int i = 0; i < n; i++) dst[i] = s * src[i];
}

__attribute__((noinline)) void memset_shifted(double *dst, double v, int n) {
  for (int i = 0; i < n; i++) dst[i] += v * (i + 1);
}

double f(double *x, int n) {
  double tmp[4];
  memcpy_scaled(tmp, x, x[0], n);
  memset_shifted(tmp, x[1], n);
  double acc = 0;
  for (int i = 0; i < n; i++) acc += tmp[i] * tmp[i];
  return acc;
}

int main(void) {
  double x[4] = {0.5, 1.5, -2.0, 0.25}, dx[4] = {0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 4);
  int bad = 0;
  for (int k = 0; k < 4; k++) {
    double h = 1e-6, xp[4], xm[4];
    for (int j = 0; j < 4; j++) xp[j] = xm[j] = x[j];
    xp[k] += h;
    xm[k] -= h;
    double fd = (f(xp, 4) - f(xm, 4)) / (2 * h);
    double t[4] = {0};
    t[k] = 1;
    double fw = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, enzyme_const, 4);
    double tol = 1e-6 * (1 + fabs(fd));
    if (fabs(fd - dx[k]) > tol || fabs(fd - fw) > tol) {
      printf("MISMATCH d/dx%d: reverse %g, forward %g, want %g\n", k, dx[k], fw, fd);
      bad = 1;
    }
  }
  return bad;
}
