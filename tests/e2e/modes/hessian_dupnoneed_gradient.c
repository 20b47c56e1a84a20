// Hessian columns by forward mode over a gradient, the gradient's own
// primal array passed as enzyme_dupnoneed and pointing nowhere ((double *)1):
// the forward derivative must not write (or read) it.
#include <math.h>
#include <stdio.h>
#include <stddef.h>

extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 6 };

static double springs(size_t n, const double *x) {
  double e = 0;
  for (size_t i = 0; i + 1 < n; i++) {
    double d = x[i + 1] - x[i];
    e += (sqrt(d) - 1) * (sqrt(d) - 1) + 0.1 * x[i] * x[i] * x[i];
  }
  return e;
}

static void gradient(size_t n, const double *x, double *g) {
  __enzyme_autodiff((void *)springs, enzyme_const, n, enzyme_dup, x, g);
}

// d/dx_j of the gradient above, written by hand.
static double hessian(const double *x, int i, int j) {
  double h = 0;
  for (int k = 0; k + 1 < N; k++) {
    double d = x[k + 1] - x[k], s = sqrt(d);
    double dd = 0.5 / d - 0.5 * (s - 1) / (d * s);    // second derivative in d
    int si = (i == k + 1) - (i == k), sj = (j == k + 1) - (j == k);
    h += dd * si * sj;
    if (i == k && j == k) h += 0.6 * x[k];
  }
  return h;
}

int main(void) {
  double x[N], seed[N], column[N];
  for (int i = 0; i < N; i++) x[i] = (i + 1) * (i + 1);
  int bad = 0;
  for (int j = 0; j < N; j++) {
    for (int i = 0; i < N; i++) { seed[i] = i == j; column[i] = 0; }
    __enzyme_fwddiff((void *)gradient, enzyme_const, (size_t)N, enzyme_dup, x, seed,
                     enzyme_dupnoneed, (double *)0x1, column);
    for (int i = 0; i < N; i++) {
      double want = hessian(x, i, j);
      if (fabs(column[i] - want) > 1e-12 * (1 + fabs(want))) {
        printf("MISMATCH H[%d][%d]: got %.17g, want %.17g\n", i, j, column[i], want);
        bad = 1;
      }
    }
  }
  return bad;
}
