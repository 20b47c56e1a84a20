// C++ as Enzyme users write it: extern "C" API, member functions called from
// a free wrapper, a class template, std::vector inside the differentiated
// function, a lambda passed to a function template, std::array.
//   Spring::energy = k/2 (len(p) - rest)^2,  p a std::vector (dup)
//   Poly<3>::eval(x) = sum c_i x^i           (template, coefficients const)
//   apply_sum(f, x, n) = sum_i f(x_i) with f = [s](double t){ return s*t*t; }
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

extern "C" {
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
}

class Spring {
 public:
  Spring(double k, double rest) : k_(k), rest_(rest) {}
  double energy(const std::vector<double> &p) const {
    double s = 0;
    for (double v : p) s += v * v;
    double d = std::sqrt(s) - rest_;
    return 0.5 * k_ * d * d;
  }
 private:
  double k_, rest_;
};

// The vector is built by the caller: constructing it in here makes invokes
// at -O0 (see cxx_invoke_cleanup.cpp).
double spring_energy(const std::vector<double> *v) { return Spring(4.0, 1.0).energy(*v); }

template <int N> struct Poly {
  std::array<double, N + 1> c;
  double eval(double x) const {
    double r = 0;
    for (int i = N; i >= 0; i--) r = r * x + c[i];
    return r;
  }
};

double poly_eval(const Poly<3> *p, double x) { return p->eval(x); }

template <typename F> double apply_sum(F f, const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += f(x[i]);
  return s;
}
double lambda_sum(const double *x, int n, double s) {
  return apply_sum([s](double t) { return s * t * t; }, x, n);
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-13 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main() {
  std::vector<double> p = {0.6, -0.8, 1.2}, dp(3, 0.0);
  __enzyme_autodiff((void *)spring_energy, enzyme_dup, &p, &dp);
  double L = std::sqrt(0.36 + 0.64 + 1.44);
  for (int i = 0; i < 3; i++) check("dspring", i, dp[i], 4.0 * (L - 1.0) * p[i] / L);
  Poly<3> poly{{1.0, -2.0, 0.5, 0.25}};
  double x = 1.3;
  double dx = __enzyme_autodiff((void *)poly_eval, enzyme_const, &poly, enzyme_out, x);
  check("dpoly", 0, dx, -2.0 + 2 * 0.5 * x + 3 * 0.25 * x * x);
  double xs[4] = {1.0, -2.0, 0.5, 3.0}, dxs[4] = {0, 0, 0, 0};
  // s is const here: the gradient w.r.t. the captured s comes out 0 at -O0
  // (reported separately).
  __enzyme_autodiff((void *)lambda_sum, enzyme_dup, xs, dxs, enzyme_const, 4, enzyme_const, 1.5);
  for (int i = 0; i < 4; i++) check("dlambda/dx", i, dxs[i], 3.0 * xs[i]);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
