// Shared harness of the perfhunt kernels (see run.py).  A kernel defines
//   PH_NAME, PH_REPS            name and gradient calls per timed run
//   static void ph_setup(void)  inputs
//   static void ph_grad(void)   one gradient call (shadows zeroed inside)
//   static double ph_primal(void)        the function at the current inputs
//   static double *ph_input(int i), ph_nin  inputs to check by differences
//   static double ph_gradient_of(int i)  d primal / d input i after ph_grad
//   static double *ph_grads, ph_ngrads   every gradient entry, printed
// The program checks a few gradient entries against central differences,
// prints every gradient entry (the runner compares ours with the
// reference's), and times PH_REPS gradient calls: best of 5 by wall clock,
// and the instruction count under callgrind between the
// CALLGRIND_{START,STOP}_INSTRUMENTATION marks (valgrind --instr-atstart=no).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <valgrind/callgrind.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;

static double ph_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void ph_setup(void);
static void ph_grad(void);
static double ph_primal(void);
static int ph_nin(void);
static double *ph_input(int i);
static double ph_gradient_of(int i);
static int ph_ngrads(void);
static double ph_grad_entry(int i);

#ifndef PH_FD_TOL
#define PH_FD_TOL 1e-5
#endif
#ifndef PH_FD_H
#define PH_FD_H 1e-6
#endif

static void ph_setup(void);

// PH_CONSUME (defined by a kernel before this header): each timed gradient's
// entries are summed into a volatile.  Otherwise a derivative that LLVM
// inlines into the timed loop (the reference's, often) may lose the stores
// that the next repetition's zeroing overwrites, and with them the loops
// that compute them (logloss_margin, vectorized: 9 of 10 repetitions of its
// sample loop deleted).  Not the default: it would change every older
// kernel's figures.
#ifdef PH_CONSUME
static volatile double ph_sink;
#define PH_CONSUME_GRADIENT()                                    \
  do {                                                           \
    double sum_ = 0;                                             \
    for (int i_ = 0; i_ < ph_ngrads(); i_++) sum_ += ph_grad_entry(i_); \
    ph_sink = sum_;                                              \
  } while (0)
#else
#define PH_CONSUME_GRADIENT() ((void)0)
#endif
int main(int argc, char **argv) {
  int timed = !(argc > 1 && strcmp(argv[1], "--check") == 0);
  ph_setup();
  ph_grad();
  int bad = 0, n = ph_nin();
  for (int k = 0; k < n && k < 8; k++) {
    int i = (int)((long)k * n / (n < 8 ? n : 8));
    double g = ph_gradient_of(i);
    double *x = ph_input(i), x0 = *x, h = PH_FD_H * (fabs(x0) > 1 ? fabs(x0) : 1);
    *x = x0 + h; double fp = ph_primal();
    *x = x0 - h; double fm = ph_primal();
    *x = x0;
    double fd = (fp - fm) / (2 * h);
    if (fabs(fd - g) > PH_FD_TOL * (1 + fabs(fd))) {
      printf("MISMATCH input %d: gradient %.10g, central difference %.10g\n", i, g, fd);
      bad = 1;
    }
  }
  ph_grad();
#ifdef PH_GRAD_TOL
  printf("GRADTOL %g\n", (double)PH_GRAD_TOL);   // how closely the two tools must agree
#endif
  for (int i = 0; i < ph_ngrads(); i++) printf("GRAD %d %.15g\n", i, ph_grad_entry(i));
  if (timed) {
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
      double t0 = ph_now();
      if (r == 0) CALLGRIND_START_INSTRUMENTATION;
      for (int k = 0; k < PH_REPS; k++) {
        ph_grad();
        PH_CONSUME_GRADIENT();
      }
      if (r == 0) CALLGRIND_STOP_INSTRUMENTATION;
      double t = ph_now() - t0;
      if (t < best) best = t;
      if (RUNNING_ON_VALGRIND) break;
    }
    printf("TIME %.6f\n", best);
  }
  printf("CHECK %s\n", bad ? "FAIL" : "ok");
  return bad;
}

// The usual shape: inputs X[n] with shadow DX[n], every entry checked/printed.
#define PH_ARRAY_INPUTS(X, DX, N)                                   \
  static int ph_nin(void) { return (N); }                           \
  static double *ph_input(int i) { return &(X)[i]; }                \
  static double ph_gradient_of(int i) { return (DX)[i]; }           \
  static int ph_ngrads(void) { return (N); }                        \
  static double ph_grad_entry(int i) { return (DX)[i]; }

// Inputs X[n] and their shadow DX[n] declared too.
#define PH_VECTOR_INPUTS(N) \
  static double X[N], DX[N]; \
  PH_ARRAY_INPUTS(X, DX, N)
