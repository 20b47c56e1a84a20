// 2D arrays double a[N][M] passed as double (*)[M]:
//   frob(a, n) = sum_ij a_ij^2 w_j + a_i0 a_i(M-1)      (row-major, fixed M)
//   transpose_mul(a, b, n): b[j][i] = a[i][j] * (i+1); returns nothing
#include <math.h>
#include <stdio.h>

enum { N = 3, M = 4 };
static const double w[M] = {1.0, 0.5, -2.0, 0.25};
void __enzyme_autodiff(void *, ...);

double frob(double (*a)[M], int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < M; j++) s += a[i][j] * a[i][j] * w[j];
    s += a[i][0] * a[i][M - 1];
  }
  return s;
}

void tmul(double (*a)[M], double (*b)[N], int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++) b[j][i] = a[i][j] * (i + 1);
}

static int failures;
static void check(const char *what, int i, int j, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d][%d]: got %.17g, want %.17g\n", what, i, j, got, want);
    failures++;
  }
}

int main(void) {
  double a[N][M], da[N][M] = {{0}};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i][j] = 0.3 * i - 0.7 * j + 0.1;
  __enzyme_autodiff((void *)frob, a, da, N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double want = 2 * a[i][j] * w[j] + (j == 0 ? a[i][M - 1] : 0) + (j == M - 1 ? a[i][0] : 0);
      check("dfrob", i, j, da[i][j], want);
    }
  double b[M][N], db[M][N], ga[N][M] = {{0}};
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++) db[j][i] = j - 0.5 * i;
  __enzyme_autodiff((void *)tmul, a, ga, b, db, N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      check("dtmul", i, j, ga[i][j], (j - 0.5 * i) * (i + 1));
      check("db zeroed", j, i, db[j][i], 0.0);
      check("b", j, i, b[j][i], a[i][j] * (i + 1));
    }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
