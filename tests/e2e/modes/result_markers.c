// The markers about the result, used from C: enzyme_primal_return (the
// result comes back before the gradients or tangent), enzyme_const_return
// (the result is not seeded / has no tangent), enzyme_dup_return and
// enzyme_noret (the defaults, said explicitly), and enzyme_interleave (all
// values first, then the shadows of the duplicated ones in order).
//   f(x, y) = x^2 y + 3 y          df/dx = 2 x y, df/dy = x^2 + 3
//   g(x, out) = (*out = x^3, returns 5 x)
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_interleave;
extern int enzyme_const_return, enzyme_dup_return, enzyme_primal_return, enzyme_noret;
typedef struct { double y, dx, dy; } WithPrimal;
typedef struct { double y, dy; } PrimalTangent;
typedef struct { double dx, dy; } Grad2;
WithPrimal __enzyme_autodiff_primal(void *, ...);
Grad2 __enzyme_autodiff2(void *, ...);
double __enzyme_autodiff(void *, ...);
PrimalTangent __enzyme_fwddiff_primal(void *, ...);
double __enzyme_fwddiff(void *, ...);

static int failures = 0;
static void check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-12 * (1 + fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

double f(double x, double y) { return x * x * y + 3 * y; }
double g(double x, double *out) {
  *out = x * x * x;
  return 5 * x;
}

int main(void) {
  double x = 1.25, y = -0.5;
  WithPrimal wp = __enzyme_autodiff_primal((void *)f, enzyme_primal_return, enzyme_out, x,
                                           enzyme_out, y);
  check("primal", wp.y, f(x, y));
  check("dx with primal", wp.dx, 2 * x * y);
  check("dy with primal", wp.dy, x * x + 3);

  Grad2 gr = __enzyme_autodiff2((void *)f, enzyme_noret, x, y);
  check("dx noret", gr.dx, 2 * x * y);
  check("dy noret", gr.dy, x * x + 3);

  // A constant result: only the seed of *out counts.
  double out = 0, dout = 1;
  double dgx = __enzyme_autodiff((void *)g, enzyme_const_return, enzyme_out, x, enzyme_dup,
                                 &out, &dout);
  check("dg/dx through out", dgx, 3 * x * x);
  check("out", out, x * x * x);

  PrimalTangent pt = __enzyme_fwddiff_primal((void *)f, enzyme_dup_return, enzyme_primal_return,
                                             enzyme_dup, x, enzyme_dup, y, enzyme_interleave,
                                             0.5, 2.0);
  check("forward primal", pt.y, f(x, y));
  check("forward tangent", pt.dy, 2 * x * y * 0.5 + (x * x + 3) * 2.0);

  double t = __enzyme_fwddiff((void *)f, enzyme_const, x, enzyme_dup, y, enzyme_interleave, 1.0);
  check("interleaved tangent along y", t, x * x + 3);

  double only = __enzyme_fwddiff((void *)f, enzyme_const_return, enzyme_primal_return, x, 1.0,
                                 y, 0.0);
  check("forward primal only", only, f(x, y));
  return failures != 0;
}
