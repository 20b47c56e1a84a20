/* fmax and fmin return the other operand where one is NaN: fmax(sqrt(x - 10),
 * y*y) is y*y for x < 10, so its tangent is y's alone, although sqrt's
 * tangent is NaN there.  Both operand orders, a constant other operand, a
 * loop the vectorizer turns into llvm.maxnum.v2f64 (or .v4f64), and two
 * tangents at once (enzyme_width). */
#include <math.h>
#include "../check.h"
extern int enzyme_width, enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } D2;
D2 __enzyme_fwddiff_w2(void *, ...);

static double pick(double x, double y) {
  return fmax(sqrt(x - 10), y * y) + fmin(y, sqrt(x - 10)) + fmax(log(x - 5), 2.0);
}
__attribute__((noinline)) void relu_sqrt(double *out, const double *v, int n) {
  for (int i = 0; i < n; i++) out[i] = fmax(sqrt(v[i]), 0.5 * v[i]) + fmin(0.0, log(v[i]));
}
static double sum_relu(double *v) {
  double out[8], s = 0;
  relu_sqrt(out, v, 8);
  for (int i = 0; i < 8; i++) s += out[i] * (i + 1);
  return s;
}

int main(void) {
  int bad = 0;
  double xs[] = {4.0, 12.0, 7.0, 30.0}, y = 1.5;
  for (int i = 0; i < 4; i++) {
    double x = xs[i];
    double tx = __enzyme_fwddiff((void *)pick, x, 1.0, y, 0.0);
    double ty = __enzyme_fwddiff((void *)pick, x, 0.0, y, 1.0);
    bad += !check_close("dx", i, tx, CENTRAL_DIFFERENCE(x, 1e-6, pick(x, y)));
    bad += !check_close("dy", i, ty, CENTRAL_DIFFERENCE(y, 1e-6, pick(x, y)));
    D2 both = __enzyme_fwddiff_w2((void *)pick, enzyme_width, 2, x, 1.0, 0.0, y, 0.0, 1.0);
    bad += !check_close("width dx", i, both.d[0], tx);
    bad += !check_close("width dy", i, both.d[1], ty);
  }
  /* negative entries make sqrt and log NaN; fmax and fmin drop them */
  double v[8] = {-1.0, 0.3, -2.5, 4.5, 0.01, -0.2, 9.0, 2.0}, dv[8];
  for (int k = 0; k < 8; k++) {
    for (int i = 0; i < 8; i++) dv[i] = i == k;
    double t = __enzyme_fwddiff((void *)sum_relu, v, dv);
    bad += !check_close("loop", k, t, CENTRAL_DIFFERENCE(v[k], 1e-6, sum_relu(v)));
  }
  return bad != 0;
}
