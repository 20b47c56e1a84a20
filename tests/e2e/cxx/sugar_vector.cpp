// CFLAGS: -std=c++17
// <enzyme/enzyme> with std::vector: forward mode of functions returning a
// vector by value (through memory the call provides: the tangent alone, or
// the result and its tangent), reverse mode accumulating into a vector
// passed by reference, and a lambda turned into a function pointer (`+`)
// whose reference parameters get pointers.
//   scale(v, a)[i] = a v[i]^2     tangent: da v[i]^2 + 2 a v[i] dv[i]
//   energy(x) = sum (i+1) x[i]^3  gradient: 3 (i+1) x[i]^2
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

Vec scale(const Vec &v, double a) {
  Vec out(v.size());
  for (size_t i = 0; i < v.size(); i++) out[i] = a * v[i] * v[i];
  return out;
}

double energy(const Vec &x) {
  double e = 0;
  for (size_t i = 0; i < x.size(); i++) e += (i + 1) * x[i] * x[i] * x[i];
  return e;
}

int main() {
  Vec v{0.5, -1.5, 2.0}, dv{1.0, 0.25, -2.0};
  double a = 1.75, da = 0.5;
  Vec t = enzyme::get<0>(enzyme::autodiff<enzyme::Forward, enzyme::DuplicatedNoNeed<Vec>>(
      scale, enzyme::Duplicated<const Vec &>(v, dv), enzyme::Duplicated<double>(a, da)));
  for (size_t i = 0; i < v.size(); i++)
    check("tangent", t[i], da * v[i] * v[i] + 2 * a * v[i] * dv[i]);

  auto both = enzyme::autodiff<enzyme::Forward, enzyme::Duplicated<Vec>>(
      scale, enzyme::Duplicated<const Vec &>(v, dv), enzyme::Const<double>(a));
  for (size_t i = 0; i < v.size(); i++) {
    check("primal of both", enzyme::get<0>(both)[i], a * v[i] * v[i]);
    check("tangent of both", enzyme::get<1>(both)[i], 2 * a * v[i] * dv[i]);
  }

  Vec x{1.0, -0.5, 0.75, 2.0}, dx(x.size(), 0.0);
  enzyme::autodiff<enzyme::Reverse>(energy, enzyme::DuplicatedNoNeed<const Vec &>(x, dx));
  for (size_t i = 0; i < x.size(); i++) check("gradient", dx[i], 3 * (i + 1) * x[i] * x[i]);

  auto twice = [](const Vec &w, const double &c) {
    Vec r = w;
    for (double &e : r) e *= 2 * c;
    return r;
  };
  Vec dw{0.5, 1.0, -1.0}, out;
  double c = 3.0;
  auto tw = enzyme::autodiff<enzyme::Forward, enzyme::DuplicatedNoNeed<Vec>>(
      +twice, enzyme::Duplicated<Vec *>(&v, &dw), enzyme::Const<double *>(&c));
  for (size_t i = 0; i < v.size(); i++) check("lambda tangent", enzyme::get<0>(tw)[i], 2 * c * dw[i]);
  return failures != 0;
}
