// CFLAGS: -std=c++17
// The C++ interface of <enzyme/enzyme> in forward mode: the tangent alone
// (the default, or DuplicatedNoNeed), the result and its tangent
// (Duplicated), the result alone (Const); a struct passed by value, which
// the ABI splits into two doubles that each need their own tangent.
//   h(x, y) = x^3 y + sin(y)      dh = 3 x^2 y dx + (x^3 + cos y) dy
//   p(q) = q.a^2 q.b^3           dp = 2 a b^3 da + 3 a^2 b^2 db
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

double h(double x, double y) { return x * x * x * y + std::sin(y); }
struct Pair { double a, b; };
double p(Pair q) { return q.a * q.a * q.b * q.b * q.b; }
void cube_into(const double *x, double *out) { *out = *x * *x * *x; }

int main() {
  double x = 1.25, y = 0.5, dx = 0.75, dy = -2.0;
  double want = 3 * x * x * y * dx + (x * x * x + std::cos(y)) * dy;

  auto t = enzyme::autodiff<enzyme::Forward>(h, enzyme::Duplicated<double>(x, dx),
                                             enzyme::Duplicated<double>(y, dy));
  check("tangent", enzyme::get<0>(t), want);

  enzyme::tuple<double, double> both = enzyme::autodiff<enzyme::Forward, enzyme::Duplicated<double>>(
      h, enzyme::Duplicated<double>(x, dx), enzyme::Duplicated<double>(y, dy));
  check("primal of both", enzyme::get<0>(both), h(x, y));
  check("tangent of both", enzyme::get<1>(both), want);

  auto only = enzyme::autodiff<enzyme::Forward, enzyme::DuplicatedNoNeed<double>>(
      h, enzyme::Duplicated<double>(x, dx), enzyme::Const<double>(y));
  check("tangent along x", enzyme::get<0>(only), 3 * x * x * y * dx);

  auto primal = enzyme::autodiff<enzyme::Forward, enzyme::Const<double>>(
      h, enzyme::Duplicated<double>(x, dx), enzyme::Duplicated<double>(y, dy));
  check("primal only", enzyme::get<0>(primal), h(x, y));

  Pair q{1.5, -0.5}, dq{0.25, 2.0};
  auto tp = enzyme::autodiff<enzyme::Forward>(p, enzyme::Duplicated{q, dq});
  check("struct tangent", enzyme::get<0>(tp),
        2 * q.a * q.b * q.b * q.b * dq.a + 3 * q.a * q.a * q.b * q.b * dq.b);

  double out = 0, dout = 0;
  enzyme::autodiff<enzyme::Forward>(cube_into, enzyme::Duplicated<const double *>(&x, &dx),
                                    enzyme::Duplicated<double *>(&out, &dout));
  check("out", out, x * x * x);
  check("dout", dout, 3 * x * x * dx);
  return failures != 0;
}
