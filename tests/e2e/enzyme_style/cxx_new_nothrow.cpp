// A scratch array from new (std::nothrow) double[n], checked for NULL as such
// code does, inside the differentiated function:
//   t_i = x_i^2;  f(x) = sum_i (i+1) t_i x_{i+1 mod n}
#include <cmath>
#include <cstdio>
#include <new>

extern "C" double __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  double *t = new (std::nothrow) double[n];
  if (!t) return 0.0;
  for (int i = 0; i < n; i++) t[i] = x[i] * x[i];
  double s = 0.0;
  for (int i = 0; i < n; i++) s += (i + 1) * t[i] * x[(i + 1) % n];
  delete[] t;
  return s;
}

int main() {
  const int N = 5;
  int failures = 0;
  double x[N] = {0.5, -1.0, 1.5, 2.0, -0.75}, dx[N] = {0};
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int i = 0; i < N; i++) {
    int p = (i + 1) % N, m = (i + N - 1) % N;
    double want = 2 * x[i] * x[p] * (i + 1) + x[m] * x[m] * (m + 1);
    if (!(std::fabs(dx[i] - want) <= 1e-13 * (1 + std::fabs(want)))) {
      std::printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      failures++;
    }
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
