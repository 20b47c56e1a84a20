// std::sort with a lambda comparator on active data, capturing a weight by
// reference; the order depends on the values.  Then a lambda accumulates.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
extern "C" double __enzyme_autodiff(void *, ...);
double f(const double *x, int n) {
  double scale = 0.5 + x[0] * x[0];
  std::vector<double> t(x, x + n);
  for (auto &v : t) v = std::sin(v) * scale;
  std::sort(t.begin(), t.end(), [&scale](double a, double b) { return a * scale < b * scale; });
  double s = 0;
  int i = 0;
  std::for_each(t.begin(), t.end(), [&](double v) { s += (++i) * v * v; });
  std::vector<double> grown;
  for (int k = 0; k < n * 3; k++) grown.push_back(t[k % n] * k);
  for (double g : grown) s += 0.01 * g;
  return s;
}
int main() {
  const int n = 7;
  double x[n] = {0.3, -1.2, 0.7, 2.0, -0.1, 1.4, -0.6}, dx[n] = {0};
  __enzyme_autodiff((void *)f, x, dx, n);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    double h = 1e-6, s = x[i];
    x[i] = s + h; double p = f(x, n); x[i] = s - h; double m = f(x, n); x[i] = s;
    double want = (p - m) / (2 * h);
    if (std::fabs(dx[i] - want) > 1e-6 * (1 + std::fabs(want))) { std::printf("MISMATCH dx[%d]: got %g want %g\n", i, dx[i], want); bad++; }
  }
  return bad != 0;
}
