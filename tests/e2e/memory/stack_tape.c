// A gradient whose every call pushes at most a constant number of bytes
// keeps its tape in its own frame (tape.init_stack_tape), sized by the
// bound: `nested` pushes in nested loops of constant count (3 x 3) (a
// bound that left out the trip counts would hand a stack address to
// realloc: an abort at every -O); `turned` in a split callee called twice
// whose two arms push different amounts.
// Beside them, the shapes that keep the thread's heap tape: a loop whose
// count varies and a recursive callee.  Each gradient is taken three times
// in a row, the others in between.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static void turn(const double *r, double *v) {
  double t2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  if (t2 > 0.01) {
    double t = sqrt(t2), c = cos(t), s = sin(t);
    for (int j = 0; j < 3; j++) v[j] = sin(v[j] * c + r[j] * s);
  } else {
    for (int j = 0; j < 3; j++) v[j] = v[j] * (v[j] + r[j] * v[(j + 1) % 3]);
  }
}

static double nested(double *x) {
  double a[3];
  for (int i = 0; i < 3; i++) a[i] = x[i];
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < 3; i++) a[i] = sin(a[i] * x[(i + k) % 4]);
  return a[0] * a[1] + a[2] * x[3];
}

static double turned(double *x) {
  double v[3] = {x[3], x[2] * x[1], x[0]}, small[3] = {x[0] * 0.01, x[1] * 0.01, x[2] * 0.01};
  turn(x, v);
  turn(small, v);
  return v[0] * v[1] + v[2];
}

static double varying(double *x) {
  double s = x[0];
  int n = (int)(x[1] * 10 + 20.5);
  for (int i = 0; i < n; i++) s = sin(s * x[i % 4] + 0.1);
  return s;
}

__attribute__((noinline)) static double deeper(const double *x, int d) {
  if (d == 0) return x[0];
  return sin(deeper(x, d - 1) * x[d % 4]);
}

static double recursive(double *x) { return deeper(x, 5); }

int main(void) {
  double x[4] = {0.3, -0.7, 0.5, 0.9};
  int bad = 0;
  for (int call = 0; call < 3; call++) {
    double d1[4] = {0}, d2[4] = {0}, d3[4] = {0}, d4[4] = {0};
    __enzyme_autodiff((void *)nested, x, d1);
    __enzyme_autodiff((void *)turned, x, d2);
    __enzyme_autodiff((void *)varying, x, d3);
    __enzyme_autodiff((void *)recursive, x, d4);
    bad += check_gradient("nested", x, d1, 4, nested);
    bad += check_gradient("turned", x, d2, 4, turned);
    bad += check_gradient("varying", x, d3, 4, varying);
    bad += check_gradient("recursive", x, d4, 4, recursive);
  }
  return bad != 0;
}
