// CFLAGS: -ffast-math
// A loop whose body holds a whole vectorized dot product, one
// llvm.vector.reduce.fadd per iteration (a dense layer: z = b[o] + w[o] . in,
// then a sigmoid), is rebuilt whole in its reverse (cache_policy
// `_float_step` takes float reductions): the forward loop and its tape go.
// Beside it the shapes that must stay right: the same layer whose weights
// the function overwrites after the loop (the loads cannot be repeated), a
// max-pooled layer (llvm.vector.reduce.fmax: the partial goes to the
// picked lane), a product of the lanes (reduce.fmul), and the dot product
// stored as well as summed.  And a vectorized loop whose sum starts from
// the running sum around it put into lane 0 of a zero vector (a Gaussian
// kernel's quadratic form): rebuilt too.  Central differences.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { I = 8, O = 5, W = O * I + O };
int no = O;   /* not a constant: the loops stay loops */

static inline double layer_loss(const double *w, const double *in) {
  double s = 0;
  for (int o = 0; o < no; o++) {
    double z = w[O * I + o];
    for (int i = 0; i < I; i++) z += w[o * I + i] * in[i];
    double y = 1 / (1 + exp(-z)), e = y - 0.1 * o;
    s += e * e;
  }
  return s;
}
__attribute__((noinline)) double layer(const double *w, const double *in) {
  return layer_loss(w, in);
}
__attribute__((noinline)) double layer_then_reset(double *w, const double *in) {
  double s = layer_loss(w, in);
  for (int k = 0; k < W; k++) w[k] = 0.5 * w[k];
  return s;
}
__attribute__((noinline)) double pooled(const double *w, const double *in) {
  double s = 0;
  for (int o = 0; o < no; o++) {
    double m = w[O * I + o];
    for (int i = 0; i < I; i++) m = fmax(m, w[o * I + i] * in[i]);
    s += m * m;
  }
  return s;
}
__attribute__((noinline)) double lane_product(const double *w, const double *in) {
  double s = 0;
  for (int o = 0; o < no; o++) {
    double p = 1;
    for (int i = 0; i < I; i++) p *= 0.9 + 0.1 * w[o * I + i] * in[i];
    s += p;
  }
  return s;
}
__attribute__((noinline)) double layer_stored(const double *w, const double *in, double *z_out) {
  double s = 0;
  for (int o = 0; o < no; o++) {
    double z = w[O * I + o];
    for (int i = 0; i < I; i++) z += w[o * I + i] * in[i];
    z_out[o] = z;
    s += sin(z);
  }
  return s;
}

enum { NP = 7 };
int np = NP;
__attribute__((noinline)) double kernel_form(const double *x, const double *a) {
  double s = 0;
  for (int i = 0; i < np; i++)
    for (int j = 0; j < np; j++) {
      double d2 = 0;
      for (int c = 0; c < 3; c++) { double t = x[i * 3 + c] - x[j * 3 + c]; d2 += t * t; }
      s += a[i] * a[j] * exp(-0.5 * d2);
    }
  return s;
}

static double g_w[W], g_in[I], g_z[O], g_w0[W], g_x[3 * NP], g_a[NP];
static double f_kernel(void) { return kernel_form(g_x, g_a); }
static double f_layer(void) { return layer(g_w, g_in); }
static double f_pooled(void) { return pooled(g_w, g_in); }
static double f_lane_product(void) { return lane_product(g_w, g_in); }
static double f_layer_stored(void) { return layer_stored(g_w, g_in, g_z); }
/* layer_then_reset halves w: J = f + sum_k c_k w_k(after), with c = the
 * seed of dw, checked against central differences of that J */
static double g_c[W];
static double f_reset(void) {
  double w[W], j;
  for (int k = 0; k < W; k++) w[k] = g_w[k];
  j = layer_then_reset(w, g_in);
  for (int k = 0; k < W; k++) j += g_c[k] * w[k];
  return j;
}

static int check_grad(const char *what, double (*f)(void), double *v, const double *dv, int len) {
  int bad = 0;
  for (int k = 0; k < len; k++) bad += !check_close(what, k, dv[k], CENTRAL_DIFFERENCE(v[k], 1e-6, f()));
  return bad;
}

int main(void) {
  double dw[W], din[I], dz[O];
  for (int k = 0; k < W; k++) g_w[k] = 0.4 * sin(0.9 * k + 0.3);
  for (int i = 0; i < I; i++) g_in[i] = cos(0.6 * i) + 0.2;
  int bad = 0;
#define CHECK_ONE(fn)                                                         \
  for (int k = 0; k < W; k++) dw[k] = 0;                                      \
  for (int i = 0; i < I; i++) din[i] = 0;                                     \
  __enzyme_autodiff((void *)fn, enzyme_dup, g_w, dw, enzyme_dup, g_in, din);  \
  bad |= check_grad(#fn " d/dw", f_##fn, g_w, dw, W);                         \
  bad |= check_grad(#fn " d/din", f_##fn, g_in, din, I);
  CHECK_ONE(layer)
  CHECK_ONE(pooled)
  CHECK_ONE(lane_product)
  for (int k = 0; k < W; k++) dw[k] = 0;
  for (int i = 0; i < I; i++) din[i] = 0;
  for (int o = 0; o < O; o++) dz[o] = 0.3 - 0.1 * o;
  __enzyme_autodiff((void *)layer_stored, enzyme_dup, g_w, dw, enzyme_dup, g_in, din,
                    enzyme_dup, g_z, dz);
  /* J = f + sum dz0_o z_o */
  for (int k = 0; k < W; k++) {
    double h = 1e-6, keep = g_w[k], zp = 0, zm = 0, fp, fm;
    g_w[k] = keep + h; fp = f_layer_stored();
    for (int o = 0; o < O; o++) zp += (0.3 - 0.1 * o) * g_z[o];
    g_w[k] = keep - h; fm = f_layer_stored();
    for (int o = 0; o < O; o++) zm += (0.3 - 0.1 * o) * g_z[o];
    g_w[k] = keep;
    bad += !check_close("layer_stored d/dw", k, dw[k], (fp + zp - fm - zm) / (2 * h));
  }
  for (int k = 0; k < W; k++) { g_w0[k] = g_w[k]; g_c[k] = 0.05 * (k % 7) - 0.1; dw[k] = g_c[k]; }
  for (int i = 0; i < I; i++) din[i] = 0;
  {
    double w[W];
    for (int k = 0; k < W; k++) w[k] = g_w[k];
    __enzyme_autodiff((void *)layer_then_reset, enzyme_dup, w, dw, enzyme_dup, g_in, din);
  }
  bad |= check_grad("layer_then_reset d/dw", f_reset, g_w, dw, W);
  bad |= check_grad("layer_then_reset d/din", f_reset, g_in, din, I);
  {
    double dxk[3 * NP] = {0}, dak[NP] = {0};
    for (int k = 0; k < 3 * NP; k++) g_x[k] = sin(1.7 * k + 0.4);
    for (int i = 0; i < NP; i++) g_a[i] = 0.5 + 0.1 * i;
    __enzyme_autodiff((void *)kernel_form, enzyme_dup, g_x, dxk, enzyme_dup, g_a, dak);
    bad |= check_grad("kernel_form d/dx", f_kernel, g_x, dxk, 3 * NP);
    bad |= check_grad("kernel_form d/da", f_kernel, g_a, dak, NP);
  }
  return bad;
}
