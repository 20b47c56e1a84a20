// CFLAGS: -ffast-math
// Sums of squares whose lanes the SLP vectorizer extracts from <2 x double>
// differences (`d.dot(d)` of Vec3 differences), read by a sqrt's and a
// quotient's adjoint: the reverse may rebuild them whole from the positions
// (cache_policy `_rebuilt_whole`), also a scaled sum that a product with its
// exp reads (the reverse calls exp again).  Beside them the shapes that must
// not be rebuilt the same way: a sum used inside an inner loop (read in
// another block's reverse), a sum the forward pass also stores, and vectors
// made by insertelement and shufflevector (clang's vector extension).
#include "../vec3_sums.h"

extern "C" double __enzyme_autodiff(void *, ...);

enum { NW = 3 };
static double W[NW] = {0.5, -1.25, 2.0};
static double stored[NP];

static double springs(double *q) {
  const Vec3 *p = (const Vec3 *)q;
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    double l = sqrt(dist2(p, i, i + 1)) - 0.3;
    e += 1.5 * l * l;
    if (i + 2 < np) e += 0.1 / (1e-2 + dist2(p, i, i + 2));
  }
  return e;
}

static double inner_uses(double *q) {
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    double s = dist2((const Vec3 *)q, i, i + 1);
    for (int j = 0; j < NW; j++) e += sin(W[j] * s + j);
  }
  return e;
}

static double also_stored(double *q) {
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    double s = stored[i] = dist2((const Vec3 *)q, i, i + 1);
    e += sqrt(s) * s;
  }
  return e;
}

static double times_exp(double *q) {
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    double s = 0.1 * dist2((const Vec3 *)q, i, i + 1);
    e += s * exp(-s);
    if (i + 2 < np) e += 0.01 * q[3 * i + 6];     // a second block in the loop
  }
  return e;
}

typedef double v2 __attribute__((vector_size(16)));
static double inserted(double *q) {
  double e = 0;
  for (int i = 0; i + 3 < 3 * np; i += 3) {
    v2 a = {q[i], q[i + 2]}, b = {q[i + 3], q[i + 5]};
    v2 s = (b - a) * (b - a);
    e += sqrt(s[0] + s[1] + q[i + 1] * q[i + 1]);
  }
  return e;
}

static double shuffled(double *q) {
  double e = 0;
  for (int i = 0; i + 3 < 3 * np; i += 3) {
    v2 a = {q[i], q[i + 2]}, b = {q[i + 4], q[i + 3]};
    v2 d = b - a;
    v2 s = d * __builtin_shufflevector(d, d, 1, 0) + d * d;
    e += 1 / (1 + s[0] + s[1]);
  }
  return e;
}

int main() {
  double q[N];
  for (int i = 0; i < N; i++) q[i] = 0.3 * i + 0.2 * sin(1.7 * i);
  int bad = CHECK_REVERSE(springs, q, N);
  bad += CHECK_REVERSE(inner_uses, q, N);
  bad += CHECK_REVERSE(also_stored, q, N);
  bad += CHECK_REVERSE(times_exp, q, N);
  bad += CHECK_REVERSE(inserted, q, N);
  bad += CHECK_REVERSE(shuffled, q, N);
  return bad != 0;
}
