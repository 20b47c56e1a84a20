// Reductions that clang -O2 unrolls by 4 with a remainder loop (the
// derivative rerolls them, transforms/reroll.py): a dot product, a column
// walk inside a row loop (rerolled, then interchanged), and a hand-unrolled
// loop whose unrolled body is NOT four copies of its remainder's (it must
// keep its own meaning).  Trip counts 0..9 and 13 cover no iteration, the
// remainder alone, whole unrolled iterations alone, and both.  Each
// gradient is checked against central differences.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

double dot(const double *restrict x, const double *restrict y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += x[i] * y[i] * x[i];
  return s;
}

// out[j] = sum_l a[l] * b[l * n + j]; loss = sum_j out[j]^2.
void columns(const double *restrict a, const double *restrict b, double *restrict out, int n) {
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int l = 0; l < n; l++) s += a[l] * b[l * n + j];
    out[j] = s;
  }
}

double columns_loss(const double *restrict ab, int n) {
  double out[16];
  columns(ab, ab + 16, out, n);
  double s = 0.0;
  for (int j = 0; j < n; j++) s += out[j] * out[j];
  return s;
}

// Four terms per step with different weights, then a plain remainder.
double hand_unrolled(const double *restrict x, int n) {
  double s = 0.0;
  int i = 0;
  for (; i + 4 <= n; i += 4)
    s += x[i] * x[i] + 2.0 * x[i + 1] * x[i + 1] + 3.0 * x[i + 2] + x[i + 3] * x[i];
  for (; i < n; i++) s += x[i] * x[i];
  return s;
}

static int failures;
typedef double (*primal_fn)(const double *, int);
typedef void (*gradient_fn)(double *, double *, int);

static double f_dot(const double *v, int n) { return dot(v, v + 300, n); }
static void g_dot(double *v, double *dv, int n) {
  __enzyme_autodiff((void *)dot, v, dv, v + 300, dv + 300, n);
}
static double f_columns(const double *v, int n) { return columns_loss(v, n); }
static void g_columns(double *v, double *dv, int n) {
  __enzyme_autodiff((void *)columns_loss, v, dv, n);
}
static double f_hand(const double *v, int n) { return hand_unrolled(v, n); }
static void g_hand(double *v, double *dv, int n) {
  __enzyme_autodiff((void *)hand_unrolled, v, dv, n);
}

static void check(const char *name, primal_fn f, gradient_fn g, int n, int inputs) {
  double v[600], dv[600] = {0}, h = 1e-6;
  for (int k = 0; k < 600; k++) v[k] = 0.4 + 0.05 * ((k * 7) % 13) - 0.003 * k;
  g(v, dv, n);
  for (int k = 0; k < inputs; k++) {
    double x = v[k];
    v[k] = x + h;
    double fp = f(v, n);
    v[k] = x - h;
    double fm = f(v, n);
    v[k] = x;
    double want = (fp - fm) / (2 * h);
    if (!(fabs(dv[k] - want) <= 1e-6 * (1.0 + fabs(want)))) {
      printf("MISMATCH %s n=%d d/dv[%d]: got %.17g, want %.17g\n", name, n, k, dv[k], want);
      failures++;
    }
  }
}

int main(void) {
  static const int sizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13};
  for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    volatile int n = sizes[s];
    check("dot", f_dot, g_dot, n, 16);
    check("columns", f_columns, g_columns, n, 16 + 16 * 16);
    check("hand_unrolled", f_hand, g_hand, n, 16);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
