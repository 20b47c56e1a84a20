// The floating-point exception flags a math call raises choose the primal's
// path: log(x - 2) raises FE_INVALID for x < 2 (and sets errno, which no
// code here reads).  A derivative that drops the unused call, or makes it an
// intrinsic LLVM may fold, leaves the flag clear and takes the other branch.
// Beside it: the flags read by a helper, and forward mode.
#include <fenv.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static double branch_on_flag(double x) {
  feclearexcept(FE_ALL_EXCEPT);
  (void)log(x - 2.0);
  if (fetestexcept(FE_INVALID)) return -x * x;
  return x * x * x;
}

__attribute__((noinline)) static int invalid_raised(void) { return fetestexcept(FE_INVALID) != 0; }

static double helper_reads(double x) {
  feclearexcept(FE_ALL_EXCEPT);
  (void)acos(x);
  return invalid_raised() ? sin(x) : cos(x);
}

// The derivatives each branch gives, at x below and above the flag's edge.
static double want_branch(double x) { return x < 2.0 ? -2 * x : 3 * x * x; }
static double want_helper(double x) { return x > 1.0 ? cos(x) : -sin(x); }

int main(void) {
  struct { const char *name; void *fn; double (*want)(double); } cases[] = {
      {"branch_on_flag", (void *)branch_on_flag, want_branch},
      {"helper_reads", (void *)helper_reads, want_helper}};
  const double xs[] = {1.0, 3.0, 0.5, 1.5};
  int bad = 0;
  for (int c = 0; c < 2; c++)
    for (int k = 0; k < 4; k++) {
      double want = cases[c].want(xs[k]);
      bad += !check_close(cases[c].name, k, __enzyme_autodiff(cases[c].fn, xs[k]), want);
      bad += !check_close(cases[c].name, 4 + k, __enzyme_fwddiff(cases[c].fn, xs[k], 1.0), want);
    }
  return bad != 0;
}
