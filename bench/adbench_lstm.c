// ADBench's LSTM objective (l = 4 layers, c = 4096 characters, b = 14
// symbols), written from its definition: a stack of l elementwise ("diagonal")
// LSTM cells predicts each next one-hot character of a sequence.  Per layer,
// with weights W and biases B of 4b entries each and an input vector u,
//
//   forget = s(u W_f + B_f),  in = s(h W_i + B_i),  out = s(u W_o + B_o),
//   change = tanh(h W_c + B_c),  cell = cell forget + in change,
//   h = out tanh(cell)                       (s the logistic function)
//
// the input of layer 0 being x_t in_weight, of layer j the h of layer j - 1;
// the prediction is y = h out_weight + out_bias, and the loss is
// -sum_t x_{t+1} . (y - logsumexp(y)) / ((c - 1) b).  The state (h and cell
// of each layer) starts from given values.  Gradient w.r.t. the layer
// parameters and in_weight, out_weight, out_bias.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { L = 4, C = 4096, B = 14, NMAIN = L * 2 * 4 * B, NEXTRA = 3 * B };

static double logistic(double v) { return 1.0 / (1.0 + exp(-v)); }

static void lstm_cell(const double *w, const double *bias, double *h, double *cell,
                      const double *u) {
  for (int j = 0; j < B; j++) {
    double forget = logistic(u[j] * w[j] + bias[j]);
    double in = logistic(h[j] * w[B + j] + bias[B + j]);
    double out = logistic(u[j] * w[2 * B + j] + bias[2 * B + j]);
    double change = tanh(h[j] * w[3 * B + j] + bias[3 * B + j]);
    cell[j] = cell[j] * forget + in * change;
    h[j] = out * tanh(cell[j]);
  }
}

__attribute__((noinline)) double lstm_objective(const double *main, const double *extra,
                                                const double *state0, const double *seq,
                                                int c) {
  double state[L * 2 * B], u[B], y[B];
  for (int j = 0; j < L * 2 * B; j++) state[j] = state0[j];
  const double *in_w = extra, *out_w = extra + B, *out_b = extra + 2 * B;
  double total = 0.0;
  for (int t = 0; t < c - 1; t++) {
    for (int j = 0; j < B; j++) u[j] = seq[t * B + j] * in_w[j];
    for (int layer = 0; layer < L; layer++) {
      double *h = state + layer * 2 * B;
      lstm_cell(main + layer * 8 * B, main + layer * 8 * B + 4 * B, h, h + B, u);
      for (int j = 0; j < B; j++) u[j] = h[j];
    }
    double m = -INFINITY;
    for (int j = 0; j < B; j++) {
      y[j] = u[j] * out_w[j] + out_b[j];
      if (y[j] > m) m = y[j];
    }
    double s = 0.0;
    for (int j = 0; j < B; j++) s += exp(y[j] - m);
    double lse = m + log(s);
    for (int j = 0; j < B; j++) total += seq[(t + 1) * B + j] * (y[j] - lse);
  }
  return -total / ((c - 1) * (double)B);
}

static double *params, *extra, *state0, *seq, *dparams, *dextra;

static double objective(void) { return lstm_objective(params, extra, state0, seq, C); }

static void zero_shadows(void) {
  memset(dparams, 0, NMAIN * sizeof *dparams);
  memset(dextra, 0, NEXTRA * sizeof *dextra);
}

static void gradient(void) {
  __enzyme_autodiff((void *)lstm_objective, enzyme_dup, params, dparams, enzyme_dup, extra,
                    dextra, enzyme_const, state0, enzyme_const, seq, C);
}

static int check_entry(const char *what, double *param, double *grad, int j) {
  return bench_check_param(what, param + j, grad[j], objective, 1e-5, 1e-5, 1e-10);
}

static int check(void) {
  int ok = check_entry("d loss/d W_o[layer 3][2]", params, dparams, 3 * 8 * B + 2 * B + 2);
  ok &= check_entry("d loss/d B_c[layer 3][9]", params, dparams, 3 * 8 * B + 4 * B + 3 * B + 9);
  ok &= check_entry("d loss/d B_f[layer 2][1]", params, dparams, 2 * 8 * B + 4 * B + 1);
  ok &= check_entry("d loss/d out_weight[4]", extra, dextra, B + 4);
  ok &= check_entry("d loss/d out_bias[13]", extra, dextra, 2 * B + 13);
  return ok;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  params = bench_alloc(NMAIN), extra = bench_alloc(NEXTRA), state0 = bench_alloc(L * 2 * B);
  seq = bench_alloc(C * B), dparams = bench_alloc(NMAIN), dextra = bench_alloc(NEXTRA);
  bench_fill(params, NMAIN, -1.0, 1.0);
  bench_fill(extra, NEXTRA, -1.0, 1.0);
  bench_fill(state0, L * 2 * B, -1.0, 1.0);
  for (int t = 0; t < C; t++) seq[t * B + (int)bench_uniform(0.0, B)] = 1.0;  // one-hot

  bench_program p = {"adbench_lstm", NMAIN + NEXTRA, objective, zero_shadows, gradient, check};
  return bench_main(mode, &p);
}
