// Printing inside the differentiated function: std::cout of doubles and
// strings, a std::string built from an active value (std::to_string,
// operator+) and its length; none of it carries a derivative, so the
// gradient is that of the arithmetic alone.  (std::ostringstream works too,
// but clang-14 -O2 writes its vtable with LLVM 14's `inrange` syntax, which
// the harness's llvmlite no longer parses.)
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

double energy(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double term = x[i] * std::sin(x[i]);
    std::string label = "term " + std::to_string(i) + " = " + std::to_string(term);
    if (label.length() > 64)
      std::cout << "long label\n";
    std::cout << label << " (" << term << ")" << std::endl;
    s += term;
  }
  std::string report = "energy " + std::to_string(s);
  std::cout << report << '\n';
  return s * s;
}

int main() {
  const int n = 4;
  double x[n] = {0.3, -1.2, 2.0, 0.7}, dx[n] = {0};
  __enzyme_autodiff((void *)energy, enzyme_dup, x, dx, enzyme_const, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * std::sin(x[i]);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    double want = 2 * s * (std::sin(x[i]) + x[i] * std::cos(x[i]));
    if (std::fabs(dx[i] - want) > 1e-12 * (1 + std::fabs(want))) {
      std::printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      bad = 1;
    }
  }
  return bad;
}
