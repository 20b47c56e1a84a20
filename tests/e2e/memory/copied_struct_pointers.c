// A struct holding a pointer, copied out of a duplicated argument into
// memory of the function's own, and the data written or read through the
// copy's pointer: the copy's shadow pointer must be the argument's shadow
// pointer, so that adjoints reach d base->data.  Shapes: a heap copy by
// memcpy, a copy of the pointer alone, a copy on the stack, by memmove, a
// heap copy grown by realloc, and a copy only read through.  (With `base`
// enzyme_const the same copies are refused at the copy: the shadow pointer
// would be null, tests/lit/unshadowed-pointer-copy.ll.)  Central differences
// in x and in base->data.
#include "../check.h"
#include <stdlib.h>
#include <string.h>
extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);
typedef struct { int nrows, ncols; double *data; } Matrix;
#define N 3
static double f(const double *x, Matrix *base, int how) {
  double s = 0;
  for (int k = 0; k < N; k++) {
    if (how == 0) { Matrix *copy = malloc(sizeof *copy); memcpy(copy, base, sizeof *copy);
                    copy->data[k] *= 0.5 + x[k]; free(copy); }
    if (how == 1) { double **copy = malloc(sizeof(double *));
                    memcpy(copy, &base->data, sizeof(double *));
                    (*copy)[k] *= 0.5 + x[k]; free(copy); }
    if (how == 2) { Matrix copy; memcpy(&copy, base, sizeof copy); copy.data[k] *= 0.5 + x[k]; }
    if (how == 3) { Matrix *copy = malloc(sizeof *copy); memmove(copy, base, sizeof *copy);
                    copy->data[k] *= 0.5 + x[k]; free(copy); }
    if (how == 4) { Matrix *copy = malloc(sizeof *copy); memcpy(copy, base, sizeof *copy);
                    copy = realloc(copy, 2 * sizeof *copy);
                    copy->data[k] *= 0.5 + x[k]; free(copy); }
    if (how == 5) { Matrix *copy = malloc(sizeof *copy); memcpy(copy, base, sizeof *copy);
                    s += x[k] * copy->data[k] * copy->data[k]; free(copy); }
    s += x[k] * x[k] * base->data[k];
  }
  return s;
}
#define SHAPE(name, how) \
  __attribute__((noinline)) static double name(const double *x, Matrix *base) { return f(x, base, how); }
SHAPE(heap_copy, 0) SHAPE(pointer_copy, 1) SHAPE(stack_copy, 2)
SHAPE(moved_copy, 3) SHAPE(grown_copy, 4) SHAPE(read_copy, 5)
static double (*current)(const double *, Matrix *);
static double x[N], data[N], start[N] = {1.0, -2.0, 3.0};
static Matrix base = {N, 1, data};
static double objective(double *unused) {      // the point is in x and start
  (void)unused;
  memcpy(data, start, sizeof data);
  return current(x, &base);
}
#define CHECK(fn) ({ double dx[N] = {0}, ddata[N] = {0}; Matrix dbase = {N, 1, ddata};  \
  memcpy(data, start, sizeof data);                                                     \
  __enzyme_autodiff((void *)fn, enzyme_dup, x, dx, enzyme_dup, &base, &dbase);           \
  current = fn;                                                                         \
  check_gradient(#fn, x, dx, N, objective) + check_gradient(#fn, start, ddata, N, objective); })
int main(void) {
  for (int k = 0; k < N; k++) x[k] = 0.3 + 0.4 * k;
  int bad = CHECK(heap_copy) + CHECK(pointer_copy) + CHECK(stack_copy) + CHECK(moved_copy) +
            CHECK(grown_copy) + CHECK(read_copy);
  return bad != 0;
}
