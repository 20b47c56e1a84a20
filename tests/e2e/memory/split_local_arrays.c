// Local arrays in functions that differentiated code calls (so their
// derivatives come split: an augmented forward and a reverse function).
// A local that only ever holds numbers gets its shadow in the reverse
// function; the shapes beside it keep a shadow the forward sweep shares:
// pointers stored into the local, the local passed to a call, a
// variable-length array in a loop, recursion.
// (-fno-unroll-loops keeps the local arrays in memory at -O2)
// CFLAGS: -fno-unroll-loops
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static void rotate(const double *r, const double *p, double *out) {
  double a[3], b[3], c[3];          // numbers only: reverse-only shadows
  for (int i = 0; i < 3; i++) a[i] = r[i] * p[(i + 1) % 3];
  for (int i = 0; i < 3; i++) b[i] = sin(a[i]) + r[i];
  for (int k = 0; k < 4; k++)       // the same cells read and written again
    for (int i = 0; i < 3; i++) c[i] = (k ? c[i] : 1.0) * b[(i + k) % 3] + a[i];
  for (int i = 0; i < 3; i++) out[i] = c[i] * a[(i + 2) % 3];
}

__attribute__((noinline)) static void fill(double *dst, const double *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i] * src[(i + 1) % n];
}

__attribute__((noinline)) static double via_pointers(const double *x, double *y) {
  const double *rows[2] = {x, y};   // shadow pointers stored into the local
  double t[2];
  fill(t, x, 2);                    // the local passed to a call
  return rows[0][1] * rows[1][0] + t[0] * t[1];
}

__attribute__((noinline)) static double vla_loop(const double *x, int n) {
  double s = 0;
  for (int k = 1; k <= 3; k++) {
    double w[k + n];                // dynamic, a new one per iteration
    for (int i = 0; i < k + n; i++) w[i] = x[i % n] * k;
    for (int i = 0; i < k + n; i++) s += w[i] * w[(i + 1) % (k + n)];
  }
  return s;
}

__attribute__((noinline)) static double recurse(const double *x, int depth) {
  double loc[2] = {x[0] * x[1], x[1] + depth};
  if (depth == 0) return loc[0] * loc[1];
  return loc[0] * recurse(x, depth - 1) + loc[1];
}

static double objective(double *x) {
  double out[3], y[2] = {x[1] * x[2], x[0]};
  rotate(x, x + 1, out);
  return out[0] + 2 * out[1] + 3 * out[2] + via_pointers(x, y) + vla_loop(x, 3) +
         0.1 * recurse(x, 3);
}

static void gradient(double *x, double *dx) { __enzyme_autodiff((void *)objective, x, dx); }

int main(void) {
  double x[4] = {0.3, -0.7, 0.5, 0.9}, dx[4] = {0};
  gradient(x, dx);
  int bad = check_gradient("dx", x, dx, 4, objective);
  for (int i = 0; i < 4; i++) dx[i] = 0;
  gradient(x, dx);                  // a second call: the shadows start from zero again
  bad += check_gradient("dx again", x, dx, 4, objective);
  return bad != 0;
}
