// Memory from allocators called through function pointers that the module
// never changes: a field of a global table (whose other field, a counter, is
// written) and a static pointer.  The AD must see malloc/calloc behind the
// indirect calls, or the stored derivatives are lost (gradient 0).
//   cubed(x):  m = table.get(16); m[1] = x; scale(m) -> m[1] = x * x * x
//   mixed(x, y): z = scratch(2) (calloc); z[0] = x y; z[1] = z[0] + y^2
//     returns z[1] * x  ->  d/dx = 2 x y + y^2,  d/dy = x^2 + 2 x y
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double __enzyme_autodiff(void *, ...);
typedef struct { double dx, dy; } Grad2;
Grad2 __enzyme_autodiff2(void *, ...);

struct alloc_table {
  long calls;
  void *(*get)(size_t);
} table = {0, malloc};

static void *(*zeroed)(size_t, size_t) = calloc;

__attribute__((noinline)) void *counted_get(size_t bytes) {
  table.calls++;
  void *block = table.get(bytes);
  return block;
}

__attribute__((noinline)) double *scratch(int n) { return zeroed((size_t)n, sizeof(double)); }

__attribute__((noinline)) void scale(double *m) { m[1] = m[1] * m[1] * m[1]; }

double cubed(double x) {
  double *m = counted_get(2 * sizeof(double));
  m[1] = x;
  scale(m);
  double r = m[1];
  free(m);
  return r;
}

double mixed(double x, double y) {
  double *z = scratch(2);
  z[0] = x * y;
  z[1] = z[0] + y * y;
  double r = z[1] * x;
  free(z);
  return r;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 1.7, y = -0.4;
  check("dcubed/dx", __enzyme_autodiff((void *)cubed, x), 3 * x * x);
  Grad2 g = __enzyme_autodiff2((void *)mixed, x, y);
  check("dmixed/dx", g.dx, 2 * x * y + y * y);
  check("dmixed/dy", g.dy, x * x + 2 * x * y);
  if (table.calls < 1) failures++, printf("MISMATCH the table's counter was not kept\n");
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
