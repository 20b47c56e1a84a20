// CFLAGS: -std=c++17
// C++ shapes: a template instantiated for float and double (and a float
// kernel accumulating in double), std::complex exp/log/sqrt/abs/pow,
// expression templates with overloaded operators evaluated lazily, an RAII
// buffer freed by its destructor, a std::function capturing a pointer, and a
// std::vector grown by push_back: each gradient against central differences.
#include <cmath>
#include <complex>
#include <cstdio>
#include <functional>
#include <vector>
#include "../check.h"

extern "C" {
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
float __enzyme_autodiff_f(void *, ...);
}

template <class T> T poly(const T *x, int n) {
  T s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i] * (T(1) + T(0.25) * x[(i + 1) % n]) + std::sin(x[i]);
  return s;
}

double mixed(const float *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += (double)x[i] * std::exp((double)x[i] * 0.5) + std::log1p(x[i] * x[i]);
  return s;
}

double complexes(const double *x, int n) {
  std::complex<double> a(x[0], x[1]), b(x[2], x[3]);
  std::complex<double> z = std::exp(a) * std::log(b) + std::sqrt(a * b) - std::pow(a, 2.0) / b;
  return std::abs(z) + z.real() * std::arg(b) + std::norm(std::conj(a) - b);
}

template <class E> struct Expr { const E &self() const { return static_cast<const E &>(*this); } };
struct Vec : Expr<Vec> {
  const double *p;
  double operator[](int i) const { return p[i]; }
};
template <class A, class B> struct Add : Expr<Add<A, B>> {
  const A &a; const B &b;
  Add(const A &a, const B &b) : a(a), b(b) {}
  double operator[](int i) const { return a[i] + b[i]; }
};
template <class A, class B> struct Mul : Expr<Mul<A, B>> {
  const A &a; const B &b;
  Mul(const A &a, const B &b) : a(a), b(b) {}
  double operator[](int i) const { return a[i] * b[i]; }
};
template <class A, class B> Add<A, B> operator+(const Expr<A> &a, const Expr<B> &b) { return {a.self(), b.self()}; }
template <class A, class B> Mul<A, B> operator*(const Expr<A> &a, const Expr<B> &b) { return {a.self(), b.self()}; }

double expression(const double *x, int n) {
  Vec u{}, v{};
  u.p = x;
  v.p = x + 1;
  auto e = u * v + u * u * v + v;
  double s = 0;
  for (int i = 0; i < n - 1; i++) s += e[i] * e[i];
  return s;
}

struct Buffer {
  double *p;
  explicit Buffer(int n) : p(new double[n]) {}
  ~Buffer() { delete[] p; }
  Buffer(const Buffer &) = delete;
};

double raii(const double *x, int n) {
  Buffer b(n);
  for (int i = 0; i < n; i++) b.p[i] = std::cos(x[i]) * x[(i + 2) % n];
  double s = 0;
  for (int i = 0; i < n; i++) s += b.p[i] * b.p[n - 1 - i];
  return s;
}

double function_value(const double *x, int n) {
  double w = 0.3;
  // Capturing a double instead, the -O0 copy of the lambda into the
  // std::function's buffer is refused (cxx/std_function_capture_O0.cpp).
  const double *wp = &w;
  std::function<double(double)> f = [wp](double t) { return std::tanh(*wp * t) * t; };
  double s = 0;
  for (int i = 0; i < n; i++) s += f(x[i]) * x[0];
  return s;
}

double growing(const double *x, int n) {
  std::vector<double> v;
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < n; i++) v.push_back(x[i] * (r + 1) + v.size() * 0.01 * x[0]);
  double s = 0;
  for (size_t k = 1; k < v.size(); k++) s += v[k] * v[k - 1];
  return s;
}

#define N 4
static int bad;
static void check_d(const char *name, double (*f)(const double *, int), double *dx, double *x) {
  for (int i = 0; i < N; i++) bad += !check_close(name, i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, f(x, N)));
}

int main() {
  double x[N] = {0.7, -0.3, 1.2, 0.5}, dx[N];
  float xf[N] = {0.7f, -0.3f, 1.2f, 0.5f}, dxf[N] = {0};
#define GRAD(f)                                                                     \
  for (int i = 0; i < N; i++) dx[i] = 0;                                            \
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, N);                 \
  check_d(#f, f, dx, x);
  GRAD(poly<double>) GRAD(complexes) GRAD(expression) GRAD(raii) GRAD(function_value) GRAD(growing)
  __enzyme_autodiff_f((void *)poly<float>, enzyme_dup, xf, dxf, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double h = 1e-3;
    float xp[N], xm[N];
    for (int k = 0; k < N; k++) xp[k] = xm[k] = xf[k];
    xp[i] += h; xm[i] -= h;
    double want = (poly<float>(xp, N) - poly<float>(xm, N)) / (xp[i] - xm[i]);
    if (std::fabs(dxf[i] - want) > 2e-2 * (1 + std::fabs(want))) { printf("MISMATCH poly<float>[%d]: got %g, want %g\n", i, dxf[i], want); bad++; }
  }
  for (int i = 0; i < N; i++) dxf[i] = 0;
  __enzyme_autodiff((void *)mixed, enzyme_dup, xf, dxf, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double v = xf[i], want = std::exp(v * 0.5) * (1 + 0.5 * v) + (double)(2 * xf[i]) / (1 + xf[i] * xf[i]);
    if (std::fabs(dxf[i] - want) > 1e-5 * (1 + std::fabs(want))) { printf("MISMATCH mixed[%d]: got %g, want %g\n", i, dxf[i], want); bad++; }
  }
  return bad != 0;
}
