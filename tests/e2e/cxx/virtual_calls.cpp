// Virtual calls in reverse mode: the shadow object's vtable pointer is set
// to __enzyme_virtualreverse(its vtable), a vtable whose entries are the
// methods' derivative tables, so `s.eval(x)` in the differentiated code
// calls the derivative of the method the object has.  Gradients reach the
// argument, the objects' fields (through the shadow object) and memory a
// method writes through a pointer.
#include <cmath>
#include <cstdio>

extern int enzyme_dup, enzyme_const;
template <typename T> T __enzyme_virtualreverse(T);
double __enzyme_autodiff(void *, ...);

struct Shape {
  double scale = 1.0;
  virtual double eval(double x) = 0;
  virtual void add_to(double *acc, double x) { *acc += eval(x) * x; }
  virtual ~Shape() {}
};
struct Parabola : Shape {
  double eval(double x) override { return scale * x * x; }
};
struct Sine : Shape {
  double w = 2.0;
  double eval(double x) override { return scale * std::sin(w * x); }
  void add_to(double *acc, double x) override { *acc += eval(x) + w; }
};

double total(Shape &s, double x) {
  double acc = 0.0;
  s.add_to(&acc, x);
  return acc + s.eval(x);
}

static void set_shadow_vtable(Shape *shadow) {
  *(void **)shadow = __enzyme_virtualreverse(*(void **)shadow);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-10 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main() {
  double x = 0.6;
  Parabola p, dp;
  p.scale = 1.5;
  dp.scale = 0.0;
  set_shadow_vtable(&dp);
  // total = s x^3 + s x^2
  check("parabola dx", __enzyme_autodiff((void *)total, enzyme_dup, &p, &dp, x),
        1.5 * (3 * x * x + 2 * x));
  check("parabola dscale", dp.scale, x * x * x + x * x);

  Sine s, ds;
  s.scale = 0.8;
  ds.scale = 0.0;
  ds.w = 0.0;
  set_shadow_vtable(&ds);
  // total = 2 s sin(w x) + w
  check("sine dx", __enzyme_autodiff((void *)total, enzyme_dup, &s, &ds, x),
        2 * 0.8 * 2.0 * std::cos(2.0 * x));
  check("sine dscale", ds.scale, 2 * std::sin(2.0 * x));
  check("sine dw", ds.w, 2 * 0.8 * x * std::cos(2.0 * x) + 1.0);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
