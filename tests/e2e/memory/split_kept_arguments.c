// Functions called from differentiated code get split derivatives; when
// the caller keeps the memory an argument points into unchanged until the
// callee's reverse pass, the callee's reverse reads it again instead of
// taping it.  Beside the kept shapes (a restrict argument passed down two
// levels, a local array filled before the call) stand those that are not:
// the caller overwrites the memory after the call, refills it in a loop,
// passes it to a second call that writes it, or is itself split (its stack
// is gone before the reverse pass).
// (-fno-unroll-loops keeps the loops and local arrays at -O2)
// CFLAGS: -fno-unroll-loops
#include "../check.h"

void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static double inner(const double *restrict a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(a[i]) * a[(i + 1) % n];
  return s;
}

__attribute__((noinline)) static double middle(const double *restrict a, int n) {
  return inner(a, n) * a[0] + inner(a + 1, n - 1);
}

__attribute__((noinline)) static void scale(double *restrict buf, double by, int n) {
  for (int i = 0; i < n; i++) buf[i] *= by;
}

__attribute__((noinline)) static double split_caller(const double *restrict x) {
  double local[3] = {x[0] * x[1], x[2], x[1] + x[2]};
  return inner(local, 3) + local[0];
}

static double objective(double *restrict x) {
  double t[3], s = middle(x, 4);            // kept: x, two levels down
  for (int i = 0; i < 3; i++) t[i] = x[i] * x[i + 1];
  s += inner(t, 3);                         // kept: filled before the call
  t[1] = x[3] * 2;                          // overwritten after the call
  s += inner(t + 1, 2) * t[0];
  double u[2];
  for (int k = 0; k < 3; k++) {             // refilled in a loop
    u[0] = x[k] * k;
    u[1] = x[k + 1];
    s += inner(u, 2);
  }
  double v[3] = {x[0], x[1] * x[2], x[3]};
  s += inner(v, 3);                         // then written by another call
  scale(v, x[1], 3);
  s += 0.5 * inner(v, 3) + split_caller(x);
  return s;
}

int main(void) {
  double x[4] = {0.3, -0.7, 0.5, 0.9}, dx[4] = {0};
  __enzyme_autodiff((void *)objective, x, dx);
  return check_gradient("dx", x, dx, 4, objective) != 0;
}
