// CFLAGS: -ffast-math -march=haswell
// Sums of four squares of differences that the SLP vectorizer builds as
// <4 x double> (AVX) and <4 x float> and whose lanes it extracts, read by a
// sqrt's and a quotient's adjoint: the reverse may rebuild them whole
// (cache_policy `_rebuilt_whole`).  The outer loops are not vectorized, so
// the SLP vectorizer makes the shapes.  The float program's sum is also used in
// an inner loop, whose reverse must read it as the forward pass had it.
#define E2E_TOLERANCE 2e-3
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
float __enzyme_autodiff_f(void *, ...);

enum { NP = 6, N = 4 * NP };
int np = NP;     // a bound the compiler cannot see: loops stay loops

static double wide(double *q) {
  double e = 0;
#pragma clang loop vectorize(disable) interleave(disable)
  for (int i = 0; i + 1 < np; i++) {
    const double *a = q + 4 * i, *b = a + 4;
    double d0 = b[0] - a[0], d1 = b[1] - a[1], d2 = b[2] - a[2], d3 = b[3] - a[3];
    double s = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
    e += sqrt(s) + 0.5 / (1 + s);
  }
  return e;
}

static inline float dist2f(const float *a) {
  float d0 = a[4] - a[0], d1 = a[5] - a[1], d2 = a[6] - a[2], d3 = a[7] - a[3];
  return d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
}

static float narrow(float *q) {
  float e = 0;
#pragma clang loop vectorize(disable) interleave(disable)
  for (int i = 0; i + 1 < np; i++) {
    float s = dist2f(q + 4 * i);
    e += 1 / (1 + s);
    for (int j = 0; j < i; j++) e += sinf(0.25f * j * s);
  }
  return e;
}

static float *narrow_at_;
static double narrow_of(double *x) {
  for (int i = 0; i < N; i++) narrow_at_[i] = (float)x[i];
  return narrow(narrow_at_);
}

int main(void) {
  double q[N], dq[N] = {0}, x[N];
  float qf[N], dqf[N] = {0}, at[N];
  for (int i = 0; i < N; i++) q[i] = 0.3 * i + 0.2 * sin(1.7 * i), qf[i] = (float)q[i];
  __enzyme_autodiff((void *)wide, enzyme_dup, q, dq);
  int bad = check_gradient("wide", q, dq, N, wide);
  __enzyme_autodiff_f((void *)narrow, enzyme_dup, qf, dqf);
  narrow_at_ = at;
  for (int i = 0; i < N; i++) x[i] = qf[i], dq[i] = dqf[i];
  for (int i = 0; i < N; i++)
    bad += !check_close("narrow", i, dq[i], CENTRAL_DIFFERENCE(x[i], 1e-2, narrow_of(x)));
  return bad != 0;
}
