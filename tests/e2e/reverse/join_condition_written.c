// Joins whose reverse tells the way in from the branch's condition: here
// the condition reads memory that the skipped region itself writes (the
// row's flag and the next row's), and a later test reads what the loop left
// there.  Central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
#define N 5
static double f(double *x, int *flag, int n) {
  double s = 0.5;
  for (int i = 0; i < n; i++) {
    if (flag[i] > 0) {
      for (int k = 0; k < n; k++) s += sin(x[k] * s) * 0.5;
      flag[i] = -flag[i];
      flag[(i + 1) % n] += 1;
    }
    s = s * x[i] + 0.1;
  }
  // a skipped region behind a test on a value the loop above changed
  int m = flag[0] + flag[n - 1];
  if (m < 1) {
    for (int k = m; k < 2; k++) s = s * x[k + 2];
  }
  return s;
}
static int g_flag[N] = {1, 0, 0, 1, -1};
static double fx(double *x) { int fl[N]; for (int i = 0; i < N; i++) fl[i] = g_flag[i]; return f(x, fl, N); }
int main(void) {
  double x[N], dx[N] = {0};
  int flag[N];
  for (int i = 0; i < N; i++) { x[i] = 0.6 + 0.1 * i; flag[i] = g_flag[i]; }
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, flag, enzyme_const, N);
  int bad = check_gradient("dx", x, dx, N, fx);
  return bad != 0;
}
