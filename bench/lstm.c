// An LSTM cell unrolled over a sequence of T inputs, with a squared-error loss
// against a target sequence at every step.  Gradient w.r.t. all the weights
// (input weights wx, recurrent weights wh, biases b); inputs and targets are
// constant.  Gates in the order input, forget, cell, output.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { T = 1500, I = 32, H = 64, G = 4 * H };

static double sigmoid(double v) { return 1.0 / (1.0 + exp(-v)); }

__attribute__((noinline)) double lstm_loss(const double *wx, const double *wh, const double *b,
                                           const double *xs, const double *ys, int steps) {
  double h[H], c[H], z[G];
  for (int j = 0; j < H; j++) h[j] = c[j] = 0.0;
  double loss = 0.0;
  for (int t = 0; t < steps; t++) {
    const double *x = xs + (long)t * I;
    for (int g = 0; g < G; g++) {
      double s = b[g];
      for (int j = 0; j < I; j++) s += wx[g * I + j] * x[j];
      for (int j = 0; j < H; j++) s += wh[g * H + j] * h[j];
      z[g] = s;
    }
    for (int j = 0; j < H; j++) {
      double in = sigmoid(z[j]), forget = sigmoid(z[H + j]);
      double cell = tanh(z[2 * H + j]), out = sigmoid(z[3 * H + j]);
      c[j] = forget * c[j] + in * cell;
      h[j] = out * tanh(c[j]);
      double e = h[j] - ys[(long)t * H + j];
      loss += e * e;
    }
  }
  return loss;
}

static double *wx, *wh, *b, *dwx, *dwh, *db, *xs, *ys;

static double objective(void) { return lstm_loss(wx, wh, b, xs, ys, T); }

static void zero_shadows(void) {
  memset(dwx, 0, G * I * sizeof *dwx);
  memset(dwh, 0, G * H * sizeof *dwh);
  memset(db, 0, G * sizeof *db);
}

static void gradient(void) {
  __enzyme_autodiff((void *)lstm_loss, enzyme_dup, wx, dwx, enzyme_dup, wh, dwh, enzyme_dup, b,
                    db, enzyme_const, xs, enzyme_const, ys, T);
}

static int check(void) {
  const int j = (H + 10) * H + 17;  // a recurrent weight of the forget gate
  return bench_check_param("d loss/d wh[f,10][17]", wh + j, dwh[j], objective, 1e-5, 1e-5, 1e-6);
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  wx = bench_alloc(G * I), wh = bench_alloc(G * H), b = bench_alloc(G);
  dwx = bench_alloc(G * I), dwh = bench_alloc(G * H), db = bench_alloc(G);
  xs = bench_alloc((long)T * I), ys = bench_alloc((long)T * H);
  bench_fill(wx, G * I, -0.2, 0.2);
  bench_fill(wh, G * H, -0.15, 0.15);
  bench_fill(b, G, -0.5, 0.5);
  bench_fill(xs, (long)T * I, -1.0, 1.0);
  bench_fill(ys, (long)T * H, -0.5, 0.5);
  bench_program p = {"lstm", G * I + G * H + G, objective, zero_shadows, gradient, check};
  return bench_main(mode, &p);
}
