// Matrix products in the textbook order (i, j, l) with restrict pointers:
// enzyme-opt interchanges the j and l loops of the copy it differentiates
// (transforms/interchange.py), so the strided walk of B becomes a row walk.
// The derivatives and the product itself must be those of the original
// order.  Nests that look alike but must not be interchanged are checked
// too: one stores every j to the same slot, one works in place (C is B).
// Without restrict, the gradient is versioned (ad/versioning.py): a run-time
// test picks the interchanged gradient when the arrays are apart, and the
// general one when they overlap (C is B) -- or when only their shadows do.
// The benchmarks' flags keep clang from unrolling the inner loop, which
// leaves the nest in the shape the interchange reads.
// CFLAGS: -fno-unroll-loops
#include <math.h>
#include <stdio.h>
#include <string.h>

extern int enzyme_dup, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { M = 3, K = 5, N = 7, S = 4 };

void matmul(const double *restrict A, const double *restrict B, double *restrict C, int m,
            int k, int n) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < k; l++) s += A[i * k + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

void matmul_f(const float *restrict A, const float *restrict B, float *restrict C, int m,
              int k, int n) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 1.0f;
      for (int l = 0; l < k; l++) s += A[i * k + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

// Every j overwrites out[i]: only the last column's sum of squares is left.
void last_column_norms(const double *restrict X, double *restrict out, int m, int k, int n) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < k; l++) s += X[l * n + j] * X[l * n + j] * (i + 1);
      out[i] = s;
    }
}

// No restrict: called with C == B, the product is computed in place.
void matmul_inplace(const double *A, const double *B, double *C, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < n; l++) s += A[i * n + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

static void test_matmul(void) {
  double A[M * K], B[K * N], C[M * N], W[M * N];
  double dA[M * K] = {0}, dB[K * N] = {0}, dC[M * N];
  for (int i = 0; i < M * K; i++) A[i] = 0.5 + 0.25 * i - 0.1 * (i % 3);
  for (int i = 0; i < K * N; i++) B[i] = 1.0 - 0.3 * i + 0.05 * i * i;
  for (int i = 0; i < M * N; i++) W[i] = dC[i] = 1.0 + 0.5 * i;
  __enzyme_autodiff((void *)matmul, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, C, dC, M,
                    K, N);
  for (int i = 0; i < M; i++)
    for (int l = 0; l < K; l++) {
      double want = 0.0;
      for (int j = 0; j < N; j++) want += W[i * N + j] * B[l * N + j];
      check("dA", i * K + l, dA[i * K + l], want, 1e-13);
    }
  for (int l = 0; l < K; l++)
    for (int j = 0; j < N; j++) {
      double want = 0.0;
      for (int i = 0; i < M; i++) want += A[i * K + l] * W[i * N + j];
      check("dB", l * N + j, dB[l * N + j], want, 1e-13);
    }
  for (int i = 0; i < M * N; i++) {
    double want = 0.0;
    for (int l = 0; l < K; l++) want += A[(i / N) * K + l] * B[l * N + i % N];
    check("C", i, C[i], want, 1e-13);
    check("dC consumed", i, dC[i], 0.0, 0.0);
  }

  // Forward mode: the tangent of C is tA*B + A*tB.
  double tA[M * K], tB[K * N], tC[M * N];
  for (int i = 0; i < M * K; i++) tA[i] = 0.1 * (i % 4) - 0.2;
  for (int i = 0; i < K * N; i++) tB[i] = 0.3 - 0.05 * i;
  __enzyme_fwddiff((void *)matmul, enzyme_dup, A, tA, enzyme_dup, B, tB, enzyme_dupnoneed, C,
                   tC, M, K, N);
  for (int i = 0; i < M * N; i++) {
    double want = 0.0;
    for (int l = 0; l < K; l++)
      want += tA[(i / N) * K + l] * B[l * N + i % N] + A[(i / N) * K + l] * tB[l * N + i % N];
    check("tC", i, tC[i], want, 1e-13);
  }
}

static void test_matmul_f(void) {
  float A[M * K], B[K * N], C[M * N], dA[M * K] = {0}, dB[K * N] = {0}, dC[M * N];
  for (int i = 0; i < M * K; i++) A[i] = 0.5f + 0.25f * i;
  for (int i = 0; i < K * N; i++) B[i] = 1.0f - 0.125f * i;
  for (int i = 0; i < M * N; i++) dC[i] = 1.0f + 0.5f * (i % 5);
  float W[M * N];
  memcpy(W, dC, sizeof W);
  __enzyme_autodiff((void *)matmul_f, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, C, dC,
                    M, K, N);
  for (int i = 0; i < M * K; i++) {
    double want = 0.0;
    for (int j = 0; j < N; j++) want += (double)W[(i / K) * N + j] * B[(i % K) * N + j];
    check("dA_f", i, dA[i], want, 1e-5);
  }
  for (int i = 0; i < K * N; i++) {
    double want = 0.0;
    for (int r = 0; r < M; r++) want += (double)A[r * K + i / N] * W[r * N + i % N];
    check("dB_f", i, dB[i], want, 1e-5);
  }
  for (int i = 0; i < M * N; i++) {
    double want = 1.0;
    for (int l = 0; l < K; l++) want += (double)A[(i / N) * K + l] * B[l * N + i % N];
    check("C_f", i, C[i], want, 1e-5);
  }
}

static void test_last_column(void) {
  double X[K * N], dX[K * N] = {0}, out[M], dout[M];
  for (int i = 0; i < K * N; i++) X[i] = 0.2 * i - 1.5;
  for (int i = 0; i < M; i++) dout[i] = 1.0 + i;
  __enzyme_autodiff((void *)last_column_norms, enzyme_dup, X, dX, enzyme_dup, out, dout, M, K,
                    N);
  // out[i] = (i+1) * sum_l X[l][N-1]^2, so dX[l][N-1] = 2 X[l][N-1] sum_i (i+1) dout_i.
  double weight = 0.0;
  for (int i = 0; i < M; i++) weight += (i + 1) * (1.0 + i);
  for (int i = 0; i < K * N; i++)
    check("dX", i, dX[i], i % N == N - 1 ? 2.0 * X[i] * weight : 0.0, 1e-13);
  for (int i = 0; i < M; i++) {
    double want = 0.0;
    for (int l = 0; l < K; l++) want += X[l * N + N - 1] * X[l * N + N - 1] * (i + 1);
    check("out", i, out[i], want, 1e-13);
  }
}

// sum(W .* B') where B' is B after the in-place product.
static double inplace_loss(const double *A, const double *B0, const double *W) {
  double B[S * S];
  memcpy(B, B0, sizeof B);
  matmul_inplace(A, B, B, S);
  double s = 0.0;
  for (int i = 0; i < S * S; i++) s += W[i] * B[i];
  return s;
}

static void test_inplace(void) {
  double A[S * S], B0[S * S], W[S * S], B[S * S], dA[S * S] = {0}, dB[S * S];
  for (int i = 0; i < S * S; i++) {
    A[i] = 0.3 + 0.1 * i - 0.02 * i * i;
    B0[i] = 1.0 - 0.15 * i;
    W[i] = dB[i] = 0.5 + 0.25 * (i % 3);
  }
  memcpy(B, B0, sizeof B);
  __enzyme_autodiff((void *)matmul_inplace, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, B,
                    dB, S);
  const double h = 1e-6;
  for (int i = 0; i < S * S; i++) {
    double Ap[S * S], Am[S * S], Bp[S * S], Bm[S * S];
    memcpy(Ap, A, sizeof A), memcpy(Am, A, sizeof A);
    memcpy(Bp, B0, sizeof B0), memcpy(Bm, B0, sizeof B0);
    Ap[i] += h, Am[i] -= h, Bp[i] += h, Bm[i] -= h;
    check("dA inplace", i, dA[i], (inplace_loss(Ap, B0, W) - inplace_loss(Am, B0, W)) / (2 * h),
          1e-6);
    check("dB inplace", i, dB[i], (inplace_loss(A, Bp, W) - inplace_loss(A, Bm, W)) / (2 * h),
          1e-6);
  }
}

// The product without restrict on separate arrays (the versioned gradient's
// fast path), then with one shadow buffer for both dA and dB (its shadows
// overlap: the general path; the buffer gets the sum of both gradients).
static void test_versioned(void) {
  double A[S * S], B[S * S], C[S * S], W[S * S], dA[S * S] = {0}, dB[S * S] = {0}, dC[S * S];
  double both[S * S] = {0};
  for (int i = 0; i < S * S; i++) {
    A[i] = 0.3 + 0.1 * i;
    B[i] = 1.0 - 0.15 * i + 0.01 * i * i;
    W[i] = dC[i] = 0.5 + 0.25 * (i % 3);
  }
  __enzyme_autodiff((void *)matmul_inplace, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, C,
                    dC, S);
  for (int r = 0; r < S; r++)
    for (int c = 0; c < S; c++) {
      double wa = 0.0, wb = 0.0, prod = 0.0;
      for (int j = 0; j < S; j++) wa += W[r * S + j] * B[c * S + j];
      for (int i = 0; i < S; i++) wb += A[i * S + r] * W[i * S + c];
      for (int l = 0; l < S; l++) prod += A[r * S + l] * B[l * S + c];
      check("dA apart", r * S + c, dA[r * S + c], wa, 1e-13);
      check("dB apart", r * S + c, dB[r * S + c], wb, 1e-13);
      check("C apart", r * S + c, C[r * S + c], prod, 1e-13);
    }
  memcpy(dC, W, sizeof W);
  __enzyme_autodiff((void *)matmul_inplace, enzyme_dup, A, both, enzyme_dup, B, both, enzyme_dup,
                    C, dC, S);
  for (int i = 0; i < S * S; i++) check("dA + dB", i, both[i], dA[i] + dB[i], 1e-13);
}

int main(void) {
  test_versioned();
  test_matmul();
  test_matmul_f();
  test_last_column();
  test_inplace();
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
