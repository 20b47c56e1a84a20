// CFLAGS: -I/usr/include/eigen3 -Xclang -new-struct-path-tbaa -O1 -Xclang -disable-llvm-passes
// CLANGS: 19
// Eigen's Tensor module (Debian's libeigen3-dev), differentiated before any
// LLVM pass ran but with TBAA in the format of -new-struct-path-tbaa, as the
// reference's eigentensor programs are built at "-O0" (%O0TBAA): the -O1
// here overrides the harness's level for the IR enzyme-opt reads, whose
// output is still compiled at -O0..-O3.  (clang-14 miscompiles
// -new-struct-path-tbaa: the program crashes without any AD.)  Two things
// must be read from that metadata: integer copies of the dimensions
// (std::array<long, 2>, element by element) are integers, and the
// runtime-sized memcpy of DefaultDevice::memcpy for `*y = ...` moves
// doubles, which only the evaluator's `m_data` field says (it is indexed as
// doubles in another function).
// Against the closed form of y = (x * w + x^2)^2, elementwise.
#include <unsupported/Eigen/CXX11/Tensor>
#include <cmath>
#include <cstdio>

extern int enzyme_dup, enzyme_const;
template <typename... T> void __enzyme_autodiff(void *, T...);

typedef Eigen::Tensor<double, 2> T2;

static void model(const T2 *x, const T2 *w, T2 *y) {
  T2 t;
  t.resize(x->dimensions());
  t = (*x) * (*w) + x->square();
  *y = t * t;
}

static int failures;
static void check(const char *what, int i, int j, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-12 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s(%d,%d): got %.17g, want %.17g\n", what, i, j, got, want);
    failures++;
  }
}

int main() {
  T2 x(3, 4), w(3, 4), y(3, 4), dx(3, 4), dw(3, 4), dy(3, 4);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) {
      x(i, j) = 0.1 * i - 0.05 * j + 0.2;
      w(i, j) = 0.3 + 0.1 * j;
      dy(i, j) = 1.0 + i;
    }
  dx.setConstant(0.5);                  // gradients add to what is there
  dw.setZero();
  y.setZero();
  __enzyme_autodiff((void *)model, enzyme_dup, &x, &dx, enzyme_dup, &w, &dw, enzyme_dup, &y, &dy);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) {
      double a = x(i, j), b = w(i, j), t = a * b + a * a, seed = 1.0 + i;
      check("dx", i, j, dx(i, j) - 0.5, seed * 2 * t * (b + 2 * a));
      check("dw", i, j, dw(i, j), seed * 2 * t * a);
      check("y", i, j, y(i, j), t * t);
      check("dy consumed", i, j, dy(i, j), 0.0);
    }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
