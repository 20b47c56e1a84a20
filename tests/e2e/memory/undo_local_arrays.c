// Local arrays that every step overwrites and the next step reads in an
// inner loop (as in an ODE integrator): the reverse pass reads them again
// after undoing later stores, and the copy that fills them (a memcpy at -O2)
// needs no undoing.  A float array in the same function is written with
// another store size: only one size is logged, the other array's loads are
// taped.  Checked against central differences (of a double twin).
//   flow(x0, a, n, steps): x = x0, f = x0 / 2 (in float); repeat:
//     k_i = tanh(sum_j a_ij x_j + f_j / 100), x_i += k_i / 10, f_i = x_i;
//   returns sum_i (i+1) x_i + f_i
#include <math.h>
#include <stdio.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

// Room for D; the loops run to n, so that clang keeps them as loops.
enum { D = 8, N = 5, STEPS = 7 };

#define FLOW(name, F)                                                                   \
  double name(const double *x0, const double *a, int n, int steps) {                  \
    double x[D], k[D];                                                                \
    F f[D];                                                                           \
    memcpy(x, x0, n * sizeof *x);                                                     \
    for (int i = 0; i < n; i++) f[i] = (F)(0.5 * x0[i]);                              \
    for (int t = 0; t < steps; t++) {                                                 \
      for (int i = 0; i < n; i++) {                                                   \
        double s = 0.0;                                                               \
        for (int j = 0; j < n; j++) s += a[i * n + j] * x[j] + 0.01 * f[j];           \
        k[i] = tanh(s);                                                               \
      }                                                                               \
      for (int i = 0; i < n; i++) {                                                   \
        x[i] += 0.1 * k[i];                                                           \
        f[i] = (F)x[i];                                                               \
      }                                                                               \
    }                                                                                 \
    double r = 0.0;                                                                   \
    for (int i = 0; i < n; i++) r += (i + 1) * x[i] + f[i];                           \
    return r;                                                                         \
  }
FLOW(flow, float)
// The reference for central differences: float rounding would swamp them.
FLOW(flow_double, double)

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

// d flow / d *p by central differences, p pointing into x0 or a.
static double central(double *p, const double *x0, const double *a) {
  double v = *p, h = 1e-6;
  *p = v + h;
  double fp = flow_double(x0, a, N, STEPS);
  *p = v - h;
  double fm = flow_double(x0, a, N, STEPS);
  *p = v;
  return (fp - fm) / (2 * h);
}

int main(void) {
  double x0[N], a[N * N], dx0[N] = {0}, da[N * N] = {0};
  for (int i = 0; i < N; i++) x0[i] = 0.2 + 0.1 * i;
  for (int i = 0; i < N * N; i++) a[i] = 0.3 * sin(1.3 * i + 0.2);
  __enzyme_autodiff((void *)flow, enzyme_dup, x0, dx0, enzyme_dup, a, da, enzyme_const, N,
                    enzyme_const, STEPS);
  for (int i = 0; i < N; i++) check("dx0", i, dx0[i], central(&x0[i], x0, a), 1e-5);
  for (int i = 0; i < N * N; i++) check("da", i, da[i], central(&a[i], x0, a), 1e-5);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
