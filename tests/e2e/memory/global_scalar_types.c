/* State kept between calls in globals of other scalar types: a float array
 * indexed by an argument (read, then written), a long double, a double
 * complex (multiplied by I: its parts swap), a struct mixing a float, an int
 * and a double array.  Reverse and forward alternately; closed form. */
#include <math.h>
#include <complex.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float fstate[3];
long double lstate;
double complex cstate;
struct { float f; int n; double d[2]; } mixed;
__attribute__((noinline)) double f(double x, int k) {
  double prevf = fstate[k % 3];
  fstate[k % 3] = (float)(x * x);
  lstate = lstate * 0.5L + (long double)x;
  cstate = cstate * I + x;
  mixed.f = (float)x; mixed.d[k & 1] = x * mixed.f;
  return prevf * x + fstate[k % 3] * x + (double)lstate * x + creal(cstate) * cimag(cstate) + mixed.d[k & 1];
}
int main(void) {
  int bad = 0;
  for (int i = 0; i < 6; i++) {
    double x = 0.3 + 0.4 * i;
    /* f = p x + fl(x^2) x + l x + re c im c + x fl(x), with l = l0 / 2 + x,
     * c = c0 i + x: re c = x - im c0, im c = re c0; p = the float stored before */
    double p = fstate[i % 3], l = (double)(lstate * 0.5L + (long double)x);
    double want = p + 2 * x * x + (float)(x * x) + x + l + creal(cstate) + (float)x + x;
    double g = i % 2 ? __enzyme_fwddiff((void *)f, x, 1.0, i) : __enzyme_autodiff((void *)f, x, i);
    if (fabs(g - want) > 1e-4 * (1 + fabs(want))) { printf("MISMATCH f[%d]: got %.8g want %.8g\n", i, g, want); bad++; }
  }
  return bad != 0;
}
