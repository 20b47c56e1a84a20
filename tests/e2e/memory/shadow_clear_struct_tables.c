/* Globals reached through pointer fields of arrays of structs, a constant
 * table of pointers (read by memcpy) and memcpy out of globals, with a mixed struct array
 * whose float fields a loop clears; each writer's derivative must not take
 * what a reader's left in the shadows (reverse) and the reader must not
 * take the writers' tangents (forward). */
#include <math.h>
#include <string.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double *p; double v; double w; } Cell;
double u = 0.5, z = 0.25;
Cell cells[3] = {{&u, 1.0, 2.0}, {&z, 3.0, 4.0}, {0, 5.0, 6.0}};
typedef struct { double *p; double f[10]; } Big;   /* 20 floats in all: cleared by a loop */
Big big[2] = {{&u, {1}}, {&z, {2}}};
double a = 1.0, b = 2.0;
double *const table[2] = {&a, &b};
__attribute__((noinline)) double reads(double x) {
  return (cells[1].v + *cells[0].p + big[1].f[7] + a) * x;
}
__attribute__((noinline)) double writes_cells(double x, int k) {
  cells[k].v = x * x; *cells[k].p = x; big[k].f[7] = x * x; return sin(x);
}
/* A store through `table` is refused (lit global-table-of-global-addresses.c);
 * a copy out of it is read here. */
__attribute__((noinline)) double copies_out(double x) {
  double loc[2];
  memcpy(loc, table[0], sizeof(double));
  memcpy(loc + 1, &cells[1].v, sizeof(double));
  return (loc[0] + loc[1]) * x;
}
static double want(void) { return cells[1].v + *cells[0].p + big[1].f[7] + a; }
int main(void) {
  int bad = 0;
  double xs[] = {1.25, -0.5, 1.75};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    for (int k = 0; k < 2; k++) {  /* both cells, both table entries */
      double w = want();
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
      bad += !check_close("cells", i, __enzyme_autodiff((void *)writes_cells, x, k), cos(x));
      w = want();
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
      bad += !check_close("reads", i, __enzyme_autodiff((void *)reads, x), w);
      bad += !check_close("copies out", i, __enzyme_autodiff((void *)copies_out, x), a + cells[1].v);
      bad += !check_close("cells", i, __enzyme_autodiff((void *)writes_cells, x, k), cos(x));
      bad += !check_close("fwd cells", i, __enzyme_fwddiff((void *)writes_cells, x, 1.0, k), cos(x));
      bad += !check_close("fwd reads", i, __enzyme_fwddiff((void *)reads, x, 1.0), want());
      bad += !check_close("fwd copies", i, __enzyme_fwddiff((void *)copies_out, x, 1.0), a + cells[1].v);
    }
  }
  return bad != 0;
}
