// STL algorithms over an active std::array and a std::vector copy inside the
// differentiated function: std::sort, std::max_element, std::min of two
// references, std::inner_product, std::accumulate with a lambda.
//   f(x) = sum_k (k+1) sort(x)_k + 2 max(x) + min(x0, x1)^2 + <x, x> + sum_i e^{x_i}/n
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

extern "C" double __enzyme_autodiff(void *, ...);
typedef std::array<double, 6> A6;

double f(const A6 &x) {
  std::vector<double> v(x.begin(), x.end());
  std::sort(v.begin(), v.end());
  double s = 0.0;
  for (size_t k = 0; k < v.size(); k++) s += (k + 1) * v[k];
  s += 2.0 * *std::max_element(x.begin(), x.end());
  const double &m = std::min(x[0], x[1]);
  s += m * m + std::inner_product(x.begin(), x.end(), x.begin(), 0.0);
  double n = x.size();
  return s + std::accumulate(x.begin(), x.end(), 0.0, [n](double a, double b) { return a + std::exp(b) / n; });
}

int main() {
  int failures = 0;
  A6 x = {0.5, -1.0, 2.25, 1.5, -0.25, 1.75}, dx = {};
  __enzyme_autodiff((void *)f, &x, &dx);
  for (int i = 0; i < 6; i++) {
    int r = 0;
    for (int j = 0; j < 6; j++) r += x[j] < x[i];
    double want = r + 1 + (i == 2 ? 2.0 : 0.0) + (i == 1 ? 2 * x[1] : 0.0) + 2 * x[i] + std::exp(x[i]) / 6;
    if (!(std::fabs(dx[i] - want) <= 1e-13 * (1 + std::fabs(want)))) {
      std::printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      failures++;
    }
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
