// A bump allocator handing out pieces of a static arena, declared to the AD
// with __enzyme_allocation_like = {fn, (void *)SIZE_ARG, "free args", free_fn}.
// Its memory must get a shadow of the size argument's bytes, or derivatives
// stored there are dropped.  The size is its third argument here.
//   poly(x, y): t = take(arena, &used, 3 doubles); t[0] = x y; t[1] = t[0] x;
//     t[2] = t[1] + y^3 -> returns t[2] - t[0]  = x^2 y + y^3 - x y
//   d/dx = 2 x y - y,  d/dy = x^2 + 3 y^2 - x
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double dx, dy; } Grad2;
Grad2 __enzyme_autodiff2(void *, ...);
extern int enzyme_dup, enzyme_const;

static char arena[4096] __attribute__((aligned(16)));
static long used;

__attribute__((noinline)) void *take(char *base, long *offset, long bytes) {
  char *piece = base + *offset;
  *offset += (bytes + 15) / 16 * 16;
  return piece;
}

__attribute__((noinline)) void give_back(long *offset, void *piece) { (void)offset, (void)piece; }

void *__enzyme_allocation_like[4] = {(void *)take, (void *)2, (void *)"1,-1", (void *)give_back};

__attribute__((noinline)) double *three(void) { return take(arena, &used, 3 * sizeof(double)); }

double poly(double x, double y) {
  double *t = three();
  t[0] = x * y;
  t[1] = t[0] * x;
  t[2] = t[1] + y * y * y;
  return t[2] - t[0];
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.8, y = -1.3;
  Grad2 g = __enzyme_autodiff2((void *)poly, x, y);
  check("dpoly/dx", g.dx, 2 * x * y - y);
  check("dpoly/dy", g.dy, x * x + 3 * y * y - x);
  check("fwd dpoly/dx", __enzyme_fwddiff((void *)poly, x, 1.0, y, 0.0), 2 * x * y - y);
  check("fwd dpoly/dy", __enzyme_fwddiff((void *)poly, x, 0.0, y, 1.0), x * x + 3 * y * y - x);
  if (used <= 0) failures++, printf("MISMATCH the arena was not used\n");
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
