// Shared helpers for the gradient benchmarks in bench/*.c (see bench/README.md).
//
// Each program times its primal function and the gradient that enzyme-opt
// synthesizes for it (best of several runs), checks one partial derivative
// against a central difference, and prints one line
//
//   RESULT <name> primal_s=<s> gradient_s=<s> inputs=<n> check=ok|FAIL
//
// exiting non-zero if the check fails.  `prog --primal` and `prog --gradient`
// make a single call of one kind only, so that a runner can measure the peak
// memory of each separately.
#ifndef ENZYME_OPT_BENCH_H
#define ENZYME_OPT_BENCH_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;

enum bench_mode { BENCH_ALL, BENCH_PRIMAL, BENCH_GRADIENT };

static enum bench_mode bench_parse_args(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--primal") == 0) return BENCH_PRIMAL;
  if (argc > 1 && strcmp(argv[1], "--gradient") == 0) return BENCH_GRADIENT;
  if (argc > 1) {
    fprintf(stderr, "usage: %s [--primal | --gradient]\n", argv[0]);
    exit(2);
  }
  return BENCH_ALL;
}

// CPU time of the process (the programs are single-threaded): on a machine
// shared with other work, wall time mostly measures the wait for a core.
static double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Storing a pointer here makes its memory escape, so the optimizer cannot
// assume that the calls between two timed runs leave it unchanged (and reuse
// the first result); results are added to the sink so that they are used.
static void *volatile bench_escape;
static volatile double bench_sink;

// Best of several runs: at least BENCH_MIN_RUNS (unless they already took
// more than 8 s), then more while the total stays under BENCH_BUDGET_S.
// Many short runs make the best one robust against other work on the
// machine, which only ever adds time.
enum { BENCH_MIN_RUNS = 5, BENCH_MAX_RUNS = 400 };
#define BENCH_BUDGET_S 1.0

typedef struct {
  double best, total;
  int runs;
} bench_timer;

static int bench_more(const bench_timer *t) {
  if (t->runs >= BENCH_MAX_RUNS) return 0;
  if (t->runs < BENCH_MIN_RUNS) return t->runs == 0 || t->total < 8.0;
  return t->total < BENCH_BUDGET_S;
}

static void bench_record(bench_timer *t, double seconds) {
  if (t->runs == 0 || seconds < t->best) t->best = seconds;
  t->total += seconds;
  t->runs++;
}

// Deterministic inputs: uniform in [lo, hi).
static unsigned long long bench_rng_state = 0x9E3779B97F4A7C15ull;
static double bench_uniform(double lo, double hi) {
  bench_rng_state = bench_rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return lo + (hi - lo) * (double)(bench_rng_state >> 11) * 0x1.0p-53;
}

static void bench_fill(double *p, long n, double lo, double hi) {
  for (long i = 0; i < n; i++) p[i] = bench_uniform(lo, hi);
}

static double *bench_alloc(long n) {
  double *p = calloc((size_t)n, sizeof *p);
  if (!p) {
    fprintf(stderr, "out of memory (%ld doubles)\n", n);
    exit(3);
  }
  bench_escape = p;
  return p;
}

// Compares a gradient entry with the central difference (f(+h) - f(-h)) / 2h
// of the primal; prints the comparison and returns 1 if they agree.
static int bench_check(const char *what, double gradient, double f_plus, double f_minus,
                       double h, double rtol, double atol) {
  double fd = (f_plus - f_minus) / (2.0 * h);
  double err = fabs(gradient - fd);
  int ok = err <= rtol * fabs(fd) + atol;
  printf("CHECK %s: gradient=%.12g central_difference=%.12g abs_err=%.3g %s\n", what,
         gradient, fd, err, ok ? "ok" : "MISMATCH");
  return ok;
}

static int bench_report(const char *name, const bench_timer *primal,
                        const bench_timer *gradient, long inputs, int ok) {
  printf("RESULT %s primal_s=%.6f gradient_s=%.6f inputs=%ld primal_runs=%d gradient_runs=%d "
         "check=%s\n",
         name, primal->best, gradient->best, inputs, primal->runs, gradient->runs,
         ok ? "ok" : "FAIL");
  return ok ? 0 : 1;
}

// Central difference of f() w.r.t. *param against `gradient`: *param is
// moved by +-h and restored.
__attribute__((unused)) static int bench_check_param(const char *what, double *param,
                                                     double gradient, double (*f)(void),
                                                     double h, double rtol, double atol) {
  double v = *param;
  *param = v + h;
  double fp = f();
  *param = v - h;
  double fm = f();
  *param = v;
  return bench_check(what, gradient, fp, fm, h, rtol, atol);
}

// One benchmark program: `primal` and `gradient` make one call of what is
// timed (the primal's result goes to the sink); `before_gradient`, if set,
// runs untimed before each gradient (zeroing shadows the gradient adds to);
// `check`, after the timings, compares gradient entries with central
// differences and returns 1 if all agree.  `inputs` counts the inputs a
// finite-difference gradient would perturb.
typedef struct {
  const char *name;
  long inputs;
  double (*primal)(void);
  void (*before_gradient)(void);
  void (*gradient)(void);
  int (*check)(void);
} bench_program;

// The body of every main(): `prog --primal` / `--gradient` make one call of
// that kind (for the runner's peak-memory figures); no argument times both,
// checks and prints the RESULT line.  The data must be set up already.
static int bench_main(enum bench_mode mode, const bench_program *p) {
  if (mode != BENCH_ALL) {
    if (mode == BENCH_PRIMAL) bench_sink += p->primal();
    if (mode == BENCH_GRADIENT) {
      if (p->before_gradient) p->before_gradient();
      p->gradient();
    }
    return 0;
  }
  // Primal and gradient runs alternate, so that a spell of load on the
  // machine slows both rather than one of them.
  bench_timer tp = {0}, tg = {0};
  while (bench_more(&tp) || bench_more(&tg)) {
    if (bench_more(&tp)) {
      double t0 = bench_now();
      double r = p->primal();
      bench_record(&tp, bench_now() - t0);
      bench_sink += r;
    }
    if (bench_more(&tg)) {
      if (p->before_gradient) p->before_gradient();
      double t0 = bench_now();
      p->gradient();
      bench_record(&tg, bench_now() - t0);
    }
  }
  return bench_report(p->name, &tp, &tg, p->inputs, p->check());
}

#endif
