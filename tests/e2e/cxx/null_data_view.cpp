// A view object that is default-constructed with a null data pointer and
// pointed at real data afterwards, as Eigen's evaluators are: at -O0 the
// constructor is a call taking `ptr null`, whose shadow is null too, so the
// view (which carries derivatives) can hold it.
//   f(w) = sum_i w[i]^2 * c[i]   (c fixed):   df/dw[i] = 2 w[i] c[i]
#include <cmath>
#include <cstdio>

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

struct View {
  const double *data;
  long n;
  View() : View(nullptr, 0) {}
  View(const double *d, long len) : data(d), n(len) {}
  double sumsq_weighted(const double *c) const {
    double s = 0;
    for (long i = 0; i < n; i++) s += data[i] * data[i] * c[i];
    return s;
  }
};

double f(const double *w, const double *c, long n) {
  View v;                    // data == nullptr
  if (n > 0) v = View(w, n);
  return v.sumsq_weighted(c);
}

int main() {
  const long n = 4;
  double w[n] = {0.5, -1.25, 2.0, 3.5}, dw[n] = {0};
  const double c[n] = {1.0, 0.5, -2.0, 0.25};
  __enzyme_autodiff((void *)f, enzyme_dup, w, dw, enzyme_const, c, n);
  int failures = 0;
  for (long i = 0; i < n; i++) {
    double h = 1e-6, wp[n], wm[n];
    for (long j = 0; j < n; j++) wp[j] = wm[j] = w[j];
    wp[i] += h;
    wm[i] -= h;
    double want = (f(wp, c, n) - f(wm, c, n)) / (2 * h);
    if (!(std::fabs(dw[i] - want) <= 1e-6 * (1.0 + std::fabs(want)))) {
      std::printf("MISMATCH dw[%ld]: got %.17g, want %.17g\n", i, dw[i], want);
      failures++;
    }
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
