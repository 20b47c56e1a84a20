// Addresses kept as integers and read back as pointers inside the
// differentiated code: a struct field declared uintptr_t (its TBAA tag says
// `long`) holding the data's address, read through directly, with offsets
// added (`*(double *)(v->data + 8 * i)`), after an alignment check of the
// integer, and in a helper; clang's __builtin_align_up (llvm.ptrmask at
// clang 15+); a thread_local accumulator.  The shadow must follow each
// address as it follows a pointer, in both modes: a struct the caller
// passes with its shadow (dv.data the address of the derivatives), and the
// same shapes on a local struct, against central differences.  (via_align_up
// is noinline: inlined into main, clang 14 folds it into an `and` constant
// expression that LLVM 15+ no longer reads.)
#include "../check.h"
#include <stdint.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;
#define N 4
typedef struct { uintptr_t data; long n; } View;

__attribute__((noinline)) static double second(const View *v) { return *(double *)(v->data + 8); }

__attribute__((noinline)) static double sum_squares(const View *v) {
  if (v->data % sizeof(double) != 0) return -1;       // the integer used as an integer too
  const double *p = (const double *)v->data;
  double s = 0;
  for (long i = 0; i < v->n; i++) s += p[i] * p[i];
  return s;
}

// f(v) = (sum of squares) * x1 + sum of x_i x_{i+1} read at integer offsets.
double through_fields(View *v) {
  double s = 0;
  for (long i = 0; i + 1 < v->n; i++)
    s += *(double *)(v->data + 8 * i) * *(double *)(v->data + 8 * (i + 1));
  return sum_squares(v) * second(v) + s;
}

double via_local_view(double *x) {
  View v = {(uintptr_t)x, N};
  return through_fields(&v);
}

__attribute__((noinline)) double via_align_up(double *x) {
  double *p = __builtin_align_up(x, 8);     // x is aligned: p is x
  return p[0] * p[1] + p[2] * p[3] * p[3];
}

static _Thread_local double partial;
double via_thread_local(double *x) {
  partial = 0;
  for (int i = 0; i < N; i++) partial += x[i] * x[i] * (i + 1);
  return partial * x[0];
}

static double X[N] = {0.7, -1.3, 0.4, 2.1};
#define CHECK_BOTH(f) CHECK_BOTH_MODES(f, X, N)

// The caller's struct and its shadow: gradient and tangent against central differences.
static int check_passed_view(void) {
  int bad = 0;
  double x[N], dx[N], want[N];
  for (int i = 0; i < N; i++) x[i] = X[i], dx[i] = 0;
  for (int i = 0; i < N; i++) want[i] = CENTRAL_DIFFERENCE(x[i], 1e-6, via_local_view(x));
  View v = {(uintptr_t)x, N}, dv = {(uintptr_t)dx, N};
  __enzyme_autodiff((void *)through_fields, enzyme_dup, &v, &dv);
  for (int i = 0; i < N; i++) bad += !check_close("passed view gradient", i, dx[i], want[i]);
  for (int k = 0; k < N; k++) {
    for (int i = 0; i < N; i++) dx[i] = i == k;
    double t = __enzyme_fwddiff((void *)through_fields, enzyme_dup, &v, &dv);
    bad += !check_close("passed view tangent", k, t, want[k]);
  }
  return bad;
}

int main(void) {
  int bad = check_passed_view() + CHECK_BOTH(via_local_view) + CHECK_BOTH(via_align_up) +
            CHECK_BOTH(via_thread_local);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
