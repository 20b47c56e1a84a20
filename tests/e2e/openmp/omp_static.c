// CFLAGS: -fopenmp
// A parallel for with the default (static) schedule whose iterations read
// their neighbours: two threads add to one x's adjoint, so the reverse
// must add atomically.  Reverse and forward mode against central
// differences of L = sum w[i] * y[i].
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 37 };

void stencil(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double l = x[i > 0 ? i - 1 : n - 1], r = x[(i + 1) % n];
    y[i] = sin(x[i]) * l + r * r * x[i];
  }
}

static double loss(const double *x, const double *w) {
  double y[N], s = 0;
  stencil(x, y, N);
  for (int i = 0; i < N; i++) s += w[i] * y[i];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], w[N], dx[N], y[N], dy[N], v[N], ty[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 + 0.1 * i - 0.002 * i * i;
    w[i] = 1.0 + 0.5 * cos(i);
    v[i] = sin(0.7 * i);
    dx[i] = 0.25;                       // gradients add to what is there
    dy[i] = w[i];
  }
  __enzyme_autodiff((void *)stencil, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, N);
  __enzyme_fwddiff((void *)stencil, enzyme_dup, x, v, enzyme_dup, y, ty, enzyme_const, N);
  double directional = 0, h = 1e-6;
  for (int i = 0; i < N; i++) {
    double keep = x[i];
    x[i] = keep + h; double up = loss(x, w);
    x[i] = keep - h; double down = loss(x, w);
    x[i] = keep;
    check("dx", i, dx[i] - 0.25, (up - down) / (2 * h));
    check("dy consumed", i, dy[i], 0.0);
    directional += w[i] * ty[i];
  }
  double xp[N], xm[N];
  for (int i = 0; i < N; i++) { xp[i] = x[i] + h * v[i]; xm[i] = x[i] - h * v[i]; }
  check("forward", 0, directional, (loss(xp, w) - loss(xm, w)) / (2 * h));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
