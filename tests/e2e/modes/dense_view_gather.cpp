// Reverse mode through dense views whose load and store are consistent:
// the function sees x gathered through an index table (view[k] = x[idx[k]])
// and its shadow writes back through the same table, so the gradient lands
// in dx.  The views reach a helper that is not inlined (copied per view).
#include <cmath>
#include <cstdio>

extern int enzyme_dup, enzyme_const;
template <typename T, typename... Args> T __enzyme_autodiff(void *, Args...);
template <typename T, typename... Args> T __enzyme_todense(Args...);

enum { N = 5, M = 8 };
static const int idx[M] = {0, 2, 4, 1, 3, 0, 2, 4};

static double gathered_load(long offset, const double *x) { return x[idx[offset / 8]]; }
static void gathered_store(double v, long offset, double *x) { x[idx[offset / 8]] = v; }

__attribute__((noinline)) static double weighted(const double *v, int m) {
  double s = 0;
  for (int k = 0; k < m; k++) s += (k + 1) * v[k] * v[k];
  return s;
}
static double loss(const double *v, int m) { return weighted(v, m) + std::sin(v[1] * v[2]); }

int main() {
  double x[N] = {0.5, -1.0, 1.5, 0.25, 2.0}, dx[N] = {0};
  double *view = __enzyme_todense<double *>((void *)gathered_load, (void *)gathered_store, x);
  double *dview = __enzyme_todense<double *>((void *)gathered_load, (void *)gathered_store, dx);
  __enzyme_autodiff<void>((void *)loss, enzyme_dup, view, dview, enzyme_const, (int)M);
  double want[N] = {0};
  for (int k = 0; k < M; k++) want[idx[k]] += 2 * (k + 1) * x[idx[k]];
  double c = std::cos(x[idx[1]] * x[idx[2]]);
  want[idx[1]] += c * x[idx[2]];
  want[idx[2]] += c * x[idx[1]];
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (std::fabs(dx[i] - want[i]) > 1e-12 * (1 + std::fabs(want[i]))) {
      std::printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want[i]);
      bad = 1;
    }
  return bad;
}
