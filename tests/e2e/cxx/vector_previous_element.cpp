// Loops over std::vector that carry the previous element (`prev = v`: a
// header phi of last iteration's load).  The reverse pass loads it again at
// the previous position instead of taping it when the memory is never
// written (ad/cache_policy.py `_previous_iteration`); the nearby shapes:
// an empty and a one-element vector, an expression of the element carried,
// an active start value, an indexed loop from 3, a loop that writes the
// element it reads next (taped: the memory changes), an early break,
// reverse iterators, a vector of structs, two elements back, and a `<` walk
// whose end lies before its start (no iteration).  Central differences.
#include <cmath>
#include <cstdio>
#include <vector>
#include "../check.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;
typedef std::vector<double> Vec;
int lo = 5, hi = 2;                    // not constants: the loops stay loops

double diffs(const Vec &x) {
  double s = 0, prev = 0;
  for (double v : x) { s += (v - prev) * (v - prev) / (1 + v * v); prev = v; }
  return s;
}
double carried_expr(const Vec &x) {
  double s = 0, prev = 1;
  for (double v : x) { s += v * prev; prev = 0.5 * v + sqrt(1 + v * v); }
  return s;
}
double indexed_from_three(const Vec &x) {   // starts at x[2], an active value
  double s = 0, prev = x[2];
  for (size_t i = 3; i < x.size(); i++) { s += sin(x[i] * prev); prev = x[i]; }
  return s + prev;
}
double writes_next(Vec &x) {           // the next element is written first
  double s = 0, prev = 0.25;
  for (size_t i = 0; i + 1 < x.size(); i++) {
    double v = x[i];
    x[i + 1] = 0.5 * x[i + 1] + v * v;
    s += (v - prev) * v;
    prev = v;
  }
  return s;
}
double early_break(const Vec &x) {
  double s = 0, prev = 0;
  for (double v : x) { if (v > 0.9) break; s += exp(v - prev) * v; prev = v; }
  return s;
}
double reversed(const Vec &x) {
  double s = 0, prev = 0.5;
  for (auto it = x.rbegin(); it != x.rend(); ++it) { s += *it * *it * prev; prev = *it; }
  return s;
}
struct P { double a, b, c; };
double structs(const std::vector<P> &x) {
  double s = 0, prev = 0;
  for (const P &p : x) { s += (p.a - prev) * (p.a - prev) * p.c; prev = p.b; }
  return s;
}
double two_back(const Vec &x) {
  double s = 0, prev = 0, before = 0;
  for (double v : x) { s += v * before + v * prev; before = prev; prev = v; }
  return s;
}
double end_before_start(const Vec &x) {
  double s = 0, prev = x[0];
  for (const double *p = x.data() + lo; p < x.data() + hi; ++p) { s += *p * prev; prev = *p; }
  return s + prev * prev;
}

// The gradient of f at x against central differences in its first n doubles
// (a macro: Enzyme's first argument must be a function known at compile time).
#define CHECK(what, f, x, n)                                                  \
  ({                                                                          \
    auto x_ = (x);                                                            \
    auto work_ = x_, dx_ = x_;                                                \
    double *d_ = (double *)dx_.data(), *y_ = (double *)x_.data();            \
    for (int i = 0; i < (n); i++) d_[i] = 0;                                  \
    __enzyme_autodiff((void *)f, enzyme_dup, &work_, &dx_);                  \
    int bad_ = 0;                                                             \
    for (int i = 0; i < (n); i++)                                             \
      bad_ += !check_close(what, i, d_[i],                                    \
                           CENTRAL_DIFFERENCE(y_[i], 1e-6, ({ auto c_ = x_; f(c_); }))); \
    bad_;                                                                     \
  })

int main() {
  Vec x(9);
  for (int i = 0; i < 9; i++) x[i] = 0.2 + 0.75 * sin(1.3 * i + 0.5);
  std::vector<P> ps(5);
  for (int i = 0; i < 5; i++) ps[i] = {x[i], x[i + 1] - 0.3, x[i + 4] + 1};
  int bad = CHECK("diffs", diffs, x, 9) + CHECK("empty", diffs, Vec(), 0) +
            CHECK("one", diffs, Vec(1, 0.7), 1) +
            CHECK("carried_expr", carried_expr, x, 9) +
            CHECK("indexed_from_three", indexed_from_three, x, 9) +
            CHECK("writes_next", writes_next, x, 9) +
            CHECK("early_break", early_break, x, 9) +
            CHECK("reversed", reversed, x, 9) +
            CHECK("structs", structs, ps, 15) +
            CHECK("two_back", two_back, x, 9) +
            CHECK("end_before_start", end_before_start, x, 9);
  if (!bad) printf("ok\n");
  return bad != 0;
}
