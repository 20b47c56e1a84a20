// Batched reverse mode with active scalar arguments, as in Enzyme: with
// `enzyme_width, N` the result holds N gradients per active argument, the
// arguments in order (Enzyme's `{[N x double], ...}`: a struct of arrays),
// and a float result is seeded with 1.0 in every lane.  Lanes differ through
// the seeds of an output written through a duplicated pointer.
//   h(x, y, o) = sin(x) y + y^2, and o[0] = x y^2
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_dup, enzyme_out, enzyme_const;
typedef struct { double dx[2], dy[2]; } G2;   // 32 bytes: returned through sret
typedef struct { double d[2]; } D2;           // two doubles in registers
typedef struct { float d[2]; } F2;            // <2 x float> on x86-64
G2 __enzyme_autodiff(void *, ...);
D2 __enzyme_autodiff_d(void *, ...);
F2 __enzyme_autodiff_f(void *, ...);

double h(double x, double y, double *o) {
  o[0] = x * y * y;
  return sin(x) * y + y * y;
}

float hf(float x, float *o) {
  o[0] = x * x * x;
  return expf(x);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 0.6, y = -1.4;
  double o, do1 = 0.0, do2 = 2.5;
  G2 g = __enzyme_autodiff((void *)h, enzyme_width, 2, enzyme_out, x, enzyme_out, y,
                           enzyme_dup, &o, &do1, &do2);
  const double seeds[2] = {0.0, 2.5};
  for (int k = 0; k < 2; k++) {
    check("d/dx", k, g.dx[k], cos(x) * y + seeds[k] * y * y, 1e-14);
    check("d/dy", k, g.dy[k], sin(x) + 2 * y + seeds[k] * 2 * x * y, 1e-14);
  }
  check("do1 consumed", 0, do1, 0.0, 0.0);
  check("do2 consumed", 0, do2, 0.0, 0.0);
  check("primal o", 0, o, x * y * y, 1e-15);

  double o1 = 1.0, o2 = -1.0;
  D2 d = __enzyme_autodiff_d((void *)h, enzyme_width, 2, x, enzyme_const, y, &o, &o1, &o2);
  check("d/dx, y const", 0, d.d[0], cos(x) * y + y * y, 1e-14);
  check("d/dx, y const", 1, d.d[1], cos(x) * y - y * y, 1e-14);

  float of, fo1 = 0.0f, fo2 = 1.0f;
  const float xf = 0.7f;
  F2 f = __enzyme_autodiff_f((void *)hf, enzyme_width, 2, xf, &of, &fo1, &fo2);
  check("float lane", 0, f.d[0], expf(xf), 1e-6);
  check("float lane", 1, f.d[1], expf(xf) + 3 * xf * xf, 1e-6);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
