// enzyme_dup_return in reverse mode, on a function returning a pointer (its
// output buffer): as in Enzyme, the result's shadow stays inside the
// derivative and nothing comes back for it; the gradients flow through the
// duplicated arguments as without the marker.  With enzyme_primal_return the
// call returns the primal result (the pointer) too.
//   out[i] = x[i]^2 * s; the caller seeds d out[i] = 1, so dx[i] += 2 x[i] s,
//   ds = sum x[i]^2.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dup_return, enzyme_primal_return;
double __enzyme_autodiff(void *, ...);
typedef struct { double *result; double ds; } WithPrimal;
WithPrimal __enzyme_autodiff_primal(void *, ...);

double *square_scaled(double *out, const double *x, double s, int n) {
  for (int i = 0; i < n; i++) out[i] = x[i] * x[i] * s;
  return out;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  double x[N], out[N], dx[N], dout[N], s = 1.7, sum = 0.0;
  for (int i = 0; i < N; i++) x[i] = 0.3 * i - 0.4, sum += x[i] * x[i];
  for (int primal = 0; primal < 2; primal++) {
    for (int i = 0; i < N; i++) dx[i] = 0.0, dout[i] = 1.0, out[i] = 0.0;
    double ds;
    if (primal) {
      WithPrimal r = __enzyme_autodiff_primal((void *)square_scaled, enzyme_dup_return,
                                              enzyme_primal_return, enzyme_dup, out, dout,
                                              enzyme_dup, x, dx, enzyme_out, s, enzyme_const, N);
      if (r.result != out) printf("MISMATCH primal result: %p, want %p\n", (void *)r.result,
                                  (void *)out), failures++;
      ds = r.ds;
    } else {
      ds = __enzyme_autodiff((void *)square_scaled, enzyme_dup_return, enzyme_dup, out, dout,
                             enzyme_dup, x, dx, enzyme_out, s, enzyme_const, N);
    }
    check("ds", ds, sum);
    for (int i = 0; i < N; i++) {
      check("dx", dx[i], 2 * x[i] * s);
      check("out", out[i], x[i] * x[i] * s);
      check("dout", dout[i], 0.0);
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
