// Batched (vector) reverse mode: `enzyme_width, 2` first, then two shadows
// per duplicated pointer.  Seeding the two output shadows with e0 and e1
// gives the two rows of the Jacobian in one reverse pass.
//   y0 = x0 x1 + sin x2,  y1 = x0^2 - x1 x2 e^{x0}
//   J = [[x1, x0, cos x2], [2 x0 - x1 x2 e^{x0}, -x2 e^{x0}, -x1 e^{x0}]]
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_dup;
void __enzyme_autodiff(void *, ...);

void f(double *y, const double *x) {
  y[0] = x[0] * x[1] + sin(x[2]);
  y[1] = x[0] * x[0] - x[1] * x[2] * exp(x[0]);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[3] = {0.7, -1.3, 2.1}, y[2];
  double dx1[3] = {0}, dx2[3] = {0}, dy1[2] = {1.0, 0.0}, dy2[2] = {0.0, 1.0};
  __enzyme_autodiff((void *)f, enzyme_width, 2, enzyme_dup, y, dy1, dy2, enzyme_dup, x, dx1, dx2);
  const double e = exp(x[0]);
  const double J[2][3] = {{x[1], x[0], cos(x[2])},
                          {2 * x[0] - x[1] * x[2] * e, -x[2] * e, -x[1] * e}};
  for (int j = 0; j < 3; j++) {
    check("row 0", j, dx1[j], J[0][j], 1e-14);
    check("row 1", j, dx2[j], J[1][j], 1e-14);
  }
  for (int i = 0; i < 2; i++) {
    check("dy1 consumed", i, dy1[i], 0.0, 0.0);
    check("dy2 consumed", i, dy2[i], 0.0, 0.0);
  }
  check("primal y0", 0, y[0], x[0] * x[1] + sin(x[2]), 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
