// Templates and lambdas around a small 2-vector type.  At
// -O2/-O3 clang's SLP vectorizer packs the products into <2 x double>
// values one of whose lanes is poison (`shufflevector %a, poison, <1,
// poison>`).  The reverse pass must not let that lane, times the zero
// adjoint of an unused lane, reach the real lanes (it did: NaN or a wrong
// gradient).  Checked against central differences.
#include <cmath>
#include <cstdio>

extern "C" double __enzyme_autodiff(void *, ...);

template <typename T> struct V2 {
  T x, y;
  V2 operator+(const V2 &o) const { return {x + o.x, y + o.y}; }
  V2 operator*(T s) const { return {x * s, y * s}; }
};
template <typename T> T dot(const V2<T> &a, const V2<T> &b) { return a.x * b.x + a.y * b.y; }
template <typename F> double apply_n(F f, double v, int n) {
  for (int i = 0; i < n; i++) v = f(v);
  return v;
}

double f(double x) {
  double acc = 0;
  auto add = [&acc](double v) { acc += v * v; return v; };
  auto step = [x](auto v) { return v * 0.5 + std::sin(x); };
  V2<double> a{x, 2 * x}, b{1.0, x};
  V2<double> c = (a + b) * x;
  add(dot(c, a));
  double r = apply_n(step, x, 3);
  auto g = [&](double t) { return t * acc; };
  return g(r);
}

int main() {
  int failures = 0;
  const double xs[] = {0.3, -0.8, 1.4};
  for (int k = 0; k < 3; k++) {
    double x = xs[k], h = 1e-6;
    double got = __enzyme_autodiff((void *)f, x), want = (f(x + h) - f(x - h)) / (2 * h);
    if (!(std::fabs(got - want) <= 1e-6 * (1 + std::fabs(want)))) {
      std::printf("MISMATCH f[%d]: got %.17g, want %.17g\n", k, got, want);
      failures++;
    }
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
