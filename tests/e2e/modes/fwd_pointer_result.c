// __enzyme_fwddiff of a function returning a pointer, without a result
// marker: as in Enzyme, the call returns the result's shadow (its tangent
// memory).  It returned a null pointer, with exit status 0 (memcheck47: the
// program crashed reading it; one that tested it for null went on without
// a derivative).  Shapes: a fresh heap block (the shadow is the caller's to
// free, as the primal is inside), a pointer into an argument (its shadow
// points into the argument's shadow), width 2 (one shadow per lane), and
// enzyme_const_return (nothing asked for: the call returns void).
//   make(x) = {x^2, 3x} -> tangent {2x, 3};  pick(v, i) = &v[i] -> &dv[i]
#include "../check.h"
#include <stdlib.h>

extern int enzyme_dup, enzyme_const, enzyme_width, enzyme_const_return;
double *__enzyme_fwddiff(void *, ...);
void __enzyme_fwddiff_void(void *, ...);
typedef struct { double *lane[2]; } Shadows2;
Shadows2 __enzyme_fwddiff2(void *, ...);

static int calls;

__attribute__((noinline)) double *make(double x) {
  double *p = malloc(2 * sizeof(double));
  p[0] = x * x, p[1] = 3 * x;
  calls++;
  return p;
}

__attribute__((noinline)) double *pick(double *v, int i) {
  v[i] *= v[i];
  return &v[i];
}

static int failures;
static void check(const char *what, double got, double want) {
  failures += !check_close(what, 0, got, want);
}

int main(void) {
  double x = 1.5;
  double *t = __enzyme_fwddiff((void *)make, x, 1.0);
  if (t == NULL) {
    printf("MISMATCH the shadow of make's result is null\n");
    return 1;
  }
  check("d make[0]", t[0], 2 * x);
  check("d make[1]", t[1], 3.0);
  free(t);

  Shadows2 two = __enzyme_fwddiff2((void *)make, enzyme_width, 2, x, 1.0, -2.0);
  if (two.lane[0] == NULL || two.lane[1] == NULL) {
    printf("MISMATCH a lane's shadow of make's result is null\n");
    return 1;
  }
  check("width 2: d make[0], lane 0", two.lane[0][0], 2 * x);
  check("width 2: d make[1], lane 1", two.lane[1][1], -6.0);
  free(two.lane[0]), free(two.lane[1]);

  double v[3] = {0.5, -1.25, 2.0}, dv[3] = {0.0, 1.0, 0.0};
  double *dp = __enzyme_fwddiff((void *)pick, enzyme_dup, v, dv, enzyme_const, 1);
  if (dp != &dv[1]) printf("MISMATCH pick's shadow: %p, want %p\n", (void *)dp, (void *)&dv[1]),
    failures++;
  check("d pick", dv[1], 2 * -1.25);

  calls = 0;
  __enzyme_fwddiff_void((void *)make, enzyme_const_return, x, 1.0);
  if (calls != 1) printf("MISMATCH make ran %d times, want 1\n", calls), failures++;
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
