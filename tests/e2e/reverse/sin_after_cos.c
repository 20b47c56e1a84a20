// cos(t) in one block and sin(t) in a later block that runs whenever the
// first did (bundle adjustment's rodrigues rotation): the reverse pass
// takes -sin(t) for cos's derivative from the primal's sin call instead
// of calling sin again.  Beside it, a sin that runs on one path only: the
// reverse pass must compute its own there.  Both in a combined derivative
// and in a helper called in a loop (split: augmented and reverse functions).
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static double rotate_like(const double *x) {
  double t = x[0] * x[1];
  double c = cos(t);
  double s1 = 0;
  if (x[2] > 0) s1 = c * x[2];        // a branch between the two calls
  double s = sin(t);                  // runs whenever cos(t) did
  double r = c * 2 + s * x[3] + s1;
  double u = x[1] + x[3];
  double cu = cos(u);
  double su = 0;
  if (x[0] > 0.5) su = sin(u);        // not taken below: no sin(u) to borrow
  return r + cu * x[2] + su;
}

static double objective(double *x) {
  double s = rotate_like(x);
  for (int k = 1; k < 3; k++) s += rotate_like(x + k) * k;   // split helpers
  return s;
}

static double direct(double *x) { return rotate_like(x) + rotate_like(x + 2); }

int main(void) {
  double x[6] = {0.3, -0.7, 0.45, 0.9, -0.2, 0.4}, dx[6] = {0};
  __enzyme_autodiff((void *)objective, x, dx);
  int bad = check_gradient("dx", x, dx, 6, objective);
  double dy[6] = {0};
  __enzyme_autodiff((void *)direct, x, dy);
  bad += check_gradient("dy", x, dy, 6, direct);
  return bad != 0;
}
