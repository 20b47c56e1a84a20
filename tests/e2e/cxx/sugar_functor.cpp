// CFLAGS: -std=c++17
// enzyme::autodiff of things that are not plain functions: a lambda without
// captures, one capturing a constant by value, a functor with a non-const
// call operator, and a function pointer held in a variable.  The object is
// constant: derivatives are taken in the arguments only.
//   k(x) * x^2 with k = 3:   d/dx = 3 k x^2 ... see each check
#include <enzyme/enzyme>
#include <cmath>
#include <cstdio>

static int failures = 0;
static void check(const char *what, double got, double want) {
  if (std::fabs(got - want) > 1e-12 * (1 + std::fabs(want))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

struct Poly {
  double c0, c1;
  double operator()(double x) { return c0 * x * x + c1 * std::exp(x); }
};

double twice(double x, double y) { return 2 * x * y * y; }

int main(int argc, char **) {
  double x = 0.75, y = 1.5;
  auto square = [](double v) { return v * v; };
  auto g1 = enzyme::autodiff<enzyme::Reverse>(square, enzyme::Active<double>(x));
  check("lambda", enzyme::get<0>(enzyme::get<0>(g1)), 2 * x);

  double k = 2.0 + argc;      // 3, not known at compile time
  auto scaled = [k](double v, double w) { return k * v * v * w; };
  auto g2 = enzyme::autodiff<enzyme::Reverse>(scaled, enzyme::Active<double>(x),
                                              enzyme::Active<double>(y));
  check("capture dx", enzyme::get<0>(enzyme::get<0>(g2)), 2 * k * x * y);
  check("capture dy", enzyme::get<1>(enzyme::get<0>(g2)), k * x * x);
  auto t2 = enzyme::autodiff<enzyme::Forward>(scaled, enzyme::Duplicated<double>(x, 1.0),
                                              enzyme::Const<double>(y));
  check("capture forward", enzyme::get<0>(t2), 2 * k * x * y);

  // Captured by reference and only read: constant, like the object.
  double offsets[2] = {0.5, -1.0};
  auto shifted = [&](double v) { return k * (v + offsets[0]) * (v + offsets[1]); };
  auto g6 = enzyme::autodiff<enzyme::Reverse>(shifted, enzyme::Active<double>(x));
  check("capture by reference", enzyme::get<0>(enzyme::get<0>(g6)),
        k * (2 * x + offsets[0] + offsets[1]));

  Poly poly{1.5, -0.25};
  auto g3 = enzyme::autodiff<enzyme::Reverse>(poly, enzyme::Active<double>(x));
  check("functor", enzyme::get<0>(enzyme::get<0>(g3)), 2 * 1.5 * x - 0.25 * std::exp(x));
  auto g4 = enzyme::autodiff<enzyme::ReverseWithPrimal>(Poly{2.0, 1.0}, enzyme::Active<double>(x));
  check("temporary functor", enzyme::get<0>(enzyme::get<0>(g4)), 4 * x + std::exp(x));
  check("temporary functor primal", enzyme::get<1>(g4), 2 * x * x + std::exp(x));

  double (*fp)(double, double) = twice;
  auto g5 = enzyme::autodiff<enzyme::Reverse>(fp, enzyme::Const<double>(x),
                                              enzyme::Active<double>(y));
  check("function pointer", enzyme::get<0>(enzyme::get<0>(g5)), 4 * x * y);
  return failures != 0;
}
