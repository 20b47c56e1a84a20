// CFLAGS: -std=c++17
// <enzyme/enzyme> with a constant std::vector beside a duplicated one: the
// constant's memory (weights read through its data pointer, or copied into
// a local vector: clang -O0 copies the iterators, pointers without a
// shadow, too) has no shadow and needs none.  The checks at the API call
// look for the duplicated pointer reaching the constant's memory and must
// not take the API call itself (a C++ template instance of
// __enzyme_fwddiff/autodiff, handed both) for a call that might store it.
//   weighted(x, w)   = sum w[i] x[i]^2    gradient, tangent: 2 w[i] x[i] (dx[i])
//   copied(x, w)     = the same through a copy of w
//   shifted(x, w)[i] = x[i] + w[i]         tangent: dx[i]
#include <enzyme/enzyme>
#include <cmath>
#include <cstdio>
#include <vector>

using Vec = std::vector<double>;
static int failures = 0;
static void check(const char *what, double got, double want) {
  if (std::fabs(got - want) > 1e-12 * (1 + std::fabs(want))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

double weighted(const Vec &x, const Vec &w) {
  double s = 0;
  for (size_t i = 0; i < x.size(); i++) s += w[i] * x[i] * x[i];
  return s;
}

double copied(const Vec &x, const Vec &w) {
  Vec c = w;
  return weighted(x, c);
}

Vec shifted(const Vec &x, const Vec &w) {
  Vec r = w;
  for (size_t i = 0; i < r.size(); i++) r[i] += x[i];
  return r;
}

int main() {
  Vec x{0.5, -1.5, 2.0}, dx(3, 0.0), tx{1.0, 0.25, -2.0}, w{3.0, 0.5, -1.25};
  enzyme::autodiff<enzyme::Reverse>(weighted, enzyme::Duplicated<const Vec &>(x, dx),
                                    enzyme::Const<const Vec &>(w));
  for (size_t i = 0; i < x.size(); i++) check("gradient", dx[i], 2 * w[i] * x[i]);

  Vec dc(3, 0.0);
  enzyme::autodiff<enzyme::Reverse>(copied, enzyme::Duplicated<const Vec &>(x, dc),
                                    enzyme::Const<const Vec &>(w));
  for (size_t i = 0; i < x.size(); i++) check("gradient through a copy", dc[i], 2 * w[i] * x[i]);

  double t = enzyme::get<0>(enzyme::autodiff<enzyme::Forward, enzyme::DuplicatedNoNeed<double>>(
      weighted, enzyme::Duplicated<const Vec &>(x, tx), enzyme::Const<const Vec &>(w)));
  double want = 0;
  for (size_t i = 0; i < x.size(); i++) want += 2 * w[i] * x[i] * tx[i];
  check("tangent", t, want);

  Vec ts = enzyme::get<0>(enzyme::autodiff<enzyme::Forward, enzyme::DuplicatedNoNeed<Vec>>(
      shifted, enzyme::Duplicated<const Vec &>(x, tx), enzyme::Const<const Vec &>(w)));
  for (size_t i = 0; i < x.size(); i++) check("tangent of shifted", ts[i], tx[i]);
  return failures != 0;
}
