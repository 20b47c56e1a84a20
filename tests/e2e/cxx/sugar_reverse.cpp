// CFLAGS: -std=c++17
// The C++ interface of <enzyme/enzyme> in reverse mode: gradients of Active
// scalars come back as a tuple (enzyme::get), Duplicated pointers and
// references accumulate into their shadows, Const arguments get nothing.
//   f(x, y, c) = x^2 y + c y          df/dx = 2 x y, df/dy = x^2 + c
//   norm2(v, n) = sum v[i]^2          dv[i] = 2 v[i]
//   scaled(x, a, out) = (out = a x^3, returns x y)  seeded through out only
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

double f(double x, double y, double c) { return x * x * y + c * y; }
double norm2(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += v[i] * v[i];
  return s;
}
double scaled(double x, const double &a, double *out) {
  *out = a * x * x * x;
  return x * a;
}
float ff(float x) { return x * x * x; }

int main() {
  double x = 1.5, y = -0.75, c = 2.25;
  auto g = enzyme::autodiff<enzyme::Reverse>(f, enzyme::Active<double>(x),
                                             enzyme::Active<double>(y), enzyme::Const<double>(c));
  check("df/dx", enzyme::get<0>(enzyme::get<0>(g)), 2 * x * y);
  check("df/dy", enzyme::get<1>(enzyme::get<0>(g)), x * x + c);

  // Same, through class template argument deduction and ReverseWithPrimal.
  auto gp = enzyme::autodiff<enzyme::ReverseWithPrimal>(f, enzyme::Active{x}, enzyme::Const{y},
                                                        enzyme::Active{c});
  check("primal", enzyme::get<1>(gp), f(x, y, c));
  check("df/dx with primal", enzyme::get<0>(enzyme::get<0>(gp)), 2 * x * y);
  check("df/dc with primal", enzyme::get<1>(enzyme::get<0>(gp)), y);

  double v[4] = {0.5, -1.0, 2.0, 3.5}, dv[4] = {0, 0, 0, 0};
  enzyme::autodiff<enzyme::Reverse>(norm2, enzyme::Duplicated<const double *>(v, dv),
                                    enzyme::Const<int>(4));
  for (int i = 0; i < 4; i++) check("dnorm2/dv", dv[i], 2 * v[i]);

  // The result is constant: only the seed in the output's shadow counts.
  double a = 0.5, da = 0, out = 0, dout = 1;
  auto gs = enzyme::autodiff<enzyme::Reverse, enzyme::Const<double>>(
      scaled, enzyme::Active<double>(x), enzyme::Duplicated<const double &>(a, da),
      enzyme::Duplicated<double *>(&out, &dout));
  check("out", out, a * x * x * x);
  check("dout/dx", enzyme::get<0>(enzyme::get<0>(gs)), 3 * a * x * x);
  check("dout/da", da, x * x * x);

  auto gf = enzyme::autodiff<enzyme::Reverse>(ff, enzyme::Active<float>(2.0f));
  float dff = enzyme::get<0>(enzyme::get<0>(gf));
  if (std::fabs(dff - 12.0f) > 1e-5f) {
    std::printf("MISMATCH dff: got %g, want 12\n", dff);
    failures++;
  }
  return failures != 0;
}
