// Taped values read back while the loop that saved them stores into the
// program's arrays: a recursive in-place butterfly whose rotation (c, s) is
// a loop-carried recurrence, and a matrix product whose constant factor sits
// behind a struct's pointer.  The tape's header and entries carry TBAA types
// of their own (ad/tape.py) so that LLVM keeps the header in registers
// across the program's stores; the gradients must not change.
#include <math.h>
#include <stdio.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);
extern int enzyme_const;
typedef struct { int rows, cols; double *data; } Mat;

static void butterfly(double *d, unsigned n, double angle) {
  if (n == 1) return;
  butterfly(d, n / 2, angle * 0.5);
  butterfly(d + n, n / 2, angle * 0.5);
  double c = 1.0, s = 0.0, dc = cos(angle) - 1.0, ds = sin(angle);
  for (unsigned i = 0; i < n; i += 2) {
    double re = d[i + n] * c - d[i + n + 1] * s, im = d[i + n] * s + d[i + n + 1] * c;
    d[i + n] = d[i] - re; d[i + n + 1] = d[i + 1] - im;
    d[i] += re; d[i + 1] += im;
    double t = c;
    c += c * dc - s * ds;
    s += s * dc + t * ds;
  }
}

static double spin(double *d, double angle, unsigned n) {
  butterfly(d, n, angle);
  double sum = 0;
  for (unsigned i = 0; i < 2 * n; i++) sum += d[i] * d[i] * (1.0 + 0.1 * i);
  return sum;
}

static double product(double *a, const Mat *restrict b, int rows) {
  double out[24], sum = 0;       // rows x b->cols
  int inner = b->rows;
  for (int i = 0; i < rows; i++)
    for (int k = 0; k < b->cols; k++) {
      out[i + k * rows] = a[i] * b->data[k * inner];
      for (int j = 1; j < inner; j++) out[i + k * rows] += a[i + j * rows] * b->data[j + k * inner];
    }
  for (int m = 0; m < rows * b->cols; m++) sum += sin(out[m]) * (m + 1);
  return sum;
}

static int check(const char *what, double got, double want) {
  if (fabs(got - want) <= 1e-6 * fabs(want) + 1e-6) return 0;
  printf("MISMATCH %s: got %.12g, want %.12g\n", what, got, want);
  return 1;
}

int main(void) {
  enum { N = 8, ROWS = 3, INNER = 4, COLS = 5 };
  double d[2 * N], dd[2 * N] = {0}, work[2 * N], h = 1e-6, angle = 0.7;
  int bad = 0;
  for (int i = 0; i < 2 * N; i++) d[i] = sin(1.3 * i + 0.2);
  memcpy(work, d, sizeof d);
  double dangle = __enzyme_autodiff((void *)spin, work, dd, angle, N);
  for (int i = 0; i <= 2 * N; i++) {     // i == 2N: the angle
    double up[2 * N], down[2 * N];
    memcpy(up, d, sizeof d); memcpy(down, d, sizeof d);
    if (i < 2 * N) { up[i] += h; down[i] -= h; }
    double da = i == 2 * N ? h : 0;
    double want = (spin(up, angle + da, N) - spin(down, angle - da, N)) / (2 * h);
    bad += check(i < 2 * N ? "d(spin)/d(d[i])" : "d(spin)/d(angle)", i < 2 * N ? dd[i] : dangle, want);
  }
  double a[ROWS * INNER], da[ROWS * INNER] = {0}, bdata[INNER * COLS];
  for (int i = 0; i < ROWS * INNER; i++) a[i] = 0.3 * cos(0.7 * i);
  for (int i = 0; i < INNER * COLS; i++) bdata[i] = 0.5 - 0.05 * i;
  Mat b = {INNER, COLS, bdata};
  __enzyme_autodiff((void *)product, a, da, enzyme_const, &b, ROWS);
  for (int i = 0; i < ROWS * INNER; i++) {
    double keep = a[i];
    a[i] = keep + h; double up = product(a, &b, ROWS);
    a[i] = keep - h; double down = product(a, &b, ROWS);
    a[i] = keep;
    bad += check("d(product)/d(a[i])", da[i], (up - down) / (2 * h));
  }
  return bad != 0;
}
