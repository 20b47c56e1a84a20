// Second derivatives of lgamma and tgamma, forward over reverse and reverse
// over reverse: their first derivatives call digamma, which the tool builds
// as a function with two returns (x < 0 reflects), and forward mode of it
// with its result needed merged the returns in a phi of the derivative's
// struct type (the output failed LLVM's verifier; fuzz seed 10038).
//   d/dx lgamma = psi(x),  d/dx tgamma = tgamma(x) psi(x),
// each differenced centrally, at points on both sides of 0.
#include "../check.h"

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double lg(double x) { return lgamma(x) * sin(x); }
double tg(double x) { return tgamma(x) + x * x; }
double dlg(double x) { return __enzyme_autodiff((void *)lg, x); }
double dtg(double x) { return __enzyme_autodiff((void *)tg, x); }

int main(void) {
  const double xs[] = {2.5, 0.3, -0.5, -2.7, 7.25};
  int bad = 0;
  for (int i = 0; i < 5; i++) {
    double x = xs[i];
    bad += !check_close("lg'", i, dlg(x), CENTRAL_DIFFERENCE(x, 1e-6, lg(x)));
    bad += !check_close("tg'", i, dtg(x), CENTRAL_DIFFERENCE(x, 1e-6, tg(x)));
    double want_lg = CENTRAL_DIFFERENCE(x, 1e-5, dlg(x));
    double want_tg = CENTRAL_DIFFERENCE(x, 1e-5, dtg(x));
    bad += !check_close("lg'' fwd over rev", i, __enzyme_fwddiff((void *)dlg, x, 1.0), want_lg);
    bad += !check_close("tg'' fwd over rev", i, __enzyme_fwddiff((void *)dtg, x, 1.0), want_tg);
    bad += !check_close("lg'' rev over rev", i, __enzyme_autodiff((void *)dlg, x), want_lg);
    bad += !check_close("tg'' rev over rev", i, __enzyme_autodiff((void *)dtg, x), want_tg);
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
