// XFAIL: a duplicated pointer stored into a global and read back by a
// callee that takes no pointer: the call is taken as inactive (tangent 0,
// adjoint lost) instead of the global getting a shadow or being refused.
// Found by adversary2; forward mode with enzyme_dup, and reverse mode.
// Central differences in a.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);

double *saved_pointer;

__attribute__((noinline)) double read_saved(int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += saved_pointer[i] * saved_pointer[i];
  return s;
}
__attribute__((noinline)) double g(double *y, int n, double a) {
  for (int i = 0; i < n; i++) y[i] = exp(0.3 * a * i);
  saved_pointer = y;
  return read_saved(n);
}

enum { N = 4 };

int main(void) {
  double y[N] = {0}, dy[N] = {0}, scratch[N], a = -0.3;
  double want = CENTRAL_DIFFERENCE(a, 1e-6, g(scratch, N, a));
  double tangent = __enzyme_fwddiff((void *)g, enzyme_dup, y, dy, enzyme_const, N, a, 1.0);
  for (int i = 0; i < N; i++) dy[i] = 0;
  double adjoint = __enzyme_autodiff((void *)g, enzyme_dup, y, dy, enzyme_const, N, a);
  int ok = check_close("tangent", 0, tangent, want) & check_close("adjoint", 0, adjoint, want);
  if (ok) printf("ok\n");
  return !ok;
}
