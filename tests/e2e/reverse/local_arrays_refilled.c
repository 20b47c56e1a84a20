// Local arrays that loops fill and later loops read: filled once before the
// reading loop (the undo log need not take those stores back), refilled in
// every iteration of an outer loop after being read (it must), and read in
// the same loop that writes the next entry.  Also a rotation by Rodrigues'
// formula, where sin and cos of the same angle are both primal values the
// derivative needs, and a math call whose value only feeds the primal
// result.  Each gradient is checked against central differences.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

// Filled by one loop, read by the next: the stores never run after the reads.
double fill_then_read(const double *x, int n) {
  double v[3], s = 0.0;
  for (int j = 0; j < 3; j++) v[j] = x[j] - x[j + 3];
  for (int k = 0; k < n; k++)
    for (int j = 0; j < 3; j++) s += v[j] * v[j] * (k + 1) + sin(v[j] * x[k % 6]);
  return s;
}

// Refilled in each outer iteration after the inner loop read it.
double refill_each_step(const double *x, int n) {
  double v[3] = {x[0], x[1], x[2]}, s = 0.0;
  for (int t = 0; t < n; t++) {
    for (int j = 0; j < 3; j++) s += v[j] * cos(v[(j + 1) % 3]);
    for (int j = 0; j < 3; j++) v[j] = v[j] * x[3 + j] + 0.1 * s;
  }
  return s;
}

// Each entry written from the one before it, in the loop that reads it.
double running(const double *x, int n) {
  double w[8];
  w[0] = x[0];
  for (int j = 1; j < 8; j++) w[j] = w[j - 1] * x[j % 6] + exp(-w[j - 1] * w[j - 1]);
  double s = 0.0;
  for (int j = 0; j < 8; j++) s += w[j] * w[(j * 3) % 8];
  return s * n;
}

// x[0..2] rotated by the angle-axis vector x[3..5], then a weighted sum; the
// primal's sum of pow calls feeds only its result.
double rotate(const double *x, int n) {
  const double *r = x + 3;
  double t = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
  double c = cos(t), s = sin(t), k[3], y[3];
  for (int j = 0; j < 3; j++) k[j] = r[j] / t;
  double kx = k[0] * x[0] + k[1] * x[1] + k[2] * x[2];
  double cr[3] = {k[1] * x[2] - k[2] * x[1], k[2] * x[0] - k[0] * x[2],
                  k[0] * x[1] - k[1] * x[0]};
  for (int j = 0; j < 3; j++) y[j] = x[j] * c + cr[j] * s + k[j] * kx * (1.0 - c);
  double p = 0.0;
  for (int i = 1; i <= n; i++) p += pow(x[i % 6], i) / i;
  return y[0] + 2.0 * y[1] * y[2] + p;
}

static int failures;

typedef double (*primal_fn)(const double *, int);
typedef void (*gradient_fn)(double *, double *, int);

static void check(const char *name, primal_fn f, gradient_fn g, int n) {
  double x[6] = {0.7, -0.4, 1.1, 0.3, -0.5, 0.8}, dx[6] = {0}, h = 1e-6;
  g(x, dx, n);
  for (int k = 0; k < 6; k++) {
    double v = x[k];
    x[k] = v + h;
    double fp = f(x, n);
    x[k] = v - h;
    double fm = f(x, n);
    x[k] = v;
    double want = (fp - fm) / (2 * h);
    if (!(fabs(dx[k] - want) <= 1e-6 * (1.0 + fabs(want)))) {
      printf("MISMATCH %s d/dx[%d]: got %.17g, want %.17g\n", name, k, dx[k], want);
      failures++;
    }
  }
}

#define GRADIENT(f) \
  static void g_##f(double *x, double *dx, int n) { __enzyme_autodiff((void *)f, x, dx, n); }
GRADIENT(fill_then_read)
GRADIENT(refill_each_step)
GRADIENT(running)
GRADIENT(rotate)

int main(void) {
  volatile int n = 5;
  check("fill_then_read", fill_then_read, g_fill_then_read, n);
  check("refill_each_step", refill_each_step, g_refill_each_step, n);
  check("running", running, g_running, n);
  check("rotate", rotate, g_rotate, n);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
