// CFLAGS: -ffp-model=strict
// Forward over reverse under -ffp-model=strict: the kernel's operations
// are constrained intrinsics (fadd, fmul, fcmp choosing a branch, fma,
// sitofp) and the gradient function calling __enzyme_autodiff is
// differentiated again by __enzyme_fwddiff, giving Hessian-vector products,
// checked against the closed form:
//   f(x) = sum_i w_i x_i^2 x_{i+1} + sum_i (x_i > 0 ? x_i^3 : -x_i^2),  w_i = 1 + i
//   (Hv)_k = 2 w_k x_{k+1} v_k + 2 w_k x_k v_{k+1} + 2 w_{k-1} x_{k-1} v_{k-1}
//            + (x_k > 0 ? 6 x_k : -2) v_k
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
#define N 6

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 1 < n; i++) s = fma((double)(1 + i) * x[i], x[i] * x[i + 1], s);
  for (int i = 0; i < n; i++) s += x[i] > 0 ? x[i] * x[i] * x[i] : -x[i] * x[i];
  return s;
}

void grad(const double *x, double *g, int n) {
  for (int i = 0; i < n; i++) g[i] = 0.0;
  __enzyme_autodiff((void *)f, enzyme_dup, x, g, enzyme_const, n);
}

int main(void) {
  double x[N], v[N], g[N], hv[N];
  int failures = 0;
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 * i - 0.8;
    v[i] = 0.5 - 0.2 * i;
    hv[i] = 0.0;
  }
  __enzyme_fwddiff((void *)grad, enzyme_dup, x, v, enzyme_dup, g, hv, enzyme_const, N);
  for (int k = 0; k < N; k++) {
    double want = (x[k] > 0 ? 6 * x[k] : -2) * v[k];
    if (k + 1 < N) want += 2 * (1 + k) * (x[k + 1] * v[k] + x[k] * v[k + 1]);
    if (k > 0) want += 2 * k * x[k - 1] * v[k - 1];
    if (!(fabs(hv[k] - want) <= 1e-12 * (1 + fabs(want)))) {
      printf("MISMATCH hv[%d]: got %.17g, want %.17g\n", k, hv[k], want);
      failures++;
    }
  }
  printf("%s\n", failures ? "FAIL" : "ok");
  return failures != 0;
}
