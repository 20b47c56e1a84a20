/* The reverse of r = fmin(a, b) gives the partial to the operand equal to
 * r.  Where r came from the tape but a is computed again in the reverse
 * sweep, the two copies of a may round differently: llvm.fmuladd may be
 * fused in one copy and not in the other (LLVM folds the forward one into
 * a constant-argument FMA at -O3).  One ulp apart, r == a was false, and
 * the partial went to b far from any tie (fuzzer seed 7242; dx and db
 * wrong, exit 0).  J = f(x, b) + W . x_after, both modes, checked by
 * central differences.  REAL is double here; minmaxf_recomputed_operand.c
 * includes this file with REAL float (fminf, fmaxf, llvm.fmuladd.f32). */
#include "../check.h"
#include <tgmath.h>

#ifndef REAL
#define REAL double
#define STEP 1e-6
#endif

extern int enzyme_dup, enzyme_dupnoneed, enzyme_const;
REAL __enzyme_autodiff(void *, ...);
REAL __enzyme_fwddiff(void *, ...);

enum { N = 6 };
static const REAL X0[N] = {-1.211569, 0.687729, 0.480255, 1.238855, -1.122700, -0.672825};
static const REAL W[N] = {-0.366634, 0.52, -0.31, 0.77, 0.128, -0.9};

__attribute__((noinline)) REAL f(REAL *x, int n, REAL b) {
  REAL s = 0, t = 0;
  for (int i = 0; i < n; i++) {
    REAL u = x[i] * (REAL)0.7 + b;
    s += fmin(u * u * (REAL)0.3, (REAL)0.5 * u) * x[i];
    s += fmax(sin(u), (REAL)0.25 * u) * b;
  }
  for (int i = 0; i < n; i++) {
    REAL e = x[i] * (REAL)-1.3;
    x[i] = e;
    t += e * b;
  }
  return s + t;
}

static REAL J(const REAL *x0, REAL b) {
  REAL x[N];
  for (int i = 0; i < N; i++) x[i] = x0[i];
  REAL y = f(x, N, b);
  for (int i = 0; i < N; i++) y += W[i] * x[i];
  return y;
}

int main(void) {
  int ok = 1;
  REAL b = 1.171941, x[N], dx[N];
  for (int i = 0; i < N; i++) { x[i] = X0[i]; dx[i] = W[i]; }
  REAL db = __enzyme_autodiff((void *)f, enzyme_dup, x, dx, N, b);
  for (int i = 0; i <= N; i++) {
    REAL xp[N], xm[N], h = STEP, bp = b, bm = b;
    for (int k = 0; k < N; k++) xp[k] = xm[k] = X0[k];
    if (i < N) { xp[i] += h; xm[i] -= h; } else { bp += h; bm -= h; }
    double step = i < N ? (double)xp[i] - xm[i] : (double)bp - bm;
    double want = ((double)J(xp, bp) - J(xm, bm)) / step;
    ok &= check_close("reverse", i, i < N ? dx[i] : db, want);
    REAL tx[N] = {0}, xs[N];
    for (int k = 0; k < N; k++) xs[k] = X0[k];
    if (i < N) tx[i] = 1.0;
    REAL tb = i < N ? 0.0 : 1.0;
    REAL ty = __enzyme_fwddiff((void *)f, enzyme_dup, xs, tx, N, b, tb);
    for (int k = 0; k < N; k++) ty += W[k] * tx[k];
    ok &= check_close("forward", i, ty, want);
  }
  return ok ? 0 : 1;
}
