// Atomic updates and loads of active memory (the shape of a parallel reduction):
//   acc:       y[0] += sum x_i^2, y[1] -= sum sin x_i, by __atomic_fetch_add/sub
//   fetch_old: old = y (then y += v); returns old * v
// Reverse: dx_i = 2 x_i dy0 - cos(x_i) dy1;  for fetch_old with the return seeded
// by 1 and dy by w: dv = old + w, dy(before) = v + w.
// Forward: the shadow gets the same atomic update with the tangent.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_d(void *, ...);
double __enzyme_fwddiff(void *, ...);

void acc(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++) {
    double xi;
    __atomic_load(&x[i], &xi, __ATOMIC_RELAXED);      // an i64 load of a double's bits
    __atomic_fetch_add(&y[0], xi * x[i], __ATOMIC_RELAXED);
    __atomic_fetch_sub(&y[1], sin(x[i]), __ATOMIC_RELAXED);
  }
}

double fetch_old(double *y, double v) {
  double old = __atomic_fetch_add(y, v, __ATOMIC_RELAXED);
  return old * v;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  double x[N], dx[N] = {0}, y[2] = {0.5, 0.25}, dy[2] = {1.5, -0.75};
  for (int i = 0; i < N; i++) x[i] = 0.3 * i - 0.4;
  __enzyme_autodiff((void *)acc, x, dx, y, dy, N);
  for (int i = 0; i < N; i++) check("acc dx", i, dx[i], 2 * x[i] * 1.5 + 0.75 * cos(x[i]), 1e-14);
  check("acc dy0 kept", 0, dy[0], 1.5, 0.0);

  double tx[N], ty[2] = {0, 0};
  for (int i = 0; i < N; i++) tx[i] = 1.0 + i;
  y[0] = 0.5, y[1] = 0.25;
  __enzyme_fwddiff((void *)acc, x, tx, y, ty, N);
  double t0 = 0, t1 = 0;
  for (int i = 0; i < N; i++) t0 += 2 * x[i] * tx[i], t1 -= cos(x[i]) * tx[i];
  check("acc tangent", 0, ty[0], t0, 1e-14);
  check("acc tangent", 1, ty[1], t1, 1e-14);

  double yv = 2.0, dyv = 0.5, v = 3.0;
  double dv = __enzyme_autodiff_d((void *)fetch_old, &yv, &dyv, v);
  check("fetch_old dv", 0, dv, 2.0 + 0.5, 1e-15);
  check("fetch_old dy", 0, dyv, 3.0 + 0.5, 1e-15);

  yv = 2.0;
  double tyv = 0.25;
  double t = __enzyme_fwddiff((void *)fetch_old, enzyme_dup, &yv, &tyv, 3.0, 1.0);
  check("fetch_old tangent", 0, t, 0.25 * 3.0 + 2.0 * 1.0, 1e-15);
  check("fetch_old y tangent", 0, tyv, 0.25 + 1.0, 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
