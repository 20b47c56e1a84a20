// Casts: double->float->double (fptrunc/fpext), int->double (sitofp/uitofp),
// double->int (fptosi: no derivative flows through it).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
void __enzyme_autodiff_ptr(void *, ...);

double f(double x, int k, long m) {
  float t = (float)x;
  double a = (double)(t * t);      // d/dx = 2t, in float precision
  double b = k * x;                // d/dx = k
  double c = (double)m * x * x;    // d/dx = 2 m x
  int j = (int)(x * 4.0);          // piecewise constant
  double d = j * x;                // d/dx = j
  unsigned u = (unsigned)(k + 3);
  double e = (double)u * sin(x);   // d/dx = u cos x
  return a + b + c + d + e;
}

// float inputs, double arithmetic, float output
void g(float *out, const float *p) { *out = (float)((double)p[0] * p[1] + exp((double)p[1])); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.3, -1.7, 2.45};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    int k = 2 - i;
    long m = 5 + i;
    int j = (int)(x * 4.0);
    double want = 2.0 * x + k + 2.0 * m * x + j + (unsigned)(k + 3) * cos(x);
    check("df/dx", __enzyme_autodiff((void *)f, x, k, m), want, 1e-6);
  }
  float p[2] = {1.25f, -0.5f}, dp[2] = {0.0f, 0.0f}, out = 0.0f, dout = 1.0f;
  __enzyme_autodiff_ptr((void *)g, &out, &dout, p, dp);
  check("dg/dp0", dp[0], p[1], 1e-6);
  check("dg/dp1", dp[1], p[0] + exp((double)p[1]), 1e-6);
  check("dout consumed", dout, 0.0, 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
