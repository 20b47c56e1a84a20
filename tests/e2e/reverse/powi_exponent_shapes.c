// CFLAGS: -ffast-math
// powi's partial n * x^(n-1) with n's sign known or not: an exponent read
// from memory, a phi of a negative and a positive one, a select between
// them, a counter stepping down through zero, a counter masked to
// non-negative values, a sum of two counters that may wrap past INT_MAX
// in 8 bits (a char counter), and an unsigned shift.  Reverse and forward
// mode against closed forms.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static int exps[4] = {3, -2, 5, -4};

static double from_memory(double x, int k) { return __builtin_powi(x, exps[k & 3]); }

static double phi_of_signs(double x, int k) {
  int n = 2;
  if (k & 1) n = -3;
  return __builtin_powi(x, n) + x;
}

static double select_of_signs(double x, int k) {
  return __builtin_powi(x, k > 1 ? -k : k);
}

static double down_through_zero(double x, int k) {
  double s = 0;
  for (int i = k; i > -k; i--) s += __builtin_powi(x, i);
  return s;
}

static double masked(double x, int k) { return __builtin_powi(x, (k - 7) & 7); }

static double char_counter(double x, int k) {
  double s = 0;
  for (signed char i = 120; i != (signed char)(120 + k); i++) s += __builtin_powi(x, i);
  return s;
}

static double shifted(double x, int k) { return __builtin_powi(x, (int)((unsigned)(-k) >> 29)); }

typedef double (*fn)(double, int);
static int failures;

static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-9 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

static double dpowi(double x, int n) { return n == 0 ? 0 : n * pow(x, n - 1); }

int main(void) {
  const double x = 1.07;
  for (int k = 0; k < 4; k++) {
    double w;
    w = dpowi(x, exps[k & 3]);
    check("d from_memory", __enzyme_autodiff((void *)from_memory, x, k), w);
    check("t from_memory", __enzyme_fwddiff((void *)from_memory, x, 1.0, k), w);
    w = dpowi(x, (k & 1) ? -3 : 2) + 1;
    check("d phi_of_signs", __enzyme_autodiff((void *)phi_of_signs, x, k), w);
    check("t phi_of_signs", __enzyme_fwddiff((void *)phi_of_signs, x, 1.0, k), w);
    w = dpowi(x, k > 1 ? -k : k);
    check("d select_of_signs", __enzyme_autodiff((void *)select_of_signs, x, k), w);
    check("t select_of_signs", __enzyme_fwddiff((void *)select_of_signs, x, 1.0, k), w);
    w = 0;
    for (int i = k; i > -k; i--) w += dpowi(x, i);
    check("d down_through_zero", __enzyme_autodiff((void *)down_through_zero, x, k), w);
    check("t down_through_zero", __enzyme_fwddiff((void *)down_through_zero, x, 1.0, k), w);
    w = dpowi(x, (k - 7) & 7);
    check("d masked", __enzyme_autodiff((void *)masked, x, k), w);
    check("t masked", __enzyme_fwddiff((void *)masked, x, 1.0, k), w);
    w = 0;
    for (signed char i = 120; i != (signed char)(120 + k * 5); i++) w += dpowi(x, i);
    check("d char_counter", __enzyme_autodiff((void *)char_counter, x, k * 5), w);
    check("t char_counter", __enzyme_fwddiff((void *)char_counter, x, 1.0, k * 5), w);
    w = dpowi(x, (int)((unsigned)(-k) >> 29));
    check("d shifted", __enzyme_autodiff((void *)shifted, x, k), w);
    check("t shifted", __enzyme_fwddiff((void *)shifted, x, 1.0, k), w);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
