// Floats handed to helpers as integer bits (memcpy into uint64_t/uint32_t):
// one helper stores the bits into a heap record's double/float fields, one
// turns them back into a double and computes with it.  The derivative must
// follow the bits through the integer parameters.
//   rec(x, y): r = pack(bits(x*y), bits((float)y), 7) -> r->a * r->a + r->b * x
//     = x^2 y^2 + (float)y x   d/dx = 2 x y^2 + y,  d/dy = 2 x^2 y + x
//   back(x): cube_of_bits(bits(x + 1), 0.5) = 0.5 (x + 1)^3   d/dx = 1.5 (x + 1)^2
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double dx, dy; } Grad2;
Grad2 __enzyme_autodiff2(void *, ...);

typedef struct { double a; float b; int tag; } Record;

__attribute__((noinline)) Record *pack(uint64_t abits, uint32_t bbits, int tag) {
  Record *r = malloc(sizeof *r);
  memcpy(&r->a, &abits, sizeof r->a);
  memcpy(&r->b, &bbits, sizeof r->b);
  r->tag = tag;
  return r;
}

__attribute__((noinline)) double cube_of_bits(uint64_t bits, double k) {
  double v;
  memcpy(&v, &bits, sizeof v);
  return k * v * v * v;
}

double rec(double x, double y) {
  double prod = x * y;
  float yf = (float)y;
  uint64_t abits;
  uint32_t bbits;
  memcpy(&abits, &prod, sizeof abits);
  memcpy(&bbits, &yf, sizeof bbits);
  Record *r = pack(abits, bbits, 7);
  double out = r->a * r->a + r->b * x + (r->tag == 7 ? 0.0 : 1e3);
  free(r);
  return out;
}

double back(double x) {
  double shifted = x + 1.0;
  uint64_t bits;
  memcpy(&bits, &shifted, sizeof bits);
  return cube_of_bits(bits, 0.5);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {   // r->b is a float
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 1.5, y = -0.75;
  Grad2 g = __enzyme_autodiff2((void *)rec, x, y);
  check("drec/dx", g.dx, 2 * x * y * y + y);
  check("drec/dy", g.dy, 2 * x * x * y + x);
  check("fwd drec/dx", __enzyme_fwddiff((void *)rec, x, 1.0, y, 0.0), 2 * x * y * y + y);
  check("dback/dx", __enzyme_autodiff((void *)back, x), 1.5 * (x + 1) * (x + 1));
  check("fwd dback/dx", __enzyme_fwddiff((void *)back, x, 1.0), 1.5 * (x + 1) * (x + 1));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
