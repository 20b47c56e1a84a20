// The errno a math call sets chooses the primal's path: log's result is
// unused, so the derivative dropped the call (and made the others LLVM
// intrinsics, which set no errno), errno stayed 0, and the gradient came
// from the other branch (3x^2 for -2x at x = 1, exit status 0, clang
// 14/19 -O0..-O3).  In a module that reads errno, math calls are kept as
// libm calls.  Beside it: errno read by a helper, not by the function
// itself; forward mode; and a result that is used.
#include <errno.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static double branch_on_errno(double x) {
  errno = 0;
  (void)log(x - 2.0);
  if (errno == EDOM) return -x * x;
  return x * x * x;
}

__attribute__((noinline)) static int domain_error(void) { return errno == EDOM; }

static double helper_reads(double x) {
  errno = 0;
  (void)acos(x);
  return domain_error() ? sin(x) : cos(x);
}

static double used_too(double x) {
  errno = 0;
  double r = sqrt(x - 2.0);
  return errno == EDOM ? 5 * x : r * x;
}

int main(void) {
  const double xs[] = {1.0, 3.0, 0.5, 1.5};
  int bad = 0;
  for (int k = 0; k < 4; k++) {
    double x = xs[k];
    double want = x < 2.0 ? -2 * x : 3 * x * x;
    bad += !check_close("d branch_on_errno", k, __enzyme_autodiff((void *)branch_on_errno, x), want);
    bad += !check_close("t branch_on_errno", k, __enzyme_fwddiff((void *)branch_on_errno, x, 1.0), want);
    want = x > 1.0 ? cos(x) : -sin(x);
    bad += !check_close("d helper_reads", k, __enzyme_autodiff((void *)helper_reads, x), want);
    bad += !check_close("t helper_reads", k, __enzyme_fwddiff((void *)helper_reads, x, 1.0), want);
    want = x < 2.0 ? 5 : sqrt(x - 2.0) + x / (2 * sqrt(x - 2.0));
    bad += !check_close("d used_too", k, __enzyme_autodiff((void *)used_too, x), want);
  }
  return bad != 0;
}
