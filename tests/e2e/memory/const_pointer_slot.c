// A pointer to constant data (an enzyme_const argument's) kept in a local
// struct, as an iterator object is at -O0, and read through: the slot
// holds no pointer with a shadow, so it needs none, and what is read
// through it is constant.  (Its address passed to a function with a body
// still gives it a shadow, and the store is refused at -O0.)  f(w) = sum_i w[i] * data[i]^2; forward and reverse.
#include <math.h>
#include <stdio.h>

extern int enzyme_const, enzyme_dup;
void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct view { const double *p; int n; };

double f(const double *w, const double *data, int n) {
  struct view v = {data, n};
  double s = 0;
  for (int i = 0; i < v.n; i++) s += w[i] * v.p[i] * v.p[i];
  return s;
}

int main(void) {
  double w[4] = {0.5, -1.0, 2.0, 1.5}, dw[4] = {0}, data[4] = {1.0, 2.0, -0.5, 3.0};
  double tw[4] = {1.0, 0.5, -1.0, 2.0};
  __enzyme_autodiff((void *)f, enzyme_dup, w, dw, enzyme_const, data, enzyme_const, 4);
  double t = __enzyme_fwddiff((void *)f, enzyme_dup, w, tw, enzyme_const, data, enzyme_const, 4);
  int bad = 0;
  double want_t = 0;
  for (int i = 0; i < 4; i++) {
    double want = data[i] * data[i];
    want_t += tw[i] * want;
    if (fabs(dw[i] - want) > 1e-12 * (1 + fabs(want))) {
      printf("MISMATCH dw[%d]: got %.17g, want %.17g\n", i, dw[i], want);
      bad = 1;
    }
  }
  if (fabs(t - want_t) > 1e-12 * (1 + fabs(want_t))) {
    printf("MISMATCH tangent: got %.17g, want %.17g\n", t, want_t);
    bad = 1;
  }
  return bad;
}
