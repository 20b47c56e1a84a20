// CFLAGS: -ffast-math
// Sums of squares of Vec3 differences (lanes of <2 x double> after the SLP
// vectorizer) whose memory the same iteration then overwrites (with values
// that do not depend on the sums, which flow only into the result): the
// reverse must not rebuild them from the new contents (cache_policy
// `_rebuilt_whole` takes only leaves the reverse has unchanged).  One
// function overwrites the positions it read, one a neighbour it read, one
// writes only an unrelated array.
#include "../vec3_sums.h"

extern "C" double __enzyme_autodiff(void *, ...);

static double out[NP];

static double own_written(double *q) {
  Vec3 *p = (Vec3 *)q;
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    e += sqrt(dist2(p, i, i + 1));
    p[i].y = 0.5 * p[i].y + 0.1 * p[i].x;
    p[i].z = p[i].z * p[i].x;
  }
  return e;
}

static double next_written(double *q) {
  Vec3 *p = (Vec3 *)q;
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    e += 1 / (1 + dist2(p, i, i + 1));
    p[i + 1].y += 0.25 * p[i].x;
    p[i + 1].z -= 0.125 * p[i].y;
  }
  return e;
}

static double other_written(double *q) {
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    out[i] = 2 * i;
    e += sqrt(dist2((const Vec3 *)q, i, i + 1)) * out[i];
  }
  return e;
}

// f writes its input: the derivative and each evaluation start from a copy.
#define CHECK_WRITER(f, q0)                                          \
  ({                                                                 \
    double q_[N], dq_[N] = {0};                                      \
    for (int i = 0; i < N; i++) q_[i] = q0[i];                       \
    __enzyme_autodiff((void *)f, enzyme_dup, q_, dq_);               \
    for (int i = 0; i < N; i++) q_[i] = q0[i];                       \
    check_gradient_copied(#f, q_, dq_, N, f);                        \
  })

int main() {
  double q[N];
  for (int i = 0; i < N; i++) q[i] = 0.3 * i + 0.2 * sin(1.7 * i);
  int bad = CHECK_WRITER(own_written, q);
  bad += CHECK_WRITER(next_written, q);
  bad += CHECK_WRITER(other_written, q);
  return bad != 0;
}
