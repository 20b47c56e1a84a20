/* A context struct holding the active input and constant weights, read by
 * a helper (a common C shape).  The weights' pointer is stored into memory
 * with a shadow, so they are passed enzyme_dup with a zeroed shadow, as the
 * refusal for enzyme_const advises (tests/lit/unshadowed-pointer-store.ll);
 * their gradient is checked too.  Both modes, against closed forms. */
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct context { const double *w; const double *x; int n; };

__attribute__((noinline)) static double term(const struct context *c, int i) {
  return c->w[i] * sin(c->x[i]) + 0.5 * c->x[i] * c->x[i];
}

double energy(const double *x, const double *w, int n) {
  struct context c = {w, x, n};
  double s = 0;
  for (int i = 0; i < c.n; i++) s += term(&c, i);
  return s;
}

int main(void) {
  enum { N = 4 };
  double x[N] = {0.1, -0.7, 1.3, 0.4}, w[N] = {1.0, 2.5, -0.5, 3.0};
  double dx[N] = {0}, dw[N] = {0}, t[N] = {0.3, -1.0, 0.5, 2.0}, tw[N] = {0};
  __enzyme_autodiff((void *)energy, enzyme_dup, x, dx, enzyme_dup, w, dw, enzyme_const, N);
  int ok = 1;
  double want_fwd = 0;
  for (int i = 0; i < N; i++) {
    double want_x = w[i] * cos(x[i]) + x[i], want_w = sin(x[i]);
    if (fabs(dx[i] - want_x) > 1e-12 || fabs(dw[i] - want_w) > 1e-12) {
      printf("MISMATCH %d: dx %g (want %g), dw %g (want %g)\n", i, dx[i], want_x, dw[i], want_w);
      ok = 0;
    }
    want_fwd += want_x * t[i];
  }
  double fwd = __enzyme_fwddiff((void *)energy, enzyme_dup, x, t, enzyme_dup, w, tw,
                                enzyme_const, N);
  if (fabs(fwd - want_fwd) > 1e-12) {
    printf("MISMATCH forward: %g, want %g\n", fwd, want_fwd);
    ok = 0;
  }
  return !ok;
}
