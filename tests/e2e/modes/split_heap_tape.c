// Split mode with a heap tape: __enzyme_augmentfwd runs the primal and returns
// a tape pointer; __enzyme_reverse, called later, accumulates the gradients.
//   f(x) = sum_i x_i sin(x_{i+1}), result adjoint 2.5 passed as the LAST
//     argument: dx_i = 2.5 (sin x_{i+1} + x_{i-1} cos x_i)
//   g(a, y, x): y_i = a x_i^2 (outputs, seeded after the forward pass);
//     __enzyme_reverse returns d/da = sum_i s_i x_i^2, dx_i += 2 a x_i s_i
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_tape;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
double __enzyme_reverse_d(void *, ...);

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 1 < n; i++) s += x[i] * sin(x[i + 1]);
  return s;
}

void g(double a, double *y, const double *x, int n) {
  for (int i = 0; i < n; i++) y[i] = a * x[i] * x[i];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 7 };
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.5 * i - 1.4;
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++) check("dx untouched by the forward pass", i, dx[i], 0.0, 0.0);
  __enzyme_reverse((void *)f, enzyme_tape, tape, enzyme_dup, x, dx, enzyme_const, N, 2.5);
  for (int i = 0; i < N; i++) {
    double want = (i + 1 < N ? sin(x[i + 1]) : 0.0) + (i > 0 ? x[i - 1] * cos(x[i]) : 0.0);
    check("df/dx", i, dx[i], 2.5 * want, 1e-14);
  }

  const double a = -0.75;
  double y[N], dy[N], dx2[N] = {0};
  void *tape2 = __enzyme_augmentfwd((void *)g, a, y, dy, x, dx2, N);
  for (int i = 0; i < N; i++) {
    check("primal y after augmentfwd", i, y[i], a * x[i] * x[i], 1e-15);
    dy[i] = 1.0 + 0.5 * i;
  }
  double da = __enzyme_reverse_d((void *)g, enzyme_tape, tape2, a, y, dy, x, dx2, N), want_da = 0.0;
  for (int i = 0; i < N; i++) {
    double si = 1.0 + 0.5 * i;
    want_da += si * x[i] * x[i];
    check("dg/dx", i, dx2[i], 2.0 * a * x[i] * si, 1e-14);
    check("dy consumed", i, dy[i], 0.0, 0.0);
  }
  check("dg/da", 0, da, want_da, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
