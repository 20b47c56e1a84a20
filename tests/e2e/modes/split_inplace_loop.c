// Split mode where the reverse pass needs values the forward pass overwrote:
// K in-place steps v_i <- a sin(v_i) + v_i / 10.  When __enzyme_reverse runs,
// v holds only the final values, so the intermediate ones must come from the
// tape.  With seeds s_i on the final v_i (v is both input and output):
//   dv_i = s_i prod_k (a cos v_i^(k) + 1/10)
//   d/da = sum_i s_i t_i,  t <- (a cos v^(k) + 1/10) t + sin v^(k),  t = 0 first
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_tape;
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

void steps(double *v, double a, int n, int k) {
  for (int it = 0; it < k; it++)
    for (int i = 0; i < n; i++) v[i] = a * sin(v[i]) + 0.1 * v[i];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5, K = 6 };
  const double a = 1.3;
  double v[N], dv[N] = {0}, prod[N], t[N], want_da = 0.0;
  for (int i = 0; i < N; i++) {
    double u = v[i] = 0.4 * i - 0.7;
    prod[i] = 1.0, t[i] = 0.0;
    for (int it = 0; it < K; it++) {
      double d = a * cos(u) + 0.1;
      t[i] = d * t[i] + sin(u);
      prod[i] *= d;
      u = a * sin(u) + 0.1 * u;
    }
  }
  void *tape = __enzyme_augmentfwd((void *)steps, enzyme_dup, v, dv, a, N, K);
  for (int i = 0; i < N; i++) dv[i] = 1.0 - 0.3 * i;
  double da = __enzyme_reverse((void *)steps, enzyme_tape, tape, enzyme_dup, v, dv, a, N, K);
  for (int i = 0; i < N; i++) {
    double s = 1.0 - 0.3 * i;
    want_da += s * t[i];
    check("dv", i, dv[i], s * prod[i], 1e-13);
  }
  check("d/da", 0, da, want_da, 1e-13);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
