/* Shared by struct_pointer_lanes*.c: arrays of structs {double w; double *p}
 * (the SLP vectorizer stores two as one <4 x ptr>), and the check of a kernel
 * f(x, n) in reverse and forward mode against central differences.
 * WRAP(f) defines f_w(x) = f(x, n_) for check_gradient. */
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double w; double *p; } Cell;
#define N 8

static int n_ = N;
#define WRAP(f) static double f##_w(double *x) { return f(x, n_); }
#define CHECK_BOTH(f) ({ int b_ = 0; double dx_[N] = {0};                           \
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx_, enzyme_const, n_);               \
  b_ += check_gradient(#f, x, dx_, N, f##_w);                                      \
  for (int k = 0; k < N; k++) { double t_[N] = {0}; t_[k] = 1;                       \
    double d_ = __enzyme_fwddiff((void *)f, enzyme_dup, x, t_, enzyme_const, n_);    \
    b_ += !check_close(#f " forward", k, d_, CENTRAL_DIFFERENCE(x[k], 1e-6, f(x, n_))); } \
  b_; })
#define FILL_X(x) for (int i = 0; i < N; i++) x[i] = 0.3 + 0.37 * i - 0.1 * (i % 2)
