// A std::vector made inside the differentiated function, resized, filled
// with active values and read back.  Optimized, clang folds begin() + n of
// the still empty vector into `getelementptr double, ptr null, n`: an
// address computed from null, whose shadow is computed the same way.
// Closed form f = sum x_i^2 + x_0 x_1, reverse and forward mode.
#include <cmath>
#include <cstdio>
#include <vector>

extern "C" {
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
}

double f(const double *x, int n) {
  std::vector<double> w;
  w.resize(n);
  for (int i = 0; i < n; i++) w[i] = x[i] * x[i];
  w.resize(n + 1);
  w[n] = x[0] * x[1];
  double s = 0;
  for (double v : w) s += v;
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (std::fabs(got - want) > 1e-12 * (1.0 + std::fabs(want))) {
    std::printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main() {
  const int n = 4;
  double x[n] = {1.5, -2, 0.5, 3}, dx[n] = {}, v[n] = {0.3, 1, -1, 2}, tangent = 0;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, n);
  for (int i = 0; i < n; i++) {
    double want = 2 * x[i] + (i == 0 ? x[1] : 0) + (i == 1 ? x[0] : 0);
    check("dx", i, dx[i], want);
    tangent += want * v[i];
  }
  check("fwd", 0, __enzyme_fwddiff((void *)f, enzyme_dup, x, v, enzyme_const, n), tangent);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
