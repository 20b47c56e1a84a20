// The tanh MLP layer pair of fwd_mlp.c and fwd_mlp_width.c (forward mode,
// one direction per call and four): sizes, inputs, the function, its setup.
// Each kernel declares its own tangent seed DB1 and gradient call.
#define I 16
#define H 16
#define NB 100
static double W1[H * I], B1[H], W2[H], in[NB * I], G[H], Z[H];
static int ph_nin(void) { return H; }
static double *ph_input(int i) { return &B1[i]; }
static double ph_gradient_of(int i) { return G[i]; }
static int ph_ngrads(void) { return H; }
static double ph_grad_entry(int i) { return G[i]; }
double net(const double *w1, const double *b1, const double *w2, const double *in, int nb) {
  double l = 0;
  for (int n = 0; n < nb; n++) {
    double o = 0;
    for (int i = 0; i < H; i++) {
      double s = b1[i];
      for (int k = 0; k < I; k++) s += w1[i * I + k] * in[n * I + k];
      o += w2[i] * tanh(s);
    }
    l += (o - 0.5) * (o - 0.5);
  }
  return l;
}
static void ph_setup(void) {
  for (int i = 0; i < H * I; i++) W1[i] = 0.3 * sin(0.7 * i);
  for (int i = 0; i < H; i++) B1[i] = 0.1 * cos(i), W2[i] = 0.5 * sin(1.3 * i + 0.2);
  for (int i = 0; i < NB * I; i++) in[i] = cos(0.11 * i);
}
static double ph_primal(void) { return net(W1, B1, W2, in, NB); }
