// Loops clang's vectorizers turn into two-lane code (-ffast-math: the
// sums become vector reductions), where a scalar read before the inner loop
// is splatted across the lanes.  The reverse pass rebuilds a splat of a
// load of memory the function never writes (the pairwise energy), and must
// keep the others: a splat of a value the loop overwrites afterwards, of a
// value loaded from memory the loop itself writes, of a computed value; a
// splat in the loop of a value kept anyway is rebuilt from it (frames).
// Odd trip counts leave a remainder after the vector loop; the product and
// max reductions read their lanes in the reverse.  Every gradient against
// central differences.
// CFLAGS: -ffast-math
#include <math.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 13, M = 4 * N };

double pairwise(double *p) {          // N particles (x, y, z, q), an array of structs
  double e = 0;
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++) {
      double dx = p[4 * i] - p[4 * j], dy = p[4 * i + 1] - p[4 * j + 1];
      double dz = p[4 * i + 2] - p[4 * j + 2], r2 = dx * dx + dy * dy + dz * dz + 0.3;
      e += p[4 * i + 3] * p[4 * j + 3] / sqrt(r2) + 1.0 / (r2 * r2 * r2);
    }
  return e;
}

double overwritten(double *p) {       // c = p[i] splatted; p[i] changes after the inner loop
  double e = 0;
  for (int i = 0; i < N; i++) {
    double c = p[i], s = 0;
    for (int j = N; j < M; j++) s += (c - p[j]) * (c - p[j]) * p[j];
    p[i] = 0.1 * s;
    e += p[i] * c;
  }
  return e;
}

double written_by_loop(double *p) {   // c loaded from memory the loop writes (y[0])
  double *restrict y = p, *restrict x = p + N, e = 0;
  for (int r = 0; r < 3; r++) {
    double c = y[0];
    for (int j = 0; j < N; j++) y[j] = y[j] * c * 0.5 + x[j];
    for (int j = 0; j < N; j++) e += y[j] * y[j];
  }
  return e;
}

double computed(double *p) {          // a splat of a computed value, and products, maxima
  double e = 0, prod = 1, top = -1e30;
  for (int i = 0; i < 3; i++) {
    double c = sin(p[i]) * p[i + 1];
    for (int j = N; j < M; j++) {
      double t = (c - p[j]) * p[j];
      e += t * t;
      prod *= 1 + 0.01 * t;
      top = fmax(top, t * c);
    }
  }
  return e + prod + top;
}

double frames(double *p) {            // splats of cos/sin (kept) in the loop, 2x2 products
  double e = 0;
  for (int i = 0; i < 8; i++) {
    double a = cos(p[i]), b = sin(p[i]), *m = p + 8 + 4 * i;
    double r0 = m[0] * a + m[2] * b, r1 = m[1] * a + m[3] * b;
    m[0] = r0 * 0.5, m[1] = r1 * 0.5;
    e += r0 * r1 + r0;
  }
  return e;
}

// Some functions write their input: check_gradient_copied copies it.
#define CHECK(f)                                                           \
  ({ double x[M], dx[M] = {0}, work[M];                                  \
     for (int i = 0; i < M; i++) work[i] = x[i] = 0.3 + 0.7 * sin(1.7 * i + 0.4); \
     __enzyme_autodiff((void *)f, enzyme_dup, work, dx);                   \
     check_gradient_copied(#f, x, dx, M, f); })

int main(void) {
  int bad = CHECK(pairwise) + CHECK(overwritten) + CHECK(written_by_loop) + CHECK(computed) +
            CHECK(frames);
  if (!bad) printf("ok\n");
  return bad != 0;
}
