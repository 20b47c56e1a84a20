// Objects built and destroyed inside the differentiated function, with the
// constructor and destructor defined out of line.  clang emits the
// complete-object constructor `C1` as an alias of the base-object one `C2`
// and -O0 calls the alias.  Before, the call through the alias was refused
// as an indirect call; now it is the call of the function the alias names.
// A constructor of a derived class calls its base's `C2` directly: both
// names reach the same derivative.  Both modes, checked in closed form.
#include "../check.h"
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);

struct Point {
  double a, b;
  Point(double x);
  ~Point();
};
Point::Point(double x) : a(x * x), b(x) {}
Point::~Point() { a = 0; }

struct Scaled : Point {
  double c;
  Scaled(double x, double k);
};
Scaled::Scaled(double x, double k) : Point(x), c(k * x) {}

double product(double x) { Point p(x); return p.a * p.b; }          // x^3
double scaled(double x) { Scaled s(x, 3.0); return s.a * s.c; }     // 3 x^3

int main() {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    bad += !check_close("product", i, __enzyme_autodiff((void *)product, x), 3 * x * x);
    bad += !check_close("product fwd", i, __enzyme_fwddiff((void *)product, x, 1.0), 3 * x * x);
    bad += !check_close("scaled", i, __enzyme_autodiff((void *)scaled, x), 9 * x * x);
    bad += !check_close("scaled fwd", i, __enzyme_fwddiff((void *)scaled, x, 1.0), 9 * x * x);
  }
  return bad != 0;
}
