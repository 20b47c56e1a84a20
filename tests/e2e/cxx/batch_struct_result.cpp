// __enzyme_batch from C++ (`Quad __enzyme_batch(...)`, a mangled variadic
// prototype): a struct of four doubles comes back through memory (sret), a
// struct of two through registers.  Lanes run in order, so a function that
// counts its calls is called once per lane.
#include <cmath>
#include <cstdio>

extern int enzyme_width, enzyme_vector, enzyme_scalar;
struct Quad { double a, b, c, d; };
struct Pair { double lo, hi; };
extern Quad __enzyme_batch(...);
extern Pair __enzyme_batch2(...);

static int calls;
double cubic(double x) { calls++; return x * x * x - 2 * x; }
double weighted(const double *w, double x) { return w[0] + w[1] * std::exp(-x); }

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(got == want)) {
    std::printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main() {
  double v[4] = {1.5, -0.25, 10.0, 3.25};
  Quad q = __enzyme_batch((void *)cubic, enzyme_width, 4, enzyme_vector, v[0], v[1], v[2], v[3]);
  check("calls", 0, calls, 4);
  double got[4] = {q.a, q.b, q.c, q.d};
  for (int i = 0; i < 4; i++) check("cubic", i, got[i], cubic(v[i]));

  double w[2] = {0.5, 4.0};
  Pair p = __enzyme_batch2((void *)weighted, enzyme_width, 2, enzyme_scalar, w, 0.0, 2.0);
  check("weighted", 0, p.lo, weighted(w, 0.0));
  check("weighted", 1, p.hi, weighted(w, 2.0));
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
