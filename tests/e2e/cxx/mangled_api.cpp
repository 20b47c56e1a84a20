// C++ without extern "C": the API entry points are mangled
// (_Z17__enzyme_autodiffPvz, template instances) and, with exceptions on,
// calls that may unwind are invokes.  Both must be recognized and replaced.
//   energy(p) = sum_i v_i^2 / 2 + cos x_i:  d/dx_i = -sin x_i,  d/dv_i = v_i
//   vecsum(v) = sum_i v_i^2 over a std::vector:  d/dv_i = 2 v_i
//   scaled<T>(a, s) = s * a * a (template, two active scalars through a
//   template declaration of __enzyme_autodiff returning a struct)
#include <cmath>
#include <cstdio>
#include <vector>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
struct Grad2 { double da, ds; };
template <typename R, typename... Args> R __enzyme_autodiff(void *, Args...);

struct Particle { double x, v; };

template <typename T> T sq(T a) { return a * a; }
template <typename T> T scaled(T a, T s) { return s * sq(a); }

double energy(const Particle *p, int n) {
  double e = 0;
  for (int i = 0; i < n; i++) e += 0.5 * sq(p[i].v) + std::cos(p[i].x);
  return e;
}

double vecsum(std::vector<double> &v) {
  double s = 0;
  for (double d : v) s += d * d;
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-13 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main() {
  Particle p[3] = {{0.1, 1.0}, {0.2, -2.0}, {0.3, 3.5}}, dp[3] = {};
  __enzyme_autodiff((void *)energy, p, dp, enzyme_const, 3);
  for (int i = 0; i < 3; i++) {
    check("d energy/dx", i, dp[i].x, -std::sin(p[i].x));
    check("d energy/dv", i, dp[i].v, p[i].v);
  }
  std::vector<double> v = {1.0, -2.0, 3.0}, dv(3, 0.0);
  __enzyme_autodiff((void *)vecsum, enzyme_dup, &v, &dv);
  for (int i = 0; i < 3; i++) check("d vecsum/dv", i, dv[i], 2.0 * v[i]);
  Grad2 g = __enzyme_autodiff<Grad2>((void *)scaled<double>, 1.5, -0.5);
  check("d scaled/da", 0, g.da, 2.0 * -0.5 * 1.5);
  check("d scaled/ds", 0, g.ds, 1.5 * 1.5);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
