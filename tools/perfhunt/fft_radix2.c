// Iterative radix-2 FFT (bit-reversal permutation, in-place butterflies,
// twiddles from a table built outside) of a real signal, then a weighted
// power spectrum.  The signal is active; the work arrays are duplicated.
#define PH_REPS 20
#include "ph.h"
#define LOGN 10
#define N (1 << LOGN)
PH_VECTOR_INPUTS(N)
static double TW_RE[N / 2], TW_IM[N / 2], WEIGHT[N];
static double RE[N], IM[N], DRE[N], DIM[N];
double spectrum(const double *x, double *re, double *im, const double *twr, const double *twi,
                const double *w, int logn) {
  int n = 1 << logn;
  for (int i = 0; i < n; i++) {
    int r = 0;
    for (int b = 0; b < logn; b++) r |= ((i >> b) & 1) << (logn - 1 - b);
    re[r] = x[i];
    im[r] = 0;
  }
  for (int len = 2; len <= n; len <<= 1) {
    int half = len >> 1, step = n / len;
    for (int s = 0; s < n; s += len)
      for (int k = 0; k < half; k++) {
        double cr = twr[k * step], ci = twi[k * step];
        int a = s + k, b = a + half;
        double tr = re[b] * cr - im[b] * ci, ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr, im[b] = im[a] - ti;
        re[a] += tr, im[a] += ti;
      }
  }
  double p = 0;
  for (int i = 0; i < n; i++) p += w[i] * (re[i] * re[i] + im[i] * im[i]);
  return p;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int k = 0; k < N / 2; k++) TW_RE[k] = cos(-2 * M_PI * k / N), TW_IM[k] = sin(-2 * M_PI * k / N);
  for (int i = 0; i < N; i++) X[i] = sin(0.05 * i) + 0.3 * cos(0.71 * i), WEIGHT[i] = 1.0 / (1 + i % 17);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DRE, 0, sizeof DRE);
  memset(DIM, 0, sizeof DIM);
  __enzyme_autodiff((void *)spectrum, enzyme_dup, X, DX, enzyme_dup, RE, DRE, enzyme_dup, IM, DIM,
                    enzyme_const, TW_RE, enzyme_const, TW_IM, enzyme_const, WEIGHT, enzyme_const, LOGN);
}
static double ph_primal(void) { return spectrum(X, RE, IM, TW_RE, TW_IM, WEIGHT, LOGN); }
