// Forward mode with duplicated pointers: the tangent buffer follows each
// pointer, and a void function writes the tangents of its outputs into the
// output's shadow.
//   mapv: y_i = x_i x_{i+1 mod n} + exp(x_i)
//     dy_i = v_i (x_{i+1} + exp x_i) + x_i v_{i+1}
//   dot(x, w) with w const:     d = sum_i w_i v_i
//   square_inplace: z_i = z_i^2, so the tangent dz_i becomes 2 z_i(old) dz_i
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_fwddiff(void *, ...);
void __enzyme_fwddiff_v(void *, ...);

void mapv(double *y, const double *x, int n) {
  for (int i = 0; i < n; i++) y[i] = x[i] * x[(i + 1) % n] + exp(x[i]);
}

double dot(const double *x, const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += x[i] * w[i];
  return s;
}

void square_inplace(double *z, int n) {
  for (int i = 0; i < n; i++) z[i] = z[i] * z[i];
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
  double x[N], v[N], y[N], dy[N], w[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 * i - 0.8;
    v[i] = 1.0 - 0.25 * i;
    w[i] = cos((double)i);
    y[i] = dy[i] = -7.0;
  }
  __enzyme_fwddiff_v((void *)mapv, y, dy, x, v, N);
  for (int i = 0; i < N; i++) {
    int j = (i + 1) % N;
    check("primal y", i, y[i], x[i] * x[j] + exp(x[i]), 1e-15);
    check("dy", i, dy[i], v[i] * (x[j] + exp(x[i])) + x[i] * v[j], 1e-14);
    check("tangent input unchanged", i, v[i], 1.0 - 0.25 * i, 0.0);
  }
  double want = 0.0;
  for (int i = 0; i < N; i++) want += w[i] * v[i];
  check("d dot", 0, __enzyme_fwddiff((void *)dot, enzyme_dup, x, v, enzyme_const, w, N), want, 1e-14);
  double z[N], dz[N];
  for (int i = 0; i < N; i++) z[i] = x[i], dz[i] = v[i];
  __enzyme_fwddiff_v((void *)square_inplace, z, dz, N);
  for (int i = 0; i < N; i++) {
    check("primal z", i, z[i], x[i] * x[i], 1e-15);
    check("dz", i, dz[i], 2.0 * x[i] * v[i], 1e-15);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
