// Calls through function pointers that have no shadow: a std::function
// holding a lambda, and a plain callback in a struct passed enzyme_const.
// The pointer is read from constant memory, so the derivative called is
// picked at run time among the module's functions of the right type whose
// address is taken (the lambda's invoker, the callbacks).
#include <cmath>
#include <cstdio>
#include <functional>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double apply_twice(const std::function<double(double)> &f, double x) { return f(f(x)) + f(x); }

struct Rhs { double (*rate)(double, double); double c; };
double decay(double y, double c) { return -c * y; }
double logistic(double y, double c) { return c * y * (1 - y); }
// Explicit Euler for y' = rate(y, c): the integrator only knows the callback.
double euler(const Rhs *rhs, double y0) {
  double y = y0;
  for (int i = 0; i < 10; i++) y += 0.1 * rhs->rate(y, rhs->c);
  return y;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-7 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

static double euler_at(const Rhs *rhs, double y0) { return euler(rhs, y0); }

int main() {
  double a = 1.7, x = 0.4;
  std::function<double(double)> f = [a](double t) { return a * std::sin(t); };
  // g = f(f(x)) + f(x):  g' = f'(f(x)) f'(x) + f'(x)
  double fx = a * std::sin(x), dfx = a * std::cos(x);
  check("std::function", __enzyme_autodiff((void *)apply_twice, enzyme_const, &f, x),
        a * std::cos(fx) * dfx + dfx);

  Rhs rhs[2] = {{decay, 0.8}, {logistic, 1.5}};
  for (int k = 0; k < 2; k++) {
    double y0 = 0.3, h = 1e-6;
    double fd = (euler_at(&rhs[k], y0 + h) - euler_at(&rhs[k], y0 - h)) / (2 * h);
    check(k ? "euler logistic" : "euler decay",
          __enzyme_autodiff((void *)euler, enzyme_const, &rhs[k], y0), fd);
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
