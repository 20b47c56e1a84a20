// What the checks on API misuse must keep accepting (issue 18): a declared but
// unused __enzyme_* function we do not implement, prototypes whose names only
// start with an API name, a struct return of exactly the gradients, a void
// return when only shadows carry derivatives, a void forward prototype (the
// tangent of the result is not asked for), enzyme_const on an integer, and an
// empty asm barrier (memory clobber) on a pointer that has a shadow.
//   f(x, y) = x^2 y:  df/dx = 2 x y, df/dy = x^2
//   h(p, n) = sum p[i]^2 * n (barrier in between):  dh/dp[i] = 2 p[i] n
#include <math.h>
#include <stdio.h>

extern int enzyme_const, enzyme_dup;
typedef struct { double dx, dy; } pair_t;
double __enzyme_todense(void *, ...);
pair_t __enzyme_autodiff_pair(void *, ...);
void __enzyme_autodiff_void(void *, ...);
void __enzyme_fwddiff_void(void *, ...);
double __enzyme_fwddiff(void *, ...);

double f(double x, double y) { return x * x * y; }

double h(double *p, int n) {
  double s = 0;
  for (int i = 0; i < 3; i++) s += p[i] * p[i];
  __asm__ volatile("" : : "r"(p) : "memory");
  return s * n;
}

void square_into(double *out, const double *in) {
  __asm__ volatile("" : : "r"(out) : "memory");
  out[0] = in[0] * in[0];
}

double cube_into(double *out, double x) {
  *out = x * x * x;
  return x;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 1.5, y = -2.25;
  pair_t g = __enzyme_autodiff_pair((void *)f, x, y);
  check("df/dx", g.dx, 2 * x * y);
  check("df/dy", g.dy, x * x);

  double p[3] = {0.5, -1.25, 2.0}, dp[3] = {0};
  __enzyme_autodiff_void((void *)h, p, dp, enzyme_const, 4);
  for (int i = 0; i < 3; i++) check("dh/dp", dp[i], 2 * p[i] * 4);

  double in = 1.75, din = 1.0, out = 0, dout = 0;
  __enzyme_fwddiff_void((void *)square_into, enzyme_dup, &out, &dout, enzyme_dup, &in, &din);
  check("square", out, in * in);
  check("d square", dout, 2 * in);
  double c = 0, dc = 0;
  __enzyme_fwddiff_void((void *)cube_into, enzyme_dup, &c, &dc, x, 1.0);
  check("d cube", dc, 3 * x * x);
  check("fwd df/dx", __enzyme_fwddiff((void *)f, x, 1.0, y, 0.0), 2 * x * y);
  return failures != 0;
}
