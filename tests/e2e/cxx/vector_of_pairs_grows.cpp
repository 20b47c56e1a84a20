// A std::vector<std::pair<double *, double>> filled by emplace_back inside
// the differentiated function: each growth copies the pairs to the new
// buffer 16 bytes at a time, a memcpy whose ends walk both buffers by a byte
// counter.  The pointers' shadows and the doubles' derivatives must move
// with them, so the copy needs the pair layout: the counter's steps of 16
// line it up with the `pair` elements type analysis knows.  At -O0 the pairs
// pass through five levels of allocator templates, whose loops keep their
// walking pointers in stack slots: the steps stored back there tell the
// same.  (Before, the derivative stopped at run time with the tool's
// message.)  Central differences, reverse and forward mode.
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>
#include "../check.h"

extern "C" {
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
}

double weighted(double *x, int n) {
  std::vector<std::pair<double *, double>> terms;
  for (int i = 0; i < n; i++) terms.emplace_back(&x[(i * 3) % n], std::sin(x[i]));
  double s = 0;
  for (auto &t : terms) s += *t.first * t.second;
  return s * x[0];
}

int main() {
  const int n = 9;
  double x[n];
  for (int i = 0; i < n; i++) x[i] = std::cos(1.7 * i);
  int bad = 0;
  double dx[n] = {0};
  __enzyme_autodiff((void *)weighted, enzyme_dup, x, dx, enzyme_const, n);
  for (int i = 0; i < n; i++) {
    double want = CENTRAL_DIFFERENCE(x[i], 1e-6, weighted(x, n));
    bad += !check_close("rev", i, dx[i], want);
    double t[n] = {0};
    t[i] = 1;
    bad += !check_close("fwd", i, __enzyme_fwddiff((void *)weighted, enzyme_dup, x, t, enzyme_const, n), want);
  }
  if (bad) std::printf("%d mismatches\n", bad);
  return bad != 0;
}
