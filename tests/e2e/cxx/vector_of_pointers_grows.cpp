// Vectors of pointers filled by push_back inside the differentiated
// function: each growth moves the pointers to a new buffer, a loop clang -O2
// vectorizes into `<2 x i64>` loads and stores.  The moved pointers reach
// objects holding active values (a std::unique_ptr<Layer> whose scale is a
// parameter; a double* into the duplicated input), so their shadows must
// move with them.  Central differences, reverse and forward mode.
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>
#include "../check.h"

extern "C" {
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
}

struct Layer {
  virtual ~Layer() {}
  virtual double apply(double v) const = 0;
};
struct Scale : Layer {
  double k;
  explicit Scale(double k) : k(k) {}
  double apply(double v) const override { return k * v; }
};
struct Softplus : Layer {
  double apply(double v) const override { return std::log1p(std::exp(v)); }
};

double layers(const double *p, int n) {
  std::vector<std::unique_ptr<Layer>> net;
  for (int i = 0; i < n; i++) {
    net.emplace_back(new Scale(p[i]));
    net.emplace_back(new Softplus());
  }
  double v = 0.5;
  for (auto &layer : net) v = layer->apply(v);
  return v * p[0];
}

// every other element's address, gathered and read back after the growths
double gathered(double *x, int n) {
  std::vector<double *> picks;
  for (int i = 0; i < n; i += 2) picks.push_back(&x[i]);
  for (int i = 1; i < n; i += 2) picks.push_back(&x[i]);
  double s = 0;
  for (size_t k = 0; k < picks.size(); k++) s += (k + 1) * *picks[k] * *picks[k];
  return s;
}

// A macro: each Enzyme call must name its function (no function pointer
// chosen at run time).
#define CHECK_BOTH(F, CAST)                                                     \
  do {                                                                          \
    double dp[n] = {0};                                                         \
    __enzyme_autodiff((void *)F, enzyme_dup, p, dp, enzyme_const, n);           \
    for (int i = 0; i < n; i++) {                                               \
      double want = CENTRAL_DIFFERENCE(p[i], 1e-6, F(CAST p, n));               \
      bad += !check_close(#F " rev", i, dp[i], want);                           \
      double t[n] = {0};                                                        \
      t[i] = 1;                                                                 \
      double got = __enzyme_fwddiff((void *)F, enzyme_dup, p, t, enzyme_const, n); \
      bad += !check_close(#F " fwd", i, got, want);                             \
    }                                                                           \
  } while (0)

int main() {
  const int n = 7;
  double p[n] = {0.3, -1.1, 0.8, 1.4, -0.2, 0.6, 0.9};
  int bad = 0;
  CHECK_BOTH(layers, (const double *));
  CHECK_BOTH(gathered, );
  if (bad) std::printf("%d mismatches\n", bad);
  return bad != 0;
}
