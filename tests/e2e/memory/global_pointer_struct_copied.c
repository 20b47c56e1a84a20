// CFLAGS: -O0
// XFAIL: at -O0 a struct global copied whole into a local (memcpy) copies its shadow global's pointer field, null since only the caller set the pointer, and the derivatives read and add through null (segfault); optimized, the copy is gone and it is right (global_pointer_set_by_caller.c)
/*  The caller hangs constant data on a pointer field of a struct global
 * that also holds a float (so the global has a shadow); the function copies
 * the struct into a local first.  A pointer loaded from the global itself
 * has no shadow when no derivative code sets it (the memory is taken as
 * constant, with a warning); the local copy's pointer field does, copied
 * from the shadow global, where it is null.  Unoptimized (the CFLAGS line
 * overrides the level) the copy is a memcpy.  Closed form: f = 10 x^2. */
#include <stdlib.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct acc { double *buf; double total; int n; } A;
__attribute__((noinline)) double copy_first(double x) {
  struct acc local = A;
  double s = 0;
  for (int i = 0; i < local.n; i++) s += local.buf[i] * x;
  A.total = s;
  return s * x;
}

int main(void) {
  int bad = 0;
  A.n = 4;
  A.buf = malloc(4 * sizeof(double));
  for (int i = 0; i < 4; i++) A.buf[i] = i + 1;
  bad += !check_close("copy_first rev", 0, __enzyme_autodiff((void *)copy_first, 1.5), 30);
  bad += !check_close("copy_first fwd", 0, __enzyme_fwddiff((void *)copy_first, 1.5, 1.0), 30);
  free(A.buf);
  return bad != 0;
}
