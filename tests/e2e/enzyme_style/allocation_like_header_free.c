// An allocator that hides a header in front of each block, declared to the
// AD with __enzyme_allocation_like = {fn, (void *)SIZE_ARG, "ARGS", free_fn},
// and its deallocator, which frees from the header: free(p - 16).  Forward
// mode gave the shadow block (from malloc) to the deallocator's derivative,
// which freed 16 bytes before it, an address malloc never returned (glibc
// aborts at clang -O0; memcheck47).  The shadow now goes back to free where
// the program calls its deallocator.  Shapes: allocated and released in one
// function (ARGS "-1"), released in another by a deallocator taking the
// block second (ARGS "0,-1"), forward width 1 and 2, reverse, split mode.
//   f(x) = sum_i x_i^2 w_i + w_0 w_1 with w = (sin x_0, x_0 x_1, exp x_2)
#include "../check.h"
#include <stdlib.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } T2;
T2 __enzyme_fwddiff2(void *, ...);
typedef struct { void *tape; double primal; } TapeAndDouble;
TapeAndDouble __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_width;

enum { N = 3, HEADER = 16 };
static long live;   // blocks handed out and not yet released

__attribute__((noinline)) void *pool_get(long tag, size_t bytes) {
  char *raw = malloc(bytes + HEADER);
  memcpy(raw, &tag, sizeof tag);
  live++;
  return raw + HEADER;
}
__attribute__((noinline)) void pool_put(void *p) { live--, free((char *)p - HEADER); }
__attribute__((noinline)) void pool_put_tagged(long tag, void *p) {
  long kept;
  memcpy(&kept, (char *)p - HEADER, sizeof kept);
  if (kept != tag) abort();
  pool_put(p);
}

void *__enzyme_allocation_like[4] = {(void *)pool_get, (void *)1, (void *)"-1", (void *)pool_put};
void *__enzyme_allocation_like_tagged[4] = {(void *)pool_get, (void *)1, (void *)"0,-1",
                                            (void *)pool_put_tagged};

__attribute__((noinline)) double *weights(const double *x) {
  double *w = pool_get(7, N * sizeof(double));
  w[0] = sin(x[0]), w[1] = x[0] * x[1], w[2] = exp(x[2]);
  return w;
}

double f(double *x) {      // released where allocated
  double *w = pool_get(3, N * sizeof(double));
  w[0] = sin(x[0]), w[1] = x[0] * x[1], w[2] = exp(x[2]);
  double s = w[0] * w[1];
  for (int i = 0; i < N; i++) s += x[i] * x[i] * w[i];
  pool_put(w);
  return s;
}

double g(double *x) {      // allocated in a helper, released with the tagged deallocator
  double *w = weights(x);
  double s = w[0] * w[1];
  for (int i = 0; i < N; i++) s += x[i] * x[i] * w[i];
  pool_put_tagged(7, w);
  return s;
}

// A macro: the function differentiated must be known at compile time.
#define CHECK_FUNCTION(fn, x)                                                                  \
  ({                                                                                           \
    int bad_ = 0;                                                                              \
    double dx_[N] = {0}, sx_[N] = {0};                                                         \
    __enzyme_autodiff((void *)fn, enzyme_dup, x, dx_);                                         \
    bad_ += check_gradient(#fn, x, dx_, N, fn);                                                \
    for (int k = 0; k < N; k++) {                                                              \
      double t[N] = {0}, u[N] = {0};                                                           \
      t[k] = 1, u[(k + 1) % N] = 1;                                                            \
      double want_t = CENTRAL_DIFFERENCE(x[k], 1e-6, fn(x));                                   \
      double want_u = CENTRAL_DIFFERENCE(x[(k + 1) % N], 1e-6, fn(x));                         \
      bad_ += !check_close(#fn " forward", k, __enzyme_fwddiff((void *)fn, enzyme_dup, x, t),  \
                           want_t);                                                            \
      T2 two = __enzyme_fwddiff2((void *)fn, enzyme_width, 2, enzyme_dup, x, t, u);            \
      bad_ += !check_close(#fn " forward width 2, lane 0", k, two.d[0], want_t);               \
      bad_ += !check_close(#fn " forward width 2, lane 1", k, two.d[1], want_u);               \
    }                                                                                          \
    TapeAndDouble r_ = __enzyme_augmentfwd((void *)fn, enzyme_dup, x, sx_);                    \
    bad_ += !check_close(#fn " split primal", 0, r_.primal, fn(x));                            \
    __enzyme_reverse((void *)fn, enzyme_dup, x, sx_, 1.0, r_.tape);                            \
    bad_ += check_gradient(#fn " split", x, sx_, N, fn);                                       \
    bad_;                                                                                      \
  })

int main(void) {
  double x[N] = {0.4, -1.1, 0.3};
  int bad = CHECK_FUNCTION(f, x) + CHECK_FUNCTION(g, x);
  if (live != 0) bad++, printf("MISMATCH %ld blocks of the pool not released\n", live);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
