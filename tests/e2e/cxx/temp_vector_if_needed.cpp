// std::vector work arrays inside the differentiated function: `diff(n - 1)`
// allocates only when n - 1 != 0 and deletes only a non-null begin, so its
// block is allocated and freed on some paths only; the reverse pass reads
// it again instead of taping the loss loop's reads (tools/perfhunt
// cxx_temp_vector).  Beside it, a vector read and then rewritten in place
// (its reads taped) and one grown by push_back while read.  Central
// differences, also at n = 1 (nothing allocated).
#include "../check.h"
#include <vector>
extern int enzyme_dup, enzyme_const;
extern "C" double __enzyme_autodiff(void *, ...);
#define N 9
static double loss(const double *x, int n) {
  std::vector<double> smooth;
  smooth.reserve(n);
  for (int i = 0; i < n; i++)
    smooth.push_back(0.5 * x[i] + 0.25 * (x[i > 0 ? i - 1 : i] + x[i + 1 < n ? i + 1 : i]));
  std::vector<double> diff(n - 1);
  for (int i = 0; i + 1 < n; i++) diff[i] = smooth[i + 1] - smooth[i];
  double s = 0;
  for (double d : diff) s += d * d * (1 + d * d);
  return s + smooth[0] * smooth[0];
}
static double rewritten(const double *x, int n) {
  std::vector<double> v(x, x + n);
  double s = 0;
  for (int r = 0; r < 3; r++) {
    for (double d : v) s += d * d * d;
    for (int i = 0; i < n; i++) v[i] = std::sin(v[(i + 1) % n]) + 0.5 * v[i];
  }
  return s;
}
static double grown(const double *x, int n) {
  std::vector<double> v;
  double s = 0;
  for (int i = 0; i < n; i++) {
    v.push_back(x[i] * x[(i + 2) % n]);
    s += v[i / 2] * v.back();
  }
  return s;
}
#define CHECK(name, n) ({ double dx[N] = {0}; \
  __enzyme_autodiff((void *)name, enzyme_dup, x, dx, enzyme_const, n); \
  int b_ = 0; for (int i = 0; i < N; i++) b_ += !check_close(#name, i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, name(x, n))); b_; })
int main() {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = std::sin(0.7 * i) + 0.2;
  int bad = CHECK(loss, N) + CHECK(loss, 1) + CHECK(rewritten, N) + CHECK(grown, N);
  return bad != 0;
}
