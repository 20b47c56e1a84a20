// Loop shapes for the tape's placement of saved values: counters stepped
// back in the reverse pass (up, down, by 3, from a runtime start), values
// read only after their loop (saved once per run of it), triangular nests
// whose inner trip count is the outer counter, and an early exit.  Each is
// checked against central differences.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

// Row sums used after the inner loop, outer counter counting down.
double rows_down(const double *a, int n) {
  double total = 0.0;
  for (int i = n - 1; i >= 0; i--) {
    double s = 0.0;
    for (int j = 0; j <= i; j++) s += a[i * n + j] * a[j];  // triangular
    total += sin(s) * s;
  }
  return total;
}

// Stride 3 from a runtime start; the running product is read after the loop.
double strided(const double *a, int start, int n) {
  double p = 1.0;
  for (int k = start; k < n; k += 3) p *= 1.0 + a[k] * a[k];
  return log(p) * p;
}

// A search that leaves the loop early: the counter's last value is not n.
double early_exit(const double *a, int n) {
  double s = 0.0;
  int i = 0;
  for (; i < n; i++) {
    s += exp(a[i]) * (i + 1);
    if (s > 40.0) break;
  }
  return s * s + a[i < n ? i : n - 1];
}

// Three levels: the middle loop's result feeds the outer loop through a call.
double nest3(const double *a, int n) {
  double out = 0.0;
  for (int i = 0; i < n; i++) {
    double m = 1.0;
    for (int j = 0; j < n; j++) {
      double t = 0.0;
      for (int k = j; k < n; k++) t += a[k] * a[(i + j) % n];
      m *= cos(t);
    }
    out += m * a[i];
  }
  return out;
}

static int failures;
typedef double (*primal_fn)(const double *, int, int);
typedef void (*gradient_fn)(double *, double *, int, int);

static void check_all(const char *name, primal_fn f, gradient_fn g, int p, int n) {
  double a[36], da[36] = {0}, h = 1e-6;
  for (int k = 0; k < n * n; k++) a[k] = 0.3 + 0.07 * ((k * 7) % 11) - 0.02 * k;
  g(a, da, p, n);
  for (int k = 0; k < n * n; k++) {
    double v = a[k];
    a[k] = v + h;
    double fp = f(a, p, n);
    a[k] = v - h;
    double fm = f(a, p, n);
    a[k] = v;
    double want = (fp - fm) / (2 * h);
    if (!(fabs(da[k] - want) <= 1e-6 * (1.0 + fabs(want)))) {
      printf("MISMATCH %s d/da[%d]: got %.17g, want %.17g\n", name, k, da[k], want);
      failures++;
    }
  }
}

// The same calls, as primal and as gradient (n x n inputs).
static double f_rows(const double *a, int p, int n) { return rows_down(a, n); }
static double f_strided(const double *a, int p, int n) { return strided(a, p, n * n); }
static double f_early(const double *a, int p, int n) { return early_exit(a, n * n); }
static double f_nest(const double *a, int p, int n) { return nest3(a, n); }
static void g_rows(double *a, double *da, int p, int n) {
  __enzyme_autodiff((void *)rows_down, a, da, n);
}
static void g_strided(double *a, double *da, int p, int n) {
  __enzyme_autodiff((void *)strided, a, da, p, n * n);
}
static void g_early(double *a, double *da, int p, int n) {
  __enzyme_autodiff((void *)early_exit, a, da, n * n);
}
static void g_nest(double *a, double *da, int p, int n) {
  __enzyme_autodiff((void *)nest3, a, da, n);
}

int main(void) {
  volatile int vn = 6, vstart = 2;
  check_all("rows_down", f_rows, g_rows, 0, vn);
  check_all("strided", f_strided, g_strided, vstart, vn);
  check_all("early_exit", f_early, g_early, 0, vn);
  check_all("nest3", f_nest, g_nest, 0, vn);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
