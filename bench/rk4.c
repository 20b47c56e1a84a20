// Classical RK4 integration of a generalized Lotka-Volterra system
//   x_i' = x_i (r_i + sum_j A_ij x_j),   i = 0..D-1,
// over STEPS steps; the loss is a weighted sum of the final state.  Gradient
// w.r.t. the initial state x0, the growth rates r and the interactions A.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { D = 32, STEPS = 6000 };

static void rhs(const double *r, const double *A, const double *x, double *dxdt) {
  for (int i = 0; i < D; i++) {
    double s = r[i];
    for (int j = 0; j < D; j++) s += A[i * D + j] * x[j];
    dxdt[i] = x[i] * s;
  }
}

__attribute__((noinline)) double lv_final(const double *x0, const double *r, const double *A,
                                          double dt, int steps) {
  double x[D], k1[D], k2[D], k3[D], k4[D], y[D];
  for (int i = 0; i < D; i++) x[i] = x0[i];
  for (int t = 0; t < steps; t++) {
    rhs(r, A, x, k1);
    for (int i = 0; i < D; i++) y[i] = x[i] + 0.5 * dt * k1[i];
    rhs(r, A, y, k2);
    for (int i = 0; i < D; i++) y[i] = x[i] + 0.5 * dt * k2[i];
    rhs(r, A, y, k3);
    for (int i = 0; i < D; i++) y[i] = x[i] + dt * k3[i];
    rhs(r, A, y, k4);
    for (int i = 0; i < D; i++) x[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
  double s = 0.0;
  for (int i = 0; i < D; i++) s += (1.0 + (double)i / D) * x[i];
  return s;
}

static double *x0, *r, *A, *dx0, *dr, *dA;
static const double dt = 1e-3;

static double objective(void) { return lv_final(x0, r, A, dt, STEPS); }

static void zero_shadows(void) {
  memset(dx0, 0, D * sizeof *dx0);
  memset(dr, 0, D * sizeof *dr);
  memset(dA, 0, D * D * sizeof *dA);
}

static void gradient(void) {
  __enzyme_autodiff((void *)lv_final, enzyme_dup, x0, dx0, enzyme_dup, r, dr, enzyme_dup, A, dA,
                    enzyme_const, dt, STEPS);
}

static int check(void) {
  const int ja = 3 * D + 11;
  int ok = bench_check_param("d loss/dA[3][11]", A + ja, dA[ja], objective, 1e-5, 1e-5, 1e-8);
  ok &= bench_check_param("d loss/dx0[2]", x0 + 2, dx0[2], objective, 1e-4, 1e-5, 1e-8);
  return ok;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  x0 = bench_alloc(D), r = bench_alloc(D), A = bench_alloc(D * D);
  dx0 = bench_alloc(D), dr = bench_alloc(D), dA = bench_alloc(D * D);
  bench_fill(x0, D, 0.2, 1.0);
  bench_fill(r, D, 0.5, 1.5);
  bench_fill(A, D * D, -0.5 / D, 0.5 / D);
  for (int i = 0; i < D; i++) A[i * D + i] = -1.0; // self-limiting: a stable equilibrium
  bench_program p = {"rk4", D + D + D * D, objective, zero_shadows, gradient, check};
  return bench_main(mode, &p);
}
