// enzyme_primal_return with enzyme_width 2, in both modes: the primal result
// comes first, then the two lanes of tangents (forward), or the gradients of
// the active arguments, two lanes each, argument by argument (reverse, whose
// float result is seeded with 1.0 in each lane; a duplicated pointer has one
// shadow per lane, seeded by the caller).  The function loops a number of
// times known only at run time, so the reverse pass reads a tape.
//   f(x, y, w, n) = sum_{k<n} x^k y   and   w[0] += x y, w[1] += sin(x)
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_dup, enzyme_const, enzyme_primal_return, enzyme_dup_return;
typedef struct { double y; struct { double dx[2]; double dy[2]; } g; } ReverseResult;
typedef struct { double y; double dy[2]; } ForwardResult;
ReverseResult __enzyme_autodiff_primal(void *, ...);
ForwardResult __enzyme_fwddiff_primal(void *, ...);

double f(double x, double y, double *w, int n) {
  double s = 0.0, p = 1.0;
  for (int k = 0; k < n; k++) {
    s += p * y;
    p *= x;
  }
  w[0] += x * y;
  w[1] += sin(x);
  return s;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const int n = 7;
  for (double x = 0.3; x < 1.5; x += 0.5) {
    double y = 0.9 - x, s = 0.0, ds = 0.0;
    for (int k = 0; k < n; k++) {
      s += pow(x, k);
      ds += k ? k * pow(x, k - 1) : 0.0;
    }
    // reverse: lane 0 seeds w[0]'s adjoint, lane 1 w[1]'s (each on top of the result's)
    double w[2] = {0, 0}, dw0[2] = {1, 0}, dw1[2] = {0, 1};
    ReverseResult r = __enzyme_autodiff_primal((void *)f, enzyme_width, 2, enzyme_primal_return,
                                               x, y, enzyme_dup, w, dw0, dw1, enzyme_const, n);
    check("reverse primal", r.y, s * y);
    check("reverse w[0]", w[0], x * y);
    check("reverse dx lane 0", r.g.dx[0], ds * y + y);
    check("reverse dx lane 1", r.g.dx[1], ds * y + cos(x));
    check("reverse dy lane 0", r.g.dy[0], s + x);
    check("reverse dy lane 1", r.g.dy[1], s);
    // forward: lane 0 along x, lane 1 along y
    double v[2] = {0, 0}, dv0[2] = {0, 0}, dv1[2] = {0, 0};
    ForwardResult t = __enzyme_fwddiff_primal((void *)f, enzyme_width, 2, enzyme_primal_return,
                                              enzyme_dup_return, x, 1.0, 0.0, y, 0.0, 1.0,
                                              enzyme_dup, v, dv0, dv1, enzyme_const, n);
    check("forward primal", t.y, s * y);
    check("forward d/dx", t.dy[0], ds * y);
    check("forward d/dy", t.dy[1], s);
    check("forward dw[0]/dx", dv0[0], y);
    check("forward dw[1]/dx", dv0[1], cos(x));
    check("forward dw[0]/dy", dv1[0], x);
    check("forward dw[1]/dy", dv1[1], 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
