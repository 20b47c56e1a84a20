// Coefficients parsed inside the differentiated function: numbers read by
// std::stringstream's operator>> (double, float, int), a word read into a
// std::string (std::ws, std::getline), get, and sscanf into locals.  What is read carries
// no derivative, so the gradient (reverse and forward mode) is that of the
// arithmetic on x alone.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double model(double x) {
  std::stringstream in("2.5 -0.75 3 poly;7");
  double a;
  float b;
  int n;
  in >> a >> b >> n;
  std::string word;
  std::getline(in >> std::ws, word, ';');
  char c;
  in.get(c);
  double scale;
  std::sscanf("0.5", "%lf", &scale);
  double s = 0;
  for (int k = 1; k <= n; k++)
    s += a * std::pow(x, k) + b * std::sin(k * x);
  return scale * s * (double)word.size() + (c - '0') * x;
}

int main() {
  int bad = 0;
  for (double x : {0.3, -1.1, 2.0}) {
    double got = __enzyme_autodiff((void *)model, x);
    double tangent = __enzyme_fwddiff((void *)model, x, 1.0);
    double want = 7;                  // (c - '0')
    for (int k = 1; k <= 3; k++)
      want += 0.5 * 4 * (2.5 * k * std::pow(x, k - 1) - 0.75 * k * std::cos(k * x));
    if (std::fabs(got - want) > 1e-12 * (1 + std::fabs(want))) {
      std::printf("MISMATCH d/dx at %g: got %.17g, want %.17g\n", x, got, want);
      bad = 1;
    }
    if (std::fabs(tangent - want) > 1e-12 * (1 + std::fabs(want))) {
      std::printf("MISMATCH forward d/dx at %g: got %.17g, want %.17g\n", x, tangent, want);
      bad = 1;
    }
  }
  return bad;
}
