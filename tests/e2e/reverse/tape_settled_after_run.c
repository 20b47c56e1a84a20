// Constant-count loops inside loops, whose every run pushes the same bytes:
// the tape's size after a run is set in one step from its size before
// (ad/instrument.py `_size_after_exact_run`), Horner counting down and a
// sum counting up.  Nearby shapes whose runs push what the iterations
// decide, left to the pushes: a push on some iterations only, a loop left
// from the middle of its body, a loop whose exit block is also reached
// around it, and a loop whose count is read from memory.  Gradients
// against central differences.
#include <math.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);
enum { N = 6, K = 20 };
int n = N, k_read = K;                 // not constants: the outer loops stay loops

double horner(double *x) {             // settled: every iteration pushes
  double l = 0;
  for (int i = 0; i < n; i++) {
    double p = 0;
    for (int k = K - 1; k >= 0; k--) p = p * x[i] * 0.3 + x[(i + k) % N];
    l += p * p;
  }
  return l;
}
double some_iterations(double *x) {    // a push only where x is positive
  double l = 0;
  for (int i = 0; i < n; i++) {
    double s = x[i];
    for (int k = 0; k < K; k++) {
      if (x[(i + k) % N] > 0) s = sin(s) * x[(i + k) % N];
      else s = s * 0.9;
    }
    l += s * s;
  }
  return l;
}
double left_mid_body(double *x) {      // leaves between two taping statements
  double l = 0;
  for (int i = 0; i < n; i++) {
    double s = x[i], t = 1;
    int k = 0;
    for (;;) {
      s = sin(s * x[(i + k) % N]);
      if (++k == K) break;
      t = t * cos(s + t);
    }
    l += s * t;
  }
  return l;
}
double exit_reached_around(double *x) { // the block after the loop is also the skip's target
  double l = 0;
  for (int i = 0; i < n; i++) {
    double s = x[i];
    if (x[i] > -0.5)
      for (int k = 0; k < K; k++) s = exp(0.1 * s) * x[(i + k) % N];
    l += s * s;
  }
  return l;
}
double count_read(double *x) {         // the count comes from memory
  double l = 0;
  for (int i = 0; i < n; i++) {
    double s = x[i];
    for (int k = 0; k < k_read; k++) s = sin(s) + x[(i + k) % N];
    l += s * s;
  }
  return l;
}
#define GRADIENT_BAD(f) ({ double dx[N] = {0}; \
  __enzyme_autodiff((void *)f, x, dx); check_gradient(#f, x, dx, N, f); })
int main(void) {
  double x[N] = {0.3, -0.6, 0.5, 0.8, -0.2, 0.4};
  int bad = GRADIENT_BAD(horner) + GRADIENT_BAD(some_iterations) + GRADIENT_BAD(left_mid_body) +
            GRADIENT_BAD(exit_reached_around) + GRADIENT_BAD(count_read);
  x[0] = -0.7;                         // the skip taken once
  bad += GRADIENT_BAD(exit_reached_around);
  return bad != 0;
}
