// The floating-point exception flags a math call raises choose the primal's
// path: log(x - 2) raises FE_INVALID for x < 2 (and sets errno, which no
// code here reads).  A derivative that drops the unused call, or makes it an
// intrinsic LLVM may fold, leaves the flag clear and takes the other branch.
// Beside it: the flags read by a helper.  (Forward mode is refused where
// the flags are read: the tangent's own arithmetic raises them; lit
// forward-reads-errno.ll.)
#include <fenv.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);

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

// The gradient of `fn` at xs[k] against the derivative of the branch taken.
#define CHECK_GRADIENT(fn, k, want) \
  (!check_close("d " #fn, k, __enzyme_autodiff((void *)fn, xs[k]), want))

int main(void) {
  const double xs[] = {1.0, 3.0, 0.5, 1.5};
  int bad = 0;
  for (int k = 0; k < 4; k++) {
    bad += CHECK_GRADIENT(branch_on_flag, k, xs[k] < 2.0 ? -2 * xs[k] : 3 * xs[k] * xs[k]);
    bad += CHECK_GRADIENT(helper_reads, k, xs[k] > 1.0 ? cos(xs[k]) : -sin(xs[k]));
  }
  return bad != 0;
}
