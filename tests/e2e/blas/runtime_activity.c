// enzyme_runtime_activity: a duplicated array passed as its own shadow is
// inactive at run time.  ddot, dgemv and dgemm with one array at a time
// passed so: the other gradients against closed forms, that array left as
// it was (no adjoint lands in it), and nothing at all when it is the output.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_runtime_activity;
void __enzyme_autodiff(void *, ...);

enum { M = 3, N = 4, LD = 5, SIZE = 20 };

static double dot(const double *x, const double *y) { return cblas_ddot(N, x, 1, y, 2); }
static void mv(const double *A, const double *x, double *y) {  // y = 1.5 A x + 0.5 y
  cblas_dgemv(CblasRowMajor, CblasNoTrans, M, N, 1.5, A, LD, x, 1, 0.5, y, 1);
}
static void mm(const double *A, const double *B, double *C) {  // C = 2 A B^T + 0.25 C
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, M, M, N, 2.0, A, LD, B, LD, 0.25, C, M);
}

static int bad;
static void expect(const char *what, int k, double got, double want) {
  if (fabs(got - want) <= 1e-12 * (1 + fabs(want))) return;
  printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, k, got, want);
  bad = 1;
}

static void fill(double *p, double *d, double s) {
  for (int k = 0; k < SIZE; k++) p[k] = sin(s * k + 1), d[k] = 0;
}

int main(void) {
  double A[SIZE], dA[SIZE], x[SIZE], dx[SIZE], y[SIZE], dy[SIZE], keep[SIZE];
  fill(x, dx, 0.7), fill(y, dy, 1.3);
  for (int k = 0; k < SIZE; k++) keep[k] = y[k];
  __enzyme_autodiff((void *)dot, enzyme_runtime_activity, x, dx, y, y);
  for (int i = 0; i < N; i++) expect("dot dx", i, dx[i], y[2 * i]);
  for (int k = 0; k < SIZE; k++) expect("dot y kept", k, y[k], keep[k]);
  for (int k = 0; k < SIZE; k++) keep[k] = x[k];
  __enzyme_autodiff((void *)dot, enzyme_runtime_activity, x, x, y, dy);
  for (int i = 0; i < N; i++) expect("dot dy", 2 * i, dy[2 * i], x[i]);
  for (int k = 0; k < SIZE; k++) expect("dot x kept", k, x[k], keep[k]);

  for (int form = 0; form < 3; form++) {       // A, x, y as their own shadows
    fill(A, dA, 0.9), fill(x, dx, 0.4), fill(y, dy, 2.1);
    double *own = form == 0 ? A : form == 1 ? x : y, y0[SIZE];
    for (int k = 0; k < SIZE; k++) keep[k] = own[k], y0[k] = y[k], dy[k] = k < M ? k + 1.0 : 0;
    __enzyme_autodiff((void *)mv, enzyme_runtime_activity, A, form == 0 ? A : dA, x,
                      form == 1 ? x : dx, y, form == 2 ? y : dy);
    for (int i = 0; i < M; i++) {
      double want = 0.5 * y0[i];
      for (int j = 0; j < N; j++) want += 1.5 * A[i * LD + j] * x[j];
      expect("mv y", i, y[i], want);
      if (form != 2) expect("mv dy", i, dy[i], 0.5 * (i + 1));
      for (int j = 0; j < N; j++)
        if (form != 0)
          expect("mv dA", i * LD + j, dA[i * LD + j], form == 1 ? 1.5 * (i + 1) * x[j] : 0);
    }
    for (int j = 0; j < N; j++) {
      double want = 0;
      for (int i = 0; i < M && form == 0; i++) want += 1.5 * A[i * LD + j] * (i + 1);
      if (form != 1) expect("mv dx", j, dx[j], want);
    }
    for (int k = 0; k < SIZE && form != 2; k++) expect("mv own kept", k, own[k], keep[k]);
  }

  double B[SIZE], C[SIZE], dC[SIZE];
  fill(A, dA, 0.3), fill(C, dC, 1.7);
  for (int k = 0; k < SIZE; k++) B[k] = keep[k] = cos(0.5 * k), dC[k] = k < M * M ? k - 4.0 : 0;
  __enzyme_autodiff((void *)mm, enzyme_runtime_activity, A, dA, B, B, C, dC);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double want = 0;
      for (int c = 0; c < M; c++) want += 2 * (i + c * M - 4.0) * B[c + j * LD];
      expect("mm dA", i + j * LD, dA[i + j * LD], want);
    }
  for (int k = 0; k < M * M; k++) expect("mm dC", k, dC[k], 0.25 * (k - 4.0));
  for (int k = 0; k < SIZE; k++) expect("mm B kept", k, B[k], keep[k]);
  return bad;
}
