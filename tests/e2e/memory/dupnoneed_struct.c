// enzyme_dupnoneed on an output array of structs: the caller does not need
// the primal values written there (it never reads them), only the gradients.
//   o_i.v = x_i^2 c,  o_i.g = 2 x_i c,  o_i.idx = i,  c active scalar
//   seeds (sv_i, sg_i): dx_i = 2 c (x_i sv_i + sg_i),
//                       dc = sum_i x_i^2 sv_i + 2 x_i sg_i;  do consumed.
// A second call passes a scratch buffer as dupnoneed, which f reads back:
//   tmp_i = sin x_i; f = sum_i tmp_i tmp_{n-1-i}: df/dx_i = 2 cos x_i sin x_{n-1-i}
#include <math.h>
#include <stdio.h>

typedef struct { double v; int idx; double g; } Out;
extern int enzyme_dup, enzyme_dupnoneed, enzyme_const;
double __enzyme_autodiff(void *, ...);

void eval(Out *o, const double *x, double c, int n) {
  for (int i = 0; i < n; i++) {
    o[i].v = x[i] * x[i] * c;
    o[i].g = 2.0 * x[i] * c;
    o[i].idx = i;
  }
}

double mirror(const double *x, double *tmp, int n) {
  for (int i = 0; i < n; i++) tmp[i] = sin(x[i]);
  double s = 0.0;
  for (int i = 0; i < n; i++) s += tmp[i] * tmp[n - 1 - i];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 6 };
  double x[N], dx[N] = {0}, c = 1.5, want_dc = 0.0;
  Out o[N], d[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.45 * i - 1.0;
    d[i] = (Out){1.0 + i, 0, 0.5 * i - 1.0};
    want_dc += x[i] * x[i] * d[i].v + 2.0 * x[i] * d[i].g;
  }
  double dc = __enzyme_autodiff((void *)eval, enzyme_dupnoneed, o, d, enzyme_dup, x, dx, c, N);
  for (int i = 0; i < N; i++) {
    double sv = 1.0 + i, sg = 0.5 * i - 1.0;
    check("d eval/dx", i, dx[i], 2.0 * c * (x[i] * sv + sg), 1e-14);
    check("do.v consumed", i, d[i].v, 0.0, 0.0);
    check("do.g consumed", i, d[i].g, 0.0, 0.0);
  }
  check("d eval/dc", 0, dc, want_dc, 1e-14);
  double tmp[N], dtmp[N] = {0}, dx2[N] = {0};
  __enzyme_autodiff((void *)mirror, enzyme_dup, x, dx2, enzyme_dupnoneed, tmp, dtmp, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    check("d mirror/dx", i, dx2[i], 2.0 * cos(x[i]) * sin(x[N - 1 - i]), 1e-14);
    check("dtmp back to zero", i, dtmp[i], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
