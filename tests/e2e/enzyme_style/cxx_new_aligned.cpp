// CFLAGS: -std=c++17
// An over-aligned struct (alignas(64), allocated with the aligned operator
// new and freed with the aligned delete) used as an accumulator inside the
// differentiated function, reverse and forward mode (its shadow is aligned
// as much, and freed the way it was allocated):
//   f(x) = sum_i (i%4+1) x_i^2 x_{i+1 mod n}
#include <cmath>
#include <cstdio>

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
struct alignas(64) Acc { double v[4]; };

double f(const double *x, int n) {
  Acc *a = new Acc();
  for (int i = 0; i < n; i++) a->v[i % 4] += x[i] * x[i] * x[(i + 1) % n];
  double s = a->v[0] + 2 * a->v[1] + 3 * a->v[2] + 4 * a->v[3];
  delete a;
  return s;
}

int main() {
  const int N = 4;
  int failures = 0;
  double x[N] = {0.5, -1.0, 1.5, 2.0}, dx[N] = {0};
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int i = 0; i < N; i++) {
    int p = (i + 1) % N, m = (i + N - 1) % N;
    double want = 2 * x[i] * x[p] * (i % 4 + 1) + x[m] * x[m] * (m % 4 + 1);
    if (!(std::fabs(dx[i] - want) <= 1e-13 * (1 + std::fabs(want)))) {
      std::printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      failures++;
    }
  }
  // forward mode along v: the tangent is dx . v
  double v[N] = {1.0, -0.5, 0.25, 2.0}, tangent = 0;
  for (int i = 0; i < N; i++) tangent += dx[i] * v[i];
  double got = __enzyme_fwddiff((void *)f, x, v, N);
  if (!(std::fabs(got - tangent) <= 1e-13 * (1 + std::fabs(tangent)))) {
    std::printf("MISMATCH forward: got %.17g, want %.17g\n", got, tangent);
    failures++;
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
