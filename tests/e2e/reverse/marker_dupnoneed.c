// enzyme_dupnoneed: like enzyme_dup, but the caller does not need the primal
// results written through the pointer, so out[] is not inspected afterwards.
// out_i = 2 exp(in_i); seed dout_i = s_i gives din_i = 2 s_i exp(in_i).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);

void expv(double *out, const double *in, int n) {
  for (int i = 0; i < n; i++) out[i] = 2.0 * exp(in[i]);
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
  double in[N], din[N] = {0}, out[N], dout[N];
  for (int i = 0; i < N; i++) {
    in[i] = -1.0 + 0.45 * i;
    out[i] = -99.0;
    dout[i] = 1.0 + i;
  }
  __enzyme_autodiff((void *)expv, enzyme_dupnoneed, out, dout, enzyme_dup, in, din, N);
  for (int i = 0; i < N; i++) {
    check("din", i, din[i], 2.0 * (1.0 + i) * exp(in[i]), 1e-14);
    check("dout consumed", i, dout[i], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
