// Two shapes the reverse pass handles without per-iteration tape traffic:
// a select on a float comparison (a Huber loss, |r| < delta) over inputs
// the function never writes, recomputed in the reverse pass; and inner
// loops counting down a constant number of times (Horner's rule) inside an
// outer loop that tapes, reserving their room once per run.  Beside each, a
// nearby shape that must still tape: the Huber residual written back in
// place, and a Horner loop counting down from a run-time degree.
// Gradients against central differences.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double huber(const double *w, const double *x, int n) {
  double l = 0;
  for (int i = 1; i < n; i++) {
    double r = w[i] * x[i] - w[i - 1];
    double a = fabs(r);
    l += a < 0.3 ? 0.5 * r * r : 0.3 * (a - 0.15);
  }
  return l;
}

double huber_in_place(double *w, const double *x, int n) {
  double l = 0;
  for (int i = 1; i < n; i++) {
    double r = w[i] * x[i] - w[i - 1];
    double a = fabs(r);
    l += a < 0.3 ? 0.5 * r * r : 0.3 * (a - 0.15);
    w[i] = r;
  }
  return l;
}

double horner(const double *c, const double *t, int n, int m) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double p = 0, q = 0;
    for (int k = 7; k >= 0; k--) p = p * t[i] + c[k];
    for (int k = m; k >= 0; k--) q = q * t[i] + c[k] * c[k];
    l += p * p / (1 + t[i] * t[i] * q * q);
  }
  return l;
}

typedef double (*Fn)(double *, double *, int, int);
static double h0(double *w, double *x, int n, int m) { return huber(w, x, n); }
static double h1(double *w, double *x, int n, int m) { double c[16]; for (int i = 0; i < n; i++) c[i] = w[i]; return huber_in_place(c, x, n); }
static double h2(double *c, double *t, int n, int m) { return horner(c, t, n, m); }
static double h3(double *t, double *c, int n, int m) { return horner(c, t, n, m); }

static int failures;
static void check(const char *what, Fn f, double *w, const double *dw, double *x, int n, int m) {
  for (int i = 0; i < n; i++) {
    double w0 = w[i], h = 1e-6;
    w[i] = w0 + h; double fp = f(w, x, n, m);
    w[i] = w0 - h; double fm = f(w, x, n, m);
    w[i] = w0;
    double fd = (fp - fm) / (2 * h);
    if (!(fabs(fd - dw[i]) <= 1e-6 * (1 + fabs(fd)))) {
      printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, dw[i], fd);
      failures++;
    }
  }
}

int main(void) {
  enum { N = 16 };
  double w[N], x[N], dw[N] = {0}, c[N], dc[N] = {0}, dt[N] = {0}, work[N];
  for (int i = 0; i < N; i++) w[i] = sin(1.7 * i), x[i] = 0.6 + 0.9 * cos(0.8 * i), c[i] = 0.3 * cos(1.1 * i);
  __enzyme_autodiff((void *)huber, enzyme_dup, w, dw, enzyme_const, x, enzyme_const, N);
  check("huber", h0, w, dw, x, N, 0);
  for (int i = 0; i < N; i++) work[i] = w[i], dw[i] = 0;
  __enzyme_autodiff((void *)huber_in_place, enzyme_dup, work, dw, enzyme_const, x, enzyme_const, N);
  check("huber_in_place", h1, w, dw, x, N, 0);
  __enzyme_autodiff((void *)horner, enzyme_dup, c, dc, enzyme_dup, x, dt, enzyme_const, N, enzyme_const, 5);
  check("horner d/dc", h2, c, dc, x, N, 5);
  check("horner d/dt", h3, x, dt, c, N, 5);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
