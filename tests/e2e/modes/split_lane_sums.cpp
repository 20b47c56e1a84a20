// CFLAGS: -ffast-math
// Split mode over sums of squares of Vec3 differences (lanes of <2 x double>
// after the SLP vectorizer): the augmented forward returns the energy, so
// its sums are live there (cache_policy `_rebuilt_whole`, which rebuilds
// such sums in a combined derivative's reverse, does not apply).
#include "../vec3_sums.h"

struct TapeAndDouble { void *tape; double primal; };
extern "C" TapeAndDouble __enzyme_augmentfwd(void *, ...);
extern "C" void __enzyme_reverse(void *, ...);

double springs(const double *q) {
  const Vec3 *p = (const Vec3 *)q;
  double e = 0;
  for (int i = 0; i + 1 < np; i++) {
    double s = dist2(p, i, i + 1), l = sqrt(s) - 0.3;
    e += 1.5 * l * l + 0.1 / (1e-2 + s);
  }
  return e;
}

static double springs_of(double *q) { return springs(q); }

int main() {
  double q[N], dq[N] = {0};
  for (int i = 0; i < N; i++) q[i] = 0.3 * i + 0.2 * sin(1.7 * i);
  TapeAndDouble r = __enzyme_augmentfwd((void *)springs, enzyme_dup, q, dq);
  __enzyme_reverse((void *)springs, enzyme_dup, q, dq, 1.0, r.tape);
  int bad = !check_close("primal", 0, r.primal, springs(q));
  return bad + check_gradient("springs", q, dq, N, springs_of) != 0;
}
