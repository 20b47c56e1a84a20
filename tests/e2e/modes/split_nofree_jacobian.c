// Split mode, one forward pass and two reverse passes on the same tape:
// enzyme_nofree keeps the tape after the first reverse pass, the second one
// (without it) frees it.  Seeding dy = e0, then e1, gives the two rows of
// the 2x2 Jacobian.  p = x1^3 is built by a loop (its partial products go on
// the tape).
//   y0 = x0 x1 + sin x0,  y1 = x0^2 e^{x1} - x1^3
//   J = [[x1 + cos x0, x0], [2 x0 e^{x1}, x0^2 e^{x1} - 3 x1^2]]
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_tape, enzyme_nofree;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

void f(double *y, const double *x) {
  double p = 1.0;
  for (int k = 0; k < 3; k++) p *= x[1];
  y[0] = x[0] * x[1] + sin(x[0]);
  y[1] = x[0] * x[0] * exp(x[1]) - p;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double pts[2][2] = {{0.6, -0.4}, {-1.2, 0.9}};
  for (int t = 0; t < 2; t++) {
    double x[2] = {pts[t][0], pts[t][1]}, dx[2] = {0.0, 0.0}, y[2], dy[2] = {0.0, 0.0};
    void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, y, dy, enzyme_dup, x, dx);
    const double e = exp(x[1]);
    check("primal y0", t, y[0], x[0] * x[1] + sin(x[0]), 1e-15);
    check("primal y1", t, y[1], x[0] * x[0] * e - x[1] * x[1] * x[1], 1e-15);
    const double J[2][2] = {{x[1] + cos(x[0]), x[0]}, {2 * x[0] * e, x[0] * x[0] * e - 3 * x[1] * x[1]}};
    double row[2][2];
    for (int r = 0; r < 2; r++) {
      dx[0] = dx[1] = 0.0;
      dy[0] = r == 0, dy[1] = r == 1;
      if (r == 0)
        __enzyme_reverse((void *)f, enzyme_nofree, enzyme_tape, tape, enzyme_dup, y, dy, enzyme_dup, x, dx);
      else
        __enzyme_reverse((void *)f, enzyme_tape, tape, enzyme_dup, y, dy, enzyme_dup, x, dx);
      row[r][0] = dx[0], row[r][1] = dx[1];
      check("dy consumed", 2 * t + r, fabs(dy[0]) + fabs(dy[1]), 0.0, 0.0);
    }
    for (int r = 0; r < 2; r++)
      for (int c = 0; c < 2; c++) check("J", 4 * t + 2 * r + c, row[r][c], J[r][c], 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
