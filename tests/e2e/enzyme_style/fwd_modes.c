// Forward mode as users write it: a tangent for each active scalar, shadows
// for dup pointers, enzyme_dupnoneed for outputs whose primal is not needed,
// and batched mode with enzyme_width 3 returning a struct of 3 doubles.
//   smooth(y, x, n): y_i = exp(-x_i^2) * x_{i+1}  (void, writes y)
//   energy(x, n) = sum_i x_i^2 sin(x_i)            (double return = tangent)
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_dupnoneed, enzyme_const, enzyme_width;
double __enzyme_fwddiff(void *, ...);
void __enzyme_fwddiff_v(void *, ...);
typedef struct { double d[3]; } T3;
T3 __enzyme_fwddiff3(void *, ...);

void smooth(double *y, const double *x, int n) {
  for (int i = 0; i + 1 < n; i++) y[i] = exp(-x[i] * x[i]) * x[i + 1];
}

double energy(const double *x, int n) {
  double e = 0.0;
  for (int i = 0; i < n; i++) e += x[i] * x[i] * sin(x[i]);
  return e;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  double x[N], dx[N], y[N] = {0}, dy[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.4 * i - 0.9, dx[i] = 1.0 - 0.3 * i;
  __enzyme_fwddiff_v((void *)smooth, enzyme_dup, y, dy, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i + 1 < N; i++) {
    double e = exp(-x[i] * x[i]);
    check("y", i, y[i], e * x[i + 1]);
    check("dy", i, dy[i], -2 * x[i] * e * x[i + 1] * dx[i] + e * dx[i + 1]);
  }
  double z[N] = {0}, dz[N] = {0};
  __enzyme_fwddiff_v((void *)smooth, enzyme_dupnoneed, z, dz, x, dx, N);
  for (int i = 0; i + 1 < N; i++) check("dupnoneed dz", i, dz[i], dy[i]);

  double want = 0.0;
  for (int i = 0; i < N; i++) want += (2 * x[i] * sin(x[i]) + x[i] * x[i] * cos(x[i])) * dx[i];
  check("d energy", 0, __enzyme_fwddiff((void *)energy, x, dx, N), want);

  double e0[N] = {1, 0, 0, 0, 0}, e1[N] = {0, 1, 0, 0, 0}, e4[N] = {0, 0, 0, 0, 1};
  T3 t = __enzyme_fwddiff3((void *)energy, enzyme_width, 3, enzyme_dup, x, e0, e1, e4, enzyme_const, N);
  const int idx[3] = {0, 1, 4};
  for (int k = 0; k < 3; k++) {
    double xi = x[idx[k]];
    check("batched d energy", k, t.d[k], 2 * xi * sin(xi) + xi * xi * cos(xi));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
