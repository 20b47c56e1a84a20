// dsyrk (cblas in both layouts, and the Fortran dsyrk_) with upper and
// lower triangles, both transposes and padded leading dimensions:
// gradients of A, C, alpha, beta against central differences, and forward
// mode against the gradient.  f reads all of C: the triangle the call
// leaves alone passes its adjoint through unchanged.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
typedef struct { double alpha, beta; } D2;
D2 __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void dsyrk_(const char *, const char *, const int *, const int *, const double *,
            const double *, const int *, const double *, double *, const int *);

enum { N = 3, K = 2, LDA = 4, LDC = 4, SIZE = 16 };

// form 0, 1: cblas row-/column-major; form 2: Fortran.  up: upper triangle; tr: A^T A.
static double f(const double *A, double *C, double alpha, double beta, int form, int up,
                int tr) {
  if (form < 2) {
    cblas_dsyrk(form ? CblasColMajor : CblasRowMajor, up ? CblasUpper : CblasLower,
                tr ? CblasTrans : CblasNoTrans, N, K, alpha, A, LDA, beta, C, LDC);
  } else {
    int n = N, k = K, lda = LDA, ldc = LDC;
    dsyrk_(up ? "u" : "L", tr ? "T" : "n", &n, &k, &alpha, A, &lda, &beta, C, &ldc);
  }
  double s = 0;
  for (int i = 0; i < SIZE; i++) s += (i % 5 + 1) * C[i] * C[i];
  return s;
}

static double at(const double *A, double *C, const double *C0, double a, double be, int form,
                 int up, int tr) {
  for (int j = 0; j < SIZE; j++) C[j] = C0[j];
  return f(A, C, a, be, form, up, tr);
}

int main(void) {
  double A[SIZE], C0[SIZE], C[SIZE], a = 0.7, be = 1.3, h = 1e-6;
  for (int k = 0; k < SIZE; k++) A[k] = sin(k + 1.0), C0[k] = 0.1 * k - 0.5;
  int ok = 1;
  for (int form = 0; form < 3; form++)
    for (int up = 0; up < 2; up++)
      for (int tr = 0; tr < 2; tr++) {
        int id = form * 4 + up * 2 + tr;
        double dA[SIZE] = {0}, dC[SIZE] = {0}, t[2][SIZE], want = 0;
        for (int k = 0; k < SIZE; k++) C[k] = C0[k];
        D2 g = __enzyme_autodiff((void *)f, enzyme_dup, A, dA, enzyme_dup, C, dC, enzyme_out, a,
                                 enzyme_out, be, enzyme_const, form, enzyme_const, up,
                                 enzyme_const, tr);
        double *xs[2] = {A, C0}, *ds[2] = {dA, dC};
        for (int m = 0; m < 2; m++)
          for (int k = 0; k < SIZE; k++) {
            double fd = CENTRAL_DIFFERENCE(xs[m][k], h, at(A, C, C0, a, be, form, up, tr));
            ok &= check_close(m ? "dC" : "dA", id * 100 + k, ds[m][k], fd);
            t[m][k] = cos(3.0 * k + m);
            want += t[m][k] * ds[m][k];
          }
        ok &= check_close("alpha", id, g.alpha,
                          CENTRAL_DIFFERENCE(a, h, at(A, C, C0, a, be, form, up, tr)));
        ok &= check_close("beta", id, g.beta,
                          CENTRAL_DIFFERENCE(be, h, at(A, C, C0, a, be, form, up, tr)));
        want += 0.5 * g.alpha - 0.25 * g.beta;
        for (int j = 0; j < SIZE; j++) C[j] = C0[j];
        double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, A, t[0], enzyme_dup, C, t[1],
                                      enzyme_dup, a, 0.5, enzyme_dup, be, -0.25, enzyme_const,
                                      form, enzyme_const, up, enzyme_const, tr);
        ok &= check_close("forward", id, fwd, want);
      }
  return !ok;
}
