// Inner loops whose counter starts from a value computed before the loop
// (the reverse pass tells their first iteration apart by comparing the
// counter with that start): the strictly lower triangle (r from c + 1), a
// running index carried across the nest, a start read from memory, a count
// down from a start that changes per outer iteration, and a start given as
// an argument.  Each gradient is checked against central differences.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

// q = L x with L packed column by column below the diagonal, then |q|^2.
double lower_triangle(const double *x, int n) {
  double q[8] = {0};
  int p = 0;
  for (int c = 0; c < n; c++)
    for (int r = c + 1; r < n; r++) q[r] += x[8 + p++] * sin(x[c]);
  double s = 0.0;
  for (int r = 0; r < n; r++) s += q[r] * q[r] + x[r] * q[r];
  return s;
}

// The start of each inner loop is read from memory the loop does not write.
double start_from_memory(const double *x, int n) {
  static const int first[8] = {3, 0, 5, 2, 7, 1, 4, 6};
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    for (int j = first[i]; j < n; j++) t = t * x[j] * 0.5 + cos(t);
    s += t * t;
  }
  return s;
}

// Counting down from a start that moves with the outer loop.
double count_down(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = n - 1 - i / 2; j >= 0; j--) s += exp(-x[j] * x[i]) * (j + 1);
  return s;
}

// Only the start of the loop is an argument.
double from_argument(const double *x, int n) {
  double s = 1.0;
  for (int k = n / 3; k < n + 4; k++) s = s * 0.9 + x[k % 8] * x[(k + 3) % 8] * s;
  return s;
}

static int failures;
typedef double (*primal_fn)(const double *, int);
typedef void (*gradient_fn)(double *, double *, int);

static void check(const char *name, primal_fn f, gradient_fn g, int n) {
  double x[40], dx[40] = {0}, h = 1e-6;
  for (int k = 0; k < 40; k++) x[k] = 0.3 + 0.05 * ((k * 5) % 11) - 0.01 * k;
  g(x, dx, n);
  for (int k = 0; k < 40; k++) {
    double v = x[k];
    x[k] = v + h;
    double fp = f(x, n);
    x[k] = v - h;
    double fm = f(x, n);
    x[k] = v;
    double want = (fp - fm) / (2 * h);
    if (!(fabs(dx[k] - want) <= 1e-6 * (1.0 + fabs(want)))) {
      printf("MISMATCH %s n=%d d/dx[%d]: got %.17g, want %.17g\n", name, n, k, dx[k], want);
      failures++;
    }
  }
}

#define GRADIENT(f) \
  static void g_##f(double *x, double *dx, int n) { __enzyme_autodiff((void *)f, x, dx, n); }
GRADIENT(lower_triangle)
GRADIENT(start_from_memory)
GRADIENT(count_down)
GRADIENT(from_argument)

int main(void) {
  static const int sizes[] = {0, 1, 4, 7, 8};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    volatile int n = sizes[k];
    check("lower_triangle", lower_triangle, g_lower_triangle, n);
    check("start_from_memory", start_from_memory, g_start_from_memory, n);
    check("count_down", count_down, g_count_down, n);
    check("from_argument", from_argument, g_from_argument, n);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
