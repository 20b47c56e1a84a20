// C++ values holding pointers, returned and passed by value: a
// std::pair<double *, double> and a {double *, long} view come back in two
// registers (first-class {ptr, double} and {ptr, i64}), and the view is
// passed to a template taking a lambda.  Their pointers' shadows travel in
// the aggregates' shadows, the pair's double carries its derivative.
//   g(x, w) = (w x0) * sum_{i=1}^{n-1} x_i^2
#include <cmath>
#include <cstdio>
#include <utility>

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

struct View { double *p; long n; };

__attribute__((noinline)) std::pair<double *, double> split(double *x, double w) {
  return {x + 1, w * x[0]};
}
__attribute__((noinline)) View view(double *p, long n) { return {p, n}; }
template <class F> __attribute__((noinline)) double reduce(F f, View v) {
  double t = 0;
  for (long i = 0; i < v.n; i++) t += f(v.p[i]);
  return t;
}

double g(double *x, double w, long n) {
  auto [rest, scale] = split(x, w);
  return scale * reduce([](double a) { return a * a; }, view(rest, n - 1));
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-13 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main() {
  const long n = 4;
  double x[n] = {0.5, -1.5, 2.0, 0.25}, dx[n] = {0}, v[n] = {1.0, 0.5, -1.0, 2.0};
  const double w = 1.75;
  double sum = 0, tangent = 0;
  for (int i = 1; i < n; i++) sum += x[i] * x[i];
  double dw = __enzyme_autodiff((void *)g, x, dx, w, enzyme_const, n);
  check("dw", 0, dw, x[0] * sum);
  check("dx", 0, dx[0], w * sum);
  for (int i = 1; i < n; i++) check("dx", i, dx[i], 2 * w * x[0] * x[i]);
  for (int i = 0; i < n; i++) tangent += (i ? 2 * w * x[0] * x[i] : w * sum) * v[i];
  check("tangent", 0, __enzyme_fwddiff((void *)g, x, v, w, 0.0, enzyme_const, n), tangent);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
