// std::complex arithmetic: products and quotients are calls of __muldc3 and
// __divdc3 (__mulsc3 / __divsc3 for float), std::abs and std::arg of
// cabs and carg.  All four partials against central differences, reverse
// and forward mode, double and float.
#include <cmath>
#include <complex>
#include <cstdio>

extern "C" {
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
}

template <class T>
T f(T a, T b, T c, T d) {
  std::complex<T> x(a, b), y(c, d);
  std::complex<T> z = x * y / (x + y) + std::abs(x) + std::arg(y);
  return z.real() + 2 * z.imag();
}

struct Grad { double a, b, c, d; };
struct GradF { float a, b, c, d; };

static int failures;
static void check(const char *what, int k, double got, double want, double tol) {
  if (!(std::fabs(got - want) <= tol * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s[%d]: got %.12g, want %.12g\n", what, k, got, want);
    failures++;
  }
}

template <class T>
static double central(const T *p, int k, T h) {
  T q[4] = {p[0], p[1], p[2], p[3]};
  q[k] = p[k] + h;
  double up = f<T>(q[0], q[1], q[2], q[3]);
  q[k] = p[k] - h;
  double down = f<T>(q[0], q[1], q[2], q[3]);
  return (up - down) / (2 * (double)h);
}

int main() {
  const double p[4] = {0.7, -1.2, 2.1, 0.4};
  Grad g = ((Grad(*)(void *, ...))__enzyme_autodiff)((void *)f<double>, p[0], p[1], p[2], p[3]);
  const double rev[4] = {g.a, g.b, g.c, g.d};
  for (int k = 0; k < 4; k++) {
    double e[4] = {0, 0, 0, 0};
    e[k] = 1;
    double fwd = __enzyme_fwddiff((void *)f<double>, p[0], e[0], p[1], e[1], p[2], e[2],
                                  p[3], e[3]);
    double want = central(p, k, 1e-6);
    check("reverse", k, rev[k], want, 1e-7);
    check("forward", k, fwd, want, 1e-7);
  }
  const float pf[4] = {0.7f, -1.2f, 2.1f, 0.4f};
  GradF gf = ((GradF(*)(void *, ...))__enzyme_autodiff)((void *)f<float>, pf[0], pf[1], pf[2],
                                                         pf[3]);
  const float revf[4] = {gf.a, gf.b, gf.c, gf.d};
  for (int k = 0; k < 4; k++) check("float reverse", k, revf[k], central(pf, k, 1e-2f), 1e-3);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
