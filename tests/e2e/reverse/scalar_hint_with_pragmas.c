// Reverse loops of math calls alone get `llvm.loop.vectorize.width 1`
// (ad/loop_hints.py: keep_scalar), a fresh loop node on the reverse back
// edge.  Here the primal loops already carry hints of their own (clang
// loop pragmas: unroll, vectorize, interleave, distribute) and the file is
// compiled with -fno-unroll-loops, so the forward sweep keeps nodes that
// allow_unrolling rewrites; every output must verify and the gradient hold.
// The last loop has two latches (a continue), so two reverse back edges.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

double __enzyme_autodiff(void *, ...);

static double pragmas(double x, int n) {
  double s = 0.0;
#pragma clang loop unroll(disable) vectorize(enable) interleave_count(2)
  for (int i = 1; i <= n; i++) s += pow(x, i) / i;
#pragma clang loop unroll_count(4) vectorize_width(4)
  for (int i = 0; i < n; i++) s += sin(x * i);
#pragma clang loop distribute(enable) vectorize(disable)
  for (int i = 0; i < n; i++) {
    if (i % 3 == 1) { s += exp(0.1 * x * i); continue; }
    s += cos(x + i);
  }
  return s;
}

static double want(double x, int n) {
  double d = 0.0;
  for (int i = 1; i <= n; i++) d += pow(x, i - 1);
  for (int i = 0; i < n; i++) d += i * cos(x * i);
  for (int i = 0; i < n; i++) d += i % 3 == 1 ? 0.1 * i * exp(0.1 * x * i) : -sin(x + i);
  return d;
}

int main(void) {
  const double xs[] = {0.4, -0.9, 1.1};
  int bad = 0;
  for (int k = 0; k < 3; k++)
    bad += !check_close("pragmas", k, __enzyme_autodiff((void *)pragmas, xs[k], 23), want(xs[k], 23));
  return bad != 0;
}
