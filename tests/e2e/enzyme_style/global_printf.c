// Global state and printf inside differentiated code.
//   - a global constant table and a global scale read by the function
//   - a global int call counter incremented on every primal evaluation
//   - a global double cache written inside the function (side effect only)
//   - printf / fprintf / puts of intermediate values
//   f(x) = scale * sum_i tab_i * sin(x_i)
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

static const double tab[4] = {1.0, -0.5, 2.0, 0.25};
double scale = 3.0;
int ncalls;
double last_value;

double f(const double *x) {
  ncalls++;
  double s = 0.0;
  for (int i = 0; i < 4; i++) {
    double t = tab[i] * sin(x[i]);
    printf("  term %d = %.6f\n", i, t);
    s += t;
  }
  fprintf(stderr, "  sum = %.6f\n", s);
  last_value = scale * s;
  puts("  done");
  return last_value;
}

void g(double *out, const double *x) {
  out[0] = f(x) * x[0];
  printf("  out = %g (calls so far %d)\n", out[0], ncalls);
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[4] = {0.1, 0.7, -1.2, 2.0}, dx[4] = {0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
  for (int i = 0; i < 4; i++) check("df/dx", i, dx[i], scale * tab[i] * cos(x[i]));
  double fx = 0.0;
  for (int i = 0; i < 4; i++) fx += scale * tab[i] * sin(x[i]);
  check("cache written", 0, last_value, fx);
  if (ncalls < 1) { printf("MISMATCH ncalls: got %d, want >= 1\n", ncalls); failures++; }
  double out[1], dout[1] = {1.0}, dx2[4] = {0};
  __enzyme_autodiff((void *)g, out, dout, x, dx2);
  for (int i = 0; i < 4; i++)
    check("dg/dx", i, dx2[i], x[0] * scale * tab[i] * cos(x[i]) + (i == 0 ? fx : 0.0));
  check("g out", 0, out[0], fx * x[0]);
  check("dout consumed", 0, dout[0], 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
