// Static workspaces without pointers in C++: a function-local static
// std::array filled and read through operator[] (a call at -O0 handed the
// global, which has a shadow), and a global struct whose member function
// returns a reference into its std::array member.  Reverse and forward.
#include <array>
#include <cmath>
#include <cstdio>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
struct Acc { std::array<double, 4> v{}; double scale = 1; double &at(int i) { return v[i & 3]; } };
Acc acc;
__attribute__((noinline)) double f(double x, int n) {
  static std::array<double, 8> work{};
  for (int i = 0; i < n; i++) work[i] = x * (i + 1);
  double s = 0;
  for (int i = 0; i < n; i++) s += work[i] * work[i];
  acc.at(n) = s * acc.scale;
  return acc.at(n) + acc.v[n & 3] * x;
}
int main() {
  int bad = 0;
  for (int n = 1; n < 6; n++) {
    double x = 0.5 + n, q = 0; for (int i = 0; i < n; i++) q += (i + 1) * (i + 1);
    acc.scale = n;
    /* s = x^2 q, at = n s, f = n s + n s x -> n (2xq)(1 + x) + n x^2 q */
    double want = n * 2 * x * q * (1 + x) + n * x * x * q;
    double g = n % 2 ? __enzyme_autodiff((void *)f, x, n) : __enzyme_fwddiff((void *)f, x, 1.0, n);
    if (std::fabs(g - want) > 1e-9 * (1 + std::fabs(want))) { std::printf("MISMATCH %d: %g want %g\n", n, g, want); bad++; }
  }
  return bad != 0;
}
