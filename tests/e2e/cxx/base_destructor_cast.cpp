// A derived class whose destructor is its base's: clang calls the base
// destructor through a cast callee, with a pointer to the derived class
// (clang 14's typed pointers: `call void bitcast (... @_ZN4BaseD2Ev ...)
// (%struct.Derived* %d)`), as Eigen's evaluators are destroyed.  The
// derivative calls take the derived pointer cast to the base type.  (The
// optimizer folds the cast away, so the program is emitted without it.)
//   out = sum_i (1.5 x[i])^2:   dout/dx[i] = 2 * 1.5^2 x[i]
// CFLAGS: -Xclang -disable-llvm-passes
#include <cmath>
#include <cstdio>

extern "C" void __enzyme_autodiff(void *, ...);

static int destroyed;
struct Base {
  const double *data;
  double scale;
  __attribute__((noinline)) ~Base() { destroyed++; }
  double at(int i) const { return data[i] * scale; }
};
struct Derived : Base {
  int n;
};

__attribute__((noinline)) void run(const double *x, double *out, int n) {
  Derived d;
  d.data = x;
  d.scale = 1.5;
  d.n = n;
  double s = 0;
  for (int i = 0; i < d.n; i++) s += d.at(i) * d.at(i);
  *out = s;
}

int main() {
  const int n = 3;
  double x[n] = {0.4, -1.2, 2.5}, dx[n] = {0}, out = 0, dout = 1;
  __enzyme_autodiff((void *)run, x, dx, &out, &dout, n);
  int failures = 0;
  for (int i = 0; i < n; i++) {
    double want = 2 * x[i] * 1.5 * 1.5;
    if (!(std::fabs(dx[i] - want) <= 1e-12 * (1 + std::fabs(want)))) {
      std::printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      failures++;
    }
  }
  if (destroyed < 1) {
    std::printf("MISMATCH destructor did not run\n");
    failures++;
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
