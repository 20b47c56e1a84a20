// Loads from memory that the function overwrites later: the reverse pass
// reads it again after undoing the later stores (the undo log) instead of
// taping every load.  Checked against central differences, also when the
// output is the input (y == x: every row reads values written by earlier
// rows), and the primal's results must survive the gradient call.
//   relax(x, y, w, m, n, reps): reps times, for each row i,
//     y[i] = tanh(sum_k w[i*m+k] * x[i+k]) + 0.5 * y[i]   (k < m)
#include <math.h>
#include <stdio.h>
#include <string.h>

void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

enum { N = 6, M = 3, X = N + M };

void relax(const double *x, double *y, const double *w, int m, int n, int reps) {
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int k = 0; k < m; k++) s += w[i * m + k] * x[i + k];
      y[i] = tanh(s) + 0.5 * y[i];
    }
}

static double loss(double *buf, const double *w, int aliased) {
  double y0[X], *x = buf, *y = aliased ? buf : y0;
  if (!aliased) for (int i = 0; i < X; i++) y0[i] = 0.1 * i;
  relax(x, y, w, M, N, 3);
  double s = 0.0;
  for (int i = 0; i < N; i++) s += (i + 1) * y[i];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

static void run(int aliased) {
  double x[X], w[N * M], dx[X] = {0}, dw[N * M] = {0}, y[X], dy[X] = {0};
  for (int i = 0; i < X; i++) x[i] = 0.3 + 0.2 * sin(1.7 * i);
  for (int i = 0; i < N * M; i++) w[i] = 0.4 * cos(0.9 * i) - 0.1;
  for (int i = 0; i < X; i++) y[i] = 0.1 * i;
  for (int i = 0; i < N; i++) dy[i] = i + 1;
  double *yp = aliased ? x : y, *dyp = aliased ? dx : dy;
  if (aliased) for (int i = 0; i < N; i++) dx[i] = i + 1;
  double want_y[X];
  memcpy(want_y, yp, sizeof want_y);
  relax(aliased ? want_y : x, want_y, w, M, N, 3);
  double x_before[X];
  memcpy(x_before, x, sizeof x);
  __enzyme_autodiff((void *)relax, enzyme_dup, x, dx, enzyme_dup, yp, dyp, enzyme_dup, w, dw,
                    enzyme_const, M, enzyme_const, N, enzyme_const, 3);
  for (int i = 0; i < X; i++) check(aliased ? "y (in place)" : "y", i, yp[i], want_y[i], 1e-15);
  double h = 1e-6;
  for (int i = 0; i < X; i++) {
    double b[X];
    memcpy(b, x_before, sizeof b);
    b[i] += h;
    double fp = loss(b, w, aliased);
    memcpy(b, x_before, sizeof b);
    b[i] -= h;
    double fm = loss(b, w, aliased);
    check(aliased ? "dx (in place)" : "dx", i, dx[i], (fp - fm) / (2 * h), 1e-6);
  }
  for (int i = 0; i < N * M; i++) {
    double b[X], v = w[i];
    memcpy(b, x_before, sizeof b);
    w[i] = v + h;
    double fp = loss(b, w, aliased);
    memcpy(b, x_before, sizeof b);
    w[i] = v - h;
    double fm = loss(b, w, aliased);
    w[i] = v;
    check(aliased ? "dw (in place)" : "dw", i, dw[i], (fp - fm) / (2 * h), 1e-6);
  }
}

int main(void) {
  run(0);
  run(1);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
