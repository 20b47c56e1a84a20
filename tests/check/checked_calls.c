// Calls whose derivatives --check-derivatives checks: scalars, arrays read and
// written, both modes; custom derivatives that are wrong on purpose (one per
// mode); and calls it cannot check (batched, a global written).  The program prints its own
// results, which the check must leave as they are.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_width;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } Pair;
Pair __enzyme_fwddiff_pair(void *, ...);
typedef struct { double dx, dy; } Grad2;
Grad2 __enzyme_autodiff_pair(void *, ...);

static double scalar(double x, double y) { return sin(x) * y + x * x; }

static double weighted(const double *a, const double *b, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i] * a[i];
  return s;
}

static void squares(const double *x, double *out, int n) {
  for (int i = 0; i < n; i++) out[i] = x[i] * x[i] + out[i];
}

__attribute__((noinline)) static double cube(double x) { return x * x * x; }
static double cube_wrong(double x, double dx) { return 2 * x * x * dx; }   // should be 3x^2
void *__enzyme_register_derivative_cube[2] = {(void *)cube, (void *)cube_wrong};
static double uses_cube(double x) { return cube(x) + x; }

// A reverse rule that is wrong on purpose: d/dx x^4 is 4x^3, not 3x^3.
__attribute__((noinline)) static double quartic(double x) { return x * x * x * x; }
static void quartic_aug(double x) { (void)x; }
static double quartic_rev(double x, double dret) { return 3 * x * x * x * dret; }
void *__enzyme_register_gradient_quartic[3] = {(void *)quartic, (void *)quartic_aug,
                                               (void *)quartic_rev};
static double uses_quartic(double x) { return quartic(x) + x; }

double total;
static double adds_to_global(double x) { total += x; return x * x; }

int main(void) {
  double a[3] = {1, 2, 3}, da[3] = {0}, b[3] = {0.5, -1, 2}, db[3] = {0};
  double out[3] = {1, 1, 1}, dout[3] = {1, 0.5, 2}, dx[3] = {0}, t[3] = {1, 0, 0.5};
  Grad2 g = __enzyme_autodiff_pair((void *)scalar, 0.3, 1.7);
  double g1 = g.dx + g.dy;
  __enzyme_autodiff((void *)weighted, enzyme_dup, a, da, enzyme_dup, b, db, enzyme_const, 3);
  __enzyme_autodiff((void *)squares, enzyme_dup, a, dx, enzyme_dup, out, dout, enzyme_const, 3);
  double t1 = __enzyme_fwddiff((void *)weighted, enzyme_dup, a, t, enzyme_const, b, enzyme_const, 3);
  double t2 = __enzyme_fwddiff((void *)scalar, 0.3, 1.0, 1.7, 0.0);
  double t3 = __enzyme_fwddiff((void *)uses_cube, 1.5, 1.0);
  Pair p = __enzyme_fwddiff_pair((void *)scalar, enzyme_width, 2, 0.3, 1.0, 0.0, 1.7, 0.0, 1.0);
  double t4 = __enzyme_fwddiff((void *)adds_to_global, 2.0, 1.0);
  double g2 = __enzyme_autodiff((void *)uses_quartic, 1.5);
  printf("%.15g %.15g %.15g %.15g %.15g %.15g %.15g %.15g %.15g\n", g1, da[0], db[2], dx[1],
         out[2], t1, t2, t3, p.d[0] + p.d[1] + t4 + total + g2);
  return 0;
}
