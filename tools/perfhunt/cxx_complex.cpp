// std::complex<double>: a DFT of a complex signal (the array's storage
// active) with std::polar twiddles, complex multiply-adds, std::norm of
// each bin, and a std::exp of an active complex gain.
#define PH_CONSUME
#define PH_REPS 2
#include <complex>
#include "ph.h"
#define N 128
typedef std::complex<double> C;
static C Z[N + 1], DZ[N + 1];
static int ph_nin(void) { return 2 * N + 2; }
static double *ph_input(int i) { return reinterpret_cast<double *>(Z) + i; }
static double ph_gradient_of(int i) { return reinterpret_cast<double *>(DZ)[i]; }
static int ph_ngrads(void) { return 2 * N + 2; }
static double ph_grad_entry(int i) { return reinterpret_cast<double *>(DZ)[i]; }
double spectrum(const C *z, const C *gain, int n) {
  double s = 0;
  C g = std::exp(*gain);
  for (int k = 0; k < n; k++) {
    C acc = 0;
    for (int j = 0; j < n; j++) acc += z[j] * std::polar(1.0, -2 * M_PI * j * k / n);
    s += (1.0 + 0.01 * k) * std::norm(g * acc);
  }
  return s / n;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) Z[i] = C(sin(0.3 * i), 0.5 * cos(1.1 * i));
  Z[N] = C(0.1, 0.4);
}
static void ph_grad(void) {
  for (C &d : DZ) d = 0;
  __enzyme_autodiff((void *)spectrum, enzyme_dup, Z, DZ, enzyme_dup, Z + N, DZ + N, enzyme_const, N);
}
static double ph_primal(void) { return spectrum(Z, Z + N, N); }
