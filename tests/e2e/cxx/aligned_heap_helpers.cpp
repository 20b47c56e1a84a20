// CFLAGS: -std=c++17
// Over-aligned heap memory handed out by helpers: an alignas(32) record made
// with the aligned operator new and returned through a local variable (at
// -O0 a stack slot the helper stores it in and reloads), an aligned new[] of
// them, and C's aligned_alloc.  Each must get an (aligned) shadow, or the
// derivatives stored there are lost.  Reverse and forward mode.
//   g(x, y) = p.q[1] * y + sum_k t[k].q[0] + a[5]
//     with p.q[1] = x^3,  t[k].q[0] = (k + 1) x y  (k < 3),  a[5] = x - y^2
//   dg/dx = 3 x^2 y + 6 y + 1,   dg/dy = x^3 + 6 x - 2 y
#include <cmath>
#include <cstdio>
#include <cstdlib>

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
struct Grad2 { double dx, dy; };
extern "C" Grad2 __enzyme_autodiff2(void *, ...);

struct alignas(32) Quad { double q[4]; };

__attribute__((noinline)) Quad *make_quad() {
  Quad *made = new Quad();
  return made;
}

__attribute__((noinline)) Quad *make_quads(int n) {
  Quad *many = new Quad[n];
  return many;
}

__attribute__((noinline)) double *make_aligned(int n) {
  double *raw = static_cast<double *>(std::aligned_alloc(64, 64 * ((n * sizeof(double) + 63) / 64)));
  return raw;
}

double g(double x, double y) {
  Quad *p = make_quad();
  p->q[1] = x * x * x;
  Quad *t = make_quads(3);
  for (int k = 0; k < 3; k++) t[k].q[0] = (k + 1) * x * y;
  double *a = make_aligned(8);
  a[5] = x - y * y;
  double s = p->q[1] * y + a[5];
  for (int k = 0; k < 3; k++) s += t[k].q[0];
  delete p;
  delete[] t;
  std::free(a);
  return s;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-13 * (1 + std::fabs(want)))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main() {
  double x = 1.1, y = -0.6;
  double want_x = 3 * x * x * y + 6 * y + 1, want_y = x * x * x + 6 * x - 2 * y;
  Grad2 d = __enzyme_autodiff2((void *)g, x, y);
  check("dg/dx", d.dx, want_x);
  check("dg/dy", d.dy, want_y);
  check("fwd dg/dx", __enzyme_fwddiff((void *)g, x, 1.0, y, 0.0), want_x);
  check("fwd dg/dy", __enzyme_fwddiff((void *)g, x, 0.0, y, 1.0), want_y);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
